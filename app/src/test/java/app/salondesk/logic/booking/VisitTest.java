package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Visits (issue 18): a colour with Anna at 10:00, then a cut with Bohdan at 11:40 — booked
 * together or not at all, moved together, and "taken" answered with the starts at which the
 * whole sequence fits.
 */
class VisitTest {

    private static EngineFixture f;
    private static long colour;
    private static long manicure;
    private static long pedicure;
    private static long footBath;
    private static long wash;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("visits", 4);
        colour = f.phasedService("Colour", "{30,-40,30}", 0, f.anna, f.bohdan);
        // a manicure leaves its master 10 minutes of cleaning; the foot bath leaves the chair 15
        manicure = f.phasedService("Manicure", "{60}", 10, f.anna, f.bohdan);
        pedicure = f.phasedService("Pedicure", "{45}", 0, f.anna, f.bohdan);
        footBath = f.phasedService("Foot bath", "{30}", 15, f.anna, f.bohdan);
        long chair = f.id("INSERT INTO resources (tenant_id, name) VALUES (" + f.tenant + ", 'Pedicure chair') RETURNING id");
        f.dsl.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + f.tenant + ", " + pedicure + ", "
                + chair + "), (" + f.tenant + ", " + footBath + ", " + chair + ")");
        wash = f.phasedService("Wash", "{20}", 0, f.anna, f.bohdan, f.vira);
        long stations = f.id("INSERT INTO resources (tenant_id, name, capacity) VALUES (" + f.tenant + ", 'Washing station', 2) RETURNING id");
        f.dsl.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + f.tenant + ", " + wash + ", " + stations + ")");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void emptySchedule() {
        f.clearSchedule();
        f.dsl.execute("DELETE FROM visits");
    }

    private static NewVisit colourThenCut(Instant start) {
        return new NewVisit(f.tenant, f.client, List.of(
                new NewVisit.Part(f.anna, colour, start, null),
                new NewVisit.Part(f.bohdan, f.cut, start.plus(Duration.ofMinutes(100)), null)), "", UUID.randomUUID(), Source.FORM);
    }

    @Test
    void aVisitWithTwoMastersIsBookedWholeAndARepeatedRequestFindsIt() {
        NewVisit v = colourThenCut(at(10, 0));
        VisitOutcome.Booked b = assertInstanceOf(VisitOutcome.Booked.class, f.engine.bookVisit(v));
        assertEquals(List.of(f.anna, f.bohdan), b.parts().stream().map(Booking::masterId).toList());
        assertEquals(List.of(at(10, 0), at(11, 40)), b.parts().stream().map(Booking::start).toList());
        assertEquals(2, f.count("SELECT count(*) FROM bookings WHERE visit_id = " + b.visitId()));
        VisitOutcome.Booked again = assertInstanceOf(VisitOutcome.Booked.class, f.engine.bookVisit(v));
        assertEquals(b.visitId(), again.visitId());
        assertEquals(2, f.count("SELECT count(*) FROM bookings"), "the same request booked once");
        // Anna's processing gap is still hers to give
        f.booked(f.engine.book(f.newBooking(f.anna, at(10, 30), 40)));
    }

    @Test
    void whenOnePartIsTakenNothingIsBookedAndTheNearestStartsFitTheWholeSequence() {
        // Bohdan is taken 11:30–12:30: the cut at 11:40 cannot be, so neither is the colour
        f.booked(f.engine.book(f.newBooking(f.bohdan, at(11, 30), 60)));
        VisitOutcome.TimeTaken taken = assertInstanceOf(VisitOutcome.TimeTaken.class, f.engine.bookVisit(colourThenCut(at(10, 0))));
        assertEquals(1, taken.part(), "the cut is what is taken");
        assertEquals(1, f.count("SELECT count(*) FROM bookings"), "no half visit");
        assertEquals(0, f.count("SELECT count(*) FROM visits"));
        assertTrue(!taken.nearestStarts().isEmpty(), "offers: " + taken);
        for (Instant s : taken.nearestStarts()) {
            // each offer books whole
            VisitOutcome o = f.engine.bookVisit(colourThenCut(s));
            assertInstanceOf(VisitOutcome.Booked.class, o, "offered " + s);
            VisitOutcome.Booked b = (VisitOutcome.Booked) o;
            f.dsl.execute("DELETE FROM bookings WHERE visit_id = " + b.visitId());
        }
        assertTrue(taken.nearestStarts().contains(at(10, 50)), "the cut right after 12:30: " + taken.nearestStarts());
        assertTrue(taken.nearestStarts().contains(at(8, 50)), "the cut right before 11:30: " + taken.nearestStarts());
    }

    @Test
    void aWholeVisitMovesTogetherOrNotAtAll() {
        VisitOutcome.Booked b = (VisitOutcome.Booked) f.engine.bookVisit(colourThenCut(at(10, 0)));
        Map<Long, Integer> versions = b.parts().stream().collect(Collectors.toMap(Booking::id, Booking::version));
        VisitOutcome.Booked moved = assertInstanceOf(VisitOutcome.Booked.class,
                f.engine.moveVisit(f.tenant, b.visitId(), versions, Duration.ofMinutes(30), Source.DRAG));
        assertEquals(List.of(at(10, 30), at(12, 10)), moved.parts().stream().map(Booking::start).toList());
        // the cut cannot go to 13:10 (Bohdan has 13:30): neither part moves
        f.booked(f.engine.book(f.newBooking(f.bohdan, at(13, 30), 60)));
        Map<Long, Integer> now = moved.parts().stream().collect(Collectors.toMap(Booking::id, Booking::version));
        assertInstanceOf(VisitOutcome.TimeTaken.class, f.engine.moveVisit(f.tenant, b.visitId(), now, Duration.ofMinutes(60), Source.DRAG));
        assertEquals(List.of(at(10, 30), at(12, 10)), f.engine.visitParts(f.tenant, b.visitId()).stream().map(Booking::start).toList());
        // a version the desk no longer has is "changed by someone else"
        assertInstanceOf(VisitOutcome.ChangedByOthers.class, f.engine.moveVisit(f.tenant, b.visitId(), versions, Duration.ofMinutes(-30),
                Source.DRAG));
        assertEquals(0, f.overlappingPairs());
    }

    /** Two parts, the second's start left for the engine to place (as the desk's form asks). */
    private static NewVisit twoParts(long firstMaster, long firstService, long secondMaster, long secondService, Instant start) {
        return new NewVisit(f.tenant, f.client, List.of(new NewVisit.Part(firstMaster, firstService, start, null),
                new NewVisit.Part(secondMaster, secondService, null, null)), "", UUID.randomUUID(), Source.FORM);
    }

    private static List<Instant> starts(VisitOutcome o) {
        return assertInstanceOf(VisitOutcome.Booked.class, o, String.valueOf(o)).parts().stream().map(Booking::start).toList();
    }

    @Test
    void aManicureWithItsCleanupThenAPedicureWithTheSameMasterIsBookedAndOfferedWhole() {
        // Anna cleans 10:00 + 60 .. 11:10; her pedicure waits for it
        assertEquals(List.of(at(10, 0), at(11, 10)), starts(f.engine.bookVisit(twoParts(f.anna, manicure, f.anna, pedicure, at(10, 0)))));
        assertEquals(0, f.overlappingPairs());
        // the pedicure at the manicure's very end (what the form used to ask) is refused wherever the
        // visit goes: no start of it is offered, for none would book
        VisitOutcome.TimeTaken never = assertInstanceOf(VisitOutcome.TimeTaken.class, f.engine.bookVisit(new NewVisit(f.tenant, f.client,
                List.of(new NewVisit.Part(f.anna, manicure, at(15, 0), null), new NewVisit.Part(f.anna, pedicure, at(16, 0), null)),
                "", UUID.randomUUID(), Source.FORM)));
        assertEquals(1, never.part());
        assertEquals(List.of(), never.nearestStarts());
        // Anna has a cut 13:00-14:00: the visit at 12:30 is taken, and every start offered books whole
        f.booked(f.engine.book(f.cutWith(f.anna, at(13, 0))));
        VisitOutcome.TimeTaken taken = assertInstanceOf(VisitOutcome.TimeTaken.class,
                f.engine.bookVisit(twoParts(f.anna, manicure, f.anna, pedicure, at(12, 30))));
        assertEquals(0, taken.part());
        // 115 minutes of Anna's: 08:05 is the last start before 10:00, 14:00 the first after the cut
        assertTrue(taken.nearestStarts().containsAll(List.of(at(8, 5), at(14, 0))), "offers: " + taken.nearestStarts());
        assertEquals(6, taken.nearestStarts().size(), "three each side: " + taken.nearestStarts());
        for (Instant s : taken.nearestStarts()) {
            VisitOutcome o = f.engine.bookVisit(twoParts(f.anna, manicure, f.anna, pedicure, s));
            assertEquals(List.of(s, s.plus(Duration.ofMinutes(70))), starts(o), "offered " + s);
            f.dsl.execute("DELETE FROM bookings WHERE visit_id = " + ((VisitOutcome.Booked) o).visitId());
        }
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void withAnotherMasterTheNextPartStartsWhenTheClientIsFreeAndAfterASharedRoomsHold() {
        // Anna's cleanup is hers: the client goes to Bohdan at once
        assertEquals(List.of(at(10, 0), at(11, 0)), starts(f.engine.bookVisit(twoParts(f.anna, manicure, f.bohdan, pedicure, at(10, 0)))));
        // the one pedicure chair is cleaned 15 minutes after the foot bath: Bohdan's pedicure waits for it
        VisitOutcome bathThenPedicure = f.engine.bookVisit(twoParts(f.anna, footBath, f.bohdan, pedicure, at(14, 0)));
        assertEquals(List.of(at(14, 0), at(14, 45)), starts(bathThenPedicure));
        assertEquals(2, f.count("SELECT count(*) FROM booking_resources h JOIN bookings b ON b.tenant_id = h.tenant_id AND b.id = h.booking_id "
                + "WHERE b.visit_id = " + ((VisitOutcome.Booked) bathThenPedicure).visitId()), "each part holds the chair in turn");
    }

    @Test
    void twoPartsAskedInOneRoomAtOnceAreOfferedOnlyTimesWhenBothGetAUnit() {
        // Vira's client holds one of the two washing stations 10:00-10:20
        f.booked(f.engine.book(f.serviceWith(f.vira, wash, at(10, 0))));
        // a visit asked with starts of its own: Anna's wash, and Bohdan's ten minutes later, overlapping it
        NewVisit overlapping = new NewVisit(f.tenant, f.client, List.of(new NewVisit.Part(f.anna, wash, at(10, 0), null),
                new NewVisit.Part(f.bohdan, wash, at(10, 10), null)), "", UUID.randomUUID(), Source.FORM);
        VisitOutcome.TimeTaken taken = assertInstanceOf(VisitOutcome.TimeTaken.class, f.engine.bookVisit(overlapping));
        assertEquals(1, taken.part(), "Anna's wash took the other station");
        // each wash alone finds a station at any time; both at once need the two, so 09:45-10:05 is never offered
        assertEquals(List.of(at(9, 30), at(9, 35), at(9, 40), at(10, 10), at(10, 15), at(10, 20)), taken.nearestStarts());
        for (Instant s : taken.nearestStarts()) {
            VisitOutcome o = f.engine.bookVisit(overlapping.startingAt(s));
            assertInstanceOf(VisitOutcome.Booked.class, o, "offered " + s);
            f.dsl.execute("DELETE FROM bookings WHERE visit_id = " + ((VisitOutcome.Booked) o).visitId());
        }
    }

    @Test
    void aBookingCanOnlyJoinAVisitOfItsOwnClient() {
        VisitOutcome.Booked b = (VisitOutcome.Booked) f.engine.bookVisit(colourThenCut(at(10, 0)));
        long other = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Someone else') RETURNING id");
        org.jooq.exception.DataAccessException refused = org.junit.jupiter.api.Assertions.assertThrows(
                org.jooq.exception.DataAccessException.class, () -> f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, "
                        + "starts_at, duration_min, visit_id) VALUES (" + f.tenant + ", " + f.bohdan + ", " + other + ", '" + at(15, 0) + "', 30, "
                        + b.visitId() + ")"));
        assertEquals("23503", refused.sqlState());
    }
}
