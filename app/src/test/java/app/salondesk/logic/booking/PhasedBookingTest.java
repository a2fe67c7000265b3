package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome.Invalid;
import app.salondesk.model.booking.BookingOutcome.TimeTaken;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine with services of phases (issue 18): a colour is 30 minutes of work, 40 while it
 * takes (Anna is free) and 30 of finishing; a manicure leaves Bohdan 10 minutes of cleanup.
 * Both roads of the engine — the one-round-trip insert and the detailed checks — answer alike,
 * since both ask the one rule book.
 */
class PhasedBookingTest {

    private static EngineFixture f;
    private static long colour;
    private static long manicure;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("phased", 4);
        colour = f.phasedService("Colour", "{30,-40,30}", 0, f.anna, f.bohdan);
        manicure = f.phasedService("Manicure", "{60}", 10, f.anna, f.bohdan);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void emptySchedule() {
        f.clearSchedule();
    }

    @Test
    void aSecondClientIsBookedIntoTheColoursProcessingGapButNotIntoItsBusyPhases() {
        Booking c = f.booked(f.engine.book(f.serviceWith(f.anna, colour, at(10, 0))));
        assertEquals(100, c.durationMin());
        assertEquals("{30,-40,30}", f.dsl.resultQuery("SELECT phases::text FROM bookings WHERE id = " + c.id()).fetchOne(0, String.class));
        // 10:30–11:10 Anna is free
        f.booked(f.engine.book(f.newBooking(f.anna, at(10, 30), 40)));
        TimeTaken taken = assertInstanceOf(TimeTaken.class, f.engine.book(f.newBooking(f.anna, at(11, 0), 30)));
        assertTrue(taken.nearestFree().stream().noneMatch(s -> s.masterId() == f.anna && s.start().equals(at(11, 0))), taken.toString());
        assertInstanceOf(TimeTaken.class, f.engine.book(f.newBooking(f.anna, at(9, 45), 30)), "into the first busy phase");
        // the detailed road (an admin's override of hours) hears the same
        assertInstanceOf(TimeTaken.class, f.engine.book(new NewBooking(f.tenant, f.anna, f.client, null, null, at(11, 15), 20, "",
                UUID.randomUUID(), Source.FORM, true)));
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void aColourIsBookedAroundAnotherClientWhoIsAlreadyThereInTheGap() {
        f.booked(f.engine.book(f.newBooking(f.anna, at(12, 35), 30)));
        f.booked(f.engine.book(f.serviceWith(f.anna, colour, at(12, 0))));
        assertInstanceOf(TimeTaken.class, f.engine.book(f.serviceWith(f.anna, colour, at(12, 15))), "its finish meets 12:35–13:05");
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void theCleanupKeepsTheMasterBusyAndMustFitInHerHours() {
        f.booked(f.engine.book(f.serviceWith(f.bohdan, manicure, at(10, 0))));
        assertInstanceOf(TimeTaken.class, f.engine.book(f.newBooking(f.bohdan, at(11, 5), 30)));
        f.booked(f.engine.book(f.newBooking(f.bohdan, at(11, 10), 30)));
        // Bohdan works until 20:00: a manicure at 19:00 would end its cleanup at 20:10
        Invalid late = assertInstanceOf(Invalid.class, f.engine.book(f.serviceWith(f.bohdan, manicure, at(19, 0))));
        assertEquals(InvalidReason.OUTSIDE_WORKING_HOURS, late.reason());
        f.booked(f.engine.book(f.serviceWith(f.bohdan, manicure, at(18, 50))));
        // an admin may book it anyway; the flag says it reaches past the hours
        Booking waived = f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, f.client, null, manicure, at(19, 0), null, "",
                UUID.randomUUID(), Source.FORM, true)));
        assertTrue(waived.outsideHours());
    }

    @Test
    void timeOffMayLieInTheProcessingGapButNotInABusyPhase() {
        f.dsl.execute("INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at) VALUES (?, ?, CAST(? AS timestamptz), CAST(? AS timestamptz))",
                f.tenant, f.anna, at(10, 35).atOffset(java.time.ZoneOffset.UTC), at(11, 5).atOffset(java.time.ZoneOffset.UTC));
        f.booked(f.engine.book(f.serviceWith(f.anna, colour, at(10, 0))));
        Invalid away = assertInstanceOf(Invalid.class, f.engine.book(f.serviceWith(f.anna, colour, at(10, 40))));
        assertEquals(InvalidReason.MASTER_TIME_OFF, away.reason(), "10:40 would work 10:40–11:10, into the time off");
    }

    @Test
    void aMovedColourKeepsItsPhasesAndAResizeTooShortForThemIsRefused() {
        Booking c = f.booked(f.engine.book(f.serviceWith(f.anna, colour, at(10, 0))));
        Booking moved = f.booked(f.engine.reschedule(new Reschedule(f.tenant, c.id(), c.version(), f.anna, f.bohdan, at(15, 0), 100,
                Source.DRAG, false)));
        assertEquals("{30,-40,30}", f.dsl.resultQuery("SELECT phases::text FROM bookings WHERE id = " + c.id()).fetchOne(0, String.class));
        f.booked(f.engine.book(f.newBooking(f.bohdan, at(15, 30), 40)));
        // a resize stretches the last phase
        Booking longer = f.booked(f.engine.reschedule(new Reschedule(f.tenant, c.id(), moved.version(), f.bohdan, f.bohdan, at(15, 0),
                120, Source.DRAG, false)));
        assertEquals("{30,-40,50}", f.dsl.resultQuery("SELECT phases::text FROM bookings WHERE id = " + c.id()).fetchOne(0, String.class));
        Invalid tooShort = assertInstanceOf(Invalid.class, f.engine.reschedule(new Reschedule(f.tenant, c.id(), longer.version(), f.bohdan,
                f.bohdan, at(15, 0), 70, Source.DRAG, false)));
        assertEquals(InvalidReason.DURATION_OUT_OF_RANGE, tooShort.reason());
        // moved onto its own gap's client: its busy phases would meet hers
        assertInstanceOf(TimeTaken.class, f.engine.reschedule(new Reschedule(f.tenant, c.id(), longer.version(), f.bohdan, f.bohdan,
                at(15, 15), 120, Source.DRAG, false)));
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void aChangeOfTheServiceLaterDoesNotMoveTheBusyTimeOfABookingMadeBefore() {
        long dye = f.phasedService("Dye", "{20,-30,20}", 0, f.anna);
        Booking d = f.booked(f.engine.book(f.serviceWith(f.anna, dye, at(9, 0))));
        f.dsl.execute("UPDATE services SET phases = '{70}', cleanup_min = 30 WHERE id = " + dye);
        // the gap of the booking as it was made is still free, its finish still busy
        f.booked(f.engine.book(f.newBooking(f.anna, at(9, 20), 30)));
        assertInstanceOf(TimeTaken.class, f.engine.book(f.newBooking(f.anna, at(9, 50), 10)), "its finish, 9:50–10:10");
        // nor does the cleanup the service has now
        f.booked(f.engine.book(f.newBooking(f.anna, at(10, 10), 30)));
        // a revived booking asks for its own busy time, not the service's new one
        Booking cancelled = f.booked(f.engine.changeStatus(new StatusChange(f.tenant, d.id(), d.version(), f.anna,
                BookingStatus.CANCELLED, Source.FORM)));
        f.booked(f.engine.changeStatus(new StatusChange(f.tenant, d.id(), cancelled.version(), f.anna, BookingStatus.CONFIRMED, Source.FORM)));
        assertEquals(0, f.overlappingPairs());
    }
}
