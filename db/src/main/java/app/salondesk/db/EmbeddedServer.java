package app.salondesk.db;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A real PostgreSQL server run from the binaries that {@code io.zonky.test} ships in Maven
 * jars, with its data directory wherever the caller says.
 *
 * <p>The life cycle (initdb once, start, stop) is ours rather than zonky's
 * {@code EmbeddedPostgres}, which is built for throwaway test databases: it always starts the
 * server with fsync off and on a data directory it may delete. The salon's data must survive a
 * power cut, so a {@link Durability#DURABLE} server runs with PostgreSQL's defaults. See
 * docs/decisions/0002-embedded-postgres-lifecycle.md.
 *
 * <p>PostgreSQL refuses to run as root. When this JVM is root on Linux (CI machines,
 * containers), the server processes run in a user namespace as {@code nobody}, which the
 * kernel maps back to root outside it, so the data directory stays usable by this process.
 */
public final class EmbeddedServer implements AutoCloseable {

    /** Whether the server may lose recent commits on a crash in exchange for speed. */
    public enum Durability { DURABLE, THROWAWAY }

    public static final String SUPERUSER = "postgres";

    /**
     * Where the PostgreSQL build comes from: an archive laid out as zonky packs it
     * ({@code postgres-<os>-<arch>.txz}: bin/, lib/, share/).
     */
    @FunctionalInterface
    public interface BinaryArchive {
        InputStream open() throws IOException;

        /**
         * A name that stands for exactly this archive's content, when it has one: an archive
         * unpacked once under that name is found again without opening it (a warm start need not
         * read and hash 15 MB). Empty: the archive is read and identified by its SHA-256.
         */
        default Optional<String> identity() {
            return Optional.empty();
        }

        /**
         * The build for this OS and CPU on the class path: the version the parent pom pins,
         * which is its identity (Maven artifacts of a version never change).
         */
        static BinaryArchive onClassPath() {
            Optional<String> identity = classPathBinariesVersion()
                    .map(v -> "zonky-" + v + "-" + systemName() + "-" + System.getProperty("os.arch"));
            return new BinaryArchive() {
                @Override
                public InputStream open() throws IOException {
                    return DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(systemName(), System.getProperty("os.arch"));
                }

                @Override
                public Optional<String> identity() {
                    return identity;
                }
            };
        }
    }

    /** The version of the PostgreSQL binaries this build puts on the class path (written by the build). */
    private static Optional<String> classPathBinariesVersion() {
        try (InputStream in = EmbeddedServer.class.getResourceAsStream("postgres-binaries.properties")) {
            if (in == null) {
                return Optional.empty();
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "");
            // unfiltered (an IDE's own build): no identity, the archive is hashed as before
            return v.isBlank() || v.contains("${") ? Optional.empty() : Optional.of(v.strip());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static final Logger log = LoggerFactory.getLogger(EmbeddedServer.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final int START_ATTEMPTS = 3;
    private static final Duration START_RETRY_PAUSE = Duration.ofSeconds(3);

    private final Path dataDir;
    private final Path binDir;
    private final int port;
    private final String password;
    private final Durability durability;
    private final Path logFile;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final Thread shutdownHook;

    private EmbeddedServer(Path dataDir, Path binDir, int port, String password, Durability durability, Path logFile) {
        this.dataDir = dataDir;
        this.binDir = binDir;
        this.port = port;
        this.password = password;
        this.durability = durability;
        this.logFile = logFile;
        this.shutdownHook = new Thread(this::stopQuietly, "embedded-postgres-stop");
    }

    /**
     * Starts a server on {@code baseDir/data}, creating the cluster on first use. The superuser
     * password lives in {@code baseDir/superuser.password}, readable by the owner only.
     *
     * @param binCacheDir where the PostgreSQL binaries are unpacked (shared between servers)
     */
    public static EmbeddedServer start(Path baseDir, Path binCacheDir, Durability durability) {
        return start(baseDir, binCacheDir, durability, 0);
    }

    /**
     * As {@link #start(Path, Path, Durability)}, on a given TCP port. A test that stops and
     * starts the server again needs the same port, so that clients holding its URL can
     * reconnect.
     *
     * @param port the port to listen on; 0 picks a free one
     */
    public static EmbeddedServer start(Path baseDir, Path binCacheDir, Durability durability, int port) {
        return start(baseDir, binCacheDir, durability, port, BinaryArchive.onClassPath());
    }

    /**
     * As {@link #start(Path, Path, Durability, int)}, from a given PostgreSQL build rather than
     * the one on the class path: tests run the schema on the oldest major version a shared
     * server may have. {@code baseDir} must not hold a cluster of another major version.
     */
    public static EmbeddedServer start(Path baseDir, Path binCacheDir, Durability durability, int port,
                                       BinaryArchive binaries) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("not a TCP port: " + port);
        }
        try {
            PrivateFiles.createDirectory(baseDir);
            Path binDir = binaries(binCacheDir, binaries);
            StartupTimeline.mark("pg-binaries");
            Path dataDir = baseDir.resolve("data");
            Path pwFile = baseDir.resolve("superuser.password");
            String password = readOrCreatePassword(pwFile);
            if (!Files.exists(dataDir.resolve("PG_VERSION"))) {
                initdb(binDir, dataDir, pwFile);
                StartupTimeline.mark("initdb");
            }
            EmbeddedServer server = new EmbeddedServer(dataDir, binDir, port == 0 ? freePort() : port, password,
                    durability, baseDir.resolve("postgres.log"));
            server.stopOrphan();
            server.startAfterCrash();
            StartupTimeline.mark("postmaster");
            Runtime.getRuntime().addShutdownHook(server.shutdownHook);
            server.ensureDatabase("salondesk");
            StartupTimeline.mark("server");
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the embedded PostgreSQL in " + baseDir, e);
        }
    }

    /** Unpacked binaries shared by the build and the tests of every checkout on this machine. */
    public static Path sharedBinaryCache() {
        return Path.of(System.getProperty("java.io.tmpdir"), "salondesk-pg-binaries");
    }

    public int port() {
        return port;
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://localhost:" + port + "/" + database;
    }

    /** The application's database on this server. */
    public ConnectionSettings settings() {
        return new ConnectionSettings(jdbcUrl("salondesk"), SUPERUSER, password);
    }

    public ConnectionSettings settings(String database) {
        return new ConnectionSettings(jdbcUrl(database), SUPERUSER, password);
    }

    public Path dataDirectory() {
        return dataDir;
    }

    /**
     * Stops the server (fast shutdown: open transactions roll back, data is flushed).
     * Synchronized so that a second caller, such as another shutdown hook that deletes the
     * data directory next, returns only once the server is down.
     */
    @Override
    public synchronized void close() {
        if (stopped.getAndSet(true)) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // we are running inside the hook itself
        }
        if (!isRunning()) {
            log.info("embedded PostgreSQL on {} was not running", dataDir);
            return;
        }
        run(List.of(bin("pg_ctl"), "-D", dataDir.toString(), "-m", "fast", "-w", "-t", "60", "stop"));
        log.info("embedded PostgreSQL on port {} stopped", port);
    }

    private void stopQuietly() {
        try {
            close();
        } catch (RuntimeException e) {
            log.error("could not stop the embedded PostgreSQL", e);
        }
    }

    public boolean isRunning() {
        return statusCode() == 0;
    }

    /**
     * Whether the postmaster named in {@code postmaster.pid} is alive: a cheap check (a small
     * file and the process table, no child process) for the watchdog to run every second.
     * After a {@code kill -9} or a crash the file stays behind, naming a process that is gone.
     */
    public boolean postmasterAlive() {
        return postmasterPid().flatMap(ProcessHandle::of).map(ProcessHandle::isAlive).orElse(false);
    }

    /** The postmaster's process id from {@code postmaster.pid} (also after it died), if the file is there. */
    public Optional<Long> postmasterPid() {
        try {
            List<String> lines = Files.readAllLines(dataDir.resolve("postmaster.pid"), StandardCharsets.UTF_8);
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).strip()));
        } catch (IOException | NumberFormatException e) {
            // absent, or caught while the postmaster writes it: not a running server we can name
            return Optional.empty();
        }
    }

    /**
     * Starts the server again on the same data directory and port when its postmaster is gone
     * (killed, crashed): PostgreSQL replays its write-ahead log, so every committed transaction
     * is there again. Clients keep their URL. Does nothing after {@link #close()} or while the
     * server runs.
     *
     * @return whether it started the server
     * @throws IllegalStateException when PostgreSQL would not start (see its log); call again later
     */
    public synchronized boolean restartIfGone() {
        if (stopped.get() || postmasterAlive()) {
            return false;
        }
        startPostmaster();
        return true;
    }

    /**
     * Stops the server (fast: its sessions are ended) and starts it again on the same data
     * directory and port, for a setting PostgreSQL reads only when it starts ({@code ALTER SYSTEM}
     * then this). Clients keep their URL and connect again.
     */
    public synchronized void restart() {
        if (stopped.get()) {
            throw new IllegalStateException("the server was closed");
        }
        run(List.of(bin("pg_ctl"), "-D", dataDir.toString(), "-m", "fast", "-w", "-t", "60", "stop"));
        startPostmaster();
    }

    /**
     * A server killed together with its postmaster (power loss simulated with {@code kill -9},
     * a watchdog restart) may leave backends that take a moment to notice their parent is gone
     * and let go of the old shared memory; until then PostgreSQL refuses to start. A few tries,
     * a few seconds apart, cover that without a person having to start the app twice.
     */
    private void startAfterCrash() {
        for (int attempt = 1; ; attempt++) {
            try {
                startPostmaster();
                return;
            } catch (IllegalStateException e) {
                if (attempt >= START_ATTEMPTS) {
                    throw e;
                }
                log.warn("the embedded PostgreSQL did not start (attempt {} of {}); trying again in {} s",
                        attempt, START_ATTEMPTS, START_RETRY_PAUSE.toSeconds());
                try {
                    Thread.sleep(START_RETRY_PAUSE.toMillis());
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private int statusCode() {
        return runForExitCode(List.of(bin("pg_ctl"), "-D", dataDir.toString(), "status"));
    }

    /**
     * A server still running on our data directory was left by an earlier process of ours
     * that died without stopping it (the caller holds the application's lock, so no live
     * process owns it). Stop it before starting afresh.
     */
    private void stopOrphan() {
        if (Files.exists(dataDir.resolve("postmaster.pid")) && statusCode() == 0) {
            log.warn("stopping a PostgreSQL server left running on {}", dataDir);
            run(List.of(bin("pg_ctl"), "-D", dataDir.toString(), "-m", "fast", "-w", "-t", "60", "stop"));
        }
    }

    private void startPostmaster() {
        List<String> options = new ArrayList<>(List.of(
                "-p", Integer.toString(port),
                "-c", "listen_addresses=localhost",
                // TCP only: no socket file in a shared /tmp that another user's server may own
                "-c", "unix_socket_directories=",
                "-c", "max_connections=200",
                "-c", "timezone=UTC"));
        if (durability == Durability.THROWAWAY) {
            options.addAll(List.of("-c", "fsync=off", "-c", "synchronous_commit=off",
                    "-c", "full_page_writes=off"));
        }
        run(List.of(bin("pg_ctl"), "-D", dataDir.toString(), "-l", logFile.toString(),
                "-w", "-t", Long.toString(START_TIMEOUT.toSeconds()),
                "-o", String.join(" ", options), "start"));
        log.info("embedded PostgreSQL started on port {} with data in {}", port, dataDir);
    }

    private void ensureDatabase(String name) {
        Properties props = new Properties();
        props.setProperty("user", SUPERUSER);
        props.setProperty("password", password);
        try (Connection c = DriverManager.getConnection(jdbcUrl("postgres"), props);
             Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + name + "'");
            if (!rs.next()) {
                s.execute("CREATE DATABASE " + name + " ENCODING 'UTF8'");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not create database " + name, e);
        }
    }

    // ---- one-time setup -------------------------------------------------------------------

    private static void initdb(Path binDir, Path dataDir, Path pwFile) throws IOException {
        Path tmp = dataDir.resolveSibling(dataDir.getFileName() + ".init");
        deleteTree(tmp);
        log.info("creating a new PostgreSQL cluster in {}", dataDir);
        run(List.of(bin(binDir, "initdb"), "-D", tmp.toString(), "-U", SUPERUSER,
                "-A", "scram-sha-256", "--pwfile=" + pwFile, "-E", "UTF8", "--locale=C"));
        // initdb writes into a scratch directory that becomes the real one only when complete,
        // so a crash half-way never leaves a cluster that looks usable but is not.
        Files.move(tmp, dataDir, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String readOrCreatePassword(Path pwFile) throws IOException {
        if (Files.exists(pwFile)) {
            return Files.readString(pwFile, StandardCharsets.UTF_8).strip();
        }
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        String pw = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        Path tmp = pwFile.resolveSibling(pwFile.getFileName() + ".tmp");
        // A .tmp left by a crash may carry any permissions, and whoever opened it then still
        // holds it open: writing into it would hand them the password. A new file is a new
        // inode; CREATE_NEW also refuses a symbolic link put in its place.
        Files.deleteIfExists(tmp);
        try (FileChannel ch = FileChannel.open(tmp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                PrivateFiles.ownerOnly(tmp, false))) {
            PrivateFiles.dropInheritedAccess(tmp, false);
            ByteBuffer content = ByteBuffer.wrap((pw + "\n").getBytes(StandardCharsets.UTF_8));
            while (content.hasRemaining()) {
                ch.write(content);
            }
            // the cluster is initialised with this password: it must not be lost after the rename
            ch.force(true);
        }
        Files.move(tmp, pwFile, StandardCopyOption.ATOMIC_MOVE);
        return pw;
    }

    /**
     * The unpacked binaries of {@code archive}: found by its {@link BinaryArchive#identity()}
     * when it has one and was unpacked before (nothing read), else read and unpacked once.
     */
    static Path binaries(Path cacheDir, BinaryArchive archive) throws IOException {
        Optional<String> identity = archive.identity();
        Path pointer = identity.map(id -> cacheDir.resolve(id.replaceAll("[^A-Za-z0-9._-]", "_") + ".unpacked")).orElse(null);
        if (pointer != null && Files.isRegularFile(pointer)) {
            String name = Files.readString(pointer, StandardCharsets.UTF_8).strip();
            Path known = cacheDir.resolve(name).normalize();
            if (name.startsWith("PG-") && known.getParent().equals(cacheDir.normalize()) && Files.exists(known.resolve(".complete"))) {
                return known;
            }
        }
        byte[] bytes;
        try (InputStream in = archive.open()) {
            bytes = in.readAllBytes();
        }
        Path target = unpackBinaries(cacheDir, bytes);
        if (pointer != null) {
            // written whole, then renamed: a pointer is either absent or names a complete unpacking
            Path tmp = Files.createTempFile(cacheDir, "pointer-", ".tmp");
            Files.writeString(tmp, target.getFileName().toString(), StandardCharsets.UTF_8);
            Files.move(tmp, pointer, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }

    /**
     * Unpacks a build once into {@code cacheDir/PG-<sha256>}; safe across processes. Keyed by
     * content, so builds of different versions sit side by side in one cache.
     */
    static Path unpackBinaries(Path cacheDir, byte[] archive) throws IOException {
        Path target = cacheDir.resolve("PG-" + sha256(archive).substring(0, 16));
        Path marker = target.resolve(".complete");
        if (Files.exists(marker)) {
            return target;
        }
        Files.createDirectories(cacheDir);
        try (FileChannel ch = FileChannel.open(cacheDir.resolve(".unpack.lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = ch.lock()) {
            if (Files.exists(marker)) {
                return target;
            }
            Path tmp = Files.createTempDirectory(cacheDir, "unpack-");
            extractTxz(archive, tmp);
            Files.createFile(tmp.resolve(".complete"));
            deleteTree(target);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target);
            }
        }
        return target;
    }

    private static void extractTxz(byte[] archive, Path dir) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(
                new XZCompressorInputStream(new ByteArrayInputStream(archive)))) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                Path out = dir.resolve(e.getName()).normalize();
                if (!out.startsWith(dir)) {
                    throw new IOException("archive entry outside the target: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(out);
                } else if (e.isSymbolicLink()) {
                    Files.createDirectories(out.getParent());
                    Files.createSymbolicLink(out, Path.of(e.getLinkName()));
                } else if (e.isLink()) {
                    Files.createDirectories(out.getParent());
                    Files.createLink(out, dir.resolve(e.getLinkName()));
                } else {
                    Files.createDirectories(out.getParent());
                    Files.copy(tar, out, StandardCopyOption.REPLACE_EXISTING);
                    if ((e.getMode() & 0100) != 0 || e.getName().startsWith("bin/") || e.getName().startsWith("./bin/")) {
                        out.toFile().setExecutable(true, false);
                    }
                }
            }
        }
    }

    // ---- processes --------------------------------------------------------------------------

    private String bin(String name) {
        return bin(binDir, name);
    }

    private static String bin(Path binDir, String name) {
        String exe = isWindows() ? name + ".exe" : name;
        return binDir.resolve("bin").resolve(exe).toString();
    }

    private static void run(List<String> command) {
        int code = runForExitCode(command, true);
        if (code != 0) {
            throw new IllegalStateException("PostgreSQL command failed (exit " + code + "): "
                    + String.join(" ", command) + " — see the log above");
        }
    }

    private static int runForExitCode(List<String> command) {
        return runForExitCode(command, false);
    }

    private static int runForExitCode(List<String> command, boolean logOutput) {
        List<String> full = new ArrayList<>();
        if (runningAsRootOnLinux()) {
            // PostgreSQL refuses root. In a user namespace we are "nobody" (uid 65534, which
            // has a passwd entry so initdb can name the owner), mapped back to root outside.
            full.addAll(List.of(unshare(), "--user", "--map-user=65534", "--map-group=65534", "--"));
        }
        full.addAll(command);
        try {
            Process p = new ProcessBuilder(full).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("PostgreSQL command timed out: " + String.join(" ", full));
            }
            if (!output.isEmpty()) {
                if (logOutput && p.exitValue() != 0) {
                    log.error("{}:\n{}", command.get(0), output);
                } else {
                    log.debug("{}:\n{}", command.get(0), output);
                }
            }
            return p.exitValue();
        } catch (IOException e) {
            throw new UncheckedIOException("could not run " + full.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + full.get(0), e);
        }
    }

    /** util-linux's unshare, by absolute path when it is in the usual place (an installed app may run with no PATH). */
    private static String unshare() {
        for (String candidate : List.of("/usr/bin/unshare", "/bin/unshare")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        return "unshare";
    }

    static boolean runningAsRootOnLinux() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return false;
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.split("\\s+")[2].equals("0");   // effective uid
                }
            }
        } catch (IOException e) {
            // fall through to the user name
        }
        return "root".equals(System.getProperty("user.name"));
    }

    private static String systemName() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("win")) {
            return "Windows";
        }
        if (os.contains("mac") || os.contains("darwin")) {
            return "Darwin";
        }
        return "Linux";
    }

    private static boolean isWindows() {
        return systemName().equals("Windows");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Deletes a directory tree (no-op when it does not exist). */
    public static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (var walk = Files.walk(p)) {
            for (Path q : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }
}
