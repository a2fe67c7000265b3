package app.salondesk.security;

import app.salondesk.cli.CliTestAccess;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.staff.StaffMember;
import com.zaxxer.hikari.HikariDataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Salon admins manage their own staff, and nothing beyond it. */
class StaffManagementTest {

    private static EngineFixture f;
    private static long otherSalon;
    private static String suffix;
    private static final List<HikariDataSource> pools = new ArrayList<>();

    @BeforeAll
    static void salons() {
        f = new EngineFixture("staff", 4);
        otherSalon = f.id("INSERT INTO tenants (name, time_zone) VALUES ('Other salon', 'Europe/Warsaw') RETURNING id");
        suffix = Long.toString(System.nanoTime(), 36);
        // the database owner creates the first admin of each salon
        new StaffRepository(f.dsl).add(f.tenant, "boss_" + suffix, "Boss", "admin", "first-admin-pw".toCharArray());
        new StaffRepository(f.dsl).add(otherSalon, "rival_" + suffix, "Rival", "admin", "rival-admin-pw".toCharArray());
    }

    @AfterAll
    static void close() {
        pools.forEach(HikariDataSource::close);
        f.close();
    }

    private static DSLContext as(String login, String password) {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(f.backend.database().settings().url());
        ds.setUsername(login);
        ds.setPassword(password);
        ds.setMaximumPoolSize(1);
        pools.add(ds);
        return DSL.using(ds, SQLDialect.POSTGRES);
    }

    private static Connection connect(String login, String password) throws SQLException {
        return DriverManager.getConnection(f.backend.database().settings().url(), login, password);
    }

    @Test
    void anAdminAddsStaffToTheOwnSalonAndTheyCanSignInWithTheirPassword() throws SQLException {
        StaffRepository boss = new StaffRepository(as("boss_" + suffix, "first-admin-pw"));
        boss.add(f.tenant, "desk_" + suffix, "Front desk", "receptionist", "desk-password".toCharArray());
        try (Connection c = connect("desk_" + suffix, "desk-password")) {
            var rs = c.createStatement().executeQuery("SELECT count(*) FROM masters");
            rs.next();
            assertEquals(3, rs.getInt(1));
        }
        List<StaffMember> staff = boss.list(f.tenant);
        assertTrue(staff.stream().anyMatch(m -> m.login().equals("desk_" + suffix) && m.role().equals("receptionist") && m.active()));
        assertTrue(staff.stream().noneMatch(m -> m.login().startsWith("rival_")), "the other salon's staff are not listed");
        // SCRAM, not the password, is stored
        String stored = f.dsl.resultQuery("SELECT rolpassword FROM pg_authid WHERE rolname = 'desk_" + suffix + "'").fetchOne(0, String.class);
        assertTrue(stored.startsWith("SCRAM-SHA-256$") && !stored.contains("desk-password"));
    }

    @Test
    void anAdminCannotReachBeyondTheOwnSalonOrTheThreeGroups() {
        StaffRepository boss = new StaffRepository(as("boss_" + suffix, "first-admin-pw"));
        assertEquals("42501", state(() -> boss.add(otherSalon, "mole_" + suffix, "Mole", "admin", "mole-password".toCharArray())));
        assertEquals("22023", state(() -> boss.add(f.tenant, "root_" + suffix, "Root", "superuser", "root-password".toCharArray())));
        assertEquals("22023", state(() -> boss.add(f.tenant, "x_" + suffix, "X", "pg_read_all_data", "x-password-1".toCharArray())));
        assertEquals("42710", state(() -> boss.add(f.tenant, "postgres", "Postgres", "admin", "take-over-pw".toCharArray())),
                "an existing role is never taken over");
        assertEquals("42501", state(() -> boss.setRole("rival_" + suffix, "receptionist")), "another salon's admin");
        assertEquals("42501", state(() -> boss.disable("rival_" + suffix)));
        boss.add(f.tenant, "temp_" + suffix, "Temp", "receptionist", "temp-password".toCharArray());
        assertEquals("22023", state(() -> boss.setRole("temp_" + suffix, "superuser")), "no escalation beyond the three");
        Boolean superuser = f.dsl.resultQuery("SELECT rolsuper OR rolcreaterole OR rolbypassrls FROM pg_roles WHERE rolname = 'temp_" + suffix + "'")
                .fetchOne(0, Boolean.class);
        assertFalse(superuser);
    }

    @Test
    void aReceptionistOrManagerCannotManageStaffAtAll() throws SQLException {
        new StaffRepository(f.dsl).add(f.tenant, "mgr_" + suffix, "Manager", "manager", "manager-pw-1".toCharArray());
        StaffRepository manager = new StaffRepository(as("mgr_" + suffix, "manager-pw-1"));
        assertEquals("42501", state(() -> manager.add(f.tenant, "friend_" + suffix, "Friend", "admin", "friend-pw-1".toCharArray())));
    }

    @Test
    void aDisabledLoginCannotSignInAndKeepsItsHistory() throws SQLException {
        StaffRepository boss = new StaffRepository(as("boss_" + suffix, "first-admin-pw"));
        boss.add(f.tenant, "leaver_" + suffix, "Leaver", "receptionist", "leaver-password".toCharArray());
        boss.setRole("leaver_" + suffix, "manager");
        assertEquals("manager", f.dsl.resultQuery("SELECT role FROM staff WHERE login = 'leaver_" + suffix + "'").fetchOne(0, String.class));
        boss.disable("leaver_" + suffix);
        SQLException e = assertThrows(SQLException.class, () -> connect("leaver_" + suffix, "leaver-password").close());
        assertEquals("28000", e.getSQLState(), e.getMessage());
        assertEquals(1, f.count("SELECT count(*) FROM pg_roles WHERE rolname = 'leaver_" + suffix + "'"), "the role stays for the history");
    }

    @Test
    void theCommandLineReadsThePasswordFromStandardInputOnly() throws Exception {
        var db = f.backend.database().settings();
        var run = CliTestAccess.run(new String[]{"--db-url", db.url(), "--user", db.user(), "--password", db.password(),
                "users", "add", "--tenant", Long.toString(f.tenant), "--login", "cli_" + suffix, "--role", "receptionist",
                "--password-stdin"}, "from-stdin-pw\n");
        assertEquals(0, run.exit(), run.out() + run.err());
        assertEquals("added cli_" + suffix + " receptionist tenant=" + f.tenant, run.out().strip());
        connect("cli_" + suffix, "from-stdin-pw").close();
        var denied = CliTestAccess.run(new String[]{"--db-url", db.url(), "--user", "boss_" + suffix, "--password", "first-admin-pw",
                "users", "add", "--tenant", Long.toString(otherSalon), "--login", "cli2_" + suffix, "--role", "admin",
                "--password-stdin"}, "some-password\n");
        assertEquals(2, denied.exit());
        assertEquals("invalid: you don't have permission to do this", denied.out().strip());
    }

    private static String state(Runnable action) {
        return assertThrows(DataAccessException.class, action::run).sqlState();
    }
}
