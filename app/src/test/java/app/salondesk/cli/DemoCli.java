package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.runtime.AppHome;
import com.zaxxer.hikari.HikariDataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fresh database with the demo salon, the command line run against it in this JVM (as the
 * database's owner unless a login is given), and the owner's SQL to look at what it wrote.
 * 7 January 2030 is a Monday: Olena Kovalenko works 09:00–13:00 and 14:00–18:00, Iryna Bondar
 * 09:00–17:00, Sofiia Melnyk 11:00–20:00; Marta and Andrii are off.
 */
final class DemoCli implements AutoCloseable {

    record Run(int exit, String out, String err) {
        List<String> lines() {
            return out.strip().lines().toList();
        }

        /** The booking number of a "booked #N …" (or any "#N") answer. */
        long id() {
            Matcher m = Pattern.compile("#(\\d+)").matcher(out);
            assertTrue(m.find(), out + err);
            return Long.parseLong(m.group(1));
        }

        String all() {
            return out + err;
        }
    }

    final ConnectionSettings db;
    final DSLContext owner;
    final long tenant;
    private final HikariDataSource pool;
    private final Path home;

    DemoCli(String purpose) throws Exception {
        db = TestPostgres.freshDatabase(purpose);
        home = Files.createTempDirectory("salondesk-cli");
        Run demo = run("demo");
        assertEquals(0, demo.exit(), demo.all());
        pool = new HikariDataSource();
        pool.setJdbcUrl(db.url());
        pool.setUsername(db.user());
        pool.setPassword(db.password());
        pool.setMaximumPoolSize(3);
        owner = DSL.using(pool, SQLDialect.POSTGRES);
        tenant = one(Long.class, "SELECT id FROM tenants WHERE is_demo");
    }

    /** The command line as the database's owner. */
    Run run(String... args) {
        List<String> all = new ArrayList<>(List.of("--db-url", db.url(), "--user", db.user(), "--password", db.password()));
        all.addAll(List.of(args));
        return execute(all);
    }

    /** The command line as a staff login (its password given). */
    Run as(String login, String password, String... args) {
        List<String> all = new ArrayList<>(List.of("--db-url", db.url(), "--user", login, "--password", password));
        all.addAll(List.of(args));
        return execute(all);
    }

    private Run execute(List<String> args) {
        CommandLine cl = SalonDeskCommand.commandLine(new AppHome(home));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args.toArray(String[]::new));
        return new Run(exit, out.toString(), err.toString());
    }

    /** The first column of the one row a query answers. */
    <T> T one(Class<T> type, String sql, Object... args) {
        return owner.resultQuery(sql, args).fetchOne(0, type);
    }

    long master(String name) {
        return one(Long.class, "SELECT id FROM masters WHERE tenant_id = ? AND name = ?", tenant, name);
    }

    long service(String name) {
        return one(Long.class, "SELECT id FROM services WHERE tenant_id = ? AND name = ?", tenant, name);
    }

    int count(String sql, Object... args) {
        return one(Integer.class, sql, args);
    }

    String text(String sql, Object... args) {
        return one(String.class, sql, args);
    }

    /** The booking's start in the salon's time, its master's name, length, status and version: "2030-01-07 10:00 Olena Kovalenko 60 confirmed v1". */
    String state(long booking) {
        return one(String.class, "SELECT to_char(b.starts_at AT TIME ZONE 'Europe/Kyiv', 'YYYY-MM-DD HH24:MI') || ' ' || m.name || ' ' "
                + "|| b.duration_min || ' ' || b.status || ' v' || b.version FROM bookings b JOIN masters m ON m.id = b.master_id "
                + "WHERE b.id = ?", booking);
    }

    /** The road of the booking's last change, as its history recorded it. */
    String lastSource(long booking) {
        return text("SELECT source FROM booking_history WHERE booking_id = ? ORDER BY id DESC LIMIT 1", booking);
    }

    int historyRows() {
        return count("SELECT count(*) FROM booking_history");
    }

    void clear2030() {
        owner.execute("DELETE FROM bookings WHERE starts_at >= '2030-01-01'");
    }

    @Override
    public void close() {
        pool.close();
    }
}
