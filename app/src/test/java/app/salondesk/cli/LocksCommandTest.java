package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code locks} and {@code locks end}: an admin sees who holds or awaits the lock of one of
 * the salon's masters and ends that session; nobody else does.
 */
class LocksCommandTest {

    private static EngineFixture f;
    private static ConnectionSettings db;
    private static long otherSalon;
    private static String s;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("lockscli", 2);
        db = f.backend.database().settings();
        otherSalon = f.id("INSERT INTO tenants (name, time_zone) VALUES ('Other salon', 'Europe/Warsaw') RETURNING id");
        s = Long.toString(System.nanoTime(), 36);
        StaffRepository owner = new StaffRepository(f.dsl);
        owner.add(f.tenant, "boss_" + s, "Boss", "admin", "boss-password".toCharArray());
        owner.add(f.tenant, "desk_" + s, "Desk", "receptionist", "desk-password".toCharArray());
        owner.add(f.tenant, "desk2_" + s, "Desk two", "receptionist", "desk2-password".toCharArray());
        owner.add(otherSalon, "rival_" + s, "Rival", "admin", "rival-password".toCharArray());
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

    /** A receptionist's session in the middle of a booking of Anna: the lock is held until it ends. */
    private static Connection holdingAnnasLock(String login, String password) throws SQLException {
        Connection c = DriverManager.getConnection(db.url(), login, password);
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            st.execute("SELECT salondesk_lock_master(" + f.tenant + ", " + f.anna + ")");
        }
        return c;
    }

    private static int pid(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); var rs = st.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void anAdminSeesTheHolderAndTheWaiterAndEndsTheHolder() throws Exception {
        try (Connection holder = holdingAnnasLock("desk_" + s, "desk-password");
             Connection waiter = DriverManager.getConnection(db.url(), "desk2_" + s, "desk2-password")) {
            int holderPid = pid(holder);
            int waiterPid = pid(waiter);
            waiter.setAutoCommit(false);
            CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
                try (Statement st = waiter.createStatement()) {
                    st.execute("SELECT salondesk_lock_master(" + f.tenant + ", " + f.anna + ")");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            Instant deadline = Instant.now().plusSeconds(10);
            while (f.count("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND pid = " + waiterPid) == 0) {
                assertTrue(Instant.now().isBefore(deadline), "the second desk waits for Anna's lock");
                Thread.sleep(50);
            }

            var list = as("boss_" + s, "boss-password", "locks");
            assertEquals(0, list.exit(), list.out() + list.err());
            List<String> lines = list.out().strip().lines().toList();
            assertEquals(4, lines.size(), list.out());
            // every booking shares the salon's rooms lock (migration 22): both desks hold it, listed first
            assertTrue(lines.get(0).matches("rooms\tdesk_" + s + "\t" + holderPid + "\t\\d+s shared"), lines.get(0));
            assertTrue(lines.get(1).matches("rooms\tdesk2_" + s + "\t" + waiterPid + "\t\\d+s shared"), lines.get(1));
            assertTrue(lines.get(2).matches("Anna\tdesk_" + s + "\t" + holderPid + "\t\\d+s"), lines.get(2));
            assertEquals("Anna\tdesk2_" + s + "\t" + waiterPid + "\twaiting", lines.get(3));
            assertEquals("", list.err(), "an admin gets no warning");

            var end = as("boss_" + s, "boss-password", "locks", "end", "--pid", Integer.toString(holderPid));
            assertEquals(0, end.exit(), end.out() + end.err());
            assertEquals("ended " + holderPid, end.out().strip());
            waiting.get(10, TimeUnit.SECONDS);
            assertThrows(SQLException.class, () -> holder.createStatement().execute("SELECT 1"), "the holder's session is gone");

            var again = as("boss_" + s, "boss-password", "locks", "end", "--pid", Integer.toString(holderPid));
            assertEquals(3, again.exit(), again.out() + again.err());
            assertEquals("gone " + holderPid + ": no session " + holderPid + " is running any more, nothing was ended", again.out().strip());

            var nowHeld = as("boss_" + s, "boss-password", "locks");
            assertTrue(nowHeld.out().strip().matches("rooms\tdesk2_" + s + "\t" + waiterPid + "\t\\d+s shared\n"
                    + "Anna\tdesk2_" + s + "\t" + waiterPid + "\t\\d+s"), nowHeld.out());
            waiter.rollback();
        }
    }

    @Test
    void theOwnerNamesTheSalonAndIsWarned() throws Exception {
        var without = as(db.user(), db.password(), "locks");
        assertEquals(2, without.exit(), without.out() + without.err());
        assertEquals("invalid: this login belongs to no salon: say which one with --tenant", without.out().strip());

        var with = as(db.user(), db.password(), "locks", "--tenant", Long.toString(f.tenant));
        assertEquals(0, with.exit(), with.out() + with.err());
        assertEquals(1, with.err().strip().lines().count(), with.err());
        assertTrue(with.err().startsWith("Warning: " + db.user() + " is the database owner's login"), with.err());
    }

    @Test
    void nobodyElseSeesOrEndsASalonsSessions() throws Exception {
        try (Connection holder = holdingAnnasLock("desk_" + s, "desk-password")) {
            int holderPid = pid(holder);

            var receptionist = as("desk2_" + s, "desk2-password", "locks");
            assertEquals(2, receptionist.exit(), receptionist.out() + receptionist.err());
            assertEquals("invalid: you don't have permission to do this", receptionist.out().strip());

            var receptionistEnds = as("desk2_" + s, "desk2-password", "locks", "end", "--pid", Integer.toString(holderPid));
            assertEquals(2, receptionistEnds.exit());
            assertEquals("invalid: you don't have permission to do this", receptionistEnds.out().strip());

            var rivalLooks = as("rival_" + s, "rival-password", "locks", "--tenant", Long.toString(f.tenant));
            assertEquals(2, rivalLooks.exit());
            assertEquals("invalid: you don't have permission to do this", rivalLooks.out().strip());

            var rivalOwnSalon = as("rival_" + s, "rival-password", "locks", "end", "--pid", Integer.toString(holderPid));
            assertEquals(2, rivalOwnSalon.exit(), "another salon's desk is neither its staff nor in its way");
            assertEquals("invalid: you don't have permission to do this", rivalOwnSalon.out().strip());

            var theOwnersSession = as("boss_" + s, "boss-password", "locks", "end", "--pid", Integer.toString(ownerPid()));
            assertEquals(2, theOwnersSession.exit());

            holder.createStatement().execute("SELECT 1");
            assertFalse(holder.isClosed());
            holder.rollback();
        }
    }

    /** A session of the owner (the pool's), which SalonDesk never ends. */
    private static int ownerPid() {
        return (int) f.id("SELECT pg_backend_pid()");
    }

    @Test
    void theHelpOfTheNewCommandsSpeaksTheUsersLanguage() throws Exception {
        java.util.Locale saved = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.forLanguageTag("ru"));
            var locks = CliTestAccess.run(new String[]{"locks", "end", "--help"}, "");
            assertTrue(locks.out().contains("Завершить сеанс, держащий одну из блокировок салона"), locks.out());
            assertTrue(locks.out().contains("pid сеанса, из списка."), locks.out());
            java.util.Locale.setDefault(java.util.Locale.forLanguageTag("uk"));
            var password = CliTestAccess.run(new String[]{"users", "set-password", "--help"}, "");
            assertTrue(password.out().contains("Задати пароль облікового запису"), password.out());
            assertTrue(password.out().contains("Прочитати новий пароль із наступного рядка"), password.out());
        } finally {
            java.util.Locale.setDefault(saved);
        }
    }

    @Test
    void heldForReadsInSecondsThenMinutes() {
        Instant now = Instant.parse("2030-01-07T10:00:00Z");
        assertEquals("0s", LocksCommand.heldFor(now, now));
        assertEquals("119s", LocksCommand.heldFor(now.minus(Duration.ofSeconds(119)), now));
        assertEquals("2min", LocksCommand.heldFor(now.minus(Duration.ofSeconds(120)), now));
        assertEquals("61min", LocksCommand.heldFor(now.minus(Duration.ofMinutes(61)), now));
        assertEquals("?", LocksCommand.heldFor(null, now));
    }
}
