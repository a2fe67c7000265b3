package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The owner's login (here the test server's superuser) is for migrations, the demo salon and
 * staff logins: used for a desk's work on a shared server, it gets one warning line.
 */
class OwnerWarningTest {

    private static EngineFixture f;
    private static ConnectionSettings db;
    private static String s;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("ownerwarning", 2);
        db = f.backend.database().settings();
        s = Long.toString(System.nanoTime(), 36);
        new StaffRepository(f.dsl).add(f.tenant, "front_" + s, "Front", "receptionist", "front-password".toCharArray());
    }

    @AfterAll
    static void close() {
        f.close();
    }

    private static CliTestAccess.Run as(String login, String password, String... command) throws Exception {
        List<String> args = new ArrayList<>(List.of("--db-url", db.url(), "--user", login, "--password", password));
        args.addAll(List.of(command));
        return CliTestAccess.run(args.toArray(String[]::new), "");
    }

    private static String[] book(String start) {
        return new String[]{"book", "--tenant", Long.toString(f.tenant), "--master", "Anna", "--start", start, "--duration", "30",
                "--client", "Walk-in"};
    }

    @Test
    void bookingAsTheOwnerWorksButSaysOnceThatThisLoginIsNotForADesk() throws Exception {
        var run = as(db.user(), db.password(), book("2030-01-07T09:00"));
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().startsWith("booked #"), run.out());
        assertEquals(List.of("Warning: " + db.user() + " is the database owner's login (or a superuser). It is for migrations "
                        + "and the first admin only and must never be used at a desk: sign in with your own login."),
                run.err().strip().lines().toList());
    }

    @Test
    void theWarningSpeaksTheUsersLanguage() throws Exception {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("uk"));
            var run = as(db.user(), db.password(), book("2030-01-07T09:30"));
            assertEquals(0, run.exit(), run.out() + run.err());
            assertTrue(run.err().startsWith("Увага: " + db.user() + " — обліковий запис власника бази даних"), run.err());
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void theOwnersOwnJobsAndAStaffLoginGetNoWarning() throws Exception {
        for (String[] job : List.of(new String[]{"db", "migrate"}, new String[]{"demo"},
                new String[]{"users", "list", "--tenant", Long.toString(f.tenant)})) {
            var run = as(db.user(), db.password(), job);
            assertEquals(0, run.exit(), String.join(" ", job) + ": " + run.out() + run.err());
            // the test server had no superuser's step (db/superuser.sql): db migrate names that, and that only
            List<String> said = run.err().strip().lines().filter(l -> !l.startsWith("Warning: the superuser's part of the setup")).toList();
            assertEquals(List.of(), said, String.join(" ", job));
        }
        var desk = as("front_" + s, "front-password", book("2030-01-07T10:00"));
        assertEquals(0, desk.exit(), desk.out() + desk.err());
        assertEquals("", desk.err());
    }
}
