package app.salondesk.security;

import app.salondesk.cli.CliTestAccess;
import app.salondesk.db.TestServers;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.staff.SalonLock;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.postgresql.PGConnection;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static app.salondesk.security.AttackedServer.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 29, item 1: no salon stops another with a lock. On a server set up as the README says
 * (its step 2 is {@code db/superuser.sql}) no staff or online login reads the server's locks or
 * takes an advisory lock at all; on a server where that step was skipped, a lock of a salon held
 * by another salon's login is listed by {@code locks} and ended by the salon's admin; every lock
 * a write of the salon takes is in that list; and the command line never waits for Flyway's lock
 * when no migration is due. Subclasses run it on each PostgreSQL major version the README promises.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SalonLocksAttackSuite {

    static final String WEB = "web";
    static final String RELAY = "liverelay";
    /** Every login a desk, a page or a relay holds: Bloom's by role, Rival's receptionist, the online login, the relay's. */
    static final List<String> LOGINS = List.of("olena", "anna", "mira", "bob", WEB, RELAY);
    /**
     * Flyway's lock of the migrations: a constant, 77431708279161 plus the hash of its history table's
     * name ({@code PostgreSQLAdvisoryLockTemplate}, {@code PostgreSQLConnection.lock}).
     */
    static final long FLYWAY_LOCK = 77431708279161L + "\"public\".\"flyway_schema_history\"".hashCode();

    AttackedServer s;
    long colour;
    long station;

    abstract int majorVersion();

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(majorVersion()));
        new StaffRepository(s.dsl(AttackedServer.OWNER)).addOnlineLogin(WEB, AttackedServer.password(WEB).toCharArray());
        new StaffRepository(s.dsl(AttackedServer.OWNER)).addRelayLogin(RELAY, AttackedServer.password(RELAY).toCharArray());
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            st.execute("INSERT INTO online_settings (tenant_id, enabled, slug, arrive_confirmed) VALUES (" + s.bloom + ", true, 'bloom', true)");
            colour = id(st, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + s.bloom + ", 'Colour', 60) RETURNING id");
            station = id(st, "INSERT INTO resources (tenant_id, name, capacity) VALUES (" + s.bloom + ", 'Washing station', 2) RETURNING id");
            st.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + s.bloom + ", " + colour + ", " + station + ")");
            st.execute("INSERT INTO master_services (tenant_id, master_id, service_id) VALUES (" + s.bloom + ", " + s.iryna + ", " + colour + ")");
        }
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    // ---- the README's server: nothing to read, nothing to take ---------------------------------------

    @Test
    void noLoginOfADeskOrThePageReadsWhoHoldsWhichLock() {
        for (String who : LOGINS) {
            assertEquals("42501", refused(who, "SELECT * FROM pg_locks"), who);
            assertEquals("42501", refused(who, "SELECT * FROM pg_catalog.pg_lock_status()"), who);
        }
    }

    @Test
    void noLoginOfADeskOrThePageTakesAnAdvisoryLockNotEvenFlywaysOrAnotherSalonsKnownKey() throws Exception {
        long bloomsRoomsKey;
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            bloomsRoomsKey = id(st, "SELECT salondesk_rooms_lock_key(" + s.bloom + ")");
        }
        for (String who : LOGINS) {
            for (String sql : List.of("SELECT pg_advisory_lock(" + FLYWAY_LOCK + ")", "SELECT pg_try_advisory_lock(" + bloomsRoomsKey + ")",
                    "SELECT pg_advisory_xact_lock(" + bloomsRoomsKey + ")", "SELECT pg_advisory_lock_shared(1, 2)",
                    "SELECT pg_try_advisory_xact_lock_shared(" + bloomsRoomsKey + ")", "SELECT pg_advisory_unlock_all()")) {
                assertEquals("42501", refused(who, sql), who + ": " + sql);
            }
        }
        // while the salon's own writes take theirs through SalonDesk's functions, as before
        BookingOutcome o = s.engine("olena").book(s.booking(s.bloom, s.iryna, s.bloomClient, at(8, 0)));
        assertInstanceOf(BookingOutcome.Booked.class, o, o.toString());
    }

    /** pg_locks in the database postgres shows the whole server's locks: no login of a salon gets in there. */
    @Test
    void noLoginOfADeskOrThePageEntersAnotherDatabaseOfTheServer() {
        for (String who : LOGINS) {
            for (String database : List.of("postgres", "template1")) {
                String url = s.url.replaceFirst("/chain(\\?|$)", "/" + database + "$1");
                SQLException refused = assertThrows(SQLException.class,
                        () -> DriverManager.getConnection(url, who, AttackedServer.password(who)).close(), who + " into " + database);
                assertEquals("42501", refused.getSQLState(), who + " into " + database + ": " + refused.getMessage());
            }
        }
    }

    @Test
    void noLoginMakesALargeObject() {
        for (String who : LOGINS) {
            assertEquals("42501", refused(who, "SELECT lo_from_bytea(0, '\\x00'::bytea)"), who);
            assertEquals("42501", refused(who, "SELECT lo_create(0)"), who);
            assertEquals("42501", refused(who, "SELECT lo_creat(-1)"), who);
        }
    }

    // ---- a server whose superuser skipped step 2: listed, and ended ---------------------------------

    /**
     * The issue's attack, on a server where every login still reads pg_locks and takes advisory
     * locks (the superuser's step undone for Bob): Bob reads the keys Olena's booking holds and then
     * holds Bloom's rooms lock exclusively, which every booking of Bloom shares. Bloom's desks hear
     * "try again" for every master — and Bloom's admin sees Bob in the list and ends his session.
     */
    @Test
    void onAServerWithoutTheSuperusersStepAnotherSalonHoldingTheRoomsLockIsListedAndEnded() throws Exception {
        String grants = "pg_catalog.pg_locks TO bob";
        s.asSuperuser("GRANT SELECT ON " + grants + "; GRANT EXECUTE ON FUNCTION pg_catalog.pg_lock_status() TO bob; "
                + "GRANT EXECUTE ON FUNCTION pg_catalog.pg_advisory_lock(bigint) TO bob");
        StaffRepository anna = new StaffRepository(s.dsl("anna"));
        try (Connection olena = s.connect("olena"); Statement o = olena.createStatement();
             Connection bob = s.connect("bob"); Statement b = bob.createStatement()) {
            olena.setAutoCommit(false);
            o.execute("SELECT set_config('salondesk.source', 'sql', true), salondesk_lock_master(" + s.bloom + ", " + s.marta + ")");
            int olenasPid = olena.unwrap(PGConnection.class).getBackendPID();
            List<Long> seen = new ArrayList<>();
            try (ResultSet rs = b.executeQuery("SELECT (classid::bigint << 32) | objid::bigint FROM pg_locks "
                    + "WHERE locktype = 'advisory' AND pid = " + olenasPid + " AND mode = 'ShareLock'")) {
                while (rs.next()) {
                    seen.add(rs.getLong(1));
                }
            }
            assertEquals(1, seen.size(), "the rooms lock, which a booking shares, is in plain sight");
            olena.rollback();
            b.execute("SELECT pg_advisory_lock(" + seen.get(0) + ")");
            int bobsPid = bob.unwrap(PGConnection.class).getBackendPID();

            BookingOutcome stopped = s.engine("olena").book(s.booking(s.bloom, s.iryna, s.bloomClient, at(15, 0)));
            assertInstanceOf(BookingOutcome.TryAgain.class, stopped, "every booking of Bloom waits for Bob: " + stopped);

            List<SalonLock> locks = anna.salonLocks(s.bloom);
            assertTrue(locks.stream().anyMatch(l -> l.kind() == SalonLock.Kind.ROOMS && l.pid() == bobsPid && l.granted()
                    && !l.shared() && "bob".equals(l.login())), "Bob is listed, holding Bloom's rooms lock: " + locks);
            var listed = CliTestAccess.run(new String[]{"--db-url", s.url, "--user", "anna", "--password", AttackedServer.password("anna"),
                    "locks"}, "");
            assertEquals(0, listed.exit(), listed.out() + listed.err());
            assertTrue(listed.out().lines().anyMatch(l -> l.matches("rooms\tbob\t" + bobsPid + "\t\\d+s")), listed.out());
            assertEquals("42501", dbState(() -> new StaffRepository(s.dsl("rita")).endSession(s.bloom, bobsPid)),
                    "not Rival's admin: Bob is in Bloom's way, not in Rival's");
            assertTrue(anna.endSession(s.bloom, bobsPid), "Bloom's admin ends the session in Bloom's way");
            SQLException gone = assertThrows(SQLException.class, () -> b.executeQuery("SELECT 1"));
            assertTrue(gone.getSQLState().startsWith("57") || gone.getSQLState().startsWith("08"), gone.getSQLState());
        } finally {
            s.asSuperuser("REVOKE SELECT ON " + grants.replace(" TO ", " FROM ") + "; REVOKE EXECUTE ON FUNCTION pg_catalog.pg_lock_status() FROM bob; "
                    + "REVOKE EXECUTE ON FUNCTION pg_catalog.pg_advisory_lock(bigint) FROM bob");
        }
        BookingOutcome after = s.engine("olena").book(s.booking(s.bloom, s.iryna, s.bloomClient, at(15, 0)));
        assertInstanceOf(BookingOutcome.Booked.class, after, after.toString());
    }

    /**
     * The same kind of server, and Bob holds Flyway's lock: the salon's commands still run (the
     * schema is current, so Flyway and its lock are left out). Before, each waited a minute for the
     * lock and failed.
     */
    @Test
    void onAServerWithoutTheSuperusersStepFlywaysLockHeldByAnotherSalonStopsNoCommand() throws Exception {
        s.asSuperuser("GRANT EXECUTE ON FUNCTION pg_catalog.pg_advisory_lock(bigint) TO bob");
        try (Connection bob = s.connect("bob"); Statement b = bob.createStatement()) {
            b.execute("SELECT pg_advisory_lock(" + FLYWAY_LOCK + ")");
            try (Connection owner = s.connect(AttackedServer.OWNER); Statement st = owner.createStatement()) {
                assertEquals(false, bool(st, "SELECT pg_try_advisory_lock(" + FLYWAY_LOCK + ")"), "Bob holds the key Flyway takes");
            }
            for (String login : List.of("olena", "anna")) {
                var run = CliTestAccess.run(new String[]{"--db-url", s.url, "--user", login, "--password", AttackedServer.password(login),
                        "waitlist", "list"}, "");
                assertEquals(0, run.exit(), login + ": " + run.out() + run.err());
            }
            var migrate = CliTestAccess.run(new String[]{"--db-url", s.url, "--user", AttackedServer.OWNER, "--password",
                    AttackedServer.password(AttackedServer.OWNER), "db", "migrate"}, "");
            assertEquals(0, migrate.exit(), "nothing is due, so the owner's migrate has nothing to wait for: " + migrate.out() + migrate.err());
        } finally {
            s.asSuperuser("REVOKE EXECUTE ON FUNCTION pg_catalog.pg_advisory_lock(bigint) FROM bob");
        }
    }

    /** The one step no migration can make: the owner's db migrate says when it is missing, and what it leaves open. */
    @Test
    void theOwnersMigrateNamesWhatIsLeftOpenWhenTheSuperusersStepIsMissing() throws Exception {
        String[] migrate = {"--db-url", s.url, "--user", AttackedServer.OWNER, "--password", AttackedServer.password(AttackedServer.OWNER),
                "db", "migrate"};
        var done = CliTestAccess.run(migrate, "");
        assertEquals(0, done.exit(), done.out() + done.err());
        assertEquals("", done.err(), "the README's server has had its step 2");
        s.asSuperuser("GRANT SELECT ON pg_catalog.pg_locks TO PUBLIC; GRANT EXECUTE ON FUNCTION pg_catalog.pg_advisory_lock(bigint) TO PUBLIC; "
                + "GRANT EXECUTE ON FUNCTION pg_catalog.lo_from_bytea(oid, bytea) TO PUBLIC; GRANT CONNECT ON DATABASE postgres TO PUBLIC");
        try {
            var skipped = CliTestAccess.run(migrate, "");
            assertEquals(0, skipped.exit(), skipped.out() + skipped.err());
            assertEquals(List.of("Warning: the superuser's part of the setup is missing on this server: every login reads who holds which lock "
                    + "(pg_locks); every login takes advisory locks; every login makes large objects; every login enters the database postgres. "
                    + "Another salon's login can then read and hold this salon's locks. Run db/superuser.sql as the superuser in this database "
                    + "(README, \"The shared server the desks point at\", step 2)."), skipped.err().strip().lines().toList());
        } finally {
            s.asSuperuser(AttackedServer.superuserStep());
        }
        assertEquals("", CliTestAccess.run(migrate, "").err(), "the step made again, nothing is said");
    }

    // ---- every lock a write takes is in the list ------------------------------------------------------

    /**
     * One session of each kind of write, left in its transaction: a booking of a service that needs a
     * room (the rooms lock shared, the master's, the room's), a waitlist entry (the client's cap), a
     * change of rooms (the rooms lock, exclusive). (The online road's caps are row locks that no other
     * login can take, migration 25.) Each
     * advisory lock the server shows for those sessions is one line of the salon's list, with its kind.
     */
    @Test
    void everyLockAWriteOfTheSalonTakesIsListed() throws Exception {
        List<SalonLock> seen = new ArrayList<>();
        try (Connection booking = s.connect("olena"); Statement b = booking.createStatement();
             Connection waitlist = s.connect("oksana"); Statement w = waitlist.createStatement()) {
            b.execute("BEGIN");
            b.execute("SELECT set_config('salondesk.source', 'form', true), salondesk_lock_master(" + s.bloom + ", " + s.iryna + ")");
            b.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                    + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", " + colour + ", '" + at(10, 0) + "', 60)");
            w.execute("BEGIN");
            w.execute("SELECT set_config('salondesk.source', 'form', true)");
            w.execute("INSERT INTO waitlist_entries (tenant_id, client_id, duration_min, date_from, date_to) VALUES ("
                    + s.bloom + ", " + s.bloomClient + ", 30, '" + AttackedServer.DAY + "', '" + AttackedServer.DAY + "')");
            seen.addAll(listedMatchesTheServer(booking, waitlist));
            b.execute("ROLLBACK");
            w.execute("ROLLBACK");
        }
        // a change of rooms waits for every booking being written (it takes the rooms lock exclusively): alone
        try (Connection rooms = s.connect("anna"); Statement r = rooms.createStatement()) {
            r.execute("BEGIN");
            r.execute("UPDATE resources SET name = 'Washing station' WHERE tenant_id = " + s.bloom + " AND id = " + station);
            seen.addAll(listedMatchesTheServer(rooms));
            r.execute("ROLLBACK");
        }
        Set<SalonLock.Kind> kinds = new TreeSet<>();
        seen.forEach(l -> kinds.add(l.kind()));
        assertEquals(Set.of(SalonLock.Kind.values()), kinds, "every kind of lock is among them: " + seen);
        assertTrue(seen.stream().anyMatch(l -> l.kind() == SalonLock.Kind.ROOMS && !l.shared()), "the change of rooms, exclusive: " + seen);
    }

    /**
     * The granted advisory locks these sessions hold, as the server shows them (pid and mode, each
     * counted), against the salon's list of them: equal. Returns the list's lines of these sessions.
     */
    private List<SalonLock> listedMatchesTheServer(Connection... sessions) throws SQLException {
        List<Integer> pids = new ArrayList<>();
        for (Connection c : sessions) {
            pids.add(c.unwrap(PGConnection.class).getBackendPID());
        }
        String in = pids.toString().replaceAll("[\\[\\]]", "");
        List<String> server = new ArrayList<>();
        try (Connection owner = s.connect(AttackedServer.OWNER); Statement st = owner.createStatement();
             ResultSet rs = st.executeQuery("SELECT pid, mode FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid IN (" + in
                     + ") ORDER BY 1, 2")) {
            while (rs.next()) {
                server.add(rs.getInt(1) + " " + (rs.getString(2).equals("ShareLock") ? "shared" : "exclusive"));
            }
        }
        List<SalonLock> mine = new StaffRepository(s.dsl("anna")).salonLocks(s.bloom).stream()
                .filter(l -> pids.contains(l.pid()) && l.granted()).toList();
        List<String> listed = new ArrayList<>(mine.stream().map(l -> l.pid() + " " + (l.shared() ? "shared" : "exclusive")).toList());
        java.util.Collections.sort(listed);
        java.util.Collections.sort(server);
        assertEquals(server, listed, "every advisory lock of these sessions is one line of the salon's list: " + mine);
        return mine;
    }

    /**
     * A lock added later must be added to {@code salondesk_lock_keys} too, or the list cannot show it:
     * every function that takes an advisory lock is one this suite knows, and its keys are the list's.
     */
    @Test
    void everyFunctionThatTakesAnAdvisoryLockTakesOneOfTheListedKeys() throws Exception {
        Pattern call = Pattern.compile("pg_advisory_xact_lock(_shared)?\\(");
        Pattern listedKey = Pattern.compile("salondesk_(master|rooms|resource)_lock_key\\(|'waitlist-client:'");
        List<String> unlisted = new ArrayList<>();
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT p.proname, p.prosrc FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace "
                     + "AND p.prosrc ~ 'advisory' ORDER BY 1")) {
            while (rs.next()) {
                String source = rs.getString(2);
                Matcher m = call.matcher(source);
                int found = 0;
                while (m.find()) {
                    found++;
                    String argument = argument(source, m.end());
                    if (!listedKey.matcher(argument).find() && !isListedKeyVariable(source, argument)) {
                        unlisted.add(rs.getString(1) + ": " + argument);
                    }
                }
                if (found == 0 && !rs.getString(1).equals("salondesk_salon_locks") && !rs.getString(1).equals("salondesk_lock_keys")) {
                    unlisted.add(rs.getString(1) + ": takes an advisory lock some other way");
                }
            }
        }
        assertEquals(List.of(), unlisted, "advisory locks whose keys salondesk_lock_keys does not list");
    }

    /**
     * {@code k} in {@code pg_advisory_xact_lock(k)}, assigned from a listed key function in the same body, named with its
     * schema or not ({@code k := public.salondesk_master_lock_key(...)}, migration 53's time-zone rebuild).
     */
    private static boolean isListedKeyVariable(String source, String argument) {
        return argument.matches("[a-z_]+") && Pattern.compile("\\b" + argument + "\\s*:=\\s*(public\\.)?salondesk_(master|rooms|resource)_lock_key\\(")
                .matcher(source).find();
    }

    /** The text of a call's argument list from just after its '(' to its matching ')'. */
    private static String argument(String source, int from) {
        int depth = 1;
        for (int i = from; i < source.length(); i++) {
            char ch = source.charAt(i);
            if (ch == '(') {
                depth++;
            } else if (ch == ')' && --depth == 0) {
                return source.substring(from, i).strip();
            }
        }
        return source.substring(from);
    }

    // ---- helpers ------------------------------------------------------------------------------------------

    private interface SqlAction {
        void run() throws SQLException;
    }

    String refused(String who, String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        }, who + ": " + sql).getSQLState();
    }

    static String dbState(Runnable action) {
        return assertThrows(DataAccessException.class, action::run).sqlState();
    }

    private static long id(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long count(Statement st, String sql) throws SQLException {
        return id(st, sql);
    }

    private static boolean bool(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getBoolean(1);
        }
    }
}
