package app.salondesk.logic.staff;

import app.salondesk.model.staff.SalonLock;
import app.salondesk.model.staff.StaffMember;
import app.salondesk.model.staff.StaffRole;
import org.jooq.DSLContext;
import org.postgresql.util.PasswordUtil;

import java.util.List;

import static app.salondesk.jooq.Tables.STAFF;

/**
 * Staff logins. Adding, re-roling and disabling go through the database's SECURITY DEFINER
 * functions (migration V6), which let a salon admin touch only the own salon's staff and only
 * the three salondesk groups. The password leaves this process as a SCRAM-SHA-256 verifier.
 */
public final class StaffRepository {

    private final DSLContext dsl;

    public StaffRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /**
     * The role of whoever is signed in: the database owner and superusers administer; staff
     * have their staff row's role; anyone else has none (and sees nothing anyway).
     */
    public java.util.Optional<StaffRole> currentRole() {
        String role = dsl.resultQuery(
                "SELECT CASE WHEN r.rolsuper OR session_user = pg_get_userbyid(d.datdba) THEN 'admin' "
                        + "ELSE (SELECT s.role FROM staff s WHERE s.login = current_user AND s.active) END "
                        + "FROM pg_roles r, pg_database d "
                        + "WHERE r.rolname = session_user AND d.datname = current_database()")
                .fetchOne(0, String.class);
        return java.util.Optional.ofNullable(role).map(StaffRole::fromDb);
    }

    /** The salon of the signed-in staff login; empty for the owner, a superuser or a disabled login. */
    public java.util.Optional<Long> currentTenant() {
        return java.util.Optional.ofNullable(dsl.resultQuery("SELECT salondesk_current_tenant()").fetchOne(0, Long.class));
    }

    public List<StaffMember> list(long tenantId) {
        return dsl.select(STAFF.TENANT_ID, STAFF.LOGIN, STAFF.DISPLAY_NAME, STAFF.ROLE, STAFF.ACTIVE)
                .from(STAFF)
                .where(STAFF.TENANT_ID.eq(tenantId))
                .orderBy(STAFF.LOGIN)
                .fetch(r -> new StaffMember(r.value1(), r.value2(), r.value3(), r.value4(), r.value5()));
    }

    /** Creates the login and its staff row; the password is turned into a verifier here. */
    public void add(long tenantId, String login, String displayName, String role, char[] password) {
        String verifier = PasswordUtil.encodeScramSha256(password);
        java.util.Arrays.fill(password, '\0');
        dsl.execute("SELECT salondesk_add_user(?, ?, ?, ?, ?)", tenantId, login, displayName, role, verifier);
    }

    /**
     * Creates a login for the online booking server (a member of {@code salondesk_online},
     * migration 13): it belongs to no salon and serves every salon that switched online booking
     * on. Only the database owner may; the password leaves this process as a SCRAM-SHA-256
     * verifier and the array is wiped.
     */
    public void addOnlineLogin(String login, char[] password) {
        String verifier = PasswordUtil.encodeScramSha256(password);
        java.util.Arrays.fill(password, '\0');
        dsl.execute("SELECT salondesk_add_online_login(?, ?)", login, verifier);
    }

    /**
     * Creates a login for the live relay of {@code serve --live-port} (a member of {@code
     * salondesk_relay}, migration 26): it belongs to no salon, reads no salon's rows, and may only
     * redeem the tickets desks hand it. Only the database owner may; the password leaves this
     * process as a SCRAM-SHA-256 verifier and the array is wiped.
     */
    public void addRelayLogin(String login, char[] password) {
        String verifier = PasswordUtil.encodeScramSha256(password);
        java.util.Arrays.fill(password, '\0');
        dsl.execute("SELECT salondesk_add_relay_login(?, ?)", login, verifier);
    }

    /**
     * Creates a login for a message sender (a member of {@code salondesk_sender}, migration 30, ADR
     * 33): it belongs to no salon and may only claim due messages and record their outcome. Only the
     * database owner may; the password leaves this process as a SCRAM-SHA-256 verifier.
     */
    public void addSenderLogin(String login, char[] password) {
        String verifier = PasswordUtil.encodeScramSha256(password);
        java.util.Arrays.fill(password, '\0');
        dsl.execute("SELECT salondesk_add_sender_login(?, ?)", login, verifier);
    }

    /**
     * Creates a chain manager's login (a member of {@code salondesk_chain_manager}, migration 51, issue 35): it reads the
     * report figures of {@code salons} and nothing else, and writes nothing. Only the database owner may; the password
     * leaves this process as a SCRAM-SHA-256 verifier.
     */
    public void addChainManager(String login, char[] password, java.util.List<Long> salons) {
        String verifier = PasswordUtil.encodeScramSha256(password);
        java.util.Arrays.fill(password, '\0');
        dsl.execute("SELECT salondesk_add_chain_manager(?, ?, CAST(? AS bigint[]))", login, verifier, salons.toArray(Long[]::new));
    }

    /** The message key for what the database refused (no right, login taken, bad value), if that is what happened. */
    public static java.util.Optional<String> refusalKey(Throwable t) {
        String state = t instanceof org.jooq.exception.DataAccessException e ? e.sqlState() : null;
        if ("42501".equals(state)) {
            return java.util.Optional.of("invalid.no_permission");
        }
        if ("42710".equals(state)) {
            return java.util.Optional.of("users.exists");
        }
        if ("22023".equals(state) || "23503".equals(state)) {
            return java.util.Optional.of("users.badValue");
        }
        return java.util.Optional.empty();
    }

    public void setRole(String login, String role) {
        dsl.execute("SELECT salondesk_set_role(?, ?)", login, role);
    }

    /** Disables the login: it cannot sign in, loses its group, and its open sessions end. */
    public void disable(String login) {
        dsl.execute("SELECT salondesk_disable_user(?)", login);
    }

    /**
     * Sets a password: one's own (every staff member), or a colleague's of the own salon (an
     * admin). The password leaves this process as a SCRAM-SHA-256 verifier; the array is wiped.
     */
    public void setPassword(String login, char[] password) {
        String verifier = PasswordUtil.encodeScramSha256(password);
        java.util.Arrays.fill(password, '\0');
        dsl.execute("SELECT salondesk_set_password(?, ?)", login, verifier);
    }

    /** Who holds or awaits the salon's named locks: its masters', rooms', clients' caps (admins only). */
    public List<SalonLock> salonLocks(long tenantId) {
        return dsl.resultQuery("SELECT kind, object_id, object_name, pid, login, mode, granted, held_since FROM salondesk_salon_locks(?)",
                        tenantId)
                .fetch(r -> new SalonLock(SalonLock.Kind.of(r.get(0, String.class)), r.get(1, Long.class), r.get(2, String.class),
                        r.get(3, Integer.class), r.get(4, String.class), "shared".equals(r.get(5, String.class)), r.get(6, Boolean.class),
                        java.util.Optional.ofNullable(r.get(7, java.time.OffsetDateTime.class)).map(java.time.OffsetDateTime::toInstant).orElse(null)));
    }

    /**
     * Ends a session of the salon's own staff, or one holding one of its locks (admins
     * only); false when it had ended already.
     */
    public boolean endSession(long tenantId, int pid) {
        return Boolean.TRUE.equals(dsl.resultQuery("SELECT salondesk_end_session(?, ?)", tenantId, pid).fetchOne(0, Boolean.class));
    }

    /**
     * Whom the desk names as signed in (issue 31: "Signed in as postgres"): the staff display
     * name of this connection's login; for the database's owner — the embedded desk's own
     * login — the name of the salon's first active admin; empty when there is none.
     */
    public java.util.Optional<String> signedInName(long tenantId) {
        return java.util.Optional.ofNullable(dsl.resultQuery(
                "SELECT COALESCE((SELECT s.display_name FROM staff s WHERE s.login = session_user), "
                        + "(SELECT a.display_name FROM staff a WHERE a.tenant_id = ? AND a.role = 'admin' AND a.active "
                        + " AND (SELECT r.rolsuper OR session_user = pg_get_userbyid(d.datdba) FROM pg_roles r, pg_database d "
                        + "      WHERE r.rolname = session_user AND d.datname = current_database()) "
                        + " ORDER BY a.created_at, a.login LIMIT 1))", tenantId)
                .fetchOne(0, String.class));
    }

    /** The login this connection signed in as (a SET ROLE does not change it). */
    public String sessionLogin() {
        return dsl.resultQuery("SELECT session_user::text").fetchOne(0, String.class);
    }

    /**
     * Whether this connection is the database's owner or a superuser. On a shared server that
     * login must never sit on a desk: it bypasses row-level security and, before PostgreSQL
     * 16, can make itself a superuser.
     */
    public boolean signedInAsOwner() {
        return Boolean.TRUE.equals(dsl.resultQuery(
                "SELECT r.rolsuper OR session_user = pg_get_userbyid(d.datdba) FROM pg_roles r, pg_database d "
                        + "WHERE r.rolname = session_user AND d.datname = current_database()").fetchOne(0, Boolean.class));
    }

    /**
     * Whether the signed-in login is a chain manager's (migration 51, issue 35): a member of
     * {@code salondesk_chain_manager} that is not a superuser (who is a member of every group). Such a
     * login has no desk: it reads its salons' figures only, so the desk opens it the Reports window.
     */
    public boolean signedInAsChainManager() {
        return Boolean.TRUE.equals(dsl.resultQuery("SELECT NOT r.rolsuper AND pg_has_role(session_user, 'salondesk_chain_manager', 'MEMBER') "
                + "FROM pg_roles r WHERE r.rolname = session_user AND EXISTS (SELECT 1 FROM pg_roles g WHERE g.rolname = 'salondesk_chain_manager')")
                .fetchOne(0, Boolean.class));
    }
}
