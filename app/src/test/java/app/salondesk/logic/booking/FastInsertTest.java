package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one-round-trip insert writes exactly when the engine's detailed checks would allow it,
 * and nothing otherwise (the detailed path then explains why).
 */
class FastInsertTest {

    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("fastinsert", 2);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void empty() {
        f.clearSchedule();
        f.dsl.execute("UPDATE masters SET active = true");
    }

    private Optional<Booking> insert(NewBooking cmd, BookingStatus status, boolean pastAllowed) {
        return f.dsl.transactionResult(cfg -> FastInsert.tryInsert(DSL.using(cfg), locks(cmd), cmd, cmd.requestId(), status, pastAllowed).made());
    }

    private static MasterLocks locks(NewBooking cmd) {
        return new MasterLocks(cmd.tenantId(), List.of(cmd.masterId()), cmd.source());
    }

    private Optional<Booking> insert(NewBooking cmd) {
        return insert(cmd, BookingStatus.CONFIRMED, false);
    }

    @Test
    void aBookingWithinTheRulesIsWrittenInOneGo() {
        Booking b = insert(f.cutWith(f.anna, at(10, 0))).orElseThrow();
        assertEquals(60, b.durationMin());
        assertEquals(f.cut, b.serviceId());
        assertEquals(1, f.count("SELECT count(*) FROM bookings"));
    }

    @Test
    void theWriteCarriesTheMastersNamedLockAndHoldsItToTheEndOfItsTransaction() {
        NewBooking cmd = f.cutWith(f.anna, at(10, 0));
        MasterLocks locks = locks(cmd);
        // the lock's key holds the salon's secret: the owner reads it, as migration 9's functions do
        String tryLock = "SELECT pg_try_advisory_xact_lock(salondesk_master_lock_key(" + f.tenant + ", " + f.anna + "))";
        f.dsl.transaction(cfg -> {
            assertTrue(FastInsert.tryInsert(DSL.using(cfg), locks, cmd, cmd.requestId(), BookingStatus.CONFIRMED, false).made().isPresent());
            // another session (the pool has a second connection) cannot get the lock meanwhile
            Boolean othersGotIt = f.dsl.transactionResult(other -> DSL.using(other).resultQuery(tryLock).fetchOne(0, Boolean.class));
            assertFalse(othersGotIt, "the named lock is held by the writing transaction");
            // and the engine's detailed path would not take it a second time
            locks.take(DSL.using(cfg));
        });
        Boolean freeAfterwards = f.dsl.transactionResult(other -> DSL.using(other).resultQuery(tryLock).fetchOne(0, Boolean.class));
        assertTrue(freeAfterwards, "released with the commit");
    }

    @Test
    void nothingIsWrittenWhereTheDetailedChecksWouldSayNo() {
        f.booked(f.engine.book(f.newBooking(f.anna, at(12, 0), 60)));
        assertTrue(insert(f.newBooking(f.anna, at(12, 30), 60)).isEmpty(), "overlap");
        assertTrue(insert(f.newBooking(f.anna, at(7, 0), 60)).isEmpty(), "before working hours");
        assertTrue(insert(f.newBooking(f.anna, at(19, 30), 60)).isEmpty(), "past working hours");
        assertTrue(insert(f.newBooking(f.vira, at(13, 30), 60)).isEmpty(), "past Vira's 14:00");
        assertTrue(insert(f.cutWith(f.vira, at(10, 0))).isEmpty(), "service not offered");
        assertTrue(insert(new NewBooking(f.tenant, f.anna, f.client, null, 999_999L, at(14, 0), null, "", UUID.randomUUID(),
                Source.FORM, false)).isEmpty(), "unknown service");
        assertTrue(insert(new NewBooking(f.tenant, f.anna, 999_999L, null, null, at(14, 0), 60, "", UUID.randomUUID(),
                Source.FORM, false)).isEmpty(), "unknown client");
        assertTrue(insert(f.newBooking(f.anna, Instant.parse("2020-01-06T10:00:00Z"), 60)).isEmpty(), "in the past");
        f.dsl.execute("INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at) VALUES ("
                + f.tenant + ", " + f.bohdan + ", '" + at(9, 0) + "', '" + at(11, 0) + "')");
        assertTrue(insert(f.newBooking(f.bohdan, at(10, 30), 60)).isEmpty(), "time off");
        f.dsl.execute("UPDATE masters SET active = false WHERE id = " + f.bohdan);
        assertTrue(insert(f.newBooking(f.bohdan, at(15, 0), 60)).isEmpty(), "inactive master");
        NewBooking again = f.newBooking(f.anna, at(15, 0), 30);
        assertTrue(insert(again).isPresent());
        assertTrue(insert(again).isEmpty(), "the same request id: the detailed path returns the first");
        assertEquals(2, f.count("SELECT count(*) FROM bookings"));
    }

    @Test
    void aRecordedPastVisitThatHoldsNoTimeIsWritten() {
        Booking b = insert(f.newBooking(f.anna, Instant.parse("2020-01-06T10:00:00Z"), 60), BookingStatus.COMPLETED, true).orElseThrow();
        assertEquals(BookingStatus.COMPLETED, b.status());
    }
}
