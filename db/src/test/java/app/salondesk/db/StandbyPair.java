package app.salondesk.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.Set;

/**
 * Two real PostgreSQL servers of the embedded build, the second a streaming standby of the
 * first, as Patroni keeps them (issue 19): for tests of what a desk does when its primary dies
 * and the standby is promoted, and of multi-host URLs, without Patroni. The standby is made the
 * way {@code pg_basebackup} makes one (the embedded build has no pg_basebackup): the low-level
 * backup API around a copy of the data directory, a replication slot so that no WAL it needs is
 * recycled, {@code standby.signal} and {@code primary_conninfo}. With {@code synchronous} every
 * commit on the primary waits until the standby has flushed it, as in the reference deployment.
 *
 * <p>Durable servers: the embedded THROWAWAY mode starts with {@code synchronous_commit=off},
 * under which a commit would not wait for the standby.
 */
public final class StandbyPair implements AutoCloseable {

    /** The standby's name in {@code primary_conninfo}, its replication slot and {@code synchronous_standby_names}. */
    private static final String STANDBY = "standby";
    private static final Duration WAIT = Duration.ofSeconds(60);

    public final EmbeddedServer primary;
    public final EmbeddedServer standby;

    private StandbyPair(EmbeddedServer primary, EmbeddedServer standby) {
        this.primary = primary;
        this.standby = standby;
    }

    /** A primary in {@code dir/primary} and its standby in {@code dir/standby}, streaming (and synchronous if asked). */
    public static StandbyPair start(Path dir, boolean synchronous) {
        EmbeddedServer primary = EmbeddedServer.start(dir.resolve("primary"), EmbeddedServer.sharedBinaryCache(),
                EmbeddedServer.Durability.DURABLE);
        EmbeddedServer standby = null;
        try {
            Path standbyBase = dir.resolve("standby");
            try (Connection c = superuser(primary, "postgres"); Statement s = c.createStatement()) {
                s.execute("SELECT pg_create_physical_replication_slot('" + STANDBY + "', true)");
                s.execute("SELECT pg_backup_start('" + STANDBY + "', true)");
                copyDataDirectory(primary.dataDirectory(), standbyBase.resolve("data"));
                try (ResultSet rs = s.executeQuery("SELECT labelfile FROM pg_backup_stop(false)")) {
                    rs.next();
                    Files.writeString(standbyBase.resolve("data").resolve("backup_label"), rs.getString(1), StandardCharsets.UTF_8);
                }
            }
            // the same superuser and password: the standby is a copy of the primary's cluster
            Files.copy(dir.resolve("primary").resolve("superuser.password"), standbyBase.resolve("superuser.password"),
                    StandardCopyOption.COPY_ATTRIBUTES);
            Path data = standbyBase.resolve("data");
            Files.writeString(data.resolve("standby.signal"), "", StandardCharsets.UTF_8);
            Files.writeString(data.resolve("postgresql.auto.conf"),
                    "\nprimary_conninfo = 'host=localhost port=" + primary.port() + " user=" + EmbeddedServer.SUPERUSER
                            + " password=" + primary.settings().password() + " application_name=" + STANDBY + "'\n"
                            + "primary_slot_name = '" + STANDBY + "'\n",
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            standby = EmbeddedServer.start(standbyBase, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.DURABLE);
            StandbyPair pair = new StandbyPair(primary, standby);
            pair.awaitOnPrimary("the standby streams", "SELECT count(*) > 0 FROM pg_stat_replication WHERE application_name = '"
                    + STANDBY + "' AND state = 'streaming'");
            if (synchronous) {
                try (Connection c = superuser(primary, "postgres"); Statement s = c.createStatement()) {
                    s.execute("ALTER SYSTEM SET synchronous_standby_names = '" + STANDBY + "'");
                    s.execute("SELECT pg_reload_conf()");
                }
                pair.awaitOnPrimary("the standby is synchronous", "SELECT count(*) > 0 FROM pg_stat_replication WHERE application_name = '"
                        + STANDBY + "' AND sync_state = 'sync'");
            }
            return pair;
        } catch (IOException e) {
            close(primary, standby);
            throw new UncheckedIOException(e);
        } catch (SQLException | RuntimeException e) {
            close(primary, standby);
            throw new IllegalStateException("could not make a standby of the embedded PostgreSQL", e);
        }
    }

    /**
     * A multi-host URL naming the primary first, then the standby, as a desk of the chain names
     * its two servers: the driver keeps the one that takes writes.
     */
    public String multiHostUrl(String database) {
        return "jdbc:postgresql://localhost:" + primary.port() + ",localhost:" + standby.port() + "/" + database
                + "?targetServerType=primary&hostRecheckSeconds=1";
    }

    public ConnectionSettings multiHostSettings(String database) {
        return new ConnectionSettings(multiHostUrl(database), EmbeddedServer.SUPERUSER, primary.settings().password());
    }

    /** Waits until the standby has replayed everything the primary has written so far. */
    public void awaitStandbyCaughtUp() {
        try (Connection c = superuser(primary, "postgres"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT pg_current_wal_lsn()")) {
            rs.next();
            String lsn = rs.getString(1);
            await(standby, "the standby replays up to " + lsn, "SELECT pg_last_wal_replay_lsn() >= '" + lsn + "'::pg_lsn");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** SIGKILL to the primary's postmaster, as when its machine dies; its backends follow it. */
    public void killPrimary() {
        long pid = primary.postmasterPid().orElseThrow(() -> new IllegalStateException("the primary is not running"));
        ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
        var backends = postmaster.children().toList();
        postmaster.destroyForcibly();
        backends.forEach(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (postmaster.isAlive() || backends.stream().anyMatch(ProcessHandle::isAlive)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the killed primary's processes did not end");
            }
            sleep(20);
        }
    }

    /** Promotes the standby (as Patroni does when it wins the leader key) and waits until it takes writes. */
    public void promoteStandby() {
        try (Connection c = superuser(standby, "postgres"); Statement s = c.createStatement()) {
            s.execute("SELECT pg_promote(true, 60)");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        await(standby, "the promoted standby takes writes", "SELECT NOT pg_is_in_recovery()");
    }

    /**
     * The old primary still answers but takes no writes: what a desk's pooled connection finds
     * behind PgBouncer after a switchover (the pooler stays, the server behind it is a standby
     * now). Every session's next transaction is read-only.
     */
    public void makePrimaryReadOnly() {
        try (Connection c = superuser(primary, "postgres"); Statement s = c.createStatement()) {
            s.execute("ALTER SYSTEM SET default_transaction_read_only = on");
            s.execute("SELECT pg_reload_conf()");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        // pg_reload_conf() only signals the postmaster; it rereads the file and then signals its
        // children, all in one go. Once a new session sees the setting, every older one has been
        // signalled and rereads before its next command (a booking sent at once had still been
        // written on the old primary: FailoverTest in the full run of 2026-12-02 07:05)
        await(primary, "the old primary's sessions are read-only", "SELECT current_setting('default_transaction_read_only') = 'on'");
    }

    public static Connection superuser(EmbeddedServer server, String database) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", EmbeddedServer.SUPERUSER);
        p.setProperty("password", server.settings().password());
        return DriverManager.getConnection(server.jdbcUrl(database), p);
    }

    private void awaitOnPrimary(String what, String condition) {
        await(primary, what, condition);
    }

    private static void await(EmbeddedServer server, String what, String condition) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            try (Connection c = superuser(server, "postgres"); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery(condition)) {
                if (rs.next() && rs.getBoolean(1)) {
                    return;
                }
            } catch (SQLException e) {
                // not yet reachable: wait
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("waited " + WAIT.toSeconds() + " s for: " + what);
            }
            sleep(50);
        }
    }

    /** What a base backup leaves out: the server's own run-time files and its WAL (streamed from the slot). */
    private static final Set<String> NOT_COPIED = Set.of("postmaster.pid", "postmaster.opts");
    private static final Set<String> EMPTIED = Set.of("pg_wal", "pg_replslot", "pg_stat_tmp", "pg_dynshmem", "pg_notify",
            "pg_serial", "pg_snapshots", "pg_subtrans");

    private static void copyDataDirectory(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path target = to.resolve(from.relativize(dir).toString());
                Files.copy(dir, target, StandardCopyOption.COPY_ATTRIBUTES);
                Path parent = from.relativize(dir);
                if (parent.getNameCount() == 1 && EMPTIED.contains(parent.toString())) {
                    if (parent.toString().equals("pg_wal")) {
                        Files.createDirectories(target.resolve("archive_status"));
                    }
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (from.relativize(file).getNameCount() == 1 && NOT_COPIED.contains(file.getFileName().toString())) {
                    return FileVisitResult.CONTINUE;
                }
                try {
                    Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                } catch (java.nio.file.NoSuchFileException vanished) {
                    // a temporary file the running server removed meanwhile: a base backup skips it too
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void close(EmbeddedServer... servers) {
        for (EmbeddedServer s : servers) {
            if (s != null) {
                s.close();
            }
        }
    }

    /** Stops both (a killed primary has nothing left to stop). */
    @Override
    public void close() {
        close(standby, primary);
    }
}
