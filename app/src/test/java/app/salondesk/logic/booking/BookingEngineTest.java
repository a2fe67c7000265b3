package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome.Booked;
import app.salondesk.model.booking.BookingOutcome.ChangedByOthers;
import app.salondesk.model.booking.BookingOutcome.Invalid;
import app.salondesk.model.booking.BookingOutcome.TimeTaken;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import org.jooq.DSLContext;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.impl.DefaultExecuteListenerProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The protocol's answers, one situation at a time, on a real PostgreSQL. */
class BookingEngineTest {

    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("engine", 8);
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
    void aFreeTimeInsideWorkingHoursIsBooked() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        assertEquals(60, b.durationMin(), "the service gives the duration");
        assertEquals(BookingStatus.CONFIRMED, b.status());
        assertEquals(1, b.version());
        assertEquals(Source.FORM, b.source());
        assertEquals(1, f.count("SELECT count(*) FROM bookings"));
        assertEquals("form", f.dsl.resultQuery("SELECT source FROM booking_history WHERE booking_id = " + b.id()).fetchOne(0, String.class));
    }

    /**
     * ADR 5: a loser's nearest free times are advice, searched after its transaction ended —
     * searched under the master's lock, they kept every other writer of that master waiting
     * (a release-day clash of hundreds of clients on one master's day). While the search runs,
     * another session can take the master's named lock at once.
     */
    @Test
    void aLosersNearestFreeTimesAreSearchedWithoutTheMastersLock() {
        f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        List<Boolean> lockFreeDuringSearch = new ArrayList<>();
        ExecuteListener watch = new ExecuteListener() {
            @Override
            public void executeStart(ExecuteContext ctx) {
                if (ctx.sql() != null && ctx.sql().contains("win_start")) {   // FreeSlotFinder's statement
                    lockFreeDuringSearch.add(f.dsl.resultQuery(
                            "SELECT pg_try_advisory_xact_lock(salondesk_master_lock_key(?, ?))", f.tenant, f.anna)
                            .fetchOne(0, Boolean.class));
                }
            }
        };
        DSLContext watched = f.dsl.configuration().derive(new DefaultExecuteListenerProvider(watch)).dsl();
        TimeTaken taken = assertInstanceOf(TimeTaken.class, new BookingEngine(watched).book(f.cutWith(f.anna, at(10, 30))));
        assertFalse(taken.nearestFree().isEmpty(), "the loser still gets offers");
        assertEquals(List.of(true), lockFreeDuringSearch.subList(0, 1), "the search ran once the lock was released");
        assertTrue(lockFreeDuringSearch.stream().allMatch(Boolean::booleanValue), "every search statement ran without the lock");
    }

    @Test
    void anOverlappingRequestGetsTheNearestFreeTimesSameMasterFirst() {
        f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        f.booked(f.engine.book(f.cutWith(f.anna, at(11, 0))));
        TimeTaken taken = assertInstanceOf(TimeTaken.class, f.engine.book(f.cutWith(f.anna, at(10, 30))));
        List<FreeSlot> slots = taken.nearestFree();
        assertFalse(slots.isEmpty());
        assertTrue(slots.get(0).sameMaster(), "Anna's own free times come first");
        assertEquals(f.anna, slots.get(0).masterId());
        // Anna is busy 10:00-12:00: her nearest free hour-long starts are 09:00 and 12:00
        List<Instant> annas = slots.stream().filter(FreeSlot::sameMaster).map(FreeSlot::start).toList();
        assertTrue(annas.contains(at(9, 0)) && annas.contains(at(12, 0)), annas.toString());
        // then other masters who offer the service: Bohdan is free at 10:30 itself; Vira does not cut
        List<FreeSlot> others = slots.stream().filter(s -> !s.sameMaster()).toList();
        assertTrue(others.stream().anyMatch(s -> s.masterId() == f.bohdan && s.start().equals(at(10, 30))), others.toString());
        assertEquals(annas.stream().sorted().toList(), annas, "listed in time order");
        assertTrue(slots.stream().noneMatch(s -> s.masterId() == f.vira));
        assertEquals(2, f.count("SELECT count(*) FROM bookings"), "nothing written");
    }

    @Test
    void backToBackBookingsAreFine() {
        f.booked(f.engine.book(f.newBooking(f.anna, at(10, 0), 30)));
        f.booked(f.engine.book(f.newBooking(f.anna, at(10, 30), 30)));
        f.booked(f.engine.book(f.newBooking(f.anna, at(9, 30), 30)));
        assertEquals(3, f.count("SELECT count(*) FROM bookings"));
    }

    @Test
    void outsideWorkingHoursIsRefusedUnlessAnAdminOverridesAndTheOverrideIsRecorded() {
        Invalid early = assertInstanceOf(Invalid.class, f.engine.book(f.newBooking(f.anna, at(7, 30), 60)));
        assertEquals(InvalidReason.OUTSIDE_WORKING_HOURS, early.reason());
        Invalid late = assertInstanceOf(Invalid.class, f.engine.book(f.newBooking(f.anna, at(19, 30), 60)));
        assertEquals(InvalidReason.OUTSIDE_WORKING_HOURS, late.reason());
        NewBooking override = new NewBooking(f.tenant, f.anna, f.client, null, null, at(7, 30), 60, "bride", UUID.randomUUID(), Source.FORM, true);
        Booking b = f.booked(f.engine.book(override));
        assertTrue(b.outsideHours());
        String history = f.dsl.resultQuery("SELECT new_row ->> 'outside_hours' FROM booking_history WHERE booking_id = " + b.id()).fetchOne(0, String.class);
        assertEquals("true", history);
        // an override inside the hours is not marked
        NewBooking needless = new NewBooking(f.tenant, f.anna, f.client, null, null, at(12, 0), 60, "", UUID.randomUUID(), Source.FORM, true);
        assertFalse(f.booked(f.engine.book(needless)).outsideHours());
    }

    @Test
    void timeOffIsRefused() {
        f.dsl.execute("INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at, reason) VALUES ("
                + f.tenant + ", " + f.anna + ", '" + at(12, 0) + "', '" + at(15, 0) + "', 'dentist')");
        Invalid i = assertInstanceOf(Invalid.class, f.engine.book(f.newBooking(f.anna, at(14, 30), 60)));
        assertEquals(InvalidReason.MASTER_TIME_OFF, i.reason());
        f.booked(f.engine.book(f.newBooking(f.anna, at(15, 0), 60)));
    }

    @Test
    void unknownOrWrongReferencesAreInvalid() {
        assertEquals(InvalidReason.UNKNOWN_MASTER, reason(f.engine.book(f.newBooking(999_999, at(10, 0), 60))));
        assertEquals(InvalidReason.SERVICE_NOT_OFFERED, reason(f.engine.book(f.cutWith(f.vira, at(10, 0)))));
        assertEquals(InvalidReason.UNKNOWN_SERVICE, reason(f.engine.book(
                new NewBooking(f.tenant, f.anna, f.client, null, 999_999L, at(10, 0), null, "", UUID.randomUUID(), Source.FORM, false))));
        assertEquals(InvalidReason.UNKNOWN_CLIENT, reason(f.engine.book(
                new NewBooking(f.tenant, f.anna, 999_999L, null, null, at(10, 0), 60, "", UUID.randomUUID(), Source.FORM, false))));
        assertEquals(InvalidReason.DURATION_MISSING, reason(f.engine.book(f.newBooking(f.anna, at(10, 0), null))));
        assertEquals(InvalidReason.START_IN_PAST, reason(f.engine.book(f.newBooking(f.anna, Instant.parse("2020-01-06T10:00:00Z"), 60))));
        assertEquals(0, f.count("SELECT count(*) FROM bookings"));
    }

    @Test
    void absurdInputIsInvalidAndNothingIsHalfWritten() {
        int clients = f.count("SELECT count(*) FROM clients");
        for (int minutes : new int[]{0, -30, 721, 100_000}) {
            assertEquals(InvalidReason.DURATION_OUT_OF_RANGE, reason(f.engine.book(f.newBooking(f.anna, at(10, 0), minutes))));
        }
        assertEquals(InvalidReason.CLIENT_NAME_TOO_LONG, reason(f.engine.book(withClient("x".repeat(10_000), null))));
        assertEquals(InvalidReason.CLIENT_NAME_MISSING, reason(f.engine.book(withClient("   ", null))));
        assertEquals(InvalidReason.PHONE_INVALID, reason(f.engine.book(withClient("Olha", "call me maybe"))));
        assertEquals(InvalidReason.CLIENT_NAME_TOO_LONG, reason(f.engine.book(withClient("Olha\u0000", null))));
        assertEquals(clients, f.count("SELECT count(*) FROM clients"), "no stray clients");
        assertEquals(0, f.count("SELECT count(*) FROM bookings"));
    }

    @Test
    void namesThatLookLikeSqlOrHoldEmojiAreStoredAsTyped() {
        String sqlish = "Robert'); DROP TABLE bookings; --";
        String emoji = "Anna \uD83C\uDF38 Kovalchuk";
        Booking a = f.booked(f.engine.book(withClient(sqlish, null)));
        Booking b = f.booked(f.engine.book(new NewBooking(f.tenant, f.bohdan, null, new NewBooking.ClientDetails(emoji, "067 123 45 67"),
                null, at(10, 0), 60, "", UUID.randomUUID(), Source.FORM, false)));
        assertEquals(sqlish, f.dsl.resultQuery("SELECT name FROM clients WHERE id = " + a.clientId()).fetchOne(0, String.class));
        assertEquals(emoji, f.dsl.resultQuery("SELECT name FROM clients WHERE id = " + b.clientId()).fetchOne(0, String.class));
        assertEquals("+380671234567", f.dsl.resultQuery("SELECT phone FROM clients WHERE id = " + b.clientId()).fetchOne(0, String.class));
        assertEquals(2, f.count("SELECT count(*) FROM bookings"));
    }

    @Test
    void aClientIsFoundByPhoneNotCreatedTwice() {
        Booking a = f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, null, new NewBooking.ClientDetails("Iryna S.", "+38 (067) 111-22-33"),
                null, at(10, 0), 60, "", UUID.randomUUID(), Source.CLI, false)));
        assertEquals(f.client, a.clientId(), "+380671112233 is Iryna already");
    }

    @Test
    void theSameRequestTwiceMakesOneBooking() {
        NewBooking request = f.cutWith(f.anna, at(10, 0));
        Booking first = f.booked(f.engine.book(request));
        Booking second = f.booked(f.engine.book(request));
        assertEquals(first.id(), second.id());
        assertEquals(1, f.count("SELECT count(*) FROM bookings"));
    }

    @Test
    void aStaleMoveIsReportedNotSilentlyApplied() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        // two desks loaded version 1; the first moves it to 12:00
        Booking moved = f.booked(f.engine.reschedule(new Reschedule(f.tenant, b.id(), b.version(), f.anna, f.anna, at(12, 0), 60, Source.DRAG, false)));
        assertEquals(2, moved.version());
        ChangedByOthers stale = assertInstanceOf(ChangedByOthers.class,
                f.engine.reschedule(new Reschedule(f.tenant, b.id(), b.version(), f.anna, f.anna, at(15, 0), 60, Source.DRAG, false)));
        assertEquals(at(12, 0), stale.current().start(), "the other desk sees where it is now");
        assertEquals(2, stale.current().version());
        assertEquals(at(12, 0), f.engine.find(f.tenant, b.id()).orElseThrow().start());
    }

    @Test
    void movingToAnotherMasterChecksThatMastersTimeAndService() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        f.booked(f.engine.book(f.cutWith(f.bohdan, at(10, 0))));
        assertInstanceOf(TimeTaken.class, f.engine.reschedule(new Reschedule(f.tenant, b.id(), 1, f.anna, f.bohdan, at(10, 30), 60, Source.DRAG, false)));
        assertEquals(InvalidReason.SERVICE_NOT_OFFERED,
                reason(f.engine.reschedule(new Reschedule(f.tenant, b.id(), 1, f.anna, f.vira, at(11, 0), 60, Source.DRAG, false))));
        Booking moved = f.booked(f.engine.reschedule(new Reschedule(f.tenant, b.id(), 1, f.anna, f.bohdan, at(11, 0), 90, Source.DRAG, false)));
        assertEquals(f.bohdan, moved.masterId());
        assertEquals(90, moved.durationMin());
        // resizing within its own time does not collide with itself
        f.booked(f.engine.reschedule(new Reschedule(f.tenant, b.id(), moved.version(), f.bohdan, f.bohdan, at(11, 0), 120, Source.DRAG, false)));
    }

    @Test
    void cancellingFreesTheTimeAndRevivingIntoATakenTimeIsRefused() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        Booking cancelled = f.booked(f.engine.changeStatus(new StatusChange(f.tenant, b.id(), 1, f.anna, BookingStatus.CANCELLED, Source.FORM)));
        f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        TimeTaken t = assertInstanceOf(TimeTaken.class,
                f.engine.changeStatus(new StatusChange(f.tenant, b.id(), cancelled.version(), f.anna, BookingStatus.CONFIRMED, Source.FORM)));
        assertFalse(t.nearestFree().isEmpty());
        assertEquals(BookingStatus.CANCELLED, f.engine.find(f.tenant, b.id()).orElseThrow().status());
    }

    @Test
    void aBookingWrittenPastTheLockLosesToTheConstraintAndTheEngineAnswersTimeTaken() throws Exception {
        // another program inserts an overlapping booking without the lock and has not committed
        // yet: the engine's check cannot see it, its insert waits on the constraint, then fails
        try (var other = app.salondesk.db.TestPostgres.connect(f.backend.database().settings())) {
            other.setAutoCommit(false);
            other.createStatement().executeUpdate("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                    + f.tenant + ", " + f.anna + ", " + f.client + ", NULL, '" + at(10, 0) + "', 60, 'confirmed')");
            var pending = java.util.concurrent.CompletableFuture.supplyAsync(() -> f.engine.book(f.cutWith(f.anna, at(10, 30))));
            Thread.sleep(700);
            assertFalse(pending.isDone(), "the engine's insert waits for the other transaction");
            other.commit();
            TimeTaken t = assertInstanceOf(TimeTaken.class, pending.get(10, java.util.concurrent.TimeUnit.SECONDS));
            assertFalse(t.nearestFree().isEmpty(), "slots computed in the same transaction after the savepoint");
            assertTrue(t.nearestFree().stream().filter(FreeSlot::sameMaster).noneMatch(s -> s.start().isBefore(at(11, 0)) && s.start().isAfter(at(9, 0))));
        }
        assertEquals(1, f.count("SELECT count(*) FROM bookings"));
        assertEquals(0, f.overlappingPairs());
    }

    private NewBooking withClient(String name, String phone) {
        return new NewBooking(f.tenant, f.anna, null, new NewBooking.ClientDetails(name, phone), null, at(10, 0), 60, "",
                UUID.randomUUID(), Source.FORM, false);
    }

    private static InvalidReason reason(BookingOutcome o) {
        return assertInstanceOf(Invalid.class, o, o.toString()).reason();
    }

    @SuppressWarnings("unused")
    private static Booked booked(BookingOutcome o) {
        return assertInstanceOf(Booked.class, o);
    }
}
