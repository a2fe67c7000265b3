package app.salondesk.logic.booking;

import app.salondesk.logic.clients.ClientRecordRepository;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.logic.waitlist.WaitlistBooker;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.PatchResult;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.booking.VisitOutcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import static app.salondesk.logic.booking.EngineFixture.DAY;
import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 36: a service that needs a patch test passed within 90 days ("Colour") is refused by the database's
 * rule book, with the reason, on every road the engine and the database serve — the form (a known client
 * and a new one), a drag to a day past the test's validity, a cancelled booking revived, a visit, the
 * waitlist worker, and plain SQL by a receptionist's login — and booked on each once a passed test is on the
 * card; an admin may book without one (recorded on the booking), a receptionist may not. The command line
 * and the import are {@code cli/PatchTestCommandsTest}'s, the online page {@code web/PatchTestOnlineBrowserTest}'s.
 */
class PatchTestRoadsTest {

    private static EngineFixture f;
    private static StaffLogins logins;
    private static String olenaLogin;
    private static String annaLogin;
    private static BookingEngine olena;
    private static BookingEngine anna;
    private static long colour;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("patch_test_roads", 4);
        logins = new StaffLogins(f.dsl, f.backend.database().settings());
        olenaLogin = logins.add(f.tenant, "olena", "receptionist");
        annaLogin = logins.add(f.tenant, "anna", "admin");
        olena = new BookingEngine(logins.dsl(olenaLogin));
        anna = new BookingEngine(logins.dsl(annaLogin));
        colour = f.id("INSERT INTO services (tenant_id, name, duration_min, patch_test_days) VALUES (" + f.tenant + ", 'Colour', 60, 90) RETURNING id");
        f.dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + f.tenant + ", " + f.anna + ", " + colour
                + "), (" + f.tenant + ", " + f.bohdan + ", " + colour + ")");
    }

    @AfterAll
    static void close() {
        logins.close();
        f.close();
    }

    @BeforeEach
    void bare() {
        f.clearSchedule();
        f.dsl.execute("DELETE FROM waitlist_entries");
        f.dsl.execute("DELETE FROM patch_tests");
    }

    private static NewBooking colourFor(long client, long master, Instant at) {
        return new NewBooking(f.tenant, master, client, null, colour, at, null, "", UUID.randomUUID(), Source.FORM, false);
    }

    private static void test(long client, LocalDate on, PatchResult result) {
        f.dsl.execute("INSERT INTO patch_tests (tenant_id, client_id, tested_on, result) VALUES (" + f.tenant + ", " + client + ", '" + on
                + "', '" + result.dbValue() + "')");
    }

    private static BookingOutcome.Invalid invalid(Object outcome) {
        return assertInstanceOf(BookingOutcome.Invalid.class, outcome, String.valueOf(outcome));
    }

    @Test
    void theFormRefusesAKnownClientWithoutATestSayingWhyAndBooksHerOnceSheHasOne() {
        BookingOutcome.Invalid none = invalid(olena.book(colourFor(f.client, f.anna, at(10, 0))));
        assertEquals(InvalidReason.PATCH_TEST_NEEDED, none.reason());
        assertEquals("none", none.detail());
        test(f.client, DAY.minusDays(3), PatchResult.FAIL);
        BookingOutcome.Invalid failed = invalid(olena.book(colourFor(f.client, f.anna, at(10, 0))));
        assertEquals("failed " + DAY.minusDays(3), failed.detail());
        assertTrue(InvalidReason.PATCH_TEST_NEEDED.sentence(new app.salondesk.i18n.Messages(java.util.Locale.ENGLISH), failed.detail())
                .startsWith("needs a patch test — last: failed on "),
                InvalidReason.PATCH_TEST_NEEDED.sentence(new app.salondesk.i18n.Messages(java.util.Locale.ENGLISH), failed.detail()));
        test(f.client, DAY.minusDays(100), PatchResult.PASS);
        assertEquals("failed " + DAY.minusDays(3), invalid(olena.book(colourFor(f.client, f.anna, at(10, 0)))).detail(),
                "an older pass does not undo the fail");
        assertEquals(0, f.count("SELECT count(*) FROM bookings"), "nothing written");
        test(f.client, DAY.minusDays(1), PatchResult.PASS);
        Booking booked = f.booked(olena.book(colourFor(f.client, f.anna, at(10, 0))));
        assertEquals(colour, booked.serviceId());
        // a service that needs no test is booked as before, test or not
        f.booked(olena.book(f.cutWith(f.bohdan, at(10, 0))));
    }

    @Test
    void aNewClientMadeWithTheBookingIsRefusedByTheDatabaseItselfAndLeavesNoClientBehind() {
        int clients = f.count("SELECT count(*) FROM clients");
        BookingOutcome.Invalid refused = invalid(olena.book(new NewBooking(f.tenant, f.anna, null,
                new NewBooking.ClientDetails("Nova New", "+380671119900"), colour, at(11, 0), null, "", UUID.randomUUID(), Source.FORM, false)));
        assertEquals(InvalidReason.PATCH_TEST_NEEDED, refused.reason());
        assertEquals("none", refused.detail());
        assertEquals(clients, f.count("SELECT count(*) FROM clients"), "the client made for it went with it");
    }

    @Test
    void aDragToADayPastTheTestsValidityIsRefusedAndOneWithinItMoves() {
        test(f.client, DAY.minusDays(80), PatchResult.PASS);
        Booking b = f.booked(olena.book(colourFor(f.client, f.anna, at(10, 0))));
        Instant later = at(10, 0).plusSeconds(86400L * 15);
        BookingOutcome.Invalid past = invalid(olena.reschedule(new Reschedule(f.tenant, b.id(), b.version(), f.anna, f.anna, later, 60,
                Source.DRAG, false)));
        assertEquals(InvalidReason.PATCH_TEST_NEEDED, past.reason());
        assertEquals("expired " + DAY.minusDays(80), past.detail());
        assertTrue(f.booked(olena.reschedule(new Reschedule(f.tenant, b.id(), b.version(), f.anna, f.bohdan, at(12, 0).plusSeconds(86400L * 5),
                60, Source.DRAG, false))).start().isAfter(at(10, 0)), "ten days within the 90 moves");
        // the drag's marks ask the same rule book: the day past the validity is marked, the other not
        List<String> marks = f.dsl.resultQuery("SELECT coalesce(problem, 'ok') FROM booking_problems(?, ARRAY[?, ?]::bigint[], NULL, ?, "
                        + "ARRAY[?::timestamptz, ?::timestamptz], 60, ?, false, false, false, true) ORDER BY start",
                f.tenant, f.anna, f.anna, colour, at(9, 0).atOffset(java.time.ZoneOffset.UTC), later.atOffset(java.time.ZoneOffset.UTC), b.id())
                .fetch(0, String.class);
        assertEquals(List.of("ok", "patch_test_needed"), marks);
    }

    @Test
    void aCancelledBookingIsNotRevivedAfterTheTestFailed() {
        test(f.client, DAY.minusDays(10), PatchResult.PASS);
        Booking b = f.booked(olena.book(colourFor(f.client, f.anna, at(10, 0))));
        Booking cancelled = f.booked(olena.changeStatus(new StatusChange(f.tenant, b.id(), b.version(), f.anna,
                app.salondesk.model.booking.BookingStatus.CANCELLED, Source.MENU)));
        test(f.client, DAY.minusDays(2), PatchResult.FAIL);
        BookingOutcome.Invalid revived = invalid(olena.changeStatus(new StatusChange(f.tenant, b.id(), cancelled.version(), f.anna,
                app.salondesk.model.booking.BookingStatus.CONFIRMED, Source.MENU)));
        assertEquals("failed " + DAY.minusDays(2), revived.detail());
    }

    @Test
    void aVisitWithAPartThatNeedsATestIsRefusedWhole() {
        VisitOutcome v = olena.bookVisit(new NewVisit(f.tenant, f.client, List.of(
                new NewVisit.Part(f.anna, colour, at(9, 0), null), new NewVisit.Part(f.bohdan, f.cut, null, null)),
                "", UUID.randomUUID(), Source.FORM));
        VisitOutcome.Invalid refused = assertInstanceOf(VisitOutcome.Invalid.class, v, v.toString());
        assertEquals(InvalidReason.PATCH_TEST_NEEDED, refused.reason());
        assertEquals(0, f.count("SELECT count(*) FROM bookings"), "all or nothing");
        test(f.client, DAY.minusDays(5), PatchResult.PASS);
        assertInstanceOf(VisitOutcome.Booked.class, olena.bookVisit(new NewVisit(f.tenant, f.client, List.of(
                new NewVisit.Part(f.anna, colour, at(9, 0), null), new NewVisit.Part(f.bohdan, f.cut, null, null)),
                "", UUID.randomUUID(), Source.FORM)));
    }

    @Test
    void theWaitlistWorkerBooksNothingForAClientWithoutATestAndSaysWhyThenBooksHer() {
        f.dsl.execute("INSERT INTO waitlist_entries (tenant_id, client_id, service_id, date_from, date_to) VALUES (" + f.tenant + ", "
                + f.client + ", " + colour + ", '" + DAY + "', '" + DAY + "')");
        WaitlistBooker worker = new WaitlistBooker(logins.dsl(olenaLogin));
        WaitlistBooker.Result first = worker.sweep(f.tenant).results().get(0);
        assertEquals(WaitlistBooker.Attempt.PATCH_TEST_NEEDED, first.attempt());
        assertEquals(0, f.count("SELECT count(*) FROM bookings"));
        assertEquals("waiting", f.dsl.resultQuery("SELECT state FROM waitlist_entries").fetchOne(0, String.class));
        test(f.client, DAY.minusDays(5), PatchResult.PASS);
        assertEquals(WaitlistBooker.Attempt.FULFILLED, worker.sweep(f.tenant).results().get(0).attempt());
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE source = 'waitlist' AND service_id = " + colour));
    }

    @Test
    void plainSqlOfAReceptionistIsRefusedByTheDatabaseAndTheSameStatementWorksOnceSheHasATest() throws SQLException {
        String insert = "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES (" + f.tenant + ", "
                + f.anna + ", " + f.client + ", " + colour + ", '" + at(14, 0) + "', 60)";
        SQLException e = assertThrows(SQLException.class, () -> sql(olenaLogin, insert));
        assertEquals("23514", e.getSQLState());
        assertTrue(e.getMessage().contains("needs a patch test") && e.getMessage().contains("last: none"), e.getMessage());
        assertEquals("bookings_patch_test_needed", ((org.postgresql.util.PSQLException) e).getServerErrorMessage().getConstraint());
        // the flag that would pass it is an admin's
        assertEquals("42501", assertThrows(SQLException.class, () -> sql(olenaLogin, insert.replace("duration_min)", "duration_min, patch_test_waived)")
                .replace("60)", "60, true)"))).getSQLState());
        // a booking made another way is not moved onto the service, nor given to a client without a test
        long other = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'No Test') RETURNING id");
        test(f.client, DAY.minusDays(5), PatchResult.PASS);
        sql(olenaLogin, insert);
        long id = f.count("SELECT id FROM bookings WHERE service_id = " + colour);
        assertEquals("23514", assertThrows(SQLException.class, () -> sql(f.dsl, "UPDATE bookings SET client_id = " + other + " WHERE id = " + id))
                .getSQLState(), "not even the owner's plain SQL");
        sql(olenaLogin, "UPDATE bookings SET note = 'roots only' WHERE id = " + id);
    }

    @Test
    void anAdminBooksWithoutATestRecordedOnTheBookingAndAReceptionistMayNot() {
        BookingOutcome.Invalid no = invalid(olena.book(colourFor(f.client, f.anna, at(15, 0)).withPatchTestWaived(true)));
        assertEquals(InvalidReason.NO_PERMISSION, no.reason());
        Booking waived = f.booked(anna.book(colourFor(f.client, f.anna, at(15, 0)).withPatchTestWaived(true)));
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE patch_test_waived AND id = " + waived.id()));
        assertEquals(1, f.count("SELECT count(*) FROM booking_history WHERE booking_id = " + waived.id()
                + " AND operation = 'INSERT' AND (new_row ->> 'patch_test_waived')::boolean AND changed_by = '" + annaLogin + "'"),
                "the history says who booked without the test");
        // the receptionist works with it, even moves it: the booking keeps the admin's waiver
        f.booked(olena.reschedule(new Reschedule(f.tenant, waived.id(), waived.version(), f.anna, f.anna, at(16, 0), 60, Source.DRAG, false)));
        // with a valid test the waiver is not needed, and not used
        test(f.client, DAY.minusDays(5), PatchResult.PASS);
        Booking plain = f.booked(anna.book(colourFor(f.client, f.bohdan, at(15, 0)).withPatchTestWaived(true)));
        assertEquals(0, f.count("SELECT count(*) FROM bookings WHERE patch_test_waived AND id = " + plain.id()));
        assertFalse(new ClientRecordRepository(f.dsl).patchTestState(f.tenant, f.client, 90, at(15, 0)).problem() != null);
    }

    private static void sql(String login, String statement) throws SQLException {
        var s = f.backend.database().settings();
        try (Connection c = DriverManager.getConnection(s.url(), login, StaffLogins.PASSWORD); Statement st = c.createStatement()) {
            st.execute(statement);
        }
    }

    private static void sql(org.jooq.DSLContext dsl, String statement) throws SQLException {
        try {
            dsl.execute(statement);
        } catch (org.jooq.exception.DataAccessException e) {
            throw e.getCause(SQLException.class);
        }
    }
}
