package app.salondesk.cli;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code masters …} and {@code services …} on the fixture's salon (Anna, Bohdan and Vira; Cut
 * and Nails), as its admin: one line per outcome, refusals one line with exit code 2, and a
 * master with services written whole or not at all.
 */
class MastersServicesCommandTest {

    private static EngineFixture f;
    private static SetupCli cli;
    private static String s;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("climasters", 2);
        cli = new SetupCli(f.backend.database().settings());
        s = Long.toString(System.nanoTime(), 36);
        new StaffRepository(f.dsl).add(f.tenant, "admin_" + s, "Admin", "admin", "admin-password".toCharArray());
        new StaffRepository(f.dsl).add(f.tenant, "desk_" + s, "Desk", "receptionist", "desk-password".toCharArray());
    }

    @AfterAll
    static void close() {
        f.close();
    }

    private static SetupCli.Run admin(String... args) {
        return cli.as("admin_" + s, "admin-password", args);
    }

    private static long idOf(SetupCli.Run r, String key) {
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.line().matches(key + "=\\d+"), r.toString());
        return Long.parseLong(r.line().substring(key.length() + 1));
    }

    private static void refused(SetupCli.Run r, String line) {
        assertEquals(2, r.exit(), r.toString());
        assertEquals("invalid: " + line, r.line());
    }

    @Test
    void aServiceOfPhasesIsAddedWithItsCleanupAndLastsTheirSum() {
        long id = idOf(admin("services", "add", "--name", "Balayage " + s, "--phases", "busy:30,processing:40,busy:30", "--cleanup", "10",
                "--price", "1500"), "service_id");
        assertEquals("100 {30,-40,30} 10", f.dsl.resultQuery("SELECT duration_min || ' ' || phases::text || ' ' || cleanup_min FROM services "
                + "WHERE id = " + id).fetchOne(0, String.class));
        refused(admin("services", "add", "--name", "Bad " + s, "--phases", "busy:30,waiting:10", "--price", "1"),
                "these are not phases such as busy:30,processing:40,busy:30 (1 to 20 of them, 720 minutes at most in all): busy:30,waiting:10");
        refused(admin("services", "add", "--name", "Bad " + s, "--phases", "busy:30,processing:40", "--duration", "60", "--price", "1"),
                "the phases busy:30,processing:40 last 70 minutes, not 60: give one or the other");
        refused(admin("services", "add", "--name", "Bad " + s, "--duration", "60", "--cleanup", "121", "--price", "1"),
                "this is not a cleanup of 0 to 120 minutes: 121");
        assertEquals(0, f.count("SELECT count(*) FROM services WHERE name = 'Bad " + s + "'"), "a refused service is not half-written");
        SetupCli.Run set = admin("services", "set", "--service", Long.toString(id), "--phases", "busy:20,processing:30,busy:20");
        assertEquals(0, set.exit(), set.toString());
        SetupCli.Run list = admin("services", "list");
        assertTrue(list.out().contains(id + "\tBalayage " + s + "\t\t70 min\t1500.00\tactive\tbusy:20,processing:30,busy:20\tcleanup:10"),
                list.toString());
    }

    @Test
    void aMasterHasHerOwnPhasesAndCleanupOfAService() {
        long id = idOf(admin("services", "add", "--name", "Toning " + s, "--phases", "busy:30,processing:40,busy:30", "--price", "900"),
                "service_id");
        SetupCli.Run r = admin("masters", "services", "--master", "Anna", "--add", "Toning " + s, "--phases", "busy:20,processing:50,busy:20",
                "--cleanup", "5");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains(id + "\tToning " + s + "\t90 min\t900.00\town\tbusy:20,processing:50,busy:20\tcleanup:5"), r.toString());
        assertEquals("90 {20,-50,20} 5", f.dsl.resultQuery("SELECT duration_min || ' ' || phases::text || ' ' || cleanup_min FROM master_services "
                + "WHERE master_id = " + f.anna + " AND service_id = " + id).fetchOne(0, String.class));
        refused(admin("masters", "services", "--master", "Anna", "--phases", "busy:20"), "--duration and --price go with --add: they are the master's own length and price of the services added");
    }

    @Test
    void aMastersOwnPhasesAndCleanupAreGivenBackToTheServices() {
        long id = idOf(admin("services", "add", "--name", "Gloss " + s, "--phases", "busy:30,processing:40,busy:30", "--cleanup", "10",
                "--price", "900"), "service_id");
        String shape = "SELECT coalesce(duration_min::text, '-') || ' ' || coalesce(phases::text, '-') || ' ' || coalesce(cleanup_min::text, '-') "
                + "FROM master_services WHERE master_id = " + f.anna + " AND service_id = " + id;
        assertEquals(0, admin("masters", "services", "--master", "Anna", "--add", "Gloss " + s, "--phases", "busy:20,processing:50,busy:20",
                "--cleanup", "5").exit());
        assertEquals("90 {20,-50,20} 5", f.dsl.resultQuery(shape).fetchOne(0, String.class));

        // her cleanup the service's again, her phases kept
        SetupCli.Run cleanup = admin("masters", "services", "--master", "Anna", "--add", "Gloss " + s, "--duration", "90", "--cleanup", "service");
        assertEquals(0, cleanup.exit(), cleanup.toString());
        assertTrue(cleanup.lines().contains(id + "	Gloss " + s + "	90 min	900.00	own	busy:20,processing:50,busy:20"), cleanup.toString());
        assertEquals("90 {20,-50,20} -", f.dsl.resultQuery(shape).fetchOne(0, String.class));

        // her phases the service's again (issue 31: neither the screen nor the command line could): her own dropped, her length the service's
        SetupCli.Run back = admin("masters", "services", "--master", "Anna", "--add", "Gloss " + s, "--phases", "Service");
        assertEquals(0, back.exit(), back.toString());
        assertTrue(back.lines().contains(id + "	Gloss " + s + "	100 min	900.00	default"), back.toString());
        assertEquals("- - -", f.dsl.resultQuery(shape).fetchOne(0, String.class));
        assertEquals("{30,-40,30} 10", f.dsl.resultQuery("SELECT phases::text || ' ' || cleanup_min FROM booking_shape(" + f.tenant + ", "
                + f.anna + ", " + id + ", NULL)").fetchOne(0, String.class), "a booking with her takes the service's shape");
        refused(admin("masters", "services", "--master", "Anna", "--add", "Gloss " + s, "--phases", "services"),
                "these are not phases such as busy:30,processing:40,busy:30 (1 to 20 of them, 720 minutes at most in all): services");
    }

    @Test
    void roomsAndEquipmentAreAddedAndAServiceNeedsThem() {
        long chair = idOf(admin("resources", "add", "--name", "Chair " + s), "resource_id");
        long stations = idOf(admin("resources", "add", "--name", "Stations " + s, "--capacity", "2"), "resource_id");
        refused(admin("resources", "add", "--name", "CHAIR " + s), "there is already a resource called CHAIR " + s);
        refused(admin("resources", "add", "--name", "Big " + s, "--capacity", "51"), "this is not a number of 1 to 50: 51");
        SetupCli.Run need = admin("resources", "need", "--service", "Nails", "--resource", "Chair " + s);
        assertEquals(0, need.exit(), need.toString());
        refused(admin("resources", "need", "--service", "Nails", "--resource", "Laser " + s), "there is no room or equipment Laser " + s);
        SetupCli.Run list = admin("resources", "list");
        assertTrue(list.out().contains(chair + "\tChair " + s + "\t1\tNails"), list.toString());
        assertTrue(list.out().contains(stations + "\tStations " + s + "\t2\t"), list.toString());
        // a receptionist may not
        SetupCli.Run desk = cli.as("desk_" + s, "desk-password", "resources", "add", "--name", "Sneaky " + s);
        assertTrue(desk.exit() != 0, desk.toString());
        assertEquals(0, admin("resources", "need", "--service", "Nails", "--resource", Long.toString(chair), "--remove").exit());
        assertEquals(0, f.count("SELECT count(*) FROM service_resources WHERE resource_id = " + chair));
    }

    @Test
    void aRoomIsRenamedRecountedAndSwitchedOffButNeverUnderItsFutureBookings() {
        long basins = idOf(admin("resources", "add", "--name", "Basins " + s, "--capacity", "2"), "resource_id");
        long rinse = f.phasedService("Rinse " + s, "{30}", 0, f.anna, f.bohdan);
        assertEquals(0, admin("resources", "need", "--service", "Rinse " + s, "--resource", "Basins " + s).exit());
        f.booked(f.engine.book(f.serviceWith(f.anna, rinse, at(10, 0))));
        f.booked(f.engine.book(f.serviceWith(f.bohdan, rinse, at(10, 15))));
        SetupCli.Run renamed = admin("resources", "change", "--resource", Long.toString(basins), "--name", "Sinks " + s);
        assertEquals(0, renamed.exit(), renamed.toString());
        assertEquals("resource #" + basins + " Sinks " + s + "\t2\ton", renamed.line());
        refused(admin("resources", "change", "--resource", "Sinks " + s, "--capacity", "1"),
                "Sinks " + s + " cannot go down to 1: then one future booking would have none of it. Move or cancel it first.");
        refused(admin("resources", "change", "--resource", "Sinks " + s, "--off"),
                "Sinks " + s + " cannot be switched off: 2 future bookings hold it. Move or cancel them first.");
        refused(admin("resources", "change", "--resource", "Sinks " + s, "--on", "--off"), "--on and --off go one at a time");
        assertEquals("Sinks " + s + "/2/true", f.dsl.resultQuery("SELECT name || '/' || capacity || '/' || active FROM resources WHERE id = "
                + basins).fetchOne(0, String.class));
        // the rinses cancelled, the sinks may go
        f.dsl.execute("UPDATE bookings SET status = 'cancelled' WHERE service_id = " + rinse);
        SetupCli.Run off = admin("resources", "change", "--resource", "Sinks " + s, "--capacity", "1", "--off");
        assertEquals("resource #" + basins + " Sinks " + s + "\t1\toff", off.line(), off.toString());
        assertTrue(admin("resources", "list").out().contains(basins + "\tSinks " + s + "\t1\tRinse " + s + "\toff"));
        // a receptionist may not
        assertTrue(cli.as("desk_" + s, "desk-password", "resources", "change", "--resource", "Sinks " + s, "--on").exit() != 0);
    }

    @Test
    void aServiceIsAddedChangedAndTakenOffThePriceList() {
        long id = idOf(admin("services", "add", "--name", "Colour " + s, "--duration", "120", "--price", "1200,50", "--category", "Hair"), "service_id");
        refused(admin("services", "add", "--name", "COLOUR " + s, "--duration", "60", "--price", "1"),
                "there is already a service called Colour " + s + " (service_id=" + id + ")");
        refused(admin("services", "add", "--name", "Brows " + s, "--duration", "0", "--price", "1"), "this is not a length of 1 to 720 minutes: 0");
        refused(admin("services", "add", "--name", "Brows " + s, "--duration", "30", "--price", "-1"),
                "this is not a price: -1 (write it like 450 or 450.50)");
        refused(admin("services", "add", "--name", "y".repeat(10_000), "--duration", "30", "--price", "1"),
                "a name must be 1 to 200 characters long, not 10000");
        assertEquals(0, f.count("SELECT count(*) FROM services WHERE name LIKE 'Brows%' OR length(name) > 200"));

        SetupCli.Run set = admin("services", "set", "--service", Long.toString(id), "--price", "1300", "--category", "Colour");
        assertEquals(0, set.exit(), set.toString());
        assertEquals("updated service " + id + "\tColour " + s + "\tColour\t120 min\t1300.00\tactive", set.line());
        refused(admin("services", "set", "--service", "Colour " + s, "--name", "Cut"), "there is already a service called Cut (service_id=" + f.cut + ")");
        refused(admin("services", "set", "--service", "Ghost"), "there is no such service: Ghost");

        assertEquals("deactivated service #" + id + " Colour " + s, admin("services", "deactivate", "--service", "colour " + s).line());
        assertTrue(admin("services", "list").lines().contains(id + "\tColour " + s + "\tColour\t120 min\t1300.00\tinactive"));
        assertEquals("activated service #" + id + " Colour " + s, admin("services", "activate", "--service", Long.toString(id)).line());
    }

    @Test
    void aMasterAndTheirServicesAreAddedTogetherOrNotAtAll() {
        long id = idOf(admin("masters", "add", "--name", "Lina " + s, "--colour", "#00AA88", "--services", "Cut, nails"), "master_id");
        assertEquals(2, f.count("SELECT count(*) FROM master_services WHERE master_id = " + id));
        assertTrue(admin("masters", "list").lines().contains(id + "\tLina " + s + "\t#00aa88\tactive\tCut, Nails"));

        refused(admin("masters", "add", "--name", "Maria " + s, "--services", "Cut,Ghost"), "there is no such service: Ghost");
        refused(admin("masters", "add", "--name", "LINA " + s), "there is already a master called Lina " + s + " (master_id=" + id + ")");
        refused(admin("masters", "add", "--name", "Maria " + s, "--colour", "purple"), "this is not a colour: purple (write it like #e91e63)");
        refused(admin("masters", "add", "--name", "m".repeat(10_000)), "a name must be 1 to 200 characters long, not 10000");

        // the database refuses the second service after the master and the first were written:
        // the transaction takes all three back
        f.dsl.execute("CREATE FUNCTION refuse_nails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "IF NEW.service_id = " + f.nails + " THEN RAISE EXCEPTION 'no nails today' USING ERRCODE = '23514'; END IF; RETURN NEW; END $$");
        f.dsl.execute("CREATE TRIGGER refuse_nails BEFORE INSERT ON master_services FOR EACH ROW EXECUTE FUNCTION refuse_nails()");
        try {
            refused(admin("masters", "add", "--name", "Maria " + s, "--services", "Cut,Nails"),
                    "the database refused a value: an end before its start, a text too long or a number out of range");
        } finally {
            f.dsl.execute("DROP TRIGGER refuse_nails ON master_services");
            f.dsl.execute("DROP FUNCTION refuse_nails()");
        }
        assertEquals(0, f.count("SELECT count(*) FROM masters WHERE name LIKE 'Maria%' OR length(name) > 200"), "nothing half-written");
    }

    @Test
    void aMasterIsRenamedRecolouredAndGivenTheirOwnLengthAndPrice() {
        long id = idOf(admin("masters", "add", "--name", "Olha " + s), "master_id");
        assertEquals("updated master #" + id + " Olha K. " + s + " #123456",
                admin("masters", "set", "--master", "olha " + s, "--name", "Olha K. " + s, "--colour", "#123456").line());
        refused(admin("masters", "set", "--master", Long.toString(id), "--name", "anna"), "there is already a master called Anna (master_id=" + f.anna + ")");
        refused(admin("masters", "set", "--master", "Nobody"), "there is no such master: Nobody");
        refused(admin("masters", "set", "--master", Long.toString(id)), "say what to change (for example --name)");

        SetupCli.Run own = admin("masters", "services", "--master", Long.toString(id), "--add", "Cut,Nails", "--duration", "45", "--price", "800");
        assertEquals(0, own.exit(), own.toString());
        assertEquals(List.of(f.cut + "\tCut\t45 min\t800.00\town", f.nails + "\tNails\t45 min\t800.00\town"), own.lines());
        SetupCli.Run back = admin("masters", "services", "--master", Long.toString(id), "--add", "Nails", "--remove", "Cut");
        assertEquals(List.of(f.nails + "\tNails\t90 min\t700.00\tdefault"), back.lines(), "without --duration/--price: the service's");
        refused(admin("masters", "services", "--master", Long.toString(id), "--remove", "Nails", "--price", "5"),
                "--duration and --price go with --add: they are the master's own length and price of the services added");
        refused(admin("masters", "services", "--master", Long.toString(id), "--add", "Nails,Ghost"), "there is no such service: Ghost");
        assertEquals(1, f.count("SELECT count(*) FROM master_services WHERE master_id = " + id));
    }

    @Test
    void aMasterWhoLeavesKeepsTheirBookingsWhichAreListedToBeMovedOrCancelled() {
        long id = idOf(admin("masters", "add", "--name", "Leaving " + s, "--services", "Cut"), "master_id");
        assertEquals(0, admin("hours", "set", "--master", Long.toString(id), "--weekday", "1-7", "--intervals", "08:00-20:00").exit());
        var booking = f.booked(f.engine.book(f.cutWith(id, at(10, 0))));
        SetupCli.Run r = admin("masters", "deactivate", "--master", "leaving " + s);
        assertEquals(0, r.exit(), r.toString());
        assertEquals(List.of("deactivated master #" + id + " Leaving " + s,
                "warning: #" + booking.id() + " 2030-01-07 10:00-11:00 Iryna (Cut): Leaving " + s + " no longer takes bookings",
                "warning: 1 booking with Leaving " + s + " no longer fits the setup; it stays as it is: move or cancel it in the calendar",
                "in_the_way=1"), r.lines());
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE id = " + booking.id() + " AND status = 'confirmed' AND master_id = " + id));
        assertTrue(admin("masters", "list").lines().stream().anyMatch(l -> l.matches(id + "\tLeaving " + s + "\t#[0-9a-f]{6}\tinactive\tCut")),
                "still listed, as inactive");
        assertEquals("activated master #" + id + " Leaving " + s, admin("masters", "activate", "--master", Long.toString(id)).line());
    }

    @Test
    void aReceptionistChangesNoSetup() {
        refused(cli.as("desk_" + s, "desk-password", "masters", "add", "--name", "Intruder " + s), "you don't have permission to do this");
        refused(cli.as("desk_" + s, "desk-password", "services", "add", "--name", "Intruder " + s, "--duration", "30", "--price", "1"),
                "you don't have permission to do this");
        refused(cli.as("desk_" + s, "desk-password", "masters", "deactivate", "--master", "Anna"), "you don't have permission to do this");
        assertEquals(0, f.count("SELECT count(*) FROM masters WHERE name LIKE 'Intruder%'"));
        assertEquals(1, f.count("SELECT count(*) FROM masters WHERE id = " + f.anna + " AND active"));
        SetupCli.Run list = cli.as("desk_" + s, "desk-password", "masters", "list");
        assertEquals(0, list.exit(), "reading is everyone's");
        assertTrue(list.out().contains(f.anna + "\tAnna\t"), list.toString());
    }

    @Test
    void everyCommandThatNamesAMasterOrServiceRefusesAnUnknownOneInOneLine() {
        String[][] commands = {
                {"masters", "set", "--master", "Ghost", "--name", "X"},
                {"masters", "deactivate", "--master", "Ghost"},
                {"masters", "activate", "--master", "Ghost"},
                {"masters", "services", "--master", "Ghost"},
                {"hours", "set", "--master", "Ghost", "--weekday", "1", "--intervals", "off"},
                {"hours", "day", "--master", "Ghost", "--date", "2030-01-07", "--intervals", "off"},
                {"hours", "clear-day", "--master", "Ghost", "--date", "2030-01-07"},
                {"hours", "remove-week", "--master", "Ghost", "--from", "2030-01-07"},
                {"hours", "list", "--master", "Ghost"},
                {"time-off", "add", "--master", "Ghost", "--from", "2030-01-07", "--to", "2030-01-07"},
                {"time-off", "list", "--master", "Ghost"},
        };
        for (String[] c : commands) {
            refused(admin(c), "there is no such master: Ghost");
        }
        refused(admin("services", "set", "--service", "Ghost", "--price", "1"), "there is no such service: Ghost");
        refused(admin("services", "deactivate", "--service", "Ghost"), "there is no such service: Ghost");
        refused(admin("services", "activate", "--service", "Ghost"), "there is no such service: Ghost");
        refused(admin("masters", "services", "--master", "Anna", "--add", "Ghost"), "there is no such service: Ghost");
        refused(admin("hours", "list", "--master", "Anna", "--from", "2030-13-01"), "this is not a date: 2030-13-01 (write it like 2026-12-01)");
        refused(admin("hours", "list", "--master", "Anna", "--from", "2030-02-01", "--to", "2030-01-01"),
                "the end is not after the start: 2030-02-01 - 2030-01-01");
        refused(admin("time-off", "list", "--master", "Anna", "--from", "yesterday"), "this is not a date: yesterday (write it like 2026-12-01)");
        refused(admin("hours", "clear-day", "--master", "Anna", "--date", "31.12.2030"), "this is not a date: 31.12.2030 (write it like 2026-12-01)");
    }
}
