package app.salondesk.cli;

import app.salondesk.logic.booking.EngineFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code import clients|services|masters}: files as a salon's spreadsheet saves them (a
 * semicolon and a byte-order mark from Excel in Ukrainian, a tab, a comma), one line per row,
 * a summary, exit code 2 when a row was refused, and nothing doubled by a second import.
 */
class ImportSetupCommandsTest {

    private static EngineFixture f;
    private static SetupCli cli;

    @TempDir
    Path dir;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("cliimport", 2);
        cli = new SetupCli(f.backend.database().settings());
    }

    @AfterAll
    static void close() {
        f.close();
    }

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void clientsFromExcelInUkrainianAreFoundByPhoneOrNameTheSecondTime() throws IOException {
        Path csv = file("clients.csv", "\uFEFFName;Phone;Notes\r\n"
                + "Оксана Петренко;067 444 55 66;алергія на аміак\r\n"
                + "Ірина Дубль;+380 67 444 55 66;той самий телефон\r\n"
                + "Ніна Без Телефону;;\r\n"
                + "Зламаний Номер;12;\r\n"
                + ";0501234567;\r\n"
                + "\"Марія; з крапкою з комою\";0502223344;\"нотатка\nу два рядки\"\r\n"
                + "Iryna;+380671112233;the fixture's client\r\n");
        SetupCli.Run r = cli.owner("import", "clients", csv.toString());
        assertEquals(2, r.exit(), r.toString());
        List<String> lines = r.lines();
        assertTrue(lines.get(0).matches("row 2: added client #\\d+ Оксана Петренко"), r.toString());
        assertTrue(lines.get(1).matches("row 3: exists client #\\d+ Оксана Петренко"), "the same phone written another way: the client the salon knows");
        assertTrue(lines.get(2).matches("row 4: added client #\\d+ Ніна Без Телефону"), r.toString());
        assertEquals("row 5: invalid: this is not a phone number: 12", lines.get(3));
        assertEquals("row 6: invalid: the client's name is missing", lines.get(4));
        assertTrue(lines.get(5).matches("row 7: added client #\\d+ Марія; з крапкою з комою"), r.toString());
        assertEquals("row 8: exists client #" + f.client + " Iryna", lines.get(6), "a line break inside quotes stays in its row, as in the spreadsheet");
        assertEquals("added=3 exists=2 invalid=2", lines.get(7));
        assertEquals("алергія на аміак", f.dsl.resultQuery("SELECT notes FROM clients WHERE phone = '+380674445566'").fetchOne(0, String.class));
        assertEquals("нотатка\nу два рядки", f.dsl.resultQuery("SELECT notes FROM clients WHERE phone = '+380502223344'").fetchOne(0, String.class));

        int clients = f.count("SELECT count(*) FROM clients");
        SetupCli.Run again = cli.owner("import", "clients", csv.toString());
        assertEquals("added=0 exists=5 invalid=2", again.lines().get(7), again.toString());
        assertEquals(clients, f.count("SELECT count(*) FROM clients"), "nothing doubled, not even the client without a phone");
    }

    @Test
    void servicesFromATabSeparatedFileAndAFileWithoutRefusalsExitsZero() throws IOException {
        Path csv = file("services.tsv", "name\tduration_min\tprice\tcategory\n"
                + "Colouring\t120\t1200,50\tHair\n"
                + "cut\t30\t1\t\n"
                + "Brows\tabc\t100\t\n"
                + "Lashes\t90\t\t\n"
                + "Too long " + "x".repeat(10_000) + "\t30\t1\t\n");
        SetupCli.Run r = cli.owner("import", "services", csv.toString());
        assertEquals(2, r.exit(), r.toString());
        assertTrue(r.lines().get(0).matches("row 2: added service #\\d+ Colouring"), r.toString());
        assertEquals("row 3: exists service #" + f.cut + " Cut", r.lines().get(1), "found by name, any case, and left as it is");
        assertEquals("row 4: invalid: this is not a length of 1 to 720 minutes: abc", r.lines().get(2));
        assertEquals("row 5: invalid: price is empty", r.lines().get(3));
        assertEquals("row 6: invalid: a name must be 1 to 200 characters long, not 10009", r.lines().get(4));
        assertEquals("added=1 exists=1 invalid=3", r.lines().get(5));
        assertEquals(1, f.count("SELECT count(*) FROM services WHERE name = 'Colouring' AND price = 1200.50 AND category = 'Hair' AND duration_min = 120"));
        assertEquals(1, f.count("SELECT count(*) FROM services WHERE name = 'Cut' AND price = 500"), "an existing service keeps its price");

        Path good = file("good.csv", "name,duration_min,price\nPedicure,60,\"650,00\"\nColouring,120,1200.50\n");
        SetupCli.Run clean = cli.owner("import", "services", good.toString());
        assertEquals(0, clean.exit(), clean.toString());
        assertEquals("added=1 exists=1 invalid=0", clean.lines().get(2));
    }

    @Test
    void mastersWithTheirServicesAreAddedWholeOrNotAtAll() throws IOException {
        Path csv = file("masters.csv", "name;colour;services\n"
                + "Sofiia Melnyk;#3366CC;Cut, Nails\n"
                + "Anna;;Nails\n"
                + "Ghost Master;;Cut, Nonexistent\n"
                + "Bad Colour;blue;\n"
                + "Plain;;\n");
        SetupCli.Run r = cli.owner("import", "masters", csv.toString());
        assertEquals(2, r.exit(), r.toString());
        assertTrue(r.lines().get(0).matches("row 2: added master #\\d+ Sofiia Melnyk"), r.toString());
        assertEquals("row 3: exists master #" + f.anna + " Anna", r.lines().get(1));
        assertEquals("row 4: invalid: there is no such service: Nonexistent", r.lines().get(2));
        assertEquals("row 5: invalid: this is not a colour: blue (write it like #e91e63)", r.lines().get(3));
        assertTrue(r.lines().get(4).matches("row 6: added master #\\d+ Plain"), r.toString());
        assertEquals("added=2 exists=1 invalid=2", r.lines().get(5));
        assertEquals(2, f.count("SELECT count(*) FROM master_services ms JOIN masters m ON m.id = ms.master_id WHERE m.name = 'Sofiia Melnyk'"));
        assertEquals(0, f.count("SELECT count(*) FROM masters WHERE name IN ('Ghost Master', 'Bad Colour')"));
        assertEquals(1, f.count("SELECT count(*) FROM master_services WHERE master_id = " + f.anna), "an existing master is left as she is");

        SetupCli.Run again = cli.owner("import", "masters", csv.toString());
        assertEquals("added=0 exists=3 invalid=2", again.lines().get(5), again.toString());
        assertEquals(1, f.count("SELECT count(*) FROM masters WHERE name = 'Sofiia Melnyk'"));
    }

    @Test
    void aFileThatIsNotUtf8OrHasNoHeaderIsRefusedAsAWhole() throws IOException {
        Path cp1251 = dir.resolve("cp1251.csv");
        Files.writeString(cp1251, "name;phone\nПетро;0671112299\n", Charset.forName("windows-1251"));
        SetupCli.Run r = cli.owner("import", "clients", cp1251.toString());
        assertEquals(2, r.exit());
        assertEquals("invalid: the file is not UTF-8 text: " + cp1251 + " (in Excel, save it as \"CSV UTF-8\")", r.line());

        SetupCli.Run header = cli.owner("import", "services", file("s.csv", "what;how long\nCut;60\n").toString());
        assertEquals(2, header.exit());
        assertEquals("invalid: the first line must name the columns name,duration_min,price (category may follow)", header.line());
        SetupCli.Run missing = cli.owner("import", "masters", dir.resolve("nope.csv").toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.line().startsWith("invalid: the file cannot be read"), missing.toString());
        assertEquals(0, f.count("SELECT count(*) FROM clients WHERE name = 'Петро'"));
    }
}
