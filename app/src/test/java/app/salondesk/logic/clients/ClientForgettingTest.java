package app.salondesk.logic.clients;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.salon.Salon;
import com.fasterxml.jackson.jr.ob.JSON;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client's data on request (issue 15), by a real admin login of the salon: the file holds every
 * row the database holds about the client; forgetting leaves no trace of their name, phone, e-mail
 * or notes in any text or JSON column of any table — the history included — while their bookings'
 * times, masters, services and statuses stay, and the history says who forgot them.
 */
class ClientForgettingTest {

    private static final String NAME = "Zlata Dovzhenko";
    private static final String PHONE = "+380679998877";
    private static final String EMAIL = "zlata.d@example.com";
    /** Every piece of the client's personal data, as the scan looks for it. */
    private static final List<String> TRACES = List.of("Zlata", "Dovzhenko", "679998877", "999 88 77", EMAIL, "Secret-");

    private static EngineFixture f;
    private static StaffLogins logins;
    private static String admin;
    private static long zlata;
    private static long other;
    private static final List<Long> bookings = new ArrayList<>();

    @BeforeAll
    static void salon() {
        f = new EngineFixture("forget_client", 3);
        logins = new StaffLogins(f.dsl, f.backend.database().settings());
        admin = logins.add(f.tenant, "adm", "admin");
        // messages on (issue 33): her bookings get messages, to her own address
        f.dsl.execute("INSERT INTO message_settings (tenant_id, enabled, smtp_host, smtp_from) VALUES (" + f.tenant + ", true, 'mail.test', 'desk@salon.test')");
        zlata = f.id("INSERT INTO clients (tenant_id, name, phone, notes, email, channels, message_consent) VALUES (" + f.tenant + ", '" + NAME + "', '"
                + PHONE + "', 'Secret-allergy; Zlata''s sister calls on 067 999 88 77', '" + EMAIL + "', '{email}', true) RETURNING id");
        other = f.id("INSERT INTO clients (tenant_id, name, phone, notes) VALUES (" + f.tenant + ", 'Olha Keeps', '+380501110000', 'stays') RETURNING id");
        // bookings through the engine (history rows with their notes), a past one, a cancelled one
        bookings.add(book(zlata, at(9, 0), "Secret-birthday of Zlata"));
        bookings.add(book(zlata, at(11, 0), "call 067 999 88 77"));
        bookings.add(book(zlata, at(13, 0), ""));
        bookings.add(book(other, at(15, 0), "Olha's note stays"));
        f.dsl.execute("UPDATE bookings SET status = 'cancelled' WHERE id = " + bookings.get(2));
        // an owner's plain SQL change of a note: the old and the new note in the history's changes
        f.dsl.execute("UPDATE bookings SET note = 'Secret-moved, Zlata Dovzhenko asked' WHERE id = " + bookings.get(0));
        // a waitlist entry that waits, and one that is closed (closed entries otherwise never change)
        f.dsl.execute("INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to, note) VALUES ("
                + f.tenant + ", " + zlata + ", 30, '" + EngineFixture.DAY + "', '" + EngineFixture.DAY + "', 'Secret-mornings for Zlata')");
        long closed = f.id("INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to, note) VALUES ("
                + f.tenant + ", " + zlata + ", 45, '" + EngineFixture.DAY + "', '" + EngineFixture.DAY + "', 'Secret-call 067 999 88 77') RETURNING id");
        f.dsl.execute("UPDATE waitlist_entries SET state = 'removed' WHERE id = " + closed);
        // the online page's e-mail and a private link
        f.dsl.execute("INSERT INTO online_bookings (tenant_id, booking_id, email) VALUES (" + f.tenant + ", " + bookings.get(1) + ", '" + EMAIL + "')");
        f.dsl.execute("INSERT INTO online_tokens (tenant_id, token_hash, booking_id) VALUES (" + f.tenant + ", sha256('zlata-link'), "
                + bookings.get(1) + ")");
        // a message sent to her, one that failed quoting her address, and a private link of a message
        f.dsl.execute("UPDATE messages SET state = 'sent', recipient = '" + EMAIL + "', sent_at = now() WHERE kind = 'confirmation' AND booking_id = "
                + bookings.get(0));
        f.dsl.execute("UPDATE messages SET state = 'failed', recipient = '" + EMAIL + "', reason = '550 " + EMAIL + ": mailbox full' "
                + "WHERE kind = 'confirmation' AND booking_id = " + bookings.get(1));
        f.dsl.execute("INSERT INTO message_tokens (tenant_id, token_hash, booking_id, message_id, expires_at) SELECT tenant_id, sha256('zlata-msg'), "
                + "booking_id, id, now() + interval '1 day' FROM messages WHERE kind = 'confirmation' AND booking_id = " + bookings.get(0));
        // her record (issue 36): an alert, a formula, a patch test, a photo, a signed consent, card fields
        f.dsl.execute("UPDATE clients SET birthday = '1990-05-05', tags = '{Secret-tag}', source = 'Secret-source' WHERE id = " + zlata);
        f.dsl.execute("INSERT INTO client_notes (tenant_id, client_id, body, alert) VALUES (" + f.tenant + ", " + zlata
                + ", 'Secret-allergic, Zlata says', true)");
        f.dsl.execute("INSERT INTO client_formulas (tenant_id, booking_id, product, note) VALUES (" + f.tenant + ", " + bookings.get(0)
                + ", 'Igora', 'Secret-formula of Zlata')");
        f.dsl.execute("INSERT INTO patch_tests (tenant_id, client_id, tested_on, result, note) VALUES (" + f.tenant + ", " + zlata + ", '"
                + EngineFixture.DAY + "', 'pass', 'Secret-skin')");
        long form = f.id("INSERT INTO consent_templates (tenant_id, title_en, body_en) VALUES (" + f.tenant + ", 'Consent', 'I agree') RETURNING id");
        f.dsl.execute("INSERT INTO consent_signatures (tenant_id, client_id, template_id, language, typed_name, agreed) VALUES (" + f.tenant + ", "
                + zlata + ", " + form + ", 'en', '" + NAME + "', true)");
        // a duplicate of her, with a photo (its bytes hold her name) and a sale whose note names her, merged into her
        long twin = f.id("INSERT INTO clients (tenant_id, name, phone, email) VALUES (" + f.tenant + ", 'Zlata Dovzhenko-Twin', '+48679998877', "
                + "'twin." + EMAIL + "') RETURNING id");
        f.dsl.execute("INSERT INTO client_photos (tenant_id, client_id, image, thumbnail, width, height, caption) VALUES (" + f.tenant + ", " + twin
                + ", '\\xffd8ff'::bytea || convert_to('" + NAME + "', 'UTF8'), '\\xffd8ff'::bytea || convert_to('" + NAME + "', 'UTF8'), 1, 1, "
                + "'Secret-before')");
        f.dsl.execute("INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + f.tenant + ", " + twin + ", 'Secret-twin note')");
        sale(twin, 5000, "Secret-gift card for Zlata");
        var merged = new ClientMerges(logins.dsl(admin)).merge(f.tenant, twin, zlata, Source.FORM);
        assertTrue(merged instanceof app.salondesk.model.clients.MergeOutcome.Merged, String.valueOf(merged));
    }

    @AfterAll
    static void close() {
        logins.close();
        f.close();
    }

    private static long book(long client, Instant start, String note) {
        return f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, client, null, f.cut, start, null, note, UUID.randomUUID(),
                Source.FORM, false))).id();
    }

    /** A paid sale of the client (a tip, the simplest line), in one transaction as its sums require. */
    private static long sale(long client, long minor, String note) {
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

    private static ClientDataService service(DSLContext dsl) {
        return new ClientDataService(new ClientDataRepository(dsl), new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE),
                Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC), Source.FORM);
    }

    @Test
    void theClientsFileHoldsEveryRowTheDatabaseHoldsAboutThemThenForgettingLeavesNoTrace(@TempDir Path dir) throws Exception {
        // ---- the file, before: everything -------------------------------------------------------
        Path file = dir.resolve("zlata.json");
        assertEquals(3, service(logins.dsl(admin)).export(zlata, file));
        Map<String, Object> doc = JSON.std.mapFrom(Files.readString(file, StandardCharsets.UTF_8));
        assertEquals(ClientDataService.FORMAT, doc.get("format"));
        @SuppressWarnings("unchecked") Map<String, Object> card = (Map<String, Object>) doc.get("client");
        assertEquals(NAME, card.get("name"));
        assertEquals(PHONE, card.get("phone"));
        assertEquals(f.dsl.resultQuery("SELECT notes FROM clients WHERE id = " + zlata).fetchOne(0, String.class), card.get("notes"));
        List<?> fileBookings = (List<?>) doc.get("bookings");
        assertEquals(bookingRows(), fileBookings.stream().map(b -> ((Map<?, ?>) b).get("id")).map(o -> ((Number) o).longValue())
                .map(id -> f.dsl.resultQuery("SELECT id, starts_at, duration_min, master_id, service_id, status FROM bookings WHERE id = "
                        + id).fetchOne().intoList().toString()).toList());
        assertEquals(EMAIL, ((Map<?, ?>) fileBookings.get(1)).get("online_email"));
        assertEquals(f.count("SELECT count(*) FROM booking_history h JOIN bookings b ON b.tenant_id = h.tenant_id AND b.id = h.booking_id "
                + "WHERE b.client_id = " + zlata), ((List<?>) doc.get("history")).size());
        assertEquals(2, ((List<?>) doc.get("waitlist")).size());
        assertEquals(EMAIL, card.get("email"), "the address messages go to");
        assertTrue(((List<?>) doc.get("messages")).size() >= 2, "and the messages sent to it");
        assertNull(doc.get("forgotten"));
        List<?> sales = (List<?>) doc.get("sales");
        assertEquals(1, sales.size(), "her sale, the twin's that the merge moved");
        assertEquals("Secret-gift card for Zlata", ((Map<?, ?>) sales.get(0)).get("note"));
        assertEquals(1, ((List<?>) ((Map<?, ?>) sales.get(0)).get("payments")).size());
        assertEquals(2, ((List<?>) ((Map<?, ?>) doc.get("record")).get("notes")).size(), "the record too, the twin's note merged in");
        assertTrue(traces().size() > 0, "the scan finds the data before it is forgotten: " + traces());

        // ---- forgetting -----------------------------------------------------------------------
        List<String> before = bookingRows();
        assertEquals(ClientDataService.Forgetting.FORGOTTEN, service(logins.dsl(admin)).forget(zlata));

        assertEquals(List.of(), traces(), "no trace of the client's personal data in any column of any table");
        assertEquals(before, bookingRows(), "the bookings' times, masters, services and statuses stay");
        Record c = f.dsl.resultQuery("SELECT name, phone, notes FROM clients WHERE id = " + zlata).fetchOne();
        assertEquals("Forgotten client #" + zlata, c.get(0));
        assertNull(c.get(1));
        assertEquals("", c.get(2));
        assertEquals(0, f.count("SELECT count(*) FROM online_tokens WHERE booking_id = " + bookings.get(1)), "the private link is gone");
        assertEquals(0, f.count("SELECT count(*) FROM message_tokens WHERE booking_id = " + bookings.get(0)), "the messages' links too");
        assertEquals(0, f.count("SELECT count(*) FROM messages m JOIN bookings b ON b.id = m.booking_id WHERE b.client_id = " + zlata
                + " AND m.state = 'planned'"), "nothing more goes to a forgotten client");
        assertEquals("sent", f.dsl.resultQuery("SELECT state FROM messages WHERE kind = 'confirmation' AND booking_id = " + bookings.get(0))
                .fetchOne(0, String.class), "what was sent stays counted");
        assertEquals(3, f.count("SELECT count(*) FROM booking_history WHERE operation = 'FORGET' AND changed_by = '" + admin
                + "' AND source = 'form' AND booking_id IN (" + bookings.get(0) + ", " + bookings.get(1) + ", " + bookings.get(2) + ")"),
                "one FORGET row per booking, in the admin's name");
        assertEquals(1, f.count("SELECT count(*) FROM forgotten_clients WHERE client_id = " + zlata + " AND forgotten_by = '" + admin
                + "' AND bookings_kept = 3"));
        assertEquals(0, f.count("SELECT count(*) FROM booking_history WHERE operation = 'UPDATE' AND (changes -> 'note') IS NOT NULL AND booking_id IN ("
                + bookings.get(0) + ", " + bookings.get(1) + ")"), "the note clearing wrote no row with the old note");
        assertEquals("removed", f.dsl.resultQuery("SELECT state FROM waitlist_entries WHERE client_id = " + zlata + " AND duration_min = 45")
                .fetchOne(0, String.class), "a closed entry stays closed");

        // the other client keeps everything
        assertEquals(0, f.count("SELECT count(*) FROM client_photos WHERE client_id = " + zlata), "her photos are gone");
        assertEquals("5000|", f.dsl.resultQuery("SELECT total_minor || '|' || note FROM sales WHERE client_id = " + zlata).fetchOne(0, String.class),
                "her sale stays for the takings, its note cleared");
        assertEquals("55000", sqlState("UPDATE sales SET note = 'again' WHERE client_id = " + zlata), "and it stays so");

        assertEquals("Olha Keeps|+380501110000|stays", f.dsl.resultQuery("SELECT name || '|' || phone || '|' || notes FROM clients WHERE id = "
                + other).fetchOne(0, String.class));
        assertEquals("Olha's note stays", f.dsl.resultQuery("SELECT note FROM bookings WHERE id = " + bookings.get(3)).fetchOne(0, String.class));

        // the file afterwards says so; a second forgetting has nothing to do
        Map<String, Object> after = JSON.std.mapFrom(service(logins.dsl(admin)).exportText(zlata));
        assertEquals(admin, ((Map<?, ?>) after.get("forgotten")).get("by"));
        assertEquals(ClientDataService.Forgetting.FORGOTTEN_BEFORE, service(logins.dsl(admin)).forget(zlata));
        assertTrue(service(logins.dsl(admin)).forgotten(zlata));
    }

    /** The client's bookings as statistics see them: when, how long, who, what, in what state. */
    private static List<String> bookingRows() {
        return f.dsl.resultQuery("SELECT id, starts_at, duration_min, master_id, service_id, status FROM bookings WHERE client_id = "
                + zlata + " ORDER BY starts_at, id").fetch().map(r -> r.intoList().toString());
    }

    private static String sqlState(String sql) {
        try {
            f.dsl.execute(sql);
            return "done";
        } catch (org.jooq.exception.DataAccessException e) {
            return e.sqlState();
        }
    }

    /** Every text, varchar, array, JSON and bytea column of every table in the schema that holds a piece of the client's data. */
    private static List<String> traces() {
        List<String> found = new ArrayList<>();
        for (Record col : f.dsl.resultQuery("SELECT table_name, column_name, data_type FROM information_schema.columns c "
                + "JOIN information_schema.tables t USING (table_schema, table_name) WHERE c.table_schema = 'public' "
                + "AND t.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY', 'bytea') "
                + "ORDER BY 1, 2").fetch()) {
            String table = col.get(0, String.class);
            String column = col.get(1, String.class);
            boolean bytes = "bytea".equals(col.get(2, String.class));
            for (String trace : TRACES) {
                int n = f.count("SELECT count(*) FROM public.\"" + table + "\" WHERE " + (bytes
                        ? "position(convert_to('" + trace + "', 'UTF8') IN \"" + column + "\") > 0"
                        : "\"" + column + "\"::text ILIKE '%" + trace + "%'"));
                if (n > 0) {
                    found.add(table + "." + column + " holds '" + trace + "' (" + n + ")");
                }
            }
        }
        return found;
    }
}
