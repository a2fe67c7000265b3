package app.salondesk.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real PgBouncer (Debian's {@code /usr/sbin/pgbouncer}, the one the reference deployment runs;
 * issue 19, ADR 23) in front of an embedded PostgreSQL, on a free loopback port, configured as
 * {@code installer/server/pgbouncer.ini} is where it matters: the pool mode, start-up options and
 * extra_float_digits ignored, no reset query. Clients sign in with their own password (SCRAM),
 * which PgBouncer also uses to log into PostgreSQL. Every database name the client asks for is
 * passed through; {@link Builder#alias} adds a database of its own pool size.
 *
 * <p>PgBouncer refuses to run as root: as root it runs in a user namespace as {@code nobody},
 * mapped back to root outside (as {@link EmbeddedServer} runs PostgreSQL), so its files in a
 * temporary directory of this process stay its own.
 */
public final class PgBouncer implements AutoCloseable {

    public static final Path BINARY = Path.of("/usr/sbin/pgbouncer");

    private final Process process;
    private final Path dir;
    private final int port;

    private PgBouncer(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.port = port;
    }

    /** Whether Debian's pgbouncer is installed here (the tests that need it are skipped without it). */
    public static boolean installed() {
        return Files.isExecutable(BINARY);
    }

    /** A PgBouncer in front of {@code server}. */
    public static Builder inFrontOf(EmbeddedServer server) {
        return new Builder(server);
    }

    public static final class Builder {
        private final EmbeddedServer server;
        private String poolMode = "transaction";
        private int poolSize = 4;
        private final Map<String, String> logins = new LinkedHashMap<>();
        private final Map<String, String> aliases = new LinkedHashMap<>();

        private Builder(EmbeddedServer server) {
            this.server = server;
            ConnectionSettings superuser = server.settings();
            logins.put(superuser.user(), superuser.password());
        }

        /** {@code transaction} (the default, as the reference deployment) or {@code session}. */
        public Builder poolMode(String mode) {
            this.poolMode = mode;
            return this;
        }

        /** Server connections per database and login (default 4). */
        public Builder poolSize(int size) {
            this.poolSize = size;
            return this;
        }

        /** A login that may sign in (the server's superuser may already). */
        public Builder login(String user, String password) {
            logins.put(user, password);
            return this;
        }

        /** A database name of the pooler's own for PostgreSQL's {@code database}, with a pool of its own size. */
        public Builder alias(String name, String database, int poolSize) {
            aliases.put(name, "dbname=" + database + " pool_size=" + poolSize);
            return this;
        }

        public PgBouncer start() {
            try {
                return startIn(Files.createTempDirectory("salondesk-pgbouncer"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private PgBouncer startIn(Path dir) throws IOException {
            int port;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = s.getLocalPort();
            }
            StringBuilder users = new StringBuilder();
            logins.forEach((user, password) -> users.append('"').append(user).append("\" \"").append(password).append("\"\n"));
            Files.writeString(dir.resolve("users.txt"), users, StandardCharsets.UTF_8);
            StringBuilder ini = new StringBuilder("[databases]\n");
            String target = "host=127.0.0.1 port=" + server.port();
            aliases.forEach((name, rest) -> ini.append(name).append(" = ").append(target).append(' ').append(rest).append('\n'));
            ini.append("* = ").append(target).append('\n')
                    .append("[pgbouncer]\n")
                    .append("listen_addr = 127.0.0.1\n")
                    .append("listen_port = ").append(port).append('\n')
                    .append("unix_socket_dir =\n")
                    .append("auth_type = scram-sha-256\n")
                    .append("auth_file = ").append(dir.resolve("users.txt")).append('\n')
                    .append("pool_mode = ").append(poolMode).append('\n')
                    .append("default_pool_size = ").append(poolSize).append('\n')
                    .append("max_client_conn = 200\n")
                    .append("ignore_startup_parameters = extra_float_digits,options\n")
                    .append("server_reset_query =\n")
                    .append("logfile = ").append(dir.resolve("pgbouncer.log")).append('\n');
            Files.writeString(dir.resolve("pgbouncer.ini"), ini, StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>();
            if (EmbeddedServer.runningAsRootOnLinux()) {
                command.addAll(List.of("unshare", "--user", "--map-user=65534", "--map-group=65534", "--"));
            }
            command.addAll(List.of(BINARY.toString(), dir.resolve("pgbouncer.ini").toString()));
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("pgbouncer.out").toFile()).start();
            PgBouncer bouncer = new PgBouncer(p, dir, port);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (System.nanoTime() < until) {
                if (!p.isAlive()) {
                    throw new IllegalStateException("pgbouncer exited (" + p.exitValue() + "): " + bouncer.log());
                }
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                    return bouncer;
                } catch (IOException notYet) {
                    sleep(100);
                }
            }
            bouncer.close();
            throw new IllegalStateException("pgbouncer did not listen on port " + port + " within 15 s: " + bouncer.log());
        }
    }

    public int port() {
        return port;
    }

    /** The JDBC URL of {@code database} through this pooler, as the sign-in's server field builds it (nothing added). */
    public String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** {@code settings} (a database of the server behind), through this pooler. */
    public ConnectionSettings through(ConnectionSettings settings) {
        return new ConnectionSettings(url(databaseOf(settings.url())), settings.user(), settings.password());
    }

    /** The database a plain URL names: {@code jdbc:postgresql://localhost:5432/t1_x?…} reads {@code t1_x}. */
    public static String databaseOf(String url) {
        String where = ConnectionSettings.where(url);
        return where.substring(where.indexOf('/') + 1);
    }

    /** What PgBouncer wrote to its log so far, for a failure's message. */
    public String log() {
        try {
            Path log = dir.resolve("pgbouncer.log");
            Path out = dir.resolve("pgbouncer.out");
            return (Files.exists(out) ? Files.readString(out) : "") + (Files.exists(log) ? Files.readString(log) : "");
        } catch (IOException e) {
            return "(its log could not be read: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        // SIGTERM: PgBouncer's immediate shutdown (unshare passes it on, being the process itself after exec)
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            EmbeddedServer.deleteTree(dir);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException ignored) {
            // a temporary directory left behind is harmless
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for pgbouncer", e);
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "PgBouncer[127.0.0.1:%d]", port);
    }
}
