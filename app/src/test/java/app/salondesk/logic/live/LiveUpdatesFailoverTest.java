package app.salondesk.logic.live;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.Database;
import app.salondesk.db.StandbyPair;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.live.LiveUpdates.State;
import app.salondesk.model.live.BookingChange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 19: a desk's LISTEN connection, named both servers of a primary and its standby in one
 * multi-host URL, follows the primary: offline when it dies, online again on the promoted
 * standby, and the changes made there arrive.
 */
class LiveUpdatesFailoverTest {

    // the killed primary is noticed at once (its sockets close), or by the health check after
    // 3 s quiet; the promoted standby is found at the next attempt (backoff up to 5 s)
    private static final Duration WITHIN = Duration.ofSeconds(30);

    @Test
    void aDesksListenerReconnectsToThePromotedStandbyAndHearsItsChanges(@TempDir Path dir) throws Exception {
        try (StandbyPair pair = StandbyPair.start(dir, true)) {
            ConnectionSettings onPrimary = TestPostgres.freshDatabase(pair.primary, "livefailover");
            String db = onPrimary.url().substring(onPrimary.url().lastIndexOf('/') + 1);
            ConnectionSettings both = pair.multiHostSettings(db);
            try (Database d = Database.open(both, 1)) {
                d.migrate();
            }
            long tenant;
            long master;
            long client;
            try (SalonRows rows = new SalonRows(both)) {
                tenant = rows.tenant("Failover salon");
                master = rows.master(tenant, "Anna");
                client = rows.client(tenant, "Iryna");
            }
            try (LiveUpdates live = new LiveUpdates(both, tenant)) {
                Recorder desk = new Recorder(live);
                live.start();
                desk.awaitState(State.ONLINE);
                LocalDate day = LocalDate.of(2030, 1, 9);
                long first;
                try (SalonRows rows = new SalonRows(both)) {
                    first = rows.book(tenant, master, client, day.atTime(9, 0), 45);
                }
                assertEquals(first, desk.nextChange().bookingId(), "heard on the primary");

                pair.killPrimary();
                desk.awaitState(State.OFFLINE, WITHIN);
                pair.promoteStandby();
                desk.awaitState(State.ONLINE, WITHIN);

                long second;
                try (SalonRows rows = new SalonRows(both)) {
                    second = rows.book(tenant, master, client, day.atTime(11, 0), 45);
                }
                assertEquals(new BookingChange(tenant, second, BookingChange.Op.INSERT, List.of(master), List.of(day)),
                        desk.nextChange(), "heard on the new primary");
            }
        }
    }
}
