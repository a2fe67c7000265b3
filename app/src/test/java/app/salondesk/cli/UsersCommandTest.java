package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code users add} and {@code users set-password}: every password from one source, in the
 * order asked (the sign-in password first, then the new one), whether a person types them or
 * a pipe gives them; refusals are one line and exit code 2.
 */
class UsersCommandTest {

    private static EngineFixture f;
    private static ConnectionSettings db;
    private static long otherSalon;
    private static String s;

    @BeforeAll
    static void salons() {
        f = new EngineFixture("userscli", 2);
        db = f.backend.database().settings();
        otherSalon = f.id("INSERT INTO tenants (name, time_zone) VALUES ('Other salon', 'Europe/Warsaw') RETURNING id");
        s = Long.toString(System.nanoTime(), 36);
        new StaffRepository(f.dsl).add(f.tenant, "boss_" + s, "Boss", "admin", "boss-password".toCharArray());
        new StaffRepository(f.dsl).add(otherSalon, "rival_" + s, "Rival", "admin", "rival-password".toCharArray());
    }

    @AfterAll
    static void close() {
        f.close();
    }

    /** The command line as {@code login}, asked for its password ({@code --password} without a value). */
    private static CliTestAccess.Run asked(String login, String stdin, String... command) throws Exception {
        List<String> args = new ArrayList<>(List.of("--db-url", db.url(), "--user", login, "--password"));
        args.addAll(List.of(command));
        return CliTestAccess.run(args.toArray(String[]::new), stdin);
    }

    private static CliTestAccess.Run asOwner(String stdin, String... command) throws Exception {
        return asked(db.user(), db.password() + "\n" + stdin, command);
    }

    private static String[] add(String login, String role, String... more) {
        List<String> args = new ArrayList<>(List.of("users", "add", "--tenant", Long.toString(f.tenant), "--login", login, "--role", role));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private static void signIn(String login, String password) throws SQLException {
        DriverManager.getConnection(db.url(), login, password).close();
    }

    private static boolean exists(String login) {
        return f.count("SELECT count(*) FROM pg_roles WHERE rolname = '" + login + "'") == 1;
    }

    @Test
    void theSignInPasswordComesFirstThenTheNewOneFromOnePipe() throws Exception {
        // printf '%s\n' OWNERPW NEWPW | salondesk --user … --password users add … --password-stdin
        var run = asOwner("piped-new-pw\n", add("piped_" + s, "receptionist", "--password-stdin"));
        assertEquals(0, run.exit(), run.out() + run.err());
        assertEquals("added piped_" + s + " receptionist tenant=" + f.tenant, run.out().strip());
        signIn("piped_" + s, "piped-new-pw");
        assertFalse((run.out() + run.err()).contains("piped-new-pw") || (run.out() + run.err()).contains(db.password()),
                "no password is ever printed");
    }

    @Test
    void withoutPasswordStdinTheNewPasswordIsAskedTwice() throws Exception {
        var run = asOwner("twice-new-pw\ntwice-new-pw\n", add("twice_" + s, "manager"));
        assertEquals(0, run.exit(), run.out() + run.err());
        assertEquals("added twice_" + s + " manager tenant=" + f.tenant, run.out().strip());
        assertEquals(List.of("Password for " + db.user() + ":", "New password for twice_" + s + ":", "Again:"),
                run.err().strip().lines().toList(), "the prompts, in order, on standard error");
        signIn("twice_" + s, "twice-new-pw");
    }

    @Test
    void aPasswordGivenOnTheCommandLineLeavesTheFirstLineToTheNewOne() throws Exception {
        var run = CliTestAccess.run(new String[]{"--db-url", db.url(), "--user", db.user(), "--password", db.password(),
                "users", "add", "--tenant", Long.toString(f.tenant), "--login", "given_" + s, "--role", "receptionist",
                "--password-stdin"}, "given-new-pw\n");
        assertEquals(0, run.exit(), run.out() + run.err());
        signIn("given_" + s, "given-new-pw");
    }

    @Test
    void twoDifferentAnswersOrAShortPasswordAreRefusedBeforeAnythingChanges() throws Exception {
        var differ = asOwner("first-answer-1\nsecond-answer\n", add("differ_" + s, "receptionist"));
        assertEquals(2, differ.exit(), differ.out() + differ.err());
        assertEquals("invalid: the two passwords differ", differ.out().strip());
        assertFalse(exists("differ_" + s));

        var shortOne = asOwner("short\n", add("short_" + s, "receptionist", "--password-stdin"));
        assertEquals(2, shortOne.exit());
        assertEquals("invalid: the password must have at least 8 characters", shortOne.out().strip());
        assertFalse(exists("short_" + s));

        var nothing = asOwner("", add("empty_" + s, "receptionist", "--password-stdin"));
        assertEquals(2, nothing.exit(), "the end of the input is an empty password, never a crash");
        assertEquals("invalid: the password must have at least 8 characters", nothing.out().strip());
    }

    @Test
    void everyoneSetsTheirOwnPasswordAndAnAdminTheirColleagues() throws Exception {
        new StaffRepository(f.dsl).add(f.tenant, "desk_" + s, "Desk", "receptionist", "desk-first-pw".toCharArray());

        var own = asked("desk_" + s, "desk-first-pw\ndesk-second-pw\ndesk-second-pw\n", "users", "set-password", "--login", "desk_" + s);
        assertEquals(0, own.exit(), own.out() + own.err());
        assertEquals("password set desk_" + s, own.out().strip());
        signIn("desk_" + s, "desk-second-pw");
        assertEquals("28P01", assertThrows(SQLException.class, () -> signIn("desk_" + s, "desk-first-pw")).getSQLState());

        var byAdmin = asked("boss_" + s, "boss-password\ndesk-third-pw\n", "users", "set-password", "--login", "desk_" + s, "--password-stdin");
        assertEquals(0, byAdmin.exit(), byAdmin.out() + byAdmin.err());
        assertEquals("password set desk_" + s, byAdmin.out().strip());
        signIn("desk_" + s, "desk-third-pw");
    }

    @Test
    void noOneElseSetsAPassword() throws Exception {
        new StaffRepository(f.dsl).add(f.tenant, "peer_" + s, "Peer", "receptionist", "peer-password".toCharArray());
        new StaffRepository(f.dsl).add(f.tenant, "victim_" + s, "Victim", "receptionist", "victim-password".toCharArray());

        var colleague = asked("peer_" + s, "peer-password\ntaken-over-pw\n", "users", "set-password", "--login", "victim_" + s, "--password-stdin");
        assertEquals(2, colleague.exit(), colleague.out() + colleague.err());
        assertEquals("invalid: you don't have permission to do this", colleague.out().strip());

        var otherSalonsAdmin = asked("rival_" + s, "rival-password\ntaken-over-pw\n", "users", "set-password", "--login", "victim_" + s, "--password-stdin");
        assertEquals(2, otherSalonsAdmin.exit());
        assertEquals("invalid: you don't have permission to do this", otherSalonsAdmin.out().strip());

        var owner = asOwner("owners-new-pw\n", "users", "set-password", "--login", "postgres", "--password-stdin");
        assertEquals(2, owner.exit(), "only staff logins are set through SalonDesk");

        signIn("victim_" + s, "victim-password");
    }

    /** Issue 13: the online booking server's login, made by the owner without SQL. */
    @Test
    void theOwnerMakesTheOnlineServersLoginAndNobodyElseDoes() throws Exception {
        var run = asOwner("web-server-pw\n", "users", "add", "--login", "web_" + s, "--role", "online", "--password-stdin");
        assertEquals(0, run.exit(), run.out() + run.err());
        assertEquals("added web_" + s + " online", run.out().strip());
        signIn("web_" + s, "web-server-pw");
        assertEquals(1, f.count("SELECT count(*) FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member "
                + "WHERE g.rolname = 'salondesk_online' AND r.rolname = 'web_" + s + "'"));
        assertEquals(0, f.count("SELECT count(*) FROM staff WHERE login = 'web_" + s + "'"), "it belongs to no salon");

        var byAdmin = asked("boss_" + s, "boss-password\nweb-server-pw\n", "users", "add", "--login", "web2_" + s, "--role", "online",
                "--password-stdin");
        assertEquals(2, byAdmin.exit(), byAdmin.out() + byAdmin.err());
        assertEquals("invalid: you don't have permission to do this", byAdmin.out().strip());
        assertFalse(exists("web2_" + s));

        var noSalon = asOwner("staff-new-pw\n", "users", "add", "--login", "nosalon_" + s, "--role", "receptionist", "--password-stdin");
        assertEquals(2, noSalon.exit());
        assertTrue(noSalon.out().startsWith("invalid: a staff login needs --tenant"), noSalon.out());
        assertFalse(exists("nosalon_" + s));
    }

    /** Issue 29: the live relay's login, made by the owner as the online login is; it belongs to no salon. */
    @Test
    void theOwnerMakesTheLiveRelaysLoginAndNobodyElseDoes() throws Exception {
        var run = asOwner("relay-server-pw\n", "users", "add", "--login", "relay_" + s, "--role", "relay", "--password-stdin");
        assertEquals(0, run.exit(), run.out() + run.err());
        assertEquals("added relay_" + s + " relay", run.out().strip());
        signIn("relay_" + s, "relay-server-pw");
        assertEquals(1, f.count("SELECT count(*) FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member "
                + "WHERE g.rolname = 'salondesk_relay' AND r.rolname = 'relay_" + s + "'"));
        assertEquals(1, f.count("SELECT count(*) FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = 'relay_" + s + "'"),
                "a member of salondesk_relay only: not of the online or a staff group");
        assertEquals(0, f.count("SELECT count(*) FROM staff WHERE login = 'relay_" + s + "'"), "it belongs to no salon");

        var byAdmin = asked("boss_" + s, "boss-password\nrelay-server-pw\n", "users", "add", "--login", "relay2_" + s, "--role", "relay",
                "--password-stdin");
        assertEquals(2, byAdmin.exit(), byAdmin.out() + byAdmin.err());
        assertEquals("invalid: you don't have permission to do this", byAdmin.out().strip());
        assertFalse(exists("relay2_" + s));
    }

    @Test
    void withoutAServerNothingIsAskedOfTheEmbeddedDatabase() throws Exception {
        // --password with no --db-url: the embedded database needs none, so the pipe's first
        // line is still there for the new password (here: the command is refused before any
        // database is started, as the password is too short)
        var run = CliTestAccess.run(new String[]{"--password", "users", "add", "--tenant", "1", "--login", "nobody_" + s,
                "--role", "receptionist", "--password-stdin"}, "short\n");
        assertEquals(2, run.exit(), run.out() + run.err());
        assertEquals("invalid: the password must have at least 8 characters", run.out().strip());
        assertEquals("", run.err());
    }

    @Test
    void theOwnersConnectionWorksForStaffWithoutAWarning() throws Exception {
        var run = asOwner("", "users", "list", "--tenant", Long.toString(f.tenant));
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("boss_" + s + "\tadmin\tactive\tBoss"), run.out());
        assertEquals("Password for " + db.user() + ":", run.err().strip(), "the prompt and no warning: managing staff is the owner's job");
    }
}
