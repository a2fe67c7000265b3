package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.Database;
import app.salondesk.db.EmbeddedServer.Durability;
import app.salondesk.db.EmbeddedServer;
import app.salondesk.logic.live.LiveUpdates.State;
import app.salondesk.model.live.BookingChange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A server of its own, stopped and started again under a live connection. */
class LiveUpdatesRestartTest {

    // The server takes a few seconds to come back, and the desk's next attempt may be a full
    // backoff step (up to 5 s) after that.
    private static final Duration BACK_WITHIN = Duration.ofSeconds(20);

    @Test
    void aRestartedServerIsReportedOfflineThenOnlineAndChangesArriveAgain(@TempDir Path home) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        EmbeddedServer server = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), Durability.THROWAWAY, port);
        ConnectionSettings settings = server.settings();
        try (Database db = Database.open(settings, 2)) {
            db.migrate();
        }
        long tenant;
        long master;
        long client;
        try (SalonRows rows = new SalonRows(settings)) {
            tenant = rows.tenant("Restart salon");
            master = rows.master(tenant, "Anna");
            client = rows.client(tenant, "Iryna");
        }

        try (LiveUpdates live = new LiveUpdates(settings, tenant)) {
            Recorder desk = new Recorder(live);
            live.start();
            desk.awaitState(State.ONLINE);

            server.close();
            desk.awaitState(State.OFFLINE);

            server = EmbeddedServer.start(home, EmbeddedServer.sharedBinaryCache(), Durability.THROWAWAY, port);
            desk.awaitState(State.ONLINE, BACK_WITHIN);

            LocalDate day = LocalDate.of(2030, 1, 9);
            long booking;
            try (SalonRows rows = new SalonRows(settings)) {
                booking = rows.book(tenant, master, client, day.atTime(9, 0), 45);
            }
            assertEquals(new BookingChange(tenant, booking, BookingChange.Op.INSERT, List.of(master), List.of(day)),
                    desk.nextChange());
        } finally {
            server.close();
        }
    }
}
