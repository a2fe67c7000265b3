package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.live.LiveUpdates;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.live.BookingChange;
import app.salondesk.model.staff.SalonLock;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static app.salondesk.security.AttackedServer.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 11's attack suite: a staff login of one salon, on a shared server set up as the README
 * says, types what an attacker would type. Each test is one bullet of the issue, asserted
 * refused or harmless. Subclasses run it on each PostgreSQL major version the README promises.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SharedServerAttackSuite {

    /** Every staff login of Bloom by role, and Rival's receptionist. */
    static final List<String> STAFF = List.of("olena", "anna", "mira", "bob");
    static final List<String> STRONG_MODES = List.of("SHARE UPDATE EXCLUSIVE", "SHARE", "SHARE ROW EXCLUSIVE", "EXCLUSIVE",
            "ACCESS EXCLUSIVE");
    static final Duration QUIET = Duration.ofMillis(1500);

    AttackedServer s;

    abstract int majorVersion();

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(majorVersion()));
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SHOW server_version_num")) {
            rs.next();
            assertEquals(majorVersion(), rs.getInt(1) / 10000, "the cluster runs the version this suite is for");
        }
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    // ---- 1. temporary tables and search_path -----------------------------------------------------

    @Test
    void noStaffLoginMayCreateATemporaryTable() {
        for (String who : STAFF) {
            assertEquals("42501", refused(who, "CREATE TEMP TABLE booking_history (x int)"), who);
        }
    }

    /**
     * Defence in depth: even a login that was given TEMP (by a careless administrator) cannot
     * make the triggers write to or read from its own tables: they resolve names with a fixed
     * search_path, and pg_temp comes last in it.
     */
    @Test
    void aTemporaryTableCannotStandInForAnyTableATriggerTouches() throws Exception {
        s.asSuperuser("GRANT TEMPORARY ON DATABASE chain TO olena");
        String fakeChannel = "salondesk_00000000000000000000000000000000";
        try (Connection attacker = s.connect("olena"); Connection watcher = s.connect(AttackedServer.OWNER);
             Statement a = attacker.createStatement(); Statement w = watcher.createStatement()) {
            a.execute("CREATE TEMP TABLE booking_history (LIKE public.booking_history)");
            a.execute("CREATE TEMP TABLE tenants AS SELECT id, name, 'UTC'::text AS time_zone, created_at FROM public.tenants");
            a.execute("CREATE TEMP TABLE salon_keys (tenant_id bigint, lock_key text, channel text)");
            a.execute("INSERT INTO salon_keys VALUES (" + s.bloom + ", 'known-to-me', '" + fakeChannel + "')");
            a.execute("CREATE TEMP TABLE staff AS SELECT * FROM public.staff");
            a.execute("UPDATE staff SET tenant_id = " + s.rival);
            a.execute("CREATE TEMP TABLE pg_timezone_names (name text)");
            a.execute("CREATE TEMP TABLE masters AS SELECT * FROM public.masters");
            a.execute("SET search_path = pg_temp, public");
            a.execute("LISTEN " + fakeChannel);
            w.execute("LISTEN " + channelOf(s.bloom));
            attacker.setAutoCommit(false);
            a.execute("SELECT set_config('salondesk.source', 'form', true), salondesk_lock_master(" + s.bloom + ", " + s.iryna + ")");
            // the real lock is held (the function did not read the planted key)
            assertFalse(ownerTriesLock(s.bloom, s.iryna), "the salon's real lock of Iryna is taken");
            long id;
            try (ResultSet rs = a.executeQuery("INSERT INTO public.bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES ("
                    + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", '" + at(9, 0) + "', 30) RETURNING id")) {
                rs.next();
                id = rs.getLong(1);
            }
            attacker.commit();
            assertEquals(0, count(a, "SELECT count(*) FROM pg_temp.booking_history"), "nothing went to the planted history");
            assertEquals(1, s.count("SELECT count(*) FROM booking_history WHERE booking_id = " + id + " AND changed_by = 'olena'"));
            assertEquals(List.of(), notifications(attacker, QUIET), "nothing went to the planted channel");
            assertEquals(1, notifications(watcher, Duration.ofSeconds(5)).size(), "the salon's real channel heard it");
        } finally {
            s.asSuperuser("REVOKE TEMPORARY ON DATABASE chain FROM olena");
        }
    }

    @Test
    void everyFunctionHasAFixedSearchPathOrABodyBoundWhenItWasMade() throws SQLException {
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
                     + "LEFT JOIN pg_depend d ON d.objid = p.oid AND d.deptype = 'e' "
                     + "WHERE n.nspname = 'public' AND d.objid IS NULL AND p.prosqlbody IS NULL "
                     + "AND NOT coalesce(p.proconfig, '{}') @> ARRAY['search_path=public, pg_temp'] ORDER BY 1")) {
            List<String> loose = new ArrayList<>();
            while (rs.next()) {
                loose.add(rs.getString(1));
            }
            assertEquals(List.of(), loose, "functions that resolve names through the caller's search_path");
        }
    }

    @Test
    void staffCannotCreateObjectsInSchemaPublic() {
        for (String who : STAFF) {
            assertEquals("42501", refused(who, "CREATE TABLE public.planted (i int)"), who);
            // the classic trap: an overload that matches a call better than the built-in one
            assertEquals("42501", refused(who, "CREATE FUNCTION public.hashtextextended(text, integer) RETURNS bigint "
                    + "LANGUAGE sql AS 'SELECT 42::bigint'"), who);
        }
    }

    // ---- 2. an unforgeable audit -------------------------------------------------------------------

    @Test
    void nobodyButTheTriggerWritesTheHistory() {
        for (String who : STAFF) {
            long tenant = who.equals("bob") ? s.rival : s.bloom;
            assertEquals("42501", refused(who, "INSERT INTO booking_history (tenant_id, booking_id, operation, source, changes, changed_by) "
                    + "VALUES (" + tenant + ", 1, 'UPDATE', 'form', '{}', '" + who + "')"), who);
            assertEquals("42501", refused(who, "UPDATE booking_history SET changed_by = 'somebody'"), who);
            assertEquals("42501", refused(who, "DELETE FROM booking_history"), who);
            assertEquals("42501", refused(who, "TRUNCATE booking_history"), who);
        }
    }

    @Test
    void theHistoryNamesTheSessionsOwnLoginEvenAfterSetRole() throws Exception {
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            assertEquals("42501", state(() -> st.execute("SET ROLE anna")), "not a member of a colleague's login");
            st.execute("SET ROLE salondesk_receptionist");
            long id = bookPlain(c, s.bloom, s.marta, s.bloomClient, at(18, 0));
            st.execute("RESET ROLE");
            assertEquals(1, s.count("SELECT count(*) FROM booking_history WHERE booking_id = " + id
                    + " AND changed_by = 'olena' AND changed_at BETWEEN now() - interval '1 minute' AND now()"));
            assertEquals(1, s.count("SELECT count(*) FROM bookings WHERE id = " + id + " AND created_by = 'olena' AND updated_by = 'olena'"));
        }
    }

    @Test
    void aSourceOutsideTheKnownPathsIsRefusedAndNothingIsWritten() throws Exception {
        long before = s.count("SELECT count(*) FROM bookings");
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SELECT set_config('salondesk.source', 'form by the boss', true), salondesk_lock_master(" + s.bloom + ", " + s.marta + ")");
            assertEquals("22023", state(() -> st.executeUpdate("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES ("
                    + s.bloom + ", " + s.marta + ", " + s.bloomClient + ", '" + at(11, 0) + "', 30)")));
            c.rollback();
            st.execute("SET salondesk.source = 'hacked'");
            assertEquals("22023", state(() -> st.executeUpdate("UPDATE bookings SET status = 'cancelled'")));
            c.rollback();
        }
        assertEquals(before, s.count("SELECT count(*) FROM bookings"));
        assertEquals(0, s.count("SELECT count(*) FROM bookings WHERE status = 'cancelled'"));
    }

    @Test
    void creationColumnsVersionsAndSourceAreTheDatabasesWhateverTheClientSends() throws Exception {
        String values = s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", '" + at(12, 0) + "', 30";
        for (String forged : List.of("created_by", "created_at", "updated_by", "version", "source", "id")) {
            String value = switch (forged) {
                case "created_at" -> "'2001-01-01'";
                case "version" -> "7";
                case "id" -> "999999";
                default -> "'form'";
            };
            assertEquals("42501", refused("olena", "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, "
                    + forged + ") VALUES (" + values + ", " + value + ")"), forged);
        }
        assertEquals("42501", refused("olena", "UPDATE bookings SET version = 99"));
        assertEquals("42501", refused("olena", "UPDATE bookings SET created_by = 'anna'"));
        assertEquals("42501", refused("olena", "UPDATE bookings SET tenant_id = " + s.rival));
        // even the trusted owner's client cannot write these: the trigger sets them
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, created_by, created_at, "
                    + "version, source, updated_by) VALUES (" + values + ", 'anna', '2001-01-01', 7, 'form', 'anna') "
                    + "RETURNING id, created_by, version, source, updated_by, created_at > now() - interval '1 minute' AS fresh");
            rs.next();
            long id = rs.getLong(1);
            assertEquals(List.of(AttackedServer.OWNER, "1", "sql", AttackedServer.OWNER),
                    List.of(rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)));
            assertTrue(rs.getBoolean("fresh"), "created now, by the server's clock");
            rs = st.executeQuery("UPDATE bookings SET status = 'arrived', version = 1, created_by = 'anna', source = 'drag' WHERE id = " + id
                    + " RETURNING version, created_by, source");
            rs.next();
            assertEquals(List.of("2", AttackedServer.OWNER, "sql"), List.of(rs.getString(1), rs.getString(2), rs.getString(3)));
            st.execute("DELETE FROM bookings WHERE id = " + id);
        }
    }

    // ---- 3. no table-level locks across salons ---------------------------------------------------

    @Test
    void noStaffLoginCanTakeATableLockStrongerThanARowWriteNeeds() throws SQLException {
        List<String> tables = tables();
        List<String> wrong = new ArrayList<>();
        for (String who : List.of("olena", "anna", "mira")) {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                for (String table : tables) {
                    for (String mode : STRONG_MODES) {
                        try {
                            st.execute("LOCK TABLE " + table + " IN " + mode + " MODE NOWAIT");
                            wrong.add(who + " locked " + table + " in " + mode);
                        } catch (SQLException e) {
                            if (!"42501".equals(e.getSQLState())) {
                                wrong.add(who + " on " + table + " in " + mode + ": " + e.getSQLState() + " " + e.getMessage());
                            }
                        }
                        c.rollback();
                    }
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** Whatever weak locks a login may take, held in an open transaction, another salon works on. */
    @Test
    void theLocksAStaffLoginMayTakeDoNotStopAnotherSalon() throws Exception {
        List<String> held = new ArrayList<>();
        try (Connection c = s.connect("anna"); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            for (String table : tables()) {
                for (String mode : List.of("ROW EXCLUSIVE", "ROW SHARE", "ACCESS SHARE")) {
                    st.execute("SAVEPOINT try_lock");
                    try {
                        st.execute("LOCK TABLE " + table + " IN " + mode + " MODE");
                        held.add(table + " " + mode);
                        break;
                    } catch (SQLException e) {
                        st.execute("ROLLBACK TO SAVEPOINT try_lock");
                    }
                }
            }
            st.executeQuery("SELECT * FROM bookings FOR UPDATE").close();
            st.executeQuery("SELECT * FROM masters FOR UPDATE").close();
            // every table she has a table-level right on (salon_keys and online_tokens she may not even read whole,
            // live_tickets and online_days not at all: migrations 26 and 25; nor message_tokens: migration 30)
            List<String> lockable = new ArrayList<>();
            for (String table : tables()) {
                if (s.count("SELECT count(*) FROM (SELECT 1 WHERE has_table_privilege('anna', 'public." + table + "', 'SELECT, INSERT')) x") == 1) {
                    lockable.add(table);
                }
            }
            // nor chain_manager_salons (migration 51): which salons a chain's manager reads is the owner's business
            List<String> notLockable = new ArrayList<>(tables());
            notLockable.removeAll(lockable);
            assertEquals(new TreeSet<>(List.of("salon_keys", "online_tokens", "live_tickets", "online_days",
                            "message_tokens", "chain_manager_salons")), new TreeSet<>(notLockable),
                    "the tables a staff login has no table-level right on");
            assertTrue(held.stream().map(h -> h.split(" ")[0]).toList().containsAll(lockable),
                    "the attacker holds a lock on every table she may: " + held);
            // meanwhile Rival books, moves and reads as on any other day
            BookingEngine rival = s.engine("bob");
            var booked = assertInstanceOf(BookingOutcome.Booked.class,
                    rival.book(s.booking(s.rival, s.roman, s.rivalClient, at(15, 0))));
            var moved = rival.reschedule(new app.salondesk.model.booking.Reschedule(s.rival, booked.booking().id(), booked.booking().version(),
                    s.roman, s.roman, at(16, 0), 30, app.salondesk.model.booking.Source.DRAG, false));
            assertInstanceOf(BookingOutcome.Booked.class, moved, moved.toString());
            assertEquals(1, s.dsl("rita").fetchCount(app.salondesk.jooq.Tables.BOOKINGS,
                    app.salondesk.jooq.Tables.BOOKINGS.ID.eq(booked.booking().id())));
            s.dsl("rita").execute("INSERT INTO masters (tenant_id, name) VALUES (" + s.rival + ", 'New hire')");
            c.rollback();
        }
    }

    // ---- 4. notifications per salon -------------------------------------------------------------

    @Test
    void aLoginThatSalonDeskDidNotMakeCannotEvenConnect() {
        SQLException e = assertThrows(SQLException.class, () -> s.connect("outsider").close());
        assertEquals("42501", e.getSQLState(), e.getMessage());
    }

    @Test
    void anotherSalonHearsNoneOfASalonsChangesAndCanInjectNone() throws Exception {
        try (LiveUpdates bloomDesk = new LiveUpdates(s.as("olena"), s.bloom); Connection bob = s.connect("bob");
             Statement b = bob.createStatement()) {
            BlockingQueue<BookingChange> heard = listen(bloomDesk);
            assertEquals(0, count(b, "SELECT count(*) FROM salon_keys WHERE tenant_id = " + s.bloom), "Bloom's channel is not Bob's to read");
            String bobsChannel;
            try (ResultSet rs = b.executeQuery("SELECT channel FROM salon_keys")) {
                assertTrue(rs.next());
                bobsChannel = rs.getString(1);
                assertFalse(rs.next(), "Bob sees his own salon's channel only");
            }
            b.execute("LISTEN booking_changed");
            b.execute("LISTEN " + bobsChannel);
            var booked = assertInstanceOf(BookingOutcome.Booked.class,
                    s.engine("olena").book(s.booking(s.bloom, s.iryna, s.bloomClient, at(13, 0))));
            BookingChange change = heard.poll(5, TimeUnit.SECONDS);
            assertNotNull(change, "Bloom's own desk heard its booking");
            assertEquals(booked.booking().id(), change.bookingId());
            assertEquals(List.of(), notifications(bob, QUIET), "Bob heard nothing of Bloom");
            // and what Bob sends reaches no desk of Bloom
            String fake = "{\"op\": \"UPDATE\", \"tenant\": " + s.bloom + ", \"booking\": 1, \"masters\": [" + s.iryna + "], \"days\": [\"" + AttackedServer.DAY + "\"]}";
            for (String channel : List.of("booking_changed", bobsChannel)) {
                b.execute("SELECT pg_notify('" + channel + "', '" + fake + "')");
            }
            assertNull(heard.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS), "Bloom's desk heard nothing Bob sent");
        }
    }

    @Test
    void aForgedNotificationInTheOwnChannelIsTrustedOnlyAsFarAsTheDatabaseConfirmsIt() throws Exception {
        try (LiveUpdates bloomDesk = new LiveUpdates(s.as("olena"), s.bloom); Connection oksana = s.connect("oksana");
             Statement o = oksana.createStatement()) {
            BlockingQueue<BookingChange> heard = listen(bloomDesk);
            String channel = channelOf(s.bloom);
            String day = "\"" + AttackedServer.DAY + "\"";
            notify(o, channel, s.bloom, "[" + s.roman + "]", "[" + day + "]");          // another salon's master
            notify(o, channel, s.rival, "[" + s.iryna + "]", "[" + day + "]");          // another salon
            notify(o, channel, s.bloom, "[" + s.iryna + "]", "[" + String.join(", ", java.util.Collections.nCopies(30, day)) + "]");
            assertNull(heard.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS), "none of these reached the desk");
            notify(o, channel, s.bloom, "[" + s.iryna + ", " + s.roman + "]", "[" + day + "]");
            BookingChange checked = heard.poll(5, TimeUnit.SECONDS);
            assertNotNull(checked);
            assertEquals(List.of(s.iryna), checked.masterIds(), "only what the database confirms: a reload of Iryna's day");
        }
    }

    // ---- 5. the named lock per salon --------------------------------------------------------------

    @Test
    void anotherSalonCanNeitherComputeNorHoldASalonsMasterLock() throws Exception {
        // a server without the README's step 2, where every login may take advisory locks (issue 29's suite has the rest)
        s.asSuperuser("GRANT EXECUTE ON FUNCTION pg_catalog.pg_advisory_lock(bigint) TO bob");
        try (Connection bob = s.connect("bob"); Statement b = bob.createStatement()) {
            assertEquals("42501", state(() -> b.executeQuery("SELECT lock_key FROM salon_keys")));
            assertEquals("42501", state(() -> b.executeQuery("SELECT salondesk_master_lock_key(" + s.bloom + ", " + s.iryna + ")")));
            assertEquals("42501", state(() -> b.executeQuery("SELECT salondesk_lock_master(" + s.bloom + ", " + s.iryna + ")")));
            // the old public name, held for as long as Bob likes, no longer blocks anyone
            b.execute("SELECT pg_advisory_lock(hashtextextended('booking:' || " + s.bloom + " || ':' || " + s.iryna + ", 0))");
            BookingOutcome o = s.engine("olena").book(s.booking(s.bloom, s.iryna, s.bloomClient, at(14, 0)));
            assertInstanceOf(BookingOutcome.Booked.class, o, o.toString());
        } finally {
            s.asSuperuser("REVOKE EXECUTE ON FUNCTION pg_catalog.pg_advisory_lock(bigint) FROM bob");
        }
    }

    @Test
    void anAdminSeesWhoHoldsAMastersLockAndEndsThatSessionOfTheOwnSalonOnly() throws Exception {
        StaffRepository anna = new StaffRepository(s.dsl("anna"));
        StaffRepository rita = new StaffRepository(s.dsl("rita"));
        try (Connection stuck = s.connect("oksana"); Statement st = stuck.createStatement(); Connection bob = s.connect("bob")) {
            stuck.setAutoCommit(false);
            st.execute("SELECT salondesk_lock_master(" + s.bloom + ", " + s.marta + ")");
            int pid = stuck.unwrap(PGConnection.class).getBackendPID();
            CompletableFuture<BookingOutcome> waiting = CompletableFuture.supplyAsync(
                    () -> s.engine("olena").book(s.booking(s.bloom, s.marta, s.bloomClient, at(17, 0))));
            Thread.sleep(500);
            List<SalonLock> locks = anna.salonLocks(s.bloom);
            SalonLock holder = locks.stream().filter(l -> l.granted() && l.kind() == SalonLock.Kind.MASTER).findFirst()
                    .orElseThrow(() -> new AssertionError(locks.toString()));
            assertEquals(List.of(s.marta, (long) pid), List.of(holder.objectId(), (long) holder.pid()));
            assertEquals("oksana", holder.login());
            assertNotNull(holder.heldSince(), "the owner may see how long its logins' transactions run");
            assertTrue(locks.stream().anyMatch(l -> !l.granted() && l.login().equals("olena")), "the waiting desk is listed: " + locks);
            assertInstanceOf(BookingOutcome.TryAgain.class, waiting.get(30, TimeUnit.SECONDS));
            // not another salon's admin, not a receptionist, not beyond the own salon
            assertEquals("42501", dbState(() -> rita.salonLocks(s.bloom)));
            assertEquals("42501", dbState(() -> rita.endSession(s.bloom, pid)));
            assertEquals("42501", dbState(() -> rita.endSession(s.rival, pid)), "Oksana is neither Rival's nor in Rival's way");
            assertEquals("42501", dbState(() -> new StaffRepository(s.dsl("olena")).salonLocks(s.bloom)));
            int bobsPid = bob.unwrap(PGConnection.class).getBackendPID();
            assertEquals("42501", dbState(() -> anna.endSession(s.bloom, bobsPid)));
            try (Connection owner = s.connect(AttackedServer.OWNER)) {
                int ownersPid = owner.unwrap(PGConnection.class).getBackendPID();
                assertEquals("42501", dbState(() -> anna.endSession(s.bloom, ownersPid)));
            }
            assertTrue(anna.endSession(s.bloom, pid));
            SQLException gone = assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1"));
            assertTrue(gone.getSQLState().startsWith("57") || gone.getSQLState().startsWith("08"), gone.getSQLState());
        }
        BookingOutcome after = s.engine("olena").book(s.booking(s.bloom, s.marta, s.bloomClient, at(17, 0)));
        assertInstanceOf(BookingOutcome.Booked.class, after, after.toString());
        assertTrue(anna.salonLocks(s.bloom).isEmpty());
    }

    // ---- 6./7. logins --------------------------------------------------------------------------------

    @Test
    void aDisabledLoginLosesItsGroupAndItsOpenSessions() throws Exception {
        StaffRepository anna = new StaffRepository(s.dsl("anna"));
        anna.add(s.bloom, "leaver", "Leaver", "receptionist", AttackedServer.password("leaver").toCharArray());
        try (Connection open = s.connect("leaver"); Statement st = open.createStatement()) {
            assertEquals(1, count(st, "SELECT count(*) FROM tenants"));
            anna.disable("leaver");
            SQLException ended = assertThrows(SQLException.class, () -> st.executeQuery("SELECT count(*) FROM tenants"));
            assertTrue(ended.getSQLState().startsWith("57") || ended.getSQLState().startsWith("08"), ended.getSQLState());
        }
        assertEquals(0, s.count("SELECT count(*) FROM pg_auth_members WHERE member = 'leaver'::regrole "
                + "AND roleid = 'salondesk_receptionist'::regrole"));
        assertEquals("28000", assertThrows(SQLException.class, () -> s.connect("leaver").close()).getSQLState());
        assertEquals("22023", dbState(() -> anna.setRole("leaver", "admin")), "a disabled login gets no group back");
        assertEquals("22023", dbState(() -> anna.disable("anna")), "nobody disables themselves");
    }

    @Test
    void everyoneSetsTheirOwnPasswordAndAnAdminThoseOfTheOwnSalonOnly() throws Exception {
        new StaffRepository(s.dsl("olena")).setPassword("olena", "a-new-secret-1".toCharArray());
        assertEquals("28P01", assertThrows(SQLException.class, () -> s.connect("olena").close()).getSQLState());
        java.sql.DriverManager.getConnection(s.url, "olena", "a-new-secret-1").close();
        StaffRepository anna = new StaffRepository(s.dsl("anna"));
        anna.setPassword("olena", AttackedServer.password("olena").toCharArray());
        s.connect("olena").close();
        StaffRepository olena = new StaffRepository(s.dsl("olena"));
        assertEquals("42501", dbState(() -> olena.setPassword("mira", "takeover-pw-1".toCharArray())));
        for (String foreign : List.of("bob", AttackedServer.OWNER, "postgres", "outsider")) {
            assertEquals("42501", dbState(() -> anna.setPassword(foreign, "takeover-pw-1".toCharArray())), foreign);
        }
    }

    @Test
    void onlyWellFormedScramVerifiersAreAccepted() throws Exception {
        for (String verifier : List.of("SCRAM-SHA-256$garbage", "plain-text-password", "md5" + "0".repeat(32),
                "SCRAM-SHA-256$4096:c2FsdA==$YWJj:ZGVm")) {
            assertEquals("22023", refused("anna", "SELECT salondesk_add_user(" + s.bloom + ", 'badpw', 'X', 'receptionist', '" + verifier + "')"), verifier);
            assertEquals("22023", refused("anna", "SELECT salondesk_set_password('olena', '" + verifier + "')"), verifier);
        }
        assertEquals(0, s.count("SELECT count(*) FROM pg_roles WHERE rolname = 'badpw'"));
        s.connect("olena").close();
    }

    @Test
    void everyStaffLoginHasBoundedStatementsAndIdleTransactions() throws Exception {
        for (String who : STAFF) {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                assertEquals("30s", show(st, "statement_timeout"), who);
                assertEquals("1min", show(st, "idle_in_transaction_session_timeout"), who);
            }
        }
    }

    @Test
    void aLoginsSalonIsAnsweredForItsOwnSessionOnly() throws Exception {
        assertEquals("42883", refused("olena", "SELECT salondesk_tenant_of('bob')"));
        try (Connection c = s.connect("bob"); Statement st = c.createStatement()) {
            assertEquals(s.rival, count(st, "SELECT salondesk_current_tenant()"));
        }
    }

    @Test
    void wholeRowsGoOnlyThroughTheAdminsFunctionsAndOnlyInTheOwnSalon() throws Exception {
        long rivalOff;
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            rivalOff = count(st, "INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at) VALUES ("
                    + s.rival + ", " + s.roman + ", '" + at(8, 0) + "', '" + at(9, 0) + "') RETURNING id");
        }
        try (Connection c = s.connect("anna"); Statement st = c.createStatement()) {
            long own = count(st, "INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at) VALUES ("
                    + s.bloom + ", " + s.iryna + ", '" + at(8, 0) + "', '" + at(9, 0) + "') RETURNING id");
            assertEquals("42501", state(() -> st.execute("SELECT salondesk_remove_time_off(" + s.rival + ", " + rivalOff + ")")),
                    "Rival's time off is out of reach");
            assertFalse(bool(st, "SELECT salondesk_remove_time_off(" + s.bloom + ", " + rivalOff + ")"), "nor reachable through the own salon");
            assertTrue(bool(st, "SELECT salondesk_remove_time_off(" + s.bloom + ", " + own + ")"));
        }
        assertEquals(1, s.count("SELECT count(*) FROM master_time_off WHERE id = " + rivalOff));
        assertEquals("42501", refused("olena", "SELECT salondesk_remove_time_off(" + s.bloom + ", 1)"));
        assertEquals("42501", refused("mira", "SELECT salondesk_remove_master_service(" + s.bloom + ", " + s.iryna + ", 1)"));
    }

    /** Issue 12: the salon's setup is its admins' (and the owner's); nobody else's, no other salon's. */
    @Test
    void aSalonsSetupIsChangedByItsOwnAdminsOnly() throws Exception {
        String week = "SELECT salondesk_set_week_day(%d, %d, '2031-01-01', 1, ARRAY['09:00']::time[], ARRAY['17:00']::time[])";
        String day = "SELECT salondesk_set_day(%d, %d, '2031-03-10', ARRAY['10:00']::time[], ARRAY['14:00']::time[], 'x')";
        List<String> setup = List.of(
                "INSERT INTO masters (tenant_id, name) VALUES (" + s.bloom + ", 'Sneaky')",
                "UPDATE masters SET name = 'Renamed' WHERE id = " + s.iryna,
                "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + s.bloom + ", 'Sneaky', 30)",
                "UPDATE services SET price = 1",
                "INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at) VALUES (" + s.bloom + ", " + s.iryna
                        + ", '" + at(8, 0) + "', '" + at(9, 0) + "')",
                "UPDATE tenants SET name = 'Renamed'",
                String.format(week, s.bloom, s.iryna),
                String.format(day, s.bloom, s.iryna),
                "SELECT salondesk_clear_day(" + s.bloom + ", " + s.iryna + ", '2031-03-10')",
                "SELECT salondesk_remove_week(" + s.bloom + ", " + s.iryna + ", '2031-01-01')");
        for (String who : List.of("olena", "mira")) {
            for (String sql : setup) {
                assertEquals("42501", refused(who, sql), who + ": " + sql);
            }
        }
        // another salon's admin: refused, or nothing to see and change
        assertEquals("42501", refused("rita", String.format(week, s.bloom, s.iryna)));
        assertEquals("42501", refused("rita", String.format(day, s.bloom, s.iryna)));
        assertEquals("22023", refused("rita", String.format(week, s.rival, s.iryna)), "Iryna is no master of Rival");
        assertEquals("42501", refused("rita", "INSERT INTO masters (tenant_id, name) VALUES (" + s.bloom + ", 'Spy')"));
        try (Connection c = s.connect("rita"); Statement st = c.createStatement()) {
            assertEquals(0, st.executeUpdate("UPDATE masters SET name = 'Renamed' WHERE id = " + s.iryna));
            assertEquals(0, st.executeUpdate("UPDATE tenants SET name = 'Renamed' WHERE id = " + s.bloom));
        }
        // and the salon's own admin may
        try (Connection c = s.connect("anna"); Statement st = c.createStatement()) {
            st.execute(String.format(week, s.bloom, s.marta));
            st.execute(String.format(day, s.bloom, s.marta));
            assertTrue(bool(st, "SELECT salondesk_clear_day(" + s.bloom + ", " + s.marta + ", '2031-03-10')"));
            assertTrue(bool(st, "SELECT salondesk_remove_week(" + s.bloom + ", " + s.marta + ", '2031-01-01')"));
            assertEquals(1, st.executeUpdate("UPDATE tenants SET address = 'Khreshchatyk 1'"));
        }
        assertEquals(1, s.count("SELECT count(*) FROM masters WHERE name = 'Iryna'"));
        assertEquals(0, s.count("SELECT count(*) FROM tenants WHERE name = 'Renamed'"));
    }

    /** The engine's guarantee as receptionist logins on this server: a race, then no overlap. */
    @Test
    void receptionistsRacingForOneMasterNeverDoubleBook() throws Exception {
        List<CompletableFuture<Integer>> desks = new ArrayList<>();
        for (String who : List.of("olena", "oksana", "anna")) {
            BookingEngine engine = s.engine(who);
            desks.add(CompletableFuture.supplyAsync(() -> {
                int booked = 0;
                var rnd = new java.util.Random(who.hashCode());
                for (int i = 0; i < 20; i++) {
                    BookingOutcome o = engine.book(s.booking(s.bloom, s.marta, s.bloomClient, at(8, 0).plusSeconds(900L * rnd.nextInt(16))));
                    assertFalse(o instanceof BookingOutcome.Invalid, o.toString());
                    booked += o instanceof BookingOutcome.Booked ? 1 : 0;
                }
                return booked;
            }));
        }
        int booked = 0;
        for (var d : desks) {
            booked += d.get(2, TimeUnit.MINUTES);
        }
        assertTrue(booked > 0);
        assertEquals(0, s.count("SELECT count(*) FROM bookings a JOIN bookings b ON a.tenant_id = b.tenant_id AND a.master_id = b.master_id "
                + "AND a.id < b.id WHERE a.status IN ('pending','confirmed','arrived') AND b.status IN ('pending','confirmed','arrived') "
                + "AND tstzrange(a.starts_at, slot_end(a.starts_at, a.duration_min)) && tstzrange(b.starts_at, slot_end(b.starts_at, b.duration_min))"));
    }

    // ---- issue 18: phases, cleanup ----------------------------------------------------------------

    /** A colour of Bloom (30 busy, 40 processing, 30 busy, then 10 of cleanup), made by the owner once. */
    private long colour() throws SQLException {
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            st.execute("INSERT INTO services (tenant_id, name, duration_min, phases, cleanup_min) VALUES (" + s.bloom
                    + ", 'Attack colour', 100, '{30,-40,30}', 10) ON CONFLICT (tenant_id, name) DO NOTHING");
            return count(st, "SELECT id FROM services WHERE tenant_id = " + s.bloom + " AND name = 'Attack colour'");
        }
    }

    @Test
    void noLoginCanForgeTheShapeOfABooking() throws Exception {
        long colour = colour();
        String values = s.bloom + ", " + s.marta + ", " + s.bloomClient + ", " + colour + ", '" + at(15, 0) + "', 100";
        for (String who : List.of("olena", "anna")) {
            // a colour that claims to keep Marta free all along, or a cleanup of none
            assertEquals("42501", refused(who, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, phases) "
                    + "VALUES (" + values + ", '{-100}')"), who);
            assertEquals("42501", refused(who, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, "
                    + "cleanup_min) VALUES (" + values + ", 0)"), who);
            assertEquals("42501", refused(who, "UPDATE bookings SET phases = '{-30}'"), who);
            assertEquals("42501", refused(who, "UPDATE bookings SET cleanup_min = 0"), who);
        }
        // the booking a receptionist may make gets the service's shape from the database
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            long id = count(st, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                    + values + ") RETURNING id");
            try (ResultSet rs = st.executeQuery("SELECT phases::text, cleanup_min FROM bookings WHERE id = " + id)) {
                rs.next();
                assertEquals("{30,-40,30}", rs.getString(1));
                assertEquals(10, rs.getInt(2));
            }
            // a resize the phases cannot take is refused, and nothing changes
            assertEquals("22023", state(() -> st.executeUpdate("UPDATE bookings SET duration_min = 60 WHERE id = " + id)));
            assertEquals(100, count(st, "SELECT duration_min FROM bookings WHERE id = " + id));
            ownerRemoves(id);
        }
    }

    /** Leaves the schedule as the other tests expect it (no cancelled rows either). */
    private void ownerRemoves(long... ids) throws SQLException {
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            for (long id : ids) {
                st.execute("DELETE FROM bookings WHERE id = " + id);
            }
        }
    }

    @Test
    void plainSqlOfAStaffLoginFitsAProcessingGapButCannotOverlapBusyPhasesOrCleanup() throws Exception {
        long colour = colour();
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            long booked = count(st, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                    + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", " + colour + ", '" + at(16, 0) + "', 100) RETURNING id");
            // 16:30–17:10 is Iryna's own time while the colour takes
            long gap = count(st, "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES ("
                    + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", '" + at(16, 30) + "', 40) RETURNING id");
            for (int[] hm : new int[][]{{16, 15}, {17, 5}, {17, 40}}) {
                // the first busy phase, the finish, the cleanup (17:40–17:50): with or without the lock
                String insert = "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES ("
                        + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", '" + at(hm[0], hm[1]) + "', 10)";
                assertEquals("23P01", state(() -> st.execute(insert)), hm[0] + ":" + hm[1]);
            }
            // moving the gap's booking onto the finish is refused as well
            assertEquals("23P01", state(() -> st.executeUpdate("UPDATE bookings SET starts_at = '" + at(17, 0) + "' WHERE id = " + gap)));
            ownerRemoves(booked, gap);
        }
    }

    @Test
    void onlyASalonsOwnAdminShapesItsServices() throws Exception {
        long colour = colour();
        for (String who : List.of("olena", "mira")) {
            assertEquals("42501", refused(who, "UPDATE services SET phases = '{100}' WHERE id = " + colour), who);
            assertEquals("42501", refused(who, "UPDATE services SET cleanup_min = 0 WHERE id = " + colour), who);
            assertEquals("42501", refused(who, "UPDATE master_services SET phases = '{100}'"), who);
        }
        try (Connection c = s.connect("rita"); Statement st = c.createStatement()) {
            assertEquals(0, st.executeUpdate("UPDATE services SET cleanup_min = 0 WHERE id = " + colour), "Rival sees no service of Bloom");
        }
        try (Connection c = s.connect("anna"); Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate("UPDATE services SET phases = '{20,-50,30}', cleanup_min = 5 WHERE id = " + colour));
            assertEquals(100, count(st, "SELECT duration_min FROM services WHERE id = " + colour));
            st.executeUpdate("UPDATE services SET phases = '{30,-40,30}', cleanup_min = 10 WHERE id = " + colour);
        }
    }

    @Test
    void aRoomIsNeverDoubleBookedByPlainSqlAndOnlyTheDatabaseGivesItsUnits() throws Exception {
        long chair;
        long pedicure;
        try (Connection c = s.connect("anna"); Statement st = c.createStatement()) {
            chair = count(st, "INSERT INTO resources (tenant_id, name) VALUES (" + s.bloom + ", 'Attack chair') RETURNING id");
            pedicure = count(st, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + s.bloom + ", 'Attack pedicure', 60) RETURNING id");
            st.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + s.bloom + ", " + pedicure + ", " + chair + ")");
        }
        for (String who : List.of("olena", "mira")) {
            assertEquals("42501", refused(who, "INSERT INTO resources (tenant_id, name) VALUES (" + s.bloom + ", 'Sneaky room')"), who);
            assertEquals("42501", refused(who, "INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES ("
                    + s.bloom + ", " + pedicure + ", " + chair + ")"), who);
        }
        for (String who : List.of("olena", "anna")) {
            assertEquals("42501", refused(who, "INSERT INTO booking_resources (tenant_id, booking_id, resource_id, unit, during) "
                    + "SELECT tenant_id, id, " + chair + ", 2, tstzrange(starts_at, starts_at + interval '1 hour') FROM bookings LIMIT 1"), who);
            assertEquals("42501", refused(who, "UPDATE booking_resources SET unit = 2"), who);
            assertEquals("42501", refused(who, "DELETE FROM booking_resources"), who);
        }
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            long first = count(st, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                    + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", " + pedicure + ", '" + at(18, 0) + "', 60) RETURNING id");
            // Marta is free, the chair is not
            assertEquals("23P01", state(() -> st.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, "
                    + "duration_min) VALUES (" + s.bloom + ", " + s.marta + ", " + s.bloomClient + ", " + pedicure + ", '" + at(18, 30) + "', 60)")));
            assertEquals(1, s.count("SELECT count(*) FROM booking_resources WHERE booking_id = " + first));
            ownerRemoves(first);
        }
    }

    @Test
    void aSalonsRoomsAreChangedOnlyByItsOwnAdminAndLockedOnlyForItsOwnBookings() throws Exception {
        long chair;
        long pedicure;
        try (Connection c = s.connect("anna"); Statement st = c.createStatement()) {
            chair = count(st, "INSERT INTO resources (tenant_id, name) VALUES (" + s.bloom + ", 'Guarded chair') RETURNING id");
            pedicure = count(st, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + s.bloom + ", 'Guarded pedicure', 60) RETURNING id");
            st.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + s.bloom + ", " + pedicure + ", " + chair + ")");
        }
        long shave;
        try (Connection c = s.connect("rita"); Statement st = c.createStatement()) {
            shave = count(st, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + s.rival + ", 'Rival shave', 30) RETURNING id");
        }
        String chairRow = "SELECT name || '/' || capacity || '/' || active FROM resources WHERE id = " + chair;
        // a service's need is taken away only by its salon's admin: not a receptionist, a manager, another salon's admin
        String unneed = "SELECT salondesk_remove_service_resource(" + s.bloom + ", " + pedicure + ", " + chair + ")";
        for (String who : List.of("olena", "mira", "rita", "bob")) {
            assertEquals("42501", refused(who, unneed), who);
        }
        assertEquals(1, s.count("SELECT count(*) FROM service_resources WHERE resource_id = " + chair), "the pedicure still needs the chair");
        // the rooms' named locks are taken only for the own salon's bookings
        for (String[] attempt : new String[][]{{"olena", s.rival + "", shave + ""}, {"bob", s.bloom + "", pedicure + ""},
                {"rita", s.bloom + "", pedicure + ""}}) {
            assertEquals("42501", refused(attempt[0], "SELECT salondesk_lock_resources(" + attempt[1] + ", ARRAY[" + attempt[2] + "]::bigint[])"),
                    attempt[0] + " locking salon " + attempt[1]);
        }
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            // the same statement for the own salon is the writer's step before a visit's parts (not a typo refused)
            st.execute("SELECT salondesk_lock_resources(" + s.bloom + ", ARRAY[" + pedicure + "]::bigint[])");
        }
        // a room's name, count and use are the own admin's: staff without the right are refused, Rival's admin finds no row
        for (String set : List.of("name = 'Broken chair'", "capacity = 50", "active = false")) {
            for (String who : List.of("olena", "mira")) {
                assertEquals("42501", refused(who, "UPDATE resources SET " + set + " WHERE id = " + chair), who + ": " + set);
            }
            try (Connection c = s.connect("rita"); Statement st = c.createStatement()) {
                assertEquals(0, st.executeUpdate("UPDATE resources SET " + set + " WHERE id = " + chair), "rita: " + set);
                assertEquals(0, st.executeUpdate("UPDATE resources SET " + set), "rita, every row she may see: " + set);
            }
        }
        assertEquals("42501", refused("rita", "UPDATE resources SET tenant_id = " + s.rival + " WHERE id = " + chair), "a room changes no salon");
        assertEquals("42501", refused("anna", "UPDATE resources SET tenant_id = " + s.rival + " WHERE id = " + chair), "not even its own admin's");
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(chairRow)) {
            rs.next();
            assertEquals("Guarded chair/1/true", rs.getString(1));
        }
        // and Rival's admin adds no room to Bloom, ties no Bloom service to a room, nor a Rival service to Bloom's chair
        assertEquals("42501", refused("rita", "INSERT INTO resources (tenant_id, name, capacity) VALUES (" + s.bloom + ", 'Planted room', 50)"));
        assertEquals("42501", refused("rita", "INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES ("
                + s.bloom + ", " + pedicure + ", " + chair + ")"));
        assertEquals("23503", refused("rita", "INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES ("
                + s.rival + ", " + shave + ", " + chair + ")"), "Bloom's chair is no room of Rival's");
        assertEquals(0, s.count("SELECT count(*) FROM resources WHERE name = 'Planted room'"));
        assertEquals(1, s.count("SELECT count(*) FROM service_resources WHERE resource_id = " + chair));
    }

    /**
     * Migration 22: even the salon's own admin, typing plain SQL, cannot take a unit away from a
     * future booking — a lower count, the room switched off, a service needing a room its bookings
     * cannot all have — and nothing of such a statement is written.
     */
    @Test
    void theOwnAdminsPlainSqlCannotTakeAUnitFromAFutureBooking() throws Exception {
        long basin;
        long chair;
        long washing;
        try (Connection c = s.connect("anna"); Statement st = c.createStatement()) {
            basin = count(st, "INSERT INTO resources (tenant_id, name, capacity) VALUES (" + s.bloom + ", 'Busy basin', 2) RETURNING id");
            chair = count(st, "INSERT INTO resources (tenant_id, name) VALUES (" + s.bloom + ", 'Busy chair') RETURNING id");
            washing = count(st, "INSERT INTO services (tenant_id, name, duration_min) VALUES (" + s.bloom + ", 'Busy wash', 30) RETURNING id");
            st.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + s.bloom + ", " + washing + ", " + basin + ")");
        }
        long[] washes = new long[2];
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            int i = 0;
            for (long master : new long[]{s.iryna, s.marta}) {
                washes[i] = count(st, "INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min) VALUES ("
                        + s.bloom + ", " + master + ", " + s.bloomClient + ", " + washing + ", '" + at(10, 15 * i) + "', 30) RETURNING id");
                i++;
            }
        }
        for (String sql : List.of("UPDATE resources SET capacity = 1 WHERE id = " + basin,
                "UPDATE resources SET name = 'Quiet basin', capacity = 1 WHERE id = " + basin,
                "UPDATE resources SET active = false WHERE id = " + basin,
                "UPDATE resources SET active = false",
                "INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + s.bloom + ", " + washing + ", " + chair + ")")) {
            assertEquals("23514", refused("anna", sql), sql);
        }
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT name || '/' || capacity || '/' || active FROM resources WHERE id = " + basin)) {
            rs.next();
            assertEquals("Busy basin/2/true", rs.getString(1), "nothing of the refused statements was written");
        }
        assertEquals(2, s.count("SELECT count(DISTINCT unit) FROM booking_resources WHERE resource_id = " + basin));
        assertEquals(0, s.count("SELECT count(*) FROM service_resources WHERE resource_id = " + chair));
        // what leaves every future booking its unit is allowed: a new name, a higher count
        try (Connection c = s.connect("anna"); Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate("UPDATE resources SET name = 'Calm basin', capacity = 3 WHERE id = " + basin));
        }
        ownerRemoves(washes);
    }

    @Test
    void aVisitIsOfTheOwnSalonAndItsOwnClientOnly() throws Exception {
        assertEquals("42501", refused("olena", "INSERT INTO visits (tenant_id, client_id) VALUES (" + s.rival + ", " + s.rivalClient + ")"));
        assertEquals("42501", refused("olena", "INSERT INTO visits (tenant_id, client_id, created_by) VALUES (" + s.bloom + ", "
                + s.bloomClient + ", 'anna')"), "who made it is the database's");
        assertEquals("42501", refused("mira", "INSERT INTO visits (tenant_id, client_id) VALUES (" + s.bloom + ", " + s.bloomClient + ")"));
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            long visit = count(st, "INSERT INTO visits (tenant_id, client_id) VALUES (" + s.bloom + ", " + s.bloomClient + ") RETURNING id");
            try (ResultSet rs = st.executeQuery("SELECT created_by FROM visits WHERE id = " + visit)) {
                rs.next();
                assertEquals("olena", rs.getString(1));
            }
            long other = count(st, "INSERT INTO clients (tenant_id, name) VALUES (" + s.bloom + ", 'Not Nina') RETURNING id");
            // another client's booking cannot join Nina's visit
            assertEquals("23503", state(() -> st.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, visit_id) "
                    + "VALUES (" + s.bloom + ", " + s.marta + ", " + other + ", '" + at(19, 0) + "', 30, " + visit + ")")));
            assertEquals("42501", state(() -> st.execute("UPDATE bookings SET visit_id = " + visit)), "no booking changes its visit");
        }
        try (Connection c = s.connect("bob"); Statement st = c.createStatement()) {
            assertEquals(0, count(st, "SELECT count(*) FROM visits"), "Rival sees none of Bloom's visits");
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private interface SqlAction {
        void run() throws SQLException;
    }

    /** The SQLSTATE with which PostgreSQL refuses {@code sql} typed by {@code who} in a fresh session. */
    String refused(String who, String sql) {
        return state(() -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        });
    }

    static String state(SqlAction action) {
        return assertThrows(SQLException.class, action::run).getSQLState();
    }

    static String dbState(Runnable action) {
        return assertThrows(DataAccessException.class, action::run).sqlState();
    }

    private List<String> tables() throws SQLException {
        List<String> tables = new ArrayList<>();
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")) {
            while (rs.next()) {
                tables.add(rs.getString(1));
            }
        }
        return tables;
    }

    private String channelOf(long tenant) throws SQLException {
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT channel FROM salon_keys WHERE tenant_id = " + tenant)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private boolean ownerTriesLock(long tenant, long master) throws SQLException {
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT pg_try_advisory_xact_lock(salondesk_master_lock_key(" + tenant + ", " + master + "))")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static long bookPlain(Connection c, long tenant, long master, long client, java.time.Instant start) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("BEGIN");
            st.execute("SELECT set_config('salondesk.source', 'sql', true), salondesk_lock_master(" + tenant + ", " + master + ")");
            long id;
            try (ResultSet rs = st.executeQuery("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES ("
                    + tenant + ", " + master + ", " + client + ", '" + start + "', 30) RETURNING id")) {
                rs.next();
                id = rs.getLong(1);
            }
            st.execute("COMMIT");
            return id;
        }
    }

    private static void notify(Statement st, String channel, long tenant, String masters, String days) throws SQLException {
        st.execute("SELECT pg_notify('" + channel + "', '{\"op\": \"UPDATE\", \"tenant\": " + tenant + ", \"booking\": 1, \"masters\": "
                + masters + ", \"days\": " + days + "}')");
    }

    private static BlockingQueue<BookingChange> listen(LiveUpdates desk) throws InterruptedException {
        BlockingQueue<BookingChange> heard = new LinkedBlockingQueue<>();
        BlockingQueue<LiveUpdates.State> states = new LinkedBlockingQueue<>();
        desk.onChange(heard::add);
        desk.onState(states::add);
        desk.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (states.poll(100, TimeUnit.MILLISECONDS) == LiveUpdates.State.ONLINE) {
                return heard;
            }
        }
        throw new AssertionError("the desk's live updates did not come online");
    }

    private static List<String> notifications(Connection c, Duration within) throws SQLException {
        List<String> got = new ArrayList<>();
        long deadline = System.nanoTime() + within.toNanos();
        PGConnection pg = c.unwrap(PGConnection.class);
        while (got.isEmpty() && System.nanoTime() < deadline) {
            PGNotification[] ns = pg.getNotifications(200);
            if (ns != null) {
                for (PGNotification n : ns) {
                    got.add(n.getName() + ": " + n.getParameter());
                }
            }
        }
        return got;
    }

    private static long count(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static boolean bool(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static String show(Statement st, String setting) throws SQLException {
        try (ResultSet rs = st.executeQuery("SHOW " + setting)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
