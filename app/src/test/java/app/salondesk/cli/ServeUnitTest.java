package app.salondesk.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * installer/server/salondesk-serve.service (issue 37): the unit systemd runs serve by, checked by
 * {@code systemd-analyze verify} where the machine has it (Debian's package systemd; .ci/run
 * installs it), with the launcher's path pointed at a stand-in, since no package is installed
 * here; and the settings file beside it read as serve --config reads it.
 */
public class ServeUnitTest {

    @TempDir
    Path dir;

    public static Path server() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("installer/server"))) {
                return p.resolve("installer/server");
            }
        }
        throw new IllegalStateException("installer/server is not above " + Path.of("").toAbsolutePath());
    }

    @Test
    void theUnitRunsServeAsItsOwnUserFromItsFilesHardenedAndRestartedOnFailure() throws IOException {
        List<String> unit = Files.readAllLines(server().resolve("salondesk-serve.service"));
        for (String line : List.of("User=salondesk-serve", "Group=salondesk-serve", "Environment=SALONDESK_HOME=/var/lib/salondesk-serve",
                "StateDirectory=salondesk-serve", "EnvironmentFile=/etc/salondesk/serve.env",
                "ExecStart=/opt/salondesk/bin/SalonDesk serve --config /etc/salondesk/serve.properties",
                "Restart=on-failure", "NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes",
                "CapabilityBoundingSet=", "UMask=0077", "WantedBy=multi-user.target")) {
            assertTrue(unit.contains(line), line + " in the unit");
        }
    }

    @Test
    void systemdAnalyzeVerifiesTheUnitAndRefusesABrokenOne() throws Exception {
        Path analyze = Path.of("/usr/bin/systemd-analyze");
        Assumptions.assumeTrue(Files.isExecutable(analyze), "systemd-analyze is not installed (apt-get install systemd)");
        Path launcher = dir.resolve("SalonDesk");
        Files.writeString(launcher, "#!/bin/sh\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        String unit = Files.readString(server().resolve("salondesk-serve.service"))
                .replace("/opt/salondesk/bin/SalonDesk", launcher.toString());
        Path good = dir.resolve("salondesk-serve.service");
        Files.writeString(good, unit);
        Verified ok = verify(analyze, good);
        assertEquals(0, ok.exit, ok.output);
        assertEquals("", ok.output.strip(), "systemd-analyze has nothing to say of the unit");

        Path broken = dir.resolve("broken").resolve("salondesk-serve.service");
        Files.createDirectories(broken.getParent());
        Files.writeString(broken, unit.replace("Restart=on-failure", "Restart=on-failur").replace("Type=simple", "Type=simpel"));
        Verified no = verify(analyze, broken);
        assertTrue(no.exit != 0 || no.output.contains("simpel"), "the check can fail: " + no.output);
    }

    @Test
    void theSettingsFileBesideTheUnitNamesOnlyOptionsServeHasAndNoPassword() throws IOException {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(server().resolve("serve.properties"), StandardCharsets.UTF_8)) {
            p.load(in);
        }
        var root = new picocli.CommandLine(new SalonDeskCommand(new app.salondesk.runtime.AppHome(dir)));
        var serve = root.getSubcommands().get("serve").getCommandSpec();
        for (String name : p.stringPropertyNames()) {
            assertTrue(serve.findOption("--" + name) != null || root.getCommandSpec().findOption("--" + name) != null,
                    name + " is an option of serve or of the database");
            assertTrue(!name.contains("password"), name);
        }
    }

    @Test
    void theDashboardAsksOnlyForSeriesServeWrites() throws IOException {
        String json = Files.readString(server().resolve("salondesk-dashboard.json"));
        Object parsed = com.fasterxml.jackson.jr.ob.JSON.std.anyFrom(json);
        assertTrue(parsed instanceof java.util.Map<?, ?> m && m.get("panels") instanceof List<?> panels && panels.size() >= 8, json);
        // the names ServeAsAServiceTest scrapes from a running serve, with Prometheus's suffixes
        java.util.Set<String> written = java.util.Set.of("salondesk_http_requests_seconds", "salondesk_booking_writes_seconds",
                "salondesk_booking_lock_wait_seconds", "salondesk_booking_try_again_total", "salondesk_booking_retries_total",
                "salondesk_db_pool_connections", "salondesk_db_pool_max", "salondesk_database_up", "salondesk_waitlist_waiting",
                "salondesk_messages_due", "salondesk_wal_archive_age_seconds", "salondesk_wal_archive_failed_total");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("salondesk_[a-z_]+").matcher(json);
        int named = 0;
        while (m.find()) {
            String series = m.group().replaceAll("_(count|bucket|sum)$", "");
            assertTrue(written.contains(series), m.group() + " is not a series serve writes");
            named++;
        }
        assertTrue(named >= written.size(), "every series has a panel: " + named);
    }

    private record Verified(int exit, String output) {
    }

    private static Verified verify(Path analyze, Path unit) throws Exception {
        Process p = new ProcessBuilder(analyze.toString(), "verify", unit.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Verified(p.exitValue(), out);
    }
}
