package app.salondesk.logic.backup;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The numbers in ADR 14: size and time of a backup, its check and a restore, for the demo salon
 * and for a large one (100 000 bookings). Not part of the build; run with
 * {@code -Dtest=BackupMeasureTest -Dsalondesk.measure=true}.
 */
@EnabledIfSystemProperty(named = "salondesk.measure", matches = "true")
class BackupMeasureTest {

    @Test
    void measure(@TempDir Path dir) throws Exception {
        ConnectionSettings demo = BackupFixture.demoDatabase("bkmeasuredemo");
        report("demo salon", demo, dir.resolve("demo"));

        ConnectionSettings large = BackupFixture.demoDatabase("bkmeasurelarge");
        try (Connection c = TestPostgres.connect(large); Statement s = c.createStatement()) {
            // two years of finished visits: completed bookings are outside the no-overlap constraint
            s.execute("INSERT INTO clients (tenant_id, name, phone) SELECT t.id, 'Client ' || g, '+38067' || lpad(g::text, 7, '0')"
                    + " FROM tenants t, generate_series(1, 5000) g");
            s.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status)"
                    + " SELECT m.tenant_id, m.id, c.id, NULL, now() - interval '2 years' + (g || ' minutes')::interval * 10, 60, 'completed'"
                    + " FROM generate_series(1, 100000) g"
                    + " JOIN LATERAL (SELECT id, tenant_id FROM masters ORDER BY id OFFSET (g % 5) LIMIT 1) m ON true"
                    + " JOIN LATERAL (SELECT id FROM clients ORDER BY id OFFSET (g % 5000) LIMIT 1) c ON true");
        }
        report("large salon", large, dir.resolve("large"));
    }

    private static void report(String what, ConnectionSettings db, Path dir) throws Exception {
        long rows = BackupFixture.count(db, "SELECT count(*) FROM bookings");
        long history = BackupFixture.count(db, "SELECT count(*) FROM booking_history");
        Backups backups = new Backups(new Cluster(db), dir.resolve("home"), Clock.systemDefaultZone());
        long t0 = System.nanoTime();
        Manifest m = new BackupWriter(new Cluster(db), Clock.systemUTC()).write(dir.resolve("b.zip"));
        long t1 = System.nanoTime();
        backups.verify(dir.resolve("b.zip"));
        long t2 = System.nanoTime();
        backups.restore(dir.resolve("b.zip"));
        long t3 = System.nanoTime();
        System.out.printf("MEASURE %s: %d bookings, %d history rows, %d rows in all; zip %,d bytes; backup %.2f s, verify %.2f s, restore %.2f s%n",
                what, rows, history, m.totalRows(), Files.size(dir.resolve("b.zip")), (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9);
        assertTrue(m.totalRows() > 0);
    }
}
