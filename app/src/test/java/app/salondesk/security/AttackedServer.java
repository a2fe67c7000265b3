package app.salondesk.security;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.Database;
import app.salondesk.db.EmbeddedServer;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import com.zaxxer.hikari.HikariDataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A shared server set up the way the README tells a salon chain to, on a PostgreSQL cluster of
 * its own (roles are cluster-wide, and the owner must be the one that made the groups): the
 * superuser creates the owner {@value #OWNER} with CREATEROLE and the database it owns, and
 * runs the README's step 2 in it ({@code db/superuser.sql}: schema public the owner's, pg_locks
 * and the advisory-lock functions the owner's only, no large objects, no other database to enter);
 * the owner migrates, adds two salons and each salon's first admin; each admin adds the salon's
 * staff.
 *
 * <p>Salon "Bloom": admin {@code anna}, receptionists {@code olena} and {@code oksana},
 * manager {@code mira}; masters Iryna and Marta. Salon "Rival": admin {@code rita},
 * receptionist {@code bob}; master Roman. And {@code outsider}: a login of the cluster that
 * SalonDesk never made. Every login's password is {@link #password(String)}.
 */
final class AttackedServer implements AutoCloseable {

    static final String OWNER = "salondesk";
    static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");
    /** A Monday far enough ahead never to be in the past. */
    static final LocalDate DAY = LocalDate.of(2031, 3, 3);

    final EmbeddedServer cluster;
    final ConnectionSettings superuser;
    final String url;
    final long bloom;
    final long rival;
    final long iryna;
    final long marta;
    final long roman;
    final long bloomClient;
    final long rivalClient;
    private final List<HikariDataSource> pools = new ArrayList<>();

    AttackedServer(EmbeddedServer cluster) throws SQLException {
        this.cluster = cluster;
        ConnectionSettings admin = cluster.settings("postgres");
        try (Connection c = DriverManager.getConnection(admin.url(), admin.user(), admin.password()); Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + OWNER + " LOGIN CREATEROLE PASSWORD '" + password(OWNER) + "'");
            s.execute("CREATE DATABASE chain OWNER " + OWNER);
            s.execute("CREATE ROLE outsider LOGIN PASSWORD '" + password("outsider") + "'");
            // a shared server as the README has it holds no other database a login may enter (the test
            // cluster's own default one is not the README's; postgres and template1 are step 2's)
            try (ResultSet rs = c.createStatement().executeQuery("SELECT datname FROM pg_database WHERE datallowconn "
                    + "AND datname NOT IN ('chain', 'postgres', 'template1')")) {
                while (rs.next()) {
                    c.createStatement().execute("REVOKE CONNECT, TEMPORARY ON DATABASE \"" + rs.getString(1) + "\" FROM PUBLIC");
                }
            }
        }
        superuser = cluster.settings("chain");
        try (Connection c = DriverManager.getConnection(superuser.url(), superuser.user(), superuser.password()); Statement s = c.createStatement()) {
            // the README's step 2, word for word: the file it shows
            s.execute(superuserStep());
        }
        url = superuser.url();
        try (Database db = Database.open(as(OWNER), 2)) {
            db.migrate();
        }
        DSLContext owner = dsl(OWNER);
        bloom = id(owner, "INSERT INTO tenants (name, time_zone) VALUES ('Bloom', 'Europe/Kyiv') RETURNING id");
        rival = id(owner, "INSERT INTO tenants (name, time_zone) VALUES ('Rival', 'Europe/Kyiv') RETURNING id");
        iryna = master(owner, bloom, "Iryna");
        marta = master(owner, bloom, "Marta");
        roman = master(owner, rival, "Roman");
        bloomClient = id(owner, "INSERT INTO clients (tenant_id, name, phone) VALUES (" + bloom + ", 'Nina', '+380671112233') RETURNING id");
        rivalClient = id(owner, "INSERT INTO clients (tenant_id, name, phone) VALUES (" + rival + ", 'Zoe', '+380671112244') RETURNING id");
        StaffRepository byOwner = new StaffRepository(owner);
        byOwner.add(bloom, "anna", "Anna", "admin", password("anna").toCharArray());
        byOwner.add(rival, "rita", "Rita", "admin", password("rita").toCharArray());
        StaffRepository byAnna = new StaffRepository(dsl("anna"));
        byAnna.add(bloom, "olena", "Olena", "receptionist", password("olena").toCharArray());
        byAnna.add(bloom, "oksana", "Oksana", "receptionist", password("oksana").toCharArray());
        byAnna.add(bloom, "mira", "Mira", "manager", password("mira").toCharArray());
        new StaffRepository(dsl("rita")).add(rival, "bob", "Bob", "receptionist", password("bob").toCharArray());
    }

    /** The superuser's part of the setup, as the README shows it and the chain's bootstrap runs it. */
    static String superuserStep() {
        try (java.io.InputStream in = AttackedServer.class.getResourceAsStream("/db/superuser.sql")) {
            if (in == null) {
                throw new IllegalStateException("db/superuser.sql is not on the class path (the db module's resources)");
            }
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static long master(DSLContext owner, long tenant, String name) {
        long id = id(owner, "INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", '" + name + "') RETURNING id");
        for (int day = 1; day <= 7; day++) {
            owner.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) VALUES ("
                    + tenant + ", " + id + ", " + day + ", '08:00', '20:00')");
        }
        return id;
    }

    static String password(String login) {
        return "pw-of-" + login + "-123";
    }

    ConnectionSettings as(String login) {
        return new ConnectionSettings(url, login, password(login));
    }

    Connection connect(String login) throws SQLException {
        return DriverManager.getConnection(url, login, password(login));
    }

    /** A small pool of that login's connections, closed with the server. */
    DSLContext dsl(String login) {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(url);
        ds.setUsername(login);
        ds.setPassword(password(login));
        ds.setMaximumPoolSize(3);
        ds.setMinimumIdle(0);
        pools.add(ds);
        return DSL.using(ds, SQLDialect.POSTGRES);
    }

    BookingEngine engine(String login) {
        return new BookingEngine(dsl(login));
    }

    static Instant at(int hour, int minute) {
        return DAY.atTime(LocalTime.of(hour, minute)).atZone(ZONE).toInstant();
    }

    NewBooking booking(long tenant, long master, long client, Instant start) {
        return new NewBooking(tenant, master, client, null, null, start, 30, "", UUID.randomUUID(), Source.FORM, false);
    }

    /** The database as the owner sees it: every salon, no row-level security. */
    long count(String sql) throws SQLException {
        try (Connection c = connect(OWNER); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    void asSuperuser(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(superuser.url(), superuser.user(), superuser.password());
             Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static long id(DSLContext dsl, String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }

    @Override
    public void close() {
        pools.forEach(HikariDataSource::close);
        cluster.close();
    }
}
