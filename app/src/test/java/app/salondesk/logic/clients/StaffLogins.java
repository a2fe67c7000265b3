package app.salondesk.logic.clients;

import app.salondesk.db.ConnectionSettings;
import com.zaxxer.hikari.HikariDataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

import java.util.ArrayList;
import java.util.List;

/**
 * Real staff logins on a test database, made as the README's setup makes them (a role in one of
 * the groups, and its staff row), each with a small pool of its own. Roles are cluster-wide, so
 * every name gets a unique suffix. Closing closes the pools.
 */
public final class StaffLogins implements AutoCloseable {

    public static final String PASSWORD = "staff-pw-123";

    private final DSLContext owner;
    private final ConnectionSettings db;
    private final List<HikariDataSource> pools = new ArrayList<>();

    public StaffLogins(DSLContext owner, ConnectionSettings db) {
        this.owner = owner;
        this.db = db;
    }

    /** A new login of {@code role} (receptionist, admin, manager) in salon {@code tenant}; answers its name. */
    public String add(long tenant, String prefix, String role) {
        String login = prefix + "_" + Long.toString(System.nanoTime(), 36);
        owner.execute("CREATE ROLE " + login + " LOGIN PASSWORD '" + PASSWORD + "' IN ROLE salondesk_" + role);
        owner.execute("INSERT INTO staff (tenant_id, login, display_name, role) VALUES (" + tenant + ", '" + login + "', '"
                + prefix + "', '" + role + "')");
        return login;
    }

    /** A pool signed in as {@code login}. */
    public DSLContext dsl(String login) {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(db.url());
        ds.setUsername(login);
        ds.setPassword(PASSWORD);
        ds.setMaximumPoolSize(3);
        ds.setMinimumIdle(0);
        pools.add(ds);
        return DSL.using(ds, SQLDialect.POSTGRES);
    }

    @Override
    public void close() {
        pools.forEach(HikariDataSource::close);
    }
}
