package app.salondesk.faults;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.SettingsFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15, "the whole PC loses power": the app (a child JVM booking as fast as it can on its
 * embedded server) and the server's postmaster are killed with one {@code kill -9}. The next
 * start needs no action — a stale {@code postmaster.pid}, the home folder's lock of a dead
 * process, a settings file being rewritten — and every booking answered "booked" is there.
 */
class PowerLossFaultTest {

    private static final int BOOKED_BEFORE_THE_CUT = 40;

    @Test
    void afterAppAndServerAreKilledTogetherTheNextStartRecoversAndNothingBookedIsMissing(@TempDir Path dir) throws Exception {
        AppHome home = new AppHome(dir);
        Path stderr = dir.resolve("desk.err");   // in the home, removed with it
        List<Long> answeredBooked = new ArrayList<>();
        Process desk = Processes.childJvm(PowerLossDesk.class, dir.toString())
                .redirectError(stderr.toFile()).start();
        long postmaster;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(desk.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while (answeredBooked.size() < BOOKED_BEFORE_THE_CUT && (line = out.readLine()) != null) {
                if (line.startsWith("BOOKED ")) {
                    answeredBooked.add(Long.parseLong(line.substring(7).strip()));
                }
            }
            assertEquals(BOOKED_BEFORE_THE_CUT, answeredBooked.size(), "the desk was booking" + Processes.errorsOf(stderr));
            postmaster = Processes.postmasterPid(home.postgres().resolve("data"));
            Processes.kill9(desk.pid(), postmaster);
            // what the desk printed before the cut is an answer the person saw, too
            while ((line = out.readLine()) != null) {
                if (line.startsWith("BOOKED ")) {
                    answeredBooked.add(Long.parseLong(line.substring(7).strip()));
                }
            }
        } finally {
            desk.destroyForcibly();
        }
        assertTrue(desk.waitFor(60, TimeUnit.SECONDS));
        Processes.await("the postmaster is gone", Duration.ofSeconds(60), () -> !Processes.alive(postmaster));
        assertTrue(Files.exists(home.postgres().resolve("data/postmaster.pid")), "the cut left the server's pid file behind");

        // the next start, with no action from anyone
        try (Backend backend = Backend.open(home, DbOptions.embedded())) {
            assertEquals(answeredBooked.size(), backend.dsl().fetchCount(BOOKINGS, BOOKINGS.ID.in(answeredBooked)),
                    "every booking answered \"booked\" is there");
            long tenant = backend.dsl().resultQuery("SELECT min(id) FROM tenants").fetchOne(0, Long.class);
            long master = backend.dsl().resultQuery("SELECT min(id) FROM masters").fetchOne(0, Long.class);
            long client = backend.dsl().resultQuery("SELECT min(id) FROM clients").fetchOne(0, Long.class);
            // a slot far beyond what the desk reached before the cut
            assertTrue(new BookingEngine(backend.dsl()).book(new NewBooking(tenant, master, client, null, null,
                    FaultSalon.slot(5_000), 30, "", UUID.randomUUID(), Source.FORM, false)) instanceof BookingOutcome.Booked,
                    "and the desk books again");
        }
        SettingsFile settings = new SettingsFile(dir);
        assertTrue(settings.get("last.booked").isPresent(), "the settings file is whole: the old one or the new one");
        assertEquals(4000, settings.get("filler").orElse("").length(), "the settings file is whole");
        String log = Files.readString(home.postgres().resolve("postgres.log"));
        assertTrue(log.contains("automatic recovery in progress") || log.contains("was interrupted"), log);
    }
}
