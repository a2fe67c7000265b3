package app.salondesk.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * The folder SalonDesk keeps its things in: the embedded database, the log, settings.
 * {@code SALONDESK_HOME} (or {@code -Dsalondesk.home}) names it; else it is {@code .salondesk} in
 * {@code $HOME}; else in the home the password database gives the OS user (Java's {@code user.home},
 * which a changed {@code HOME} does not move: issue 37). A service's unit sets one of the first two,
 * so {@code serve} keeps its log and settings apart from every desk of the same OS user.
 */
public record AppHome(Path dir) {

    public static AppHome fromEnvironment() {
        return fromEnvironment(System.getenv(), System.getProperty("salondesk.home"), System.getProperty("user.home"));
    }

    static AppHome fromEnvironment(Map<String, String> env, String property, String userHome) {
        String explicit = property != null && !property.isBlank() ? property : env.get("SALONDESK_HOME");
        String home = env.get("HOME");
        Path dir = explicit != null && !explicit.isBlank() ? Path.of(explicit)
                : home != null && !home.isBlank() ? Path.of(home, ".salondesk")
                : Path.of(userHome, ".salondesk");
        return new AppHome(dir.toAbsolutePath().normalize());
    }

    public Path logs() {
        return dir.resolve("logs");
    }

    /** The embedded server's cluster and its superuser password. */
    public Path postgres() {
        return dir.resolve("postgres");
    }

    /** Where the embedded PostgreSQL binaries are unpacked. */
    public Path binaries() {
        return dir.resolve("pg-bin");
    }

    /**
     * Takes the home's exclusive lock for as long as this process runs the embedded server:
     * a second SalonDesk on the same home is told so instead of touching the data directory.
     */
    public Lock lock() {
        try {
            Files.createDirectories(dir);
            FileChannel ch = FileChannel.open(dir.resolve("salondesk.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException sameJvm) {
                lock = null;
            }
            if (lock == null) {
                ch.close();
                throw new StartupException(StartupException.Reason.ALREADY_RUNNING, dir.toString(), null);
            }
            return new Lock(ch, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use the folder " + dir, e);
        }
    }

    /** Held while the process uses this home. */
    public static final class Lock implements AutoCloseable {
        private final FileChannel channel;
        private final FileLock lock;

        private Lock(FileChannel channel, FileLock lock) {
            this.channel = channel;
            this.lock = lock;
        }

        @Override
        public void close() {
            try {
                lock.release();
                channel.close();
            } catch (IOException ignored) {
                // the OS releases it with the process anyway
            }
        }
    }
}
