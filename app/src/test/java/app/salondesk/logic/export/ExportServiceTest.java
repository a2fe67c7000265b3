package app.salondesk.logic.export;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingExportRepository;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.model.export.ExportRequest;
import app.salondesk.model.salon.Salon;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.component.VEvent;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.temporal.Temporal;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exports of issue 15, written with real staff logins (row-level security decides what they
 * hold) and read back by their own libraries: CSV by commons-csv, the schedule by ical4j. What the
 * files say equals what the database holds, row by row; another salon's rows never appear.
 */
class ExportServiceTest {

    private static final Messages EN = new Messages(Locale.ENGLISH);
    private static final LocalDate FROM = LocalDate.of(2026, 2, 1);
    private static final LocalDate TO = LocalDate.of(2026, 3, 31);

    private static ClientsFixture fx;
    private static StaffLogins logins;
    private static String receptionist;
    private static String manager;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("export_service");
        logins = new StaffLogins(fx.dsl, fx.backend.database().settings());
        receptionist = logins.add(fx.tenant, "rcp", "receptionist");
        manager = logins.add(fx.tenant, "mgr", "manager");
        fx.dsl.execute("UPDATE bookings SET note = 'bring \"the\" photo, please' WHERE id = " + fx.irynaBookings[0]);
    }

    @AfterAll
    static void close() {
        logins.close();
        fx.close();
    }

    private static ExportService service(DSLContext dsl) {
        return new ExportService(new BookingExportRepository(dsl), new ClientRepository(dsl), fx.salon, EN, ClientsFixture.CLOCK);
    }

    private static List<CSVRecord> csv(String text) throws Exception {
        assertTrue(text.startsWith("\uFEFF") || text.startsWith("id,"), "a header line first");
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        try (CSVParser p = CSVParser.parse(new StringReader(body), CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            return p.getRecords();
        }
    }

    @Test
    void theBookingsFileEqualsTheDatabaseRowsForAReceptionistAndAManager(@TempDir Path dir) throws Exception {
        String expected = fx.dsl.resultQuery("SELECT string_agg(concat_ws('|', b.id, to_char(b.starts_at AT TIME ZONE 'Europe/Kyiv', "
                + "'YYYY-MM-DD\"T\"HH24:MI'), to_char(b.starts_at AT TIME ZONE 'Europe/Kyiv' + make_interval(mins => b.duration_min), "
                + "'YYYY-MM-DD\"T\"HH24:MI'), b.duration_min, m.name, c.name, coalesce('''' || c.phone, ''), coalesce(s.name, ''), "
                + "coalesce(s.price::text, ''), b.status, b.source, b.note), E'\\n' ORDER BY b.starts_at, b.id) "
                + "FROM bookings b JOIN masters m ON m.tenant_id = b.tenant_id AND m.id = b.master_id "
                + "JOIN clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id "
                + "LEFT JOIN services s ON s.tenant_id = b.tenant_id AND s.id = b.service_id "
                + "WHERE b.tenant_id = " + fx.tenant + " AND b.starts_at >= '2026-02-01T00:00+02:00' AND b.starts_at < '2026-04-01T00:00+03:00'")
                .fetchOne(0, String.class);
        for (String login : List.of(receptionist, manager)) {
            Path file = dir.resolve(login + ".csv");
            int rows = service(logins.dsl(login)).save(new ExportRequest.Bookings(FROM, TO), file);
            List<CSVRecord> records = csv(Files.readString(file, StandardCharsets.UTF_8));
            assertEquals(6, rows, "Bloom's six bookings, none of Elsewhere's");
            assertEquals(rows, records.size());
            assertEquals(CsvExports.BOOKING_COLUMNS, List.copyOf(records.get(0).getParser().getHeaderNames()));
            String read = String.join("\n", records.stream().map(r -> String.join("|", r.get("id"), r.get("start"), r.get("end"),
                    r.get("duration_min"), r.get("master"), r.get("client_name"), r.get("client_phone"), r.get("service"), r.get("price"),
                    r.get("status"), r.get("source"), r.get("note"))).toList());
            assertEquals(expected, read, login);
            assertFalse(Files.exists(dir.resolve(login + ".csv.part")), "no half file left beside it");
        }
    }

    @Test
    void theClientsFileHasTheCardsAndTheirVisitsCounted() throws Exception {
        StringWriter out = new StringWriter();
        int rows = service(logins.dsl(receptionist)).write(new ExportRequest.Clients(LocalDate.of(2026, 3, 10)), out);
        List<CSVRecord> records = csv(out.toString());
        assertEquals(fx.dsl.fetchCount(fx.dsl.selectOne().from("clients").where("tenant_id = " + fx.tenant)), rows);
        assertEquals(rows, records.size());
        CSVRecord iryna = records.stream().filter(r -> r.get("id").equals(Long.toString(fx.iryna))).findFirst().orElseThrow();
        assertEquals(List.of("Iryna Savchenko", "'+380671234567", "Prefers morning visits", "5", "1", "2", "1", "2026-02-01T10:00",
                        "2026-03-20T16:00"),
                List.of(iryna.get("name"), iryna.get("phone"), iryna.get("notes"), iryna.get("bookings"), iryna.get("visits"),
                        iryna.get("no_shows"), iryna.get("cancelled"), iryna.get("last_visit"), iryna.get("next_booking")));
        CSVRecord noPhone = records.stream().filter(r -> r.get("id").equals(Long.toString(fx.iryshko))).findFirst().orElseThrow();
        assertEquals(List.of("", "0", ""), List.of(noPhone.get("phone"), noPhone.get("bookings"), noPhone.get("last_visit")));
        assertTrue(records.stream().noneMatch(r -> r.get("name").equals("Iryna Savchuk")), "not the other salon's client");
    }

    @Test
    void aMastersScheduleReadsBackInIcal4jAsTheirBookings() throws Exception {
        StringWriter out = new StringWriter();
        int rows = service(logins.dsl(manager)).write(new ExportRequest.Schedule(fx.olena, "Olena Kovalenko", FROM, TO), out);
        Calendar calendar = new CalendarBuilder().build(new StringReader(out.toString()));
        List<VEvent> events = calendar.getComponents("VEVENT");
        var expected = fx.dsl.resultQuery("SELECT b.starts_at, b.duration_min, coalesce(s.name, 'Custom') || ' · ' || c.name FROM bookings b "
                + "JOIN clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id "
                + "LEFT JOIN services s ON s.tenant_id = b.tenant_id AND s.id = b.service_id WHERE b.tenant_id = " + fx.tenant
                + " AND b.master_id = " + fx.olena + " AND b.status <> 'cancelled' ORDER BY b.starts_at, b.id").fetch();
        assertEquals(3, expected.size(), "Olena's bookings but the cancelled one");
        assertEquals(expected.size(), rows);
        assertEquals(expected.size(), events.size());
        for (int i = 0; i < events.size(); i++) {
            VEvent e = events.get(i);
            Instant start = expected.get(i).get(0, OffsetDateTime.class).toInstant();
            assertEquals(start, instant(e.getStartDate().orElseThrow().getDate()));
            assertEquals(start.plusSeconds(60L * expected.get(i).get(1, Integer.class)), instant(e.getEndDate().orElseThrow().getDate()));
            assertEquals(expected.get(i).get(2, String.class), e.getProperty(Property.SUMMARY).orElseThrow().getValue());
        }
    }

    @Test
    void aLoginOfNoSalonExportsNothingAndTheOnlineRoadIsRefused() {
        // the online road's group may read no client at all
        String web = "web_" + Long.toString(System.nanoTime(), 36);
        fx.dsl.execute("CREATE ROLE " + web + " LOGIN PASSWORD '" + StaffLogins.PASSWORD + "' IN ROLE salondesk_online");
        DataAccessException e = assertThrows(DataAccessException.class,
                () -> service(logins.dsl(web)).write(new ExportRequest.Clients(FROM), new StringWriter()));
        assertEquals("42501", e.sqlState());
    }

    @Test
    void badRangesAreNamed() {
        assertEquals("export.invalid.fromAfterTo", ExportRequest.rangeProblem(TO, FROM).orElseThrow());
        assertEquals("export.invalid.tooLong", ExportRequest.rangeProblem(FROM, FROM.plusYears(4)).orElseThrow());
        assertTrue(ExportRequest.rangeProblem(FROM, FROM).isEmpty());
        assertEquals("schedule-Olena-Kovalenko-2026-02-01-2026-03-31.ics",
                new ExportRequest.Schedule(1, "Olena Kovalenko", FROM, TO).fileName());
    }

    private static Instant instant(Temporal t) {
        if (t instanceof Instant i) {
            return i;
        }
        if (t instanceof OffsetDateTime o) {
            return o.toInstant();
        }
        if (t instanceof java.time.ZonedDateTime z) {
            return z.toInstant();
        }
        throw new AssertionError("not an instant: " + t + " (" + t.getClass() + ")");
    }
}
