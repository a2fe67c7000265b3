package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.staff.StaffRepository;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Real logins for the live relay's tests, made as the README says: the relay's own login
 * ({@code users add --role relay}) and the salons' staff ({@code users add --tenant …}), each
 * signing in with its password. Roles belong to the whole server, so each name carries the test
 * database's name.
 */
final class RelayLogins {

    private final ConnectionSettings owner;
    private final String suffix;

    RelayLogins(ConnectionSettings owner) {
        this.owner = owner;
        String db = owner.url().substring(owner.url().lastIndexOf('/') + 1).replaceAll("\\?.*", "");
        this.suffix = db.replaceAll("[^a-z0-9_]", "");
    }

    static String password(String login) {
        return "pw-" + login + "-secret";
    }

    /** The relay's own login (a member of salondesk_relay). */
    ConnectionSettings relay(String name) throws SQLException {
        String login = name + "_" + suffix;
        try (Connection c = TestPostgres.connect(owner)) {
            new StaffRepository(DSL.using(c, SQLDialect.POSTGRES)).addRelayLogin(login, password(login).toCharArray());
        }
        return as(login);
    }

    /** A staff login of the salon. */
    ConnectionSettings staff(long tenant, String name, String role) throws SQLException {
        String login = name + "_" + suffix;
        try (Connection c = TestPostgres.connect(owner)) {
            new StaffRepository(DSL.using(c, SQLDialect.POSTGRES)).add(tenant, login, name, role, password(login).toCharArray());
        }
        return as(login);
    }

    /** The online booking server's login (a member of salondesk_online). */
    ConnectionSettings online(String name) throws SQLException {
        String login = name + "_" + suffix;
        try (Connection c = TestPostgres.connect(owner)) {
            new StaffRepository(DSL.using(c, SQLDialect.POSTGRES)).addOnlineLogin(login, password(login).toCharArray());
        }
        return as(login);
    }

    private ConnectionSettings as(String login) {
        return new ConnectionSettings(owner.url(), login, password(login));
    }
}
