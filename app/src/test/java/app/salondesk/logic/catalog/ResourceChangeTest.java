package app.salondesk.logic.catalog;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A room renamed, recounted, switched off or on, or needed by a service from now on (migration 22):
 * never leaves a future booking without the unit it needs — refused as a whole with how many
 * bookings stand in the way, or the holds moved and given — whoever writes.
 */
class ResourceChangeTest {

    private static EngineFixture f;
    private static ResourceRepository rooms;
    private static long wash;
    private static long stations;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("roomchange", 4);
        rooms = new ResourceRepository(f.dsl);
        wash = f.phasedService("Wash", "{30}", 10, f.anna, f.bohdan, f.vira);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void threeStations() {
        f.clearSchedule();
        f.dsl.execute("DELETE FROM service_resources");
        f.dsl.execute("DELETE FROM resources");
        stations = rooms.add(f.tenant, "Washing station", 3);
        assertEquals(Optional.empty(), rooms.need(f.tenant, wash, stations));
    }

    private static Booking washWith(long master, int hour, int minute) {
        return f.booked(f.engine.book(f.serviceWith(master, wash, at(hour, minute))));
    }

    private static List<Integer> units() {
        return f.dsl.resultQuery("SELECT unit FROM booking_resources ORDER BY booking_id").fetch(0, Integer.class);
    }

    private static String room() {
        return f.dsl.resultQuery("SELECT name || '/' || capacity || '/' || active FROM resources WHERE id = " + stations).fetchOne(0, String.class);
    }

    @Test
    void aLowerCountIsRefusedWhileFutureBookingsNeedEveryUnitAndTakesTheirHoldsDownWhenTheyFit() {
        Booking first = washWith(f.anna, 10, 0);
        washWith(f.bohdan, 10, 0);
        washWith(f.vira, 10, 15);
        assertEquals(List.of(1, 2, 3), units());
        // three at once: two stations would leave one of them without
        assertEquals(Optional.of(new ResourceRepository.Refused(ResourceRepository.Refused.Why.HELD, 1)),
                rooms.change(f.tenant, stations, "Basin", 2, true));
        assertEquals("Washing station/3/true", room(), "nothing written, not even the name");
        assertEquals(List.of(1, 2, 3), units());
        // Anna's client cancels: station 1 is free, and Vira's client's hold on station 3 moves down to it
        f.dsl.execute("UPDATE bookings SET status = 'cancelled' WHERE id = " + first.id());
        assertEquals(Optional.empty(), rooms.change(f.tenant, stations, "Basin", 2, true));
        assertEquals("Basin/2/true", room());
        assertEquals(List.of(2, 1), units());
        // and a count the holds never reach, or a new name alone, is simply saved
        assertEquals(Optional.empty(), rooms.change(f.tenant, stations, "Basin", 5, true));
        assertEquals(Optional.empty(), rooms.change(f.tenant, stations, "Washing basin", 2, true));
        assertEquals("Washing basin/2/true", room());
    }

    @Test
    void holdsThatAreOverDoNotStandInTheWay() {
        // three washes at once, long ago (plain SQL: the engine books no past)
        for (long m : new long[]{f.anna, f.bohdan, f.vira}) {
            f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                    + f.tenant + ", " + m + ", " + f.client + ", " + wash + ", '2020-01-07T09:00:00Z', 30, 'arrived')");
        }
        assertEquals(List.of(1, 2, 3), units());
        assertEquals(Optional.empty(), rooms.change(f.tenant, stations, "Washing station", 1, true));
        assertEquals(Optional.empty(), rooms.change(f.tenant, stations, "Washing station", 1, false));
        assertEquals("Washing station/1/false", room());
    }

    @Test
    void aRoomFutureBookingsHoldIsNotSwitchedOffAndOneSwitchedOnGivesThemUnits() {
        Booking a = washWith(f.anna, 10, 0);
        washWith(f.anna, 12, 0);
        assertEquals(Optional.of(new ResourceRepository.Refused(ResourceRepository.Refused.Why.HELD, 2)),
                rooms.change(f.tenant, stations, "Washing station", 3, false));
        assertEquals("Washing station/3/true", room());
        f.dsl.execute("UPDATE bookings SET status = 'cancelled' WHERE service_id = " + wash);
        assertEquals(Optional.empty(), rooms.change(f.tenant, stations, "Washing station", 1, false));
        // while it is off, washes take no station: two at once
        washWith(f.anna, 15, 0);
        washWith(f.bohdan, 15, 0);
        assertEquals(List.of(), units());
        // switched on with one station, one of them would have none: refused, nothing written
        assertEquals(Optional.of(new ResourceRepository.Refused(ResourceRepository.Refused.Why.WITHOUT_UNIT, 1)),
                rooms.change(f.tenant, stations, "Washing station", 1, true));
        assertEquals("Washing station/1/false", room());
        assertEquals(List.of(), units());
        // with two, each gets one (and the cancelled ones none)
        assertEquals(Optional.empty(), rooms.change(f.tenant, stations, "Washing station", 2, true));
        assertEquals(List.of(1, 2), units());
        assertEquals(0, f.count("SELECT count(*) FROM booking_resources WHERE booking_id = " + a.id()));
    }

    @Test
    void aServiceThatStartsNeedingARoomGivesItsFutureBookingsUnitsOrIsRefused() {
        long chair = rooms.add(f.tenant, "Chair", 1);
        washWith(f.anna, 10, 0);
        washWith(f.bohdan, 10, 0);
        assertEquals(List.of(1, 2), units());
        // the two washes at 10:00 cannot share one chair: refused, no need and no hold written
        assertEquals(Optional.of(new ResourceRepository.Refused(ResourceRepository.Refused.Why.WITHOUT_UNIT, 1)),
                rooms.saveNeeds(f.tenant, chair, Set.of(), Set.of(wash)));
        assertEquals(0, f.count("SELECT count(*) FROM service_resources WHERE resource_id = " + chair));
        assertEquals(0, f.count("SELECT count(*) FROM booking_resources WHERE resource_id = " + chair));
        // Bohdan's client moves to 11:00: now each wash holds the chair in turn
        f.dsl.execute("UPDATE bookings SET starts_at = '" + at(11, 0) + "' WHERE master_id = " + f.bohdan);
        assertEquals(Optional.empty(), rooms.saveNeeds(f.tenant, chair, Set.of(), Set.of(wash)));
        assertEquals(2, f.count("SELECT count(*) FROM booking_resources WHERE resource_id = " + chair + " AND unit = 1"));
    }

    /**
     * A change of rooms waits for a booking being written (it holds the salon's rooms lock, shared,
     * from its master's lock on) and then counts it: the booking cannot slip past the change.
     */
    @Test
    void aChangeOfRoomsWaitsForABookingInFlightAndCountsIt() throws Exception {
        washWith(f.anna, 10, 0);
        washWith(f.bohdan, 10, 0);
        try (Connection c = f.backend.database().dataSource().getConnection(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SELECT salondesk_lock_master(" + f.tenant + ", " + f.vira + ")");
            CompletableFuture<Optional<ResourceRepository.Refused>> change =
                    CompletableFuture.supplyAsync(() -> rooms.change(f.tenant, stations, "Washing station", 2, true));
            st.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                    + f.tenant + ", " + f.vira + ", " + f.client + ", " + wash + ", '" + at(10, 15) + "', 30)");
            Thread.sleep(500);
            assertFalse(change.isDone(), "the change waits for the booking being written");
            c.commit();
            assertEquals(Optional.of(new ResourceRepository.Refused(ResourceRepository.Refused.Why.HELD, 1)), change.get(10, TimeUnit.SECONDS));
        }
        assertEquals("Washing station/3/true", room());
    }
}
