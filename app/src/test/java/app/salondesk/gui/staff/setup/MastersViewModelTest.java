package app.salondesk.gui.staff.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.salon.SetupRefusal;
import app.salondesk.model.staff.MasterDetails;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The masters' list: the calendar's column order, adding, and a deactivation that never loses a booking unseen. */
class MastersViewModelTest {

    private final FakeSetup setup = new FakeSetup();
    private MastersViewModel vm;
    private int changes;

    @BeforeEach
    void threeMasters() {
        setup.masters.add(new MasterDetails(1, "Anna", "#e57373", 1, true));
        setup.masters.add(new MasterDetails(2, "Bohdan", "#64b5f6", 2, true));
        setup.masters.add(new MasterDetails(3, "Vira", "#81c784", 3, true));
        vm = new MastersViewModel(setup, new Immediately(), new Messages(Locale.ENGLISH),
                Clock.fixed(Instant.parse("2030-01-07T08:00:00Z"), ZoneOffset.UTC));
        vm.setOnChanged(() -> changes++);
        vm.load();
    }

    private List<String> names() {
        return vm.masters().stream().map(MasterDetails::name).toList();
    }

    @Test
    void movingAMasterUpAndDownSavesTheNewColumnOrder() {
        vm.select(vm.masters().get(2));
        vm.moveUp();
        assertEquals(List.of("Anna", "Vira", "Bohdan"), names());
        assertEquals("reorder [1, 3, 2]", setup.calls.get(setup.calls.size() - 1));
        assertEquals("Vira", vm.selectedProperty().get().name(), "the moved master stays picked");
        vm.moveUp();
        vm.moveUp();   // already first: nothing more to do
        assertEquals(List.of("Vira", "Anna", "Bohdan"), names());
        assertEquals(List.of("reorder [1, 3, 2]", "reorder [3, 1, 2]"), setup.calls);
        vm.moveDown();
        assertEquals(List.of("Anna", "Vira", "Bohdan"), names());
        assertEquals(3, changes, "the calendar is told each time");
    }

    @Test
    void aDragPutsTheMasterWhereItWasDropped() {
        vm.move(0, 2);
        assertEquals(List.of("Bohdan", "Vira", "Anna"), names());
        assertEquals(List.of("reorder [2, 3, 1]"), setup.calls);
    }

    @Test
    void aRefusedOrderIsShownAndTheListReloadedAsTheDatabaseHasIt() {
        setup.refuse = SetupRefusal.NO_PERMISSION;
        vm.move(0, 1);
        assertEquals("Not changed: only the salon's admins may change its setup.", vm.messageProperty().get());
        assertEquals(List.of("Anna", "Bohdan", "Vira"), names());
        assertEquals(0, changes);
    }

    @Test
    void aReadOnlyScreenChangesNothing() {
        vm.editableProperty().set(false);
        vm.move(0, 1);
        vm.newNameProperty().set("Lina");
        vm.add();
        assertEquals(List.of("Anna", "Bohdan", "Vira"), names());
        assertEquals(List.of(), setup.calls);
    }

    @Test
    void aNewMasterNeedsANameAndGetsAColourNoOneWears() {
        assertEquals("#ffb74d", vm.newColourProperty().get(), "the first three of the palette are taken");
        vm.newNameProperty().set("   ");
        vm.add();
        assertEquals("Give the master's name.", vm.messageProperty().get());
        vm.newNameProperty().set("x".repeat(201));
        vm.add();
        assertEquals("The name is too long (at most 200 characters).", vm.messageProperty().get());
        assertEquals(List.of(), setup.calls);
        vm.newNameProperty().set(" Lina ");
        vm.add();
        assertEquals(List.of("add Lina #ffb74d"), setup.calls);
        assertEquals("Lina: added as the last column.", vm.messageProperty().get());
        assertEquals("Lina", vm.selectedProperty().get().name(), "the new master is picked");
        assertEquals("", vm.newNameProperty().get());
        assertEquals("#ba68c8", vm.newColourProperty().get());
    }

    @Test
    void deactivationListsTheBookingsFirstAndStopsWhenANewOneArrivedUnseen() {
        ScheduledBooking ten = booking(11, "2030-01-08T10:00:00Z");
        setup.bookings.add(ten);
        List<List<ScheduledBooking>> asked = new ArrayList<>();
        vm.setOnDeactivationAsked((m, bookings) -> asked.add(bookings));
        vm.select(vm.masters().get(0));
        vm.askToDeactivate();
        assertEquals(List.of(List.of(ten)), asked);
        assertEquals(List.of(), setup.calls, "nothing is changed before the admin confirms");

        // meanwhile a receptionist booked Anna again
        ScheduledBooking eleven = booking(12, "2030-01-08T11:00:00Z");
        setup.bookings.add(eleven);
        List<List<ScheduledBooking>> arrived = new ArrayList<>();
        boolean[] done = {false};
        vm.deactivation(vm.masters().get(0)).confirm(Set.of(11L), arrived::add, (ok, sentence) -> done[0] = true);
        assertEquals(List.of(List.of(eleven)), arrived);
        assertFalse(done[0]);
        assertEquals(List.of(), setup.calls, "still active");

        String[] said = {""};
        vm.deactivation(vm.masters().get(0)).confirm(Set.of(11L, 12L), arrived::add, (ok, sentence) -> {
            done[0] = ok;
            said[0] = sentence;
        });
        assertTrue(done[0]);
        assertEquals("Anna no longer takes bookings.", said[0]);
        assertEquals(List.of("setActive 1 false"), setup.calls);
    }

    private static ScheduledBooking booking(long id, String start) {
        return new ScheduledBooking(id, 1, Instant.parse(start), 60, BookingStatus.CONFIRMED, "Iryna", "Cut", 1);
    }
}
