package app.salondesk.gui.clients;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientRules;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.clients.ClientDetails;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The card's view model without the FX toolkit, on a real database, with tasks run when the test says. */
class ClientCardViewModelTest {

    private static ClientsFixture fx;

    private final ManualTasks tasks = new ManualTasks();

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("client_card_vm");
    }

    @AfterAll
    static void close() {
        fx.close();
    }

    private ClientCardViewModel vm() {
        return new ClientCardViewModel(fx.salon, fx.cardService(), tasks, new Messages(Locale.ENGLISH), ClientsFixture.CLOCK);
    }

    private ClientCardViewModel loaded(long clientId) {
        ClientCardViewModel vm = vm();
        vm.load(clientId);
        tasks.runAll();
        return vm;
    }

    @Test
    void loadingFillsTheFieldsTheVisitsAndTheNoShows() {
        ClientCardViewModel vm = vm();
        vm.load(fx.iryna);
        assertTrue(vm.loadingProperty().get());
        assertEquals("Loading\u2026", vm.messageProperty().get());
        assertEquals("", vm.nameErrorProperty().get(), "no complaint about the empty field while loading");
        tasks.runAll();

        assertFalse(vm.loadingProperty().get());
        assertTrue(vm.loadedProperty().get());
        assertEquals("Iryna Savchenko", vm.nameProperty().get());
        assertEquals("067 123 4567", vm.phoneProperty().get(), "a number of the salon's country, as it is dialled there");
        assertEquals("Prefers morning visits", vm.notesProperty().get());
        assertEquals("Client \u2014 Iryna Savchenko", vm.titleProperty().get());
        assertEquals(2, vm.noShowsProperty().get());
        assertEquals("No-shows: 2", vm.noShowsTextProperty().get());
        assertFalse(vm.canSaveProperty().get(), "nothing changed yet");

        List<VisitRow> rows = vm.visits();
        assertEquals(5, rows.size());
        VisitRow upcoming = rows.get(0);
        // the JDK's own English short time ("4:00 PM", its space differs between JDKs), in Kyiv
        DateTimeFormatter time = DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(Locale.ENGLISH);
        assertEquals(new VisitRow(fx.irynaBookings[0], "Mar 20, 2026",
                time.format(LocalTime.of(16, 0)) + "\u2013" + time.format(LocalTime.of(17, 0)), "Marta Shevchenko",
                "Haircut", "UAH\u00a0500.00", "Confirmed", BookingStatus.CONFIRMED, true), upcoming);
        VisitRow custom = rows.get(1);
        assertEquals("Custom", custom.service());
        assertEquals("", custom.price(), "a custom booking has no price");
        assertEquals("No-show", custom.statusText());
        assertFalse(custom.upcoming());
        assertEquals(List.of(true, false, false, false, false), rows.stream().map(VisitRow::upcoming).toList());
    }

    @Test
    void timesAreTheSalonsWallClockInTheUsersLanguage() {
        ClientCardViewModel vm = new ClientCardViewModel(fx.salon, fx.cardService(), tasks, new Messages(Locale.forLanguageTag("uk")),
                ClientsFixture.CLOCK);
        vm.load(fx.iryna);
        tasks.runAll();
        // 16:00 in Kyiv (14:00 UTC), whatever zone the PC is in
        assertEquals("16:00\u201317:00", vm.visits().get(0).time());
        // the salon's hryvnias as Ukrainian writes money
        assertEquals("500,00\u00a0\u20b4", vm.visits().get(0).price());
        assertEquals("\u041D\u0435\u044F\u0432\u043A\u0438: 2", vm.noShowsTextProperty().get());
    }

    @Test
    void eachFieldSaysWhatIsWrongAndSaveWaitsUntilAllIsRight() {
        ClientCardViewModel vm = loaded(fx.kiryl);
        vm.notesProperty().set("Likes short cuts");
        assertTrue(vm.canSaveProperty().get());

        vm.nameProperty().set("   ");
        assertEquals("Enter a name.", vm.nameErrorProperty().get());
        assertFalse(vm.canSaveProperty().get());
        vm.nameProperty().set("K".repeat(201));
        assertEquals("The name is too long (at most 200 characters).", vm.nameErrorProperty().get());
        vm.nameProperty().set("K".repeat(200));
        assertEquals("", vm.nameErrorProperty().get());
        assertTrue(vm.canSaveProperty().get());

        vm.phoneProperty().set("067 12");
        assertEquals("This is not a phone number.", vm.phoneErrorProperty().get());
        assertFalse(vm.canSaveProperty().get());
        vm.phoneProperty().set("");
        assertEquals("", vm.phoneErrorProperty().get(), "no phone at all is allowed");
        vm.phoneProperty().set("(093) 123-40-00");
        assertEquals("", vm.phoneErrorProperty().get());

        vm.notesProperty().set("x".repeat(ClientRules.MAX_NOTES_LENGTH + 1));
        assertEquals("The notes are too long (at most 4,000 characters).", vm.notesErrorProperty().get());
        assertFalse(vm.canSaveProperty().get());
    }

    @Test
    void typingBackWhatIsStoredLeavesNothingToSave() {
        ClientCardViewModel vm = loaded(fx.kiryl);
        vm.phoneProperty().set("093 123 40 00");   // the same number, typed differently
        vm.nameProperty().set(" Kiryl Bondar ");
        assertFalse(vm.canSaveProperty().get());
    }

    @Test
    void saveRunsInTheBackgroundAndStoresTheChanges() {
        long id = fx.clients().findOrCreate(fx.tenant, "Daryna", null);
        ClientCardViewModel vm = loaded(id);
        List<ClientDetails> told = new ArrayList<>();
        vm.setOnSaved(told::add);
        vm.notesProperty().set("Allergic to latex");
        vm.phoneProperty().set("067 000 11 22");
        vm.save();

        assertTrue(vm.savingProperty().get());
        assertFalse(vm.canSaveProperty().get(), "no second save while one is in flight");
        assertEquals("", fx.notesOf(id), "nothing written on the calling thread");
        tasks.runAll();

        assertEquals("Allergic to latex", fx.notesOf(id));
        assertEquals("+380670001122", fx.phoneOf(id));
        assertEquals("067 000 1122", vm.phoneProperty().get(), "the field shows the number as stored, written nationally");
        assertEquals("Saved.", vm.messageProperty().get());
        assertFalse(vm.savingProperty().get());
        assertFalse(vm.canSaveProperty().get(), "saved: nothing left to save");
        assertEquals(List.of(new ClientDetails(id, "Daryna", "+380670001122", "Allergic to latex")), told);
    }

    @Test
    void anotherClientsPhoneIsShownNextToThePhoneWithTheirName() {
        long id = fx.clients().findOrCreate(fx.tenant, "Svitlana", "+380674445566");
        ClientCardViewModel vm = loaded(id);
        vm.phoneProperty().set("050 111 22 33");
        vm.save();
        tasks.runAll();

        assertEquals("This number already belongs to another client: Iryna Kovalenko", vm.phoneErrorProperty().get());
        assertFalse(vm.canSaveProperty().get());
        assertEquals("+380674445566", fx.phoneOf(id));

        vm.phoneProperty().set("050 111 22 34");
        assertEquals("", vm.phoneErrorProperty().get(), "another number: the complaint goes");
        assertTrue(vm.canSaveProperty().get());
        vm.phoneProperty().set("+380501112233");
        assertEquals("This number already belongs to another client: Iryna Kovalenko", vm.phoneErrorProperty().get(),
                "the same number typed another way is still taken");
    }

    @Test
    void aClientThatNoLongerExistsIsSaidSo() {
        ClientCardViewModel vm = loaded(Long.MAX_VALUE);
        assertFalse(vm.loadedProperty().get());
        assertEquals("This client no longer exists.", vm.messageProperty().get());
        assertFalse(vm.canSaveProperty().get());
    }

    @Test
    void onlyTheLastRequestedClientIsShown() {
        ClientCardViewModel vm = vm();
        vm.load(fx.iryna);
        vm.load(fx.kovalenko);
        tasks.runOne(1);   // the later request answers first…
        tasks.runOne(0);   // …and the earlier answer, arriving late, is dropped
        assertEquals("Iryna Kovalenko", vm.nameProperty().get());
        assertEquals(fx.kovalenko, vm.clientId());
        assertEquals(1, vm.noShowsProperty().get());
    }

    @Test
    void aFailedLoadSaysSoInOneSentence() {
        ClientCardViewModel vm = new ClientCardViewModel(fx.salon, fx.cardService(),
                new TaskRunner() {
                    @Override
                    public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
                        onFailure.accept(new IllegalStateException("connection refused"));
                    }
                }, new Messages(Locale.ENGLISH), ClientsFixture.CLOCK);
        vm.load(fx.iryna);
        assertFalse(vm.loadingProperty().get());
        assertEquals("The client could not be loaded. Check the connection and try again.", vm.messageProperty().get());
    }
}
