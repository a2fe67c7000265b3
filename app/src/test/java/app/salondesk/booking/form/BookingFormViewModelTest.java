package app.salondesk.booking.form;

import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.EngineFixture;
import app.salondesk.catalog.Service;
import app.salondesk.catalog.ServiceRepository;
import app.salondesk.i18n.Messages;
import app.salondesk.salon.Salon;
import app.salondesk.staff.Master;
import app.salondesk.staff.MasterRepository;
import app.salondesk.ui.TaskRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static app.salondesk.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The booking form's logic without windows: real engine, real database, work run in place. */
class BookingFormViewModelTest {

    private static EngineFixture f;
    private static final TaskRunner NOW = new TaskRunner() {
        @Override
        public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
            try {
                onSuccess.accept(work.call());
            } catch (Exception e) {
                onFailure.accept(e);
            }
        }
    };
    private BookingFormViewModel vm;
    private List<Master> masters;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("form", 4);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void openForm() {
        f.dsl.execute("DELETE FROM bookings");
        MasterRepository repo = new MasterRepository(f.dsl);
        masters = repo.findActive(f.tenant);
        vm = new BookingFormViewModel(new Salon(f.tenant, "Fixture", EngineFixture.ZONE), f.engine, NOW, new Messages(Locale.ENGLISH),
                masters, new ServiceRepository(f.dsl).findActive(f.tenant), new ServiceRepository(f.dsl).offers(f.tenant));
        vm.startNew(null, EngineFixture.DAY.atTime(10, 0));
    }

    private Master master(String name) {
        return masters.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    private Service service(String name) {
        return vm.services().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aFreshFormShowsNoErrorsUntilTouchedButSaveShowsThemAllAndSendsNothing() {
        assertEquals("", vm.visibleError("client", vm.clientErrorProperty()).get());
        assertFalse(vm.clientErrorProperty().get().isEmpty(), "known, just not shown yet");
        vm.save();
        assertEquals("the client's name is missing", vm.visibleError("client", vm.clientErrorProperty()).get());
        assertEquals("choose a master", vm.visibleError("master", vm.masterErrorProperty()).get());
        assertEquals(0, f.count("SELECT count(*) FROM bookings"));
        vm.clientPhoneProperty().set("12");
        assertEquals("this is not a phone number: 12", vm.visibleError("phone", vm.phoneErrorProperty()).get());
        vm.timeProperty().set("25:99");
        assertEquals("write the time like 15:30, not 25:99", vm.visibleError("time", vm.timeErrorProperty()).get());
    }

    @Test
    void aServiceSetsTheDurationShowsThePriceAndLeavesOnlyMastersWhoOfferIt() {
        vm.serviceProperty().set(service("Nails"));
        assertEquals("90", vm.durationProperty().get());
        assertEquals("UAH\u00a0700.00", vm.priceProperty().get(), "the salon's currency, as English writes money");
        assertEquals("Nails \u00b7 90 min \u00b7 UAH\u00a0700.00", vm.serviceLabel(service("Nails")));
        assertEquals(List.of("Vira"), vm.masters().stream().map(Master::name).toList());
        vm.serviceProperty().set(null);
        assertEquals(3, vm.masters().size(), "custom: any master");
    }

    @Test
    void aMastersOwnLengthAndPriceOfAServiceAreWhatTheFormOffersAndBooks() {
        ServiceRepository services = new ServiceRepository(f.dsl);
        services.offer(f.tenant, new app.salondesk.catalog.Offer(f.anna, f.cut, 45, new java.math.BigDecimal("800.00")));
        try {
            BookingFormViewModel form = new BookingFormViewModel(new Salon(f.tenant, "Fixture", EngineFixture.ZONE), f.engine, NOW,
                    new Messages(Locale.ENGLISH), masters, services.findActive(f.tenant), services.offers(f.tenant));
            form.startNew(null, EngineFixture.DAY.atTime(10, 0));
            form.serviceProperty().set(form.services().stream().filter(x -> x.name().equals("Cut")).findFirst().orElseThrow());
            form.masterProperty().set(master("Bohdan"));
            assertEquals("60", form.durationProperty().get(), "Bohdan's cut: the service's hour");
            form.masterProperty().set(master("Anna"));
            assertEquals("45", form.durationProperty().get(), "Anna's own 45 minutes");
            assertTrue(form.priceProperty().get().contains("800"), form.priceProperty().get());
        } finally {
            services.offer(f.tenant, new app.salondesk.catalog.Offer(f.anna, f.cut, null, null));
        }
    }

    @Test
    void aPolishSalonsFormPricesInZlotyAndReadsPhonesAsPolesSayThem() {
        BookingFormViewModel polish = new BookingFormViewModel(
                new Salon(f.tenant, "Fixture", EngineFixture.ZONE, java.util.Currency.getInstance("PLN"), "PL"), f.engine, NOW,
                new Messages(Locale.forLanguageTag("uk")), masters, new ServiceRepository(f.dsl).findActive(f.tenant),
                new ServiceRepository(f.dsl).offers(f.tenant));
        polish.startNew(null, EngineFixture.DAY.atTime(10, 0));
        polish.serviceProperty().set(polish.services().stream().filter(s -> s.name().equals("Nails")).findFirst().orElseThrow());
        assertEquals("700,00\u00a0PLN", polish.priceProperty().get(), "zloty, as Ukrainian writes money");
        polish.clientPhoneProperty().set("600 700 800");
        assertEquals("", polish.phoneErrorProperty().get(), "a Polish mobile number typed as Poles say it");
        polish.clientPhoneProperty().set("067 123 45 67");
        assertFalse(polish.phoneErrorProperty().get().isEmpty(), "a Ukrainian number without +380 is no Polish number");
        polish.chooseClient(f.client, "Iryna", "+380671112233");
        assertEquals("+380 67 111 2233", polish.clientPhoneProperty().get(), "a foreign number keeps its country code");
    }

    @Test
    void theMastersFreeStartsAroundTheAskedTimeAreOffered() {
        f.booked(f.engine.book(f.newBooking(f.vira, at(11, 0), 60)));
        vm.masterProperty().set(master("Vira"));
        vm.durationProperty().set("60");
        List<LocalTime> starts = vm.freeStarts();
        // Vira works 10:00-14:00 and is busy 11:00-12:00
        assertEquals(List.of(LocalTime.of(10, 0), LocalTime.of(12, 0), LocalTime.of(12, 15), LocalTime.of(12, 30),
                LocalTime.of(12, 45), LocalTime.of(13, 0)), starts);
        vm.masterProperty().set(master("Anna"));   // free all day 08:00-20:00: a dozen around 10:00
        assertEquals(12, vm.freeStarts().size());
        assertTrue(vm.freeStarts().contains(LocalTime.of(10, 0)) && vm.freeStarts().get(0).isBefore(LocalTime.of(10, 0)));
    }

    @Test
    void withoutALengthTheFormAsksForOneInsteadOfSayingThereIsNoFreeTime() {
        vm.masterProperty().set(master("Anna"));
        vm.serviceProperty().set(null);
        vm.durationProperty().set("");
        assertTrue(vm.freeStarts().isEmpty());
        assertEquals("Choose a service or type a length to see the free times.", vm.freeStartsNoteProperty().get());
        vm.durationProperty().set("60");
        assertFalse(vm.freeStarts().isEmpty(), "Anna is free all day");
        assertEquals("", vm.freeStartsNoteProperty().get());
        vm.masterProperty().set(null);
        assertEquals("Choose a master to see the free times.", vm.freeStartsNoteProperty().get());
    }

    @Test
    void aTakenTimeAnswersWithFreeTimesAndSavingAtOneBooksIt() {
        f.booked(f.engine.book(f.newBooking(f.anna, at(10, 0), 60)));
        vm.clientNameProperty().set("Nina");
        vm.masterProperty().set(master("Anna"));
        vm.durationProperty().set("60");
        vm.save();
        BookingOutcome.TimeTaken taken = assertInstanceOf(BookingOutcome.TimeTaken.class, vm.answerProperty().get());
        assertFalse(taken.nearestFree().isEmpty());
        vm.saveAt(taken.nearestFree().get(0));
        assertInstanceOf(BookingOutcome.Booked.class, vm.answerProperty().get());
        assertEquals(2, f.count("SELECT count(*) FROM bookings"));
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void editingABookingSomeoneElseMovedSaysSoAndReloadShowsTheirVersion() {
        app.salondesk.booking.Booking b = f.booked(f.engine.book(f.newBooking(f.anna, at(10, 0), 60)));
        vm.startEdit(new BookingFormViewModel.Existing(b, "Iryna", "+380671112233"));
        assertEquals("10:00", vm.timeProperty().get());
        // another desk moves it to 12:00 meanwhile
        f.booked(f.engine.reschedule(new app.salondesk.booking.Reschedule(f.tenant, b.id(), b.version(), f.anna, f.anna,
                at(12, 0), 60, app.salondesk.booking.Source.DRAG, false)));
        vm.timeProperty().set("11:00");
        vm.save();
        BookingOutcome.ChangedByOthers changed = assertInstanceOf(BookingOutcome.ChangedByOthers.class, vm.answerProperty().get());
        assertEquals(at(12, 0), changed.current().start());
        vm.reload();
        assertEquals("12:00", vm.timeProperty().get(), "their version is now in the form");
        vm.timeProperty().set("13:00");
        vm.save();
        assertInstanceOf(BookingOutcome.Booked.class, vm.answerProperty().get());
        assertEquals(at(13, 0), f.engine.find(f.tenant, b.id()).orElseThrow().start());
    }

    @Test
    void anEngineRefusalLandsNextToItsField() {
        vm.clientNameProperty().set("Nina");
        vm.masterProperty().set(master("Vira"));
        vm.timeProperty().set("15:00");   // Vira stops at 14:00
        vm.durationProperty().set("30");
        vm.save();
        assertEquals("the master does not work at that time", vm.visibleError("time", vm.timeErrorProperty()).get());
        assertTrue(vm.answerProperty().get() instanceof BookingOutcome.Invalid);
        assertEquals(0, f.count("SELECT count(*) FROM bookings"));
    }
}
