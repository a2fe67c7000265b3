package app.salondesk.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One real PostgreSQL server per test JVM (the embedded binaries, throwaway durability), and a
 * fresh database for each caller that wants one, so tests never see each other's rows.
 */
public final class TestPostgres {

    private static final AtomicInteger counter = new AtomicInteger();
    private static EmbeddedServer server;

    private TestPostgres() {
    }

    public static synchronized EmbeddedServer server() {
        if (server == null) {
            server = startThrowaway(EmbeddedServer.BinaryArchive.onClassPath());
        }
        return server;
    }

    /**
     * A server in a temporary directory that is stopped and deleted when the JVM exits. The
     * one hook does both, in that order: the server's own stop hook would run alongside a
     * separate delete and could find its files gone.
     */
    static EmbeddedServer startThrowaway(EmbeddedServer.BinaryArchive binaries) {
        try {
            Path dir = Files.createTempDirectory("salondesk-test-pg");
            EmbeddedServer started = EmbeddedServer.start(dir, EmbeddedServer.sharedBinaryCache(),
                    EmbeddedServer.Durability.THROWAWAY, 0, binaries);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                started.close();
                try {
                    EmbeddedServer.deleteTree(dir);
                } catch (IOException ignored) {
                    // a temp dir left behind is harmless
                }
            }, "test-postgres-cleanup"));
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new, empty database on the shared server. */
    public static ConnectionSettings freshDatabase(String purpose) {
        return freshDatabase(server(), purpose);
    }

    /** A new, empty database on the given server, e.g. one of {@link TestServers}. */
    public static ConnectionSettings freshDatabase(EmbeddedServer s, String purpose) {
        String name = "t" + counter.incrementAndGet() + "_" + purpose.toLowerCase().replaceAll("[^a-z0-9]", "");
        name = name.length() > 60 ? name.substring(0, 60) : name;
        try (Connection c = DriverManager.getConnection(s.jdbcUrl("postgres"), props(s));
             Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return s.settings(name);
    }

    /** A new database with every migration applied. */
    public static ConnectionSettings migratedDatabase(String purpose) {
        ConnectionSettings settings = freshDatabase(purpose);
        try (Database db = Database.open(settings, 2)) {
            db.migrate();
        }
        return settings;
    }

    public static Connection connect(ConnectionSettings settings) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", settings.user());
        p.setProperty("password", settings.password());
        return DriverManager.getConnection(settings.url(), p);
    }

    private static Properties props(EmbeddedServer s) {
        ConnectionSettings cs = s.settings();
        Properties p = new Properties();
        p.setProperty("user", cs.user());
        p.setProperty("password", cs.password());
        return p;
    }
}
