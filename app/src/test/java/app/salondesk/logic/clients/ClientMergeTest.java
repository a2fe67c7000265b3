package app.salondesk.logic.clients;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.DuplicatePair;
import app.salondesk.model.clients.MergeOutcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.DAY;
import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Merging a duplicate into the client she is (issue 36, migration 42), by a real admin's login: everything of
 * the duplicate moves in one transaction and both histories say so; the desk's suggestions find her; and a
 * merge racing bookings of either client — a booking that waits for the merge, one the merge waits for, many
 * at once from other desks — leaves every booking on the survivor and none lost or doubled.
 */
class ClientMergeTest {

    private static EngineFixture f;
    private static StaffLogins logins;
    private static String admin;
    private static ClientMerges merges;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("client_merge", 8);
        logins = new StaffLogins(f.dsl, f.backend.database().settings());
        admin = logins.add(f.tenant, "adm", "admin");
        merges = new ClientMerges(logins.dsl(admin));
    }

    @AfterAll
    static void close() {
        logins.close();
        f.close();
    }

    private static long client(String name, String phone) {
        return f.id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + f.tenant + ", '" + name + "', "
                + (phone == null ? "NULL" : "'" + phone + "'") + ") RETURNING id");
    }

    private static long book(long client, long master, Instant at) {
        return f.booked(f.engine.book(new NewBooking(f.tenant, master, client, null, f.cut, at, null, "", UUID.randomUUID(), Source.FORM, false))).id();
    }

    /** A paid sale of the client (a tip, the simplest line), in one transaction as its sums require. */
    static long sale(long client, long minor, String note) {
        return f.dsl.transactionResult(cfg -> {
            var tx = org.jooq.impl.DSL.using(cfg);
            long id = tx.resultQuery("INSERT INTO sales (tenant_id, client_id, total_minor, note) VALUES (" + f.tenant + ", " + client + ", " + minor
                    + ", '" + note + "') RETURNING id").fetchOne(0, Long.class);
            tx.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, master_id, unit_price_minor, amount_minor) VALUES (" + f.tenant
                    + ", " + id + ", 1, 'tip', " + f.anna + ", " + minor + ", " + minor + ")");
            tx.execute("INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (" + f.tenant + ", " + id
                    + ", 1, 'card', " + minor + ")");
            return id;
        });
    }

    @Test
    void everythingOfTheDuplicateMovesInOneTransactionAndBothHistoriesSaySo() {
        long keep = client("Oksana Melnyk", "+380501112200");
        long dup = client("Oksana Melnik", null);
        f.dsl.execute("UPDATE clients SET email = 'oksana@example.com', birthday = '1991-04-02', tags = '{VIP,student}', source = 'Instagram', "
                + "notes = 'from the old card', channels = '{email}', message_consent = true WHERE id = " + dup);
        // messages on (issue 33): the duplicate's bookings get theirs, which must follow them
        f.dsl.execute("INSERT INTO message_settings (tenant_id, enabled, smtp_host, smtp_from) VALUES (" + f.tenant
                + ", true, 'mail.test', 'desk@salon.test') ON CONFLICT DO NOTHING");
        f.dsl.execute("UPDATE clients SET tags = '{vip}', notes = 'regular' WHERE id = " + keep);
        long b1 = book(dup, f.anna, at(9, 0));
        long b2 = book(keep, f.bohdan, at(9, 0));
        var visit = f.engine.bookVisit(new NewVisit(f.tenant, dup, List.of(new NewVisit.Part(f.anna, f.cut, at(12, 0), null),
                new NewVisit.Part(f.bohdan, f.cut, null, null)), "", UUID.randomUUID(), Source.FORM));
        assertInstanceOf(app.salondesk.model.booking.VisitOutcome.Booked.class, visit);
        f.dsl.execute("INSERT INTO client_notes (tenant_id, client_id, body, alert) VALUES (" + f.tenant + ", " + dup + ", 'Allergic to ammonia', true)");
        f.dsl.execute("INSERT INTO client_formulas (tenant_id, booking_id, product) VALUES (" + f.tenant + ", " + b1 + ", 'Igora')");
        f.dsl.execute("INSERT INTO patch_tests (tenant_id, client_id, tested_on, result) VALUES (" + f.tenant + ", " + dup + ", '" + DAY + "', 'pass')");
        f.dsl.execute("INSERT INTO client_photos (tenant_id, client_id, booking_id, image, thumbnail, width, height) VALUES (" + f.tenant + ", "
                + dup + ", " + b1 + ", '\\xffd8ff00'::bytea, '\\xffd8ff00'::bytea, 1, 1)");
        long form = f.id("INSERT INTO consent_templates (tenant_id, title_en, body_en) VALUES (" + f.tenant + ", 'Consent', 'I agree') RETURNING id");
        f.dsl.execute("INSERT INTO consent_signatures (tenant_id, client_id, template_id, language, typed_name, agreed) VALUES (" + f.tenant + ", "
                + dup + ", " + form + ", 'en', 'Oksana', true)");
        f.dsl.execute("INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to) VALUES (" + f.tenant + ", " + dup
                + ", 30, '" + DAY + "', '" + DAY + "')");
        long closed = f.id("INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to) VALUES (" + f.tenant + ", " + dup
                + ", 30, '" + DAY + "', '" + DAY + "') RETURNING id");
        f.dsl.execute("UPDATE waitlist_entries SET state = 'removed' WHERE id = " + closed);
        int dupBookings = f.count("SELECT count(*) FROM bookings WHERE client_id = " + dup);
        // her messages (keyed by booking) and a sale of hers (issue 34), whose money rows otherwise never change
        int dupMessages = f.count("SELECT count(*) FROM messages m JOIN bookings b ON b.tenant_id = m.tenant_id AND b.id = m.booking_id "
                + "WHERE b.client_id = " + dup);
        assertTrue(dupMessages > 0, "her bookings planned messages");
        String dupIds = f.dsl.resultQuery("SELECT string_agg(id::text, ',') FROM bookings WHERE client_id = " + dup).fetchOne(0, String.class);
        long sale = sale(dup, 5000, "paid by her sister");
        String saleBefore = f.dsl.resultQuery("SELECT (to_jsonb(s) - 'client_id')::text FROM sales s WHERE id = " + sale).fetchOne(0, String.class);

        MergeOutcome.Merged merged = assertInstanceOf(MergeOutcome.Merged.class, merges.merge(f.tenant, dup, keep, Source.FORM));
        assertEquals(dupBookings, merged.moved().get("bookings"));
        assertEquals(1, merged.moved().get("visits"));
        assertEquals(2, merged.moved().get("waitlist"));
        assertEquals(dupMessages, merged.moved().get("messages"));
        assertEquals(1, merged.moved().get("sales"));
        for (String table : List.of("bookings", "visits", "waitlist_entries", "client_notes", "client_formulas", "patch_tests", "client_photos",
                "consent_signatures", "sales")) {
            assertEquals(0, f.count("SELECT count(*) FROM " + table + " WHERE client_id = " + dup), table + " left on the duplicate");
        }
        // whatever table a later migration keys by client: nothing of hers stays but her empty card and where she went
        for (var col : f.dsl.resultQuery("SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t "
                + "USING (table_schema, table_name) WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.column_name = 'client_id' "
                + "AND c.table_name NOT IN ('client_history', 'forgotten_clients')").fetch()) {
            assertEquals(0, f.count("SELECT count(*) FROM public.\"" + col.get(0, String.class) + "\" WHERE client_id = " + dup),
                    col.get(0, String.class) + " left on the duplicate");
        }
        assertEquals(dupMessages, f.count("SELECT count(*) FROM messages m JOIN bookings b ON b.tenant_id = m.tenant_id AND b.id = m.booking_id "
                + "WHERE b.client_id = " + keep + " AND b.id IN (" + dupIds + ")"), "her messages followed her bookings");
        assertEquals(keep + "|" + saleBefore, f.dsl.resultQuery("SELECT client_id || '|' || (to_jsonb(s) - 'client_id')::text FROM sales s WHERE id = "
                + sale).fetchOne(0, String.class), "the sale moved, and nothing else of it changed");
        assertEquals(dupBookings + 1, f.count("SELECT count(*) FROM bookings WHERE client_id = " + keep));
        assertEquals("removed", f.dsl.resultQuery("SELECT state FROM waitlist_entries WHERE id = " + closed).fetchOne(0, String.class),
                "a closed entry moves, and stays closed");
        // the survivor's card: hers, and what she lacked
        var card = f.dsl.resultQuery("SELECT phone, email, birthday::text, array_to_string(tags, ','), source, notes FROM clients WHERE id = " + keep)
                .fetchOne();
        assertEquals("+380501112200|oksana@example.com|1991-04-02|vip,student|Instagram|regular\nfrom the old card",
                card.intoList().stream().map(String::valueOf).reduce((a, b) -> a + "|" + b).orElseThrow());
        // the duplicate: an empty row pointing at her
        assertEquals("Merged client #" + dup + "|" + keep, f.dsl.resultQuery("SELECT name || '|' || merged_into FROM clients WHERE id = " + dup)
                .fetchOne(0, String.class));
        assertTrue(new ClientRepository(f.dsl).search(f.tenant, "UA", "Oksana", 10).stream().noneMatch(c -> c.id() == dup));
        // both histories, in the admin's name; each moved booking's own history too
        assertEquals("MERGE|" + admin + "|form", f.dsl.resultQuery("SELECT operation || '|' || changed_by || '|' || source FROM client_history "
                + "WHERE client_id = " + dup).fetchOne(0, String.class), "the duplicate's history: where she went");
        String survivors = f.dsl.resultQuery("SELECT changes::text FROM client_history WHERE client_id = " + keep + " AND operation = 'MERGE'")
                .fetchOne(0, String.class);
        assertTrue(survivors.contains("Oksana Melnik") && survivors.contains("\"from\": " + dup), survivors);
        assertTrue(f.count("SELECT count(*) FROM client_history WHERE client_id = " + keep + " AND kind = 'note'") >= 1,
                "the duplicate's history moved with her");
        assertEquals(dupBookings, f.count("SELECT count(*) FROM booking_history WHERE operation = 'UPDATE' AND changed_by = '" + admin
                + "' AND (changes -> 'client_id') IS NOT NULL AND booking_id IN (SELECT id FROM bookings WHERE client_id = " + keep + ")"));
        // the moved test does for a colour she books now
        long colour = f.id("INSERT INTO services (tenant_id, name, duration_min, patch_test_days) VALUES (" + f.tenant + ", 'Colour M', 60, 30) RETURNING id");
        f.dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + f.tenant + ", " + f.bohdan + ", " + colour + ")");
        f.booked(f.engine.book(new NewBooking(f.tenant, f.bohdan, keep, null, colour, at(16, 0), null, "", UUID.randomUUID(), Source.FORM, false)));
        // refusals change nothing
        assertEquals(MergeOutcome.Why.ALREADY_MERGED, assertInstanceOf(MergeOutcome.Refused.class, merges.merge(f.tenant, dup, keep, Source.FORM)).why());
        assertEquals(MergeOutcome.Why.SAME_CLIENT, assertInstanceOf(MergeOutcome.Refused.class, merges.merge(f.tenant, keep, keep, Source.FORM)).why());
        assertEquals(MergeOutcome.Why.UNKNOWN_CLIENT, assertInstanceOf(MergeOutcome.Refused.class,
                merges.merge(f.tenant, 99_999_999L, keep, Source.FORM)).why());
        String receptionist = logins.add(f.tenant, "rec", "receptionist");
        assertEquals(MergeOutcome.Why.NO_PERMISSION, assertInstanceOf(MergeOutcome.Refused.class,
                new ClientMerges(logins.dsl(receptionist)).merge(f.tenant, b2, keep, Source.FORM)).why());
    }

    @Test
    void theDeskSuggestsLikelyDuplicates() {
        long a = client("Dana Dup", "+380671230001");
        long b = client("Dana Other", "+48671230001");
        long c = client("Lesia Twin", null);
        long d = client("lesia twin", "+380671230002");
        long e = client("Bo Birth", "+380671230003");
        long g = client("Bo Birth", "+380671230004");
        f.dsl.execute("UPDATE clients SET birthday = '1990-01-01' WHERE id IN (" + e + ", " + g + ")");
        List<DuplicatePair> pairs = merges.duplicates(f.tenant, 100);
        assertTrue(pairs.stream().anyMatch(p -> p.first().id() == a && p.second().id() == b && p.reason() == DuplicatePair.Reason.PHONE), pairs.toString());
        assertTrue(pairs.stream().anyMatch(p -> p.first().id() == c && p.second().id() == d && p.reason() == DuplicatePair.Reason.NAME_WITHOUT_PHONE));
        assertTrue(pairs.stream().anyMatch(p -> p.first().id() == e && p.second().id() == g && p.reason() == DuplicatePair.Reason.NAME_AND_BIRTHDAY));
        assertInstanceOf(MergeOutcome.Merged.class, merges.merge(f.tenant, b, a, Source.FORM));
        assertFalse(merges.duplicates(f.tenant, 100).stream().anyMatch(p -> p.first().id() == a || p.second().id() == b), "merged: no more");
    }

    /**
     * The merge holds both clients (FOR UPDATE) in an open transaction; a booking of the duplicate made at
     * another desk meanwhile waits, then lands on the survivor; so does one of the survivor.
     */
    @Test
    void aBookingOfEitherClientThatWaitsForTheMergeLandsOnTheSurvivor() throws Exception {
        long keep = client("Race Keep", "+380661110001");
        long dup = client("Race Dup", "+380661110002");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Connection merging = DriverManager.getConnection(f.backend.database().settings().url(), admin, StaffLogins.PASSWORD)) {
            merging.setAutoCommit(false);
            try (Statement st = merging.createStatement()) {
                st.execute("SELECT salondesk_merge_clients(" + f.tenant + ", " + dup + ", " + keep + ")");
            }
            Future<BookingOutcome> ofDup = pool.submit(() -> f.engine.book(new NewBooking(f.tenant, f.anna, dup, null, null, at(17, 0), 30, "",
                    UUID.randomUUID(), Source.FORM, false)));
            Future<BookingOutcome> ofKeep = pool.submit(() -> f.engine.book(new NewBooking(f.tenant, f.bohdan, keep, null, null, at(17, 0), 30, "",
                    UUID.randomUUID(), Source.FORM, false)));
            Thread.sleep(1000);
            assertFalse(ofDup.isDone() || ofKeep.isDone(), "both wait for the merge");
            merging.commit();
            Booking a = f.booked(ofDup.get(10, TimeUnit.SECONDS));
            Booking b = f.booked(ofKeep.get(10, TimeUnit.SECONDS));
            assertEquals(keep, clientOf(a.id()), "the duplicate's booking landed on the survivor");
            assertEquals(keep, clientOf(b.id()));
        } finally {
            pool.shutdownNow();
        }
        assertEquals(0, f.count("SELECT count(*) FROM bookings WHERE client_id = " + dup));
    }

    /** A booking of the duplicate in flight (not committed) holds her row; the merge waits for it, then moves it. */
    @Test
    void aMergeThatWaitsForABookingOfTheDuplicateMovesIt() throws Exception {
        long keep = client("Wait Keep", "+380661110003");
        long dup = client("Wait Dup", "+380661110004");
        try (Connection booking = DriverManager.getConnection(f.backend.database().settings().url(), admin, StaffLogins.PASSWORD)) {
            booking.setAutoCommit(false);
            long id;
            try (Statement st = booking.createStatement()) {
                st.execute(BookingEngine.lockStatement(f.tenant, f.vira));
                var rs = st.executeQuery("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES (" + f.tenant + ", "
                        + f.vira + ", " + dup + ", '" + at(11, 0) + "', 30) RETURNING id");
                rs.next();
                id = rs.getLong(1);
            }
            CompletableFuture<MergeOutcome> merge = CompletableFuture.supplyAsync(() -> merges.merge(f.tenant, dup, keep, Source.FORM));
            Thread.sleep(1000);
            assertFalse(merge.isDone(), "the merge waits for the booking in flight");
            booking.commit();
            assertInstanceOf(MergeOutcome.Merged.class, merge.get(10, TimeUnit.SECONDS));
            assertEquals(keep, clientOf(id));
        }
    }

    /** Many desks booking either client while the merge runs: afterwards every booking is the survivor's, each once. */
    @Test
    void aMergeAmongManyBookingsOfBothClientsLosesAndDoublesNothing() throws Exception {
        long keep = client("Busy Keep", "+380661110005");
        long dup = client("Busy Dup", "+380661110006");
        LocalTimes slots = new LocalTimes();
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(6);
        List<Future<BookingOutcome>> bookings = new ArrayList<>();
        try {
            for (int i = 0; i < 16; i++) {
                long who = i % 2 == 0 ? dup : keep;
                long master = i % 2 == 0 ? f.anna : f.bohdan;
                Instant at = slots.next(i / 2);
                bookings.add(pool.submit(() -> {
                    go.await();
                    return f.engine.book(new NewBooking(f.tenant, master, who, null, null, at, 15, "", UUID.randomUUID(), Source.FORM, false));
                }));
            }
            Future<MergeOutcome> merge = pool.submit(() -> {
                go.await();
                Thread.sleep(20);
                return merges.merge(f.tenant, dup, keep, Source.FORM);
            });
            go.countDown();
            assertInstanceOf(MergeOutcome.Merged.class, merge.get(30, TimeUnit.SECONDS));
            for (Future<BookingOutcome> b : bookings) {
                f.booked(b.get(30, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(0, f.count("SELECT count(*) FROM bookings WHERE client_id = " + dup), "none on the duplicate");
        assertEquals(16, f.count("SELECT count(*) FROM bookings WHERE client_id = " + keep + " AND duration_min = 15"), "none lost, none doubled");
        assertEquals(0, f.overlappingPairs());
    }

    /** Distinct quarter-hours on the fixture's day after 18:00. */
    private static final class LocalTimes {
        Instant next(int i) {
            return at(18, 0).plusSeconds(900L * i);
        }
    }

    private static long clientOf(long booking) {
        return f.count("SELECT client_id FROM bookings WHERE id = " + booking);
    }
}
