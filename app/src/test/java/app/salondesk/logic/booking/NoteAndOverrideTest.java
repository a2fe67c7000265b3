package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome.ChangedByOthers;
import app.salondesk.model.booking.BookingOutcome.Invalid;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NoteChange;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 30, defects 1 and 5, as the engine answers them (the owner's login, who may override
 * the hours as an admin does): a note is saved with the change that carries it and recorded in
 * the history; a booking an admin placed outside the working hours — or into time off — can be
 * changed as any other and keeps its mark while it stays outside them.
 */
class NoteAndOverrideTest {

    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("noteoverride", 4);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void emptySchedule() {
        f.clearSchedule();
        f.dsl.execute("UPDATE master_working_hours SET starts_at = '08:00', ends_at = '20:00' WHERE master_id = " + f.anna);
    }

    @Test
    void aNoteChangedWithAMoveIsSavedInTheSameChangeAndInTheHistory() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        Booking moved = f.booked(f.engine.reschedule(new Reschedule(f.tenant, b.id(), b.version(), f.anna, f.anna, at(11, 0), 60,
                Source.FORM, false, "allergic to ammonia")));
        assertEquals("allergic to ammonia", moved.note());
        assertEquals(b.version() + 1, moved.version(), "one change, one version");
        Booking stored = f.engine.find(f.tenant, b.id()).orElseThrow();
        assertEquals("allergic to ammonia", stored.note());
        assertEquals(at(11, 0), stored.start());
        assertEquals(java.util.Arrays.asList("", "allergic to ammonia"), java.util.Arrays.asList(f.dsl.resultQuery(
                "SELECT changes -> 'note' ->> 0, changes -> 'note' ->> 1 FROM booking_history WHERE booking_id = "
                + b.id() + " AND operation = 'UPDATE'").fetchOne().intoArray()), "the history records the note, old and new");
        assertTrue(f.dsl.resultQuery("SELECT changes -> 'starts_at' IS NOT NULL FROM booking_history WHERE booking_id = " + b.id()
                + " AND operation = 'UPDATE'").fetchOne(0, Boolean.class), "the move and the note are one row of the history");
        // a move that says nothing of the note leaves it
        Booking again = f.booked(f.engine.reschedule(new Reschedule(f.tenant, b.id(), moved.version(), f.anna, f.anna, at(12, 0), 60,
                Source.DRAG, false)));
        assertEquals("allergic to ammonia", again.note());
    }

    @Test
    void aNoteAloneIsChangedUnderTheVersionCheckAndBoundedByTheDesksLimit() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        Booking noted = f.booked(f.engine.changeNote(new NoteChange(f.tenant, b.id(), b.version(), f.anna, "bring the dye", Source.CLI)));
        assertEquals("bring the dye", noted.note());
        assertEquals(at(10, 0), noted.start());
        assertEquals("cli", f.dsl.resultQuery("SELECT source FROM booking_history WHERE booking_id = " + b.id()
                + " AND operation = 'UPDATE'").fetchOne(0, String.class));
        ChangedByOthers stale = assertInstanceOf(ChangedByOthers.class,
                f.engine.changeNote(new NoteChange(f.tenant, b.id(), b.version(), f.anna, "an older desk's note", Source.CLI)));
        assertEquals("bring the dye", stale.current().note(), "the other desk sees the note as it is now");
        assertEquals(InvalidReason.NOTE_TOO_LONG, assertInstanceOf(Invalid.class, f.engine.changeNote(
                new NoteChange(f.tenant, b.id(), noted.version(), f.anna, "x".repeat(BookingEngine.MAX_NOTE_LENGTH + 1), Source.CLI))).reason());
        assertEquals(InvalidReason.NOTE_TOO_LONG, assertInstanceOf(Invalid.class, f.engine.reschedule(new Reschedule(f.tenant, b.id(),
                noted.version(), f.anna, f.anna, at(10, 0), 60, Source.FORM, false, "x".repeat(BookingEngine.MAX_NOTE_LENGTH + 1)))).reason());
        Booking same = f.booked(f.engine.changeNote(new NoteChange(f.tenant, b.id(), noted.version(), f.anna, "bring the dye", Source.CLI)));
        assertEquals(noted.version(), same.version(), "the same note again changes nothing");
    }

    @Test
    void aNoteIsSavedEvenWhereTheMastersHoursChangedSinceTheBookingWasMade() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        f.dsl.execute("UPDATE master_working_hours SET starts_at = '12:00' WHERE master_id = " + f.anna);
        Booking noted = f.booked(f.engine.reschedule(new Reschedule(f.tenant, b.id(), b.version(), f.anna, f.anna, at(10, 0), 60,
                Source.FORM, false, "comes early")));
        assertEquals("comes early", noted.note());
        assertEquals(InvalidReason.OUTSIDE_WORKING_HOURS, assertInstanceOf(Invalid.class, f.engine.reschedule(new Reschedule(f.tenant,
                b.id(), noted.version(), f.anna, f.anna, at(10, 30), 60, Source.FORM, false, "comes early"))).reason(),
                "a change of its time asks the hours");
    }

    @Test
    void aBookingAnAdminPlacedOutsideTheHoursIsResizedAndMovedAndKeepsItsMarkWhileOutside() {
        Booking bride = f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, f.client, null, null, at(7, 0), 60, "bride",
                UUID.randomUUID(), Source.FORM, true)));
        assertTrue(bride.outsideHours());
        // a resize by 15 minutes, as a drag sends it (no override asked)
        Booking longer = f.booked(f.engine.reschedule(new Reschedule(f.tenant, bride.id(), bride.version(), f.anna, f.anna, at(7, 0), 75,
                Source.DRAG, false)));
        assertEquals(75, longer.durationMin());
        assertTrue(longer.outsideHours(), "still outside the hours: the mark stays");
        Booking earlier = f.booked(f.engine.reschedule(new Reschedule(f.tenant, bride.id(), longer.version(), f.anna, f.anna, at(6, 30), 75,
                Source.DRAG, false)));
        assertTrue(earlier.outsideHours());
        Booking inside = f.booked(f.engine.reschedule(new Reschedule(f.tenant, bride.id(), earlier.version(), f.anna, f.anna, at(9, 0), 60,
                Source.DRAG, false)));
        assertFalse(inside.outsideHours(), "inside the hours it needs no override");
        assertEquals(InvalidReason.OUTSIDE_WORKING_HOURS, assertInstanceOf(Invalid.class, f.engine.reschedule(new Reschedule(f.tenant,
                bride.id(), inside.version(), f.anna, f.anna, at(7, 0), 60, Source.DRAG, false))).reason(),
                "once inside, going out again is a new override");
    }

    @Test
    void anOverrideIntoTimeOffIsMarkedAndTheBookingCanBeChanged() {
        f.dsl.execute("INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at, reason) VALUES ("
                + f.tenant + ", " + f.anna + ", '" + at(12, 0) + "', '" + at(15, 0) + "', 'dentist')");
        Booking favour = f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, f.client, null, null, at(13, 0), 60, "a favour",
                UUID.randomUUID(), Source.FORM, true)));
        assertTrue(favour.outsideHours(), "an override into time off is an override");
        Booking shorter = f.booked(f.engine.reschedule(new Reschedule(f.tenant, favour.id(), favour.version(), f.anna, f.anna, at(13, 0), 45,
                Source.DRAG, false)));
        assertTrue(shorter.outsideHours());
        assertEquals("a favour", shorter.note());
    }
}
