package app.salondesk.db;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * The migrations this build carries ({@code db/migration/V<n>__<what>.sql} on the class path),
 * and the cheap check of issue 16: whether a database's schema history lists exactly these, all
 * applied, with the versions, descriptions and checksums Flyway computes for them. One query and
 * sixteen small files instead of Flyway's class path scan and validation, which took about
 * 0.6 s of CPU on every start of the desk.
 *
 * <p>Anything this class does not recognise — a history that is behind or ahead, a failed or
 * baseline row, a migration of another kind, a class path it cannot list — answers "not
 * current", and Flyway does what it always did. It may only ever be too careful: a false "current"
 * would skip a migration.
 */
public final class BuildMigrations {

    /** One versioned migration as Flyway records it: {@code V2__bookings.sql} is version 2, "bookings". */
    public record Migration(String version, String description, int checksum) {
    }

    /** {@code V<version>__<description>.sql}, Flyway's default naming; versions use '.' or '_' between parts. */
    private static final Pattern NAME = Pattern.compile("V([0-9][0-9._]*)__(.+)\\.sql");
    private static final String FOLDER = "db/migration";

    private BuildMigrations() {
    }

    /**
     * This build's migrations, ordered by version; empty when they cannot be listed without Flyway
     * (a class path of a kind other than jars and folders, or a file that is not a plain versioned migration).
     */
    public static Optional<List<Migration>> onClassPath() {
        return onClassPath(BuildMigrations.class.getClassLoader());
    }

    /** As {@link #onClassPath()}, as {@code loader} sees them (the application's jar, or the build's folder). */
    static Optional<List<Migration>> onClassPath(ClassLoader loader) {
        try {
            Map<String, Migration> byVersion = new TreeMap<>(BuildMigrations::compareVersions);
            Enumeration<URL> roots = loader.getResources(FOLDER);
            for (URL root : Collections.list(roots)) {
                List<Migration> found = list(root);
                if (found == null) {
                    return Optional.empty();
                }
                for (Migration m : found) {
                    if (byVersion.put(m.version(), m) != null) {
                        return Optional.empty();   // two files of one version: Flyway's to refuse
                    }
                }
            }
            return byVersion.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(byVersion.values()));
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The migrations under one class path root, or null when it holds something else or cannot be read. */
    private static List<Migration> list(URL root) throws IOException, URISyntaxException {
        List<Migration> out = new ArrayList<>();
        if (root.getProtocol().equals("jar")) {
            JarURLConnection c = (JarURLConnection) root.openConnection();
            c.setUseCaches(false);
            try (JarFile jar = c.getJarFile()) {
                for (JarEntry e : Collections.list(jar.entries())) {
                    String name = e.getName();
                    if (e.isDirectory() || !name.startsWith(FOLDER + "/")) {
                        continue;
                    }
                    String file = name.substring(FOLDER.length() + 1);
                    if (file.contains("/")) {
                        return null;   // Flyway looks into subfolders too: leave those to it
                    }
                    try (InputStream in = jar.getInputStream(e)) {
                        Migration m = migration(file, in);
                        if (m == null) {
                            return null;
                        }
                        out.add(m);
                    }
                }
            }
            return out;
        }
        if (root.getProtocol().equals("file")) {
            Path dir = Path.of(root.toURI());
            try (Stream<Path> files = Files.list(dir)) {
                for (Path p : files.sorted().toList()) {
                    if (Files.isDirectory(p)) {
                        return null;
                    }
                    try (InputStream in = Files.newInputStream(p)) {
                        Migration m = migration(p.getFileName().toString(), in);
                        if (m == null) {
                            return null;
                        }
                        out.add(m);
                    }
                }
            }
            return out;
        }
        return null;
    }

    private static Migration migration(String file, InputStream content) throws IOException {
        Matcher m = NAME.matcher(file);
        if (!m.matches()) {
            return null;
        }
        String version = m.group(1).replace('_', '.');
        return new Migration(version, m.group(2).replace('_', ' '), checksum(content));
    }

    /**
     * Flyway's checksum of a migration: CRC-32 over its lines read as UTF-8, line breaks left out,
     * a byte-order mark dropped from the first line (its {@code ChecksumCalculator}).
     */
    static int checksum(InputStream content) throws IOException {
        CRC32 crc = new CRC32();
        BufferedReader reader = new BufferedReader(new InputStreamReader(content, StandardCharsets.UTF_8), 4096);
        String line = reader.readLine();
        if (line != null) {
            if (!line.isEmpty() && line.charAt(0) == '\uFEFF') {
                line = line.substring(1);
            }
            do {
                crc.update(line.getBytes(StandardCharsets.UTF_8));
            } while ((line = reader.readLine()) != null);
        }
        return (int) crc.getValue();
    }

    /**
     * Whether the schema on {@code c} has exactly {@code known} applied: every row of its history a
     * successful SQL migration (or Flyway's own note that it created the schema), one per known
     * version, with the same description and checksum. False on anything else, a missing history
     * table included.
     */
    public static boolean allApplied(Connection c, List<Migration> known) {
        Map<String, Migration> expected = new TreeMap<>();
        known.forEach(m -> expected.put(m.version(), m));
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT version, description, type, checksum, success FROM flyway_schema_history")) {
            int matched = 0;
            while (rs.next()) {
                String type = rs.getString("type");
                String version = rs.getString("version");
                if (version == null && "SCHEMA".equals(type)) {
                    continue;   // "<< Flyway Schema Creation >>": not a migration
                }
                int checksum = rs.getInt("checksum");
                boolean noChecksum = rs.wasNull();
                Migration m = version == null ? null : expected.get(version);
                if (!"SQL".equals(type) || !rs.getBoolean("success") || m == null || noChecksum
                        || checksum != m.checksum() || !m.description().equals(rs.getString("description"))) {
                    return false;
                }
                matched++;
            }
            return matched == expected.size();
        } catch (SQLException e) {
            // no history yet (a new database), or a login that may not read it: Flyway decides
            return false;
        } finally {
            rollbackQuietly(c);
        }
    }

    private static void rollbackQuietly(Connection c) {
        try {
            if (!c.getAutoCommit()) {
                c.rollback();
            }
        } catch (SQLException ignored) {
            // the connection goes back to the pool, which checks it
        }
    }

    /** Flyway's order of versions: part by part, numerically ("1.10" after "1.9"). */
    private static int compareVersions(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            java.math.BigInteger p = i < x.length ? new java.math.BigInteger(x[i]) : java.math.BigInteger.ZERO;
            java.math.BigInteger q = i < y.length ? new java.math.BigInteger(y[i]) : java.math.BigInteger.ZERO;
            int c = p.compareTo(q);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
