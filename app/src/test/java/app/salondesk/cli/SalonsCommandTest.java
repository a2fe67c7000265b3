package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.runtime.Backend;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code salons add|list|set}: a salon set up without SQL. The owner adds it; its admins
 * change its settings; nobody else does either. Bad input is one line, exit code 2, nothing
 * written.
 */
class SalonsCommandTest {

    private static ConnectionSettings db;
    private static Backend backend;
    private static SetupCli cli;
    private static String s;

    @BeforeAll
    static void emptyDatabase() {
        db = TestPostgres.migratedDatabase("clisalons");
        backend = Backend.connect(db, 2);
        cli = new SetupCli(db);
        s = Long.toString(System.nanoTime(), 36);
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    private static int count(String sql) {
        return backend.dsl().resultQuery(sql).fetchOne(0, Integer.class);
    }

    private static long add(String name) {
        SetupCli.Run r = cli.owner("salons", "add", "--name", name, "--time-zone", "Europe/Kyiv", "--currency", "UAH", "--country", "UA");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.line().matches("salon_id=\\d+"), r.toString());
        return Long.parseLong(r.line().substring("salon_id=".length()));
    }

    @Test
    void theOwnerAddsASalonWithItsSettingsAndListsIt() {
        SetupCli.Run r = cli.owner("salons", "add", "--name", "  Lotus Nails ", "--time-zone", "Europe/Warsaw", "--currency", "pln",
                "--country", "pl", "--address", "Marszałkowska 1", "--phone", "+48 22 123 45 67");
        assertEquals(0, r.exit(), r.toString());
        long id = Long.parseLong(r.line().replace("salon_id=", ""));
        assertEquals(List.of("Lotus Nails", "Europe/Warsaw", "PLN", "PL", "Marszałkowska 1", "+48 22 123 45 67", "false"),
                backend.dsl().resultQuery("SELECT name, time_zone, currency, country, address, phone, is_demo::text FROM tenants WHERE id = " + id)
                        .fetchOne().intoList().stream().map(Object::toString).toList());
        assertTrue(cli.owner("salons", "list").lines().contains(id + "\tLotus Nails\tEurope/Warsaw\tPLN\tPL\t+48 22 123 45 67\tMarszałkowska 1"));

        SetupCli.Run again = cli.owner("salons", "add", "--name", "LOTUS NAILS", "--time-zone", "Europe/Kyiv", "--currency", "UAH", "--country", "UA");
        assertEquals(2, again.exit());
        assertEquals("invalid: there is already a salon called LOTUS NAILS (salon_id=" + id + ")", again.line(), "a script run twice makes one salon");
    }

    @Test
    void badSettingsAreOneLineEachAndNoSalonIsMade() {
        int before = count("SELECT count(*) FROM tenants");
        String[][] cases = {
                {"Kyiv", "UAH", "UA", "Bad", "invalid: this is not a time zone: Kyiv (write an IANA name such as Europe/Kyiv)"},
                {"EET", "UAH", "UA", "Bad", "invalid: this is not a time zone: EET (write an IANA name such as Europe/Kyiv)"},
                {"Europe/Kyiv", "HRN", "UA", "Bad", "invalid: this is not a currency code: HRN (write an ISO 4217 code such as UAH, EUR or PLN)"},
                {"Europe/Kyiv", "UAH", "UKR", "Bad", "invalid: this is not a country code: UKR (write an ISO 3166 code such as UA, PL or DE)"},
                {"Europe/Kyiv", "UAH", "UA", "x".repeat(10_000), "invalid: a name must be 1 to 200 characters long, not 10000"},
                {"Europe/Kyiv", "UAH", "UA", " ", "invalid: a name must be 1 to 200 characters long, not 0"},
        };
        for (String[] c : cases) {
            SetupCli.Run r = cli.owner("salons", "add", "--name", c[3], "--time-zone", c[0], "--currency", c[1], "--country", c[2]);
            assertEquals(2, r.exit(), r.toString());
            assertEquals(c[4], r.line());
        }
        SetupCli.Run address = cli.owner("salons", "add", "--name", "Long address", "--time-zone", "Europe/Kyiv", "--currency", "UAH",
                "--country", "UA", "--address", "a".repeat(301));
        assertEquals("invalid: --address is too long (at most 300 characters)", address.line());
        assertEquals(before, count("SELECT count(*) FROM tenants"));
    }

    @Test
    void settingsChangeWhatIsGivenAndANewZoneListsTheBookingsNowOutsideTheHours() {
        long id = add("Zone salon " + s);
        String t = Long.toString(id);
        assertEquals(0, cli.owner("masters", "add", "--tenant", t, "--name", "Dana").exit());
        assertEquals(0, cli.owner("hours", "set", "--tenant", t, "--master", "Dana", "--weekday", "1-7", "--intervals", "09:00-18:00").exit());
        SetupCli.Run booked = cli.owner("book", "--tenant", t, "--master", "Dana", "--start", "2030-01-07T09:30", "--duration", "60", "--client", "Early Bird");
        assertEquals(0, booked.exit(), booked.toString());

        SetupCli.Run nothing = cli.owner("salons", "set", "--tenant", t);
        assertEquals(2, nothing.exit());
        assertEquals("invalid: say what to change (for example --name)", nothing.line());

        // 09:30 in Kyiv is 07:30 in London: before Dana's 09:00 there
        SetupCli.Run r = cli.owner("salons", "set", "--tenant", t, "--time-zone", "Europe/London", "--phone", "+44 20 7946 0000");
        assertEquals(0, r.exit(), r.toString());
        assertEquals("updated salon " + id + "\tZone salon " + s + "\tEurope/London\tUAH\tUA\t+44 20 7946 0000\t", r.lines().get(0));
        assertTrue(r.lines().get(1).matches("warning: #\\d+ 2030-01-07 07:30-08:30 Early Bird: the master does not work at that time"), r.toString());
        assertEquals("warning: 1 booking with Dana no longer fits the setup; it stays as it is: move or cancel it in the calendar", r.lines().get(2));
        assertEquals("in_the_way=1", r.lines().get(3));
        assertEquals(1, count("SELECT count(*) FROM bookings b JOIN clients c ON c.id = b.client_id AND c.tenant_id = b.tenant_id "
                + "WHERE c.name = 'Early Bird' AND b.status = 'confirmed' AND b.starts_at = '2030-01-07 09:30+02'"), "the booking was not moved");

        SetupCli.Run badZone = cli.owner("salons", "set", "--tenant", t, "--time-zone", "Mars/Olympus");
        assertEquals("invalid: this is not a time zone: Mars/Olympus (write an IANA name such as Europe/Kyiv)", badZone.line());
        assertEquals("Europe/London", backend.dsl().resultQuery("SELECT time_zone FROM tenants WHERE id = " + id).fetchOne(0, String.class));
    }

    @Test
    void withSeveralSalonsTheOwnerNamesOneAndAnAdminChangesOnlyTheirOwn() {
        long mine = add("Admin's salon " + s);
        long other = add("Someone else's " + s);
        SetupCli.Run which = cli.owner("masters", "list");
        assertEquals(2, which.exit());
        assertEquals("invalid: this database holds several salons: say which one with --tenant", which.line());

        new StaffRepository(backend.dsl()).add(mine, "admin_" + s, "Admin", "admin", "admin-password".toCharArray());
        new StaffRepository(backend.dsl()).add(mine, "desk_" + s, "Desk", "receptionist", "desk-password".toCharArray());

        SetupCli.Run own = cli.as("admin_" + s, "admin-password", "salons", "set", "--currency", "EUR");
        assertEquals(0, own.exit(), own.toString());
        assertEquals(List.of(mine + "\tAdmin's salon " + s + "\tEurope/Kyiv\tEUR\tUA\t\t"), cli.as("admin_" + s, "admin-password", "salons", "list").lines(),
                "an admin sees their own salon only");

        SetupCli.Run elsewhere = cli.as("admin_" + s, "admin-password", "salons", "set", "--tenant", Long.toString(other), "--name", "Taken over");
        assertEquals(2, elsewhere.exit());
        assertEquals("invalid: there is no salon " + other, elsewhere.line());

        SetupCli.Run desk = cli.as("desk_" + s, "desk-password", "salons", "set", "--name", "Renamed by the desk");
        assertEquals(2, desk.exit());
        assertEquals("invalid: you don't have permission to do this", desk.line());

        SetupCli.Run addByAdmin = cli.as("admin_" + s, "admin-password", "salons", "add", "--name", "Branch " + s, "--time-zone", "Europe/Kyiv",
                "--currency", "UAH", "--country", "UA");
        assertEquals(2, addByAdmin.exit());
        assertEquals("invalid: you don't have permission to do this", addByAdmin.line(), "only the owner adds salons");
        assertEquals(List.of("Admin's salon " + s, "Someone else's " + s), backend.dsl().resultQuery(
                "SELECT name FROM tenants WHERE id IN (" + mine + ", " + other + ") ORDER BY id").fetch(0, String.class));
    }
}
