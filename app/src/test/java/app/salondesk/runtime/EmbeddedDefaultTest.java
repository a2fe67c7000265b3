package app.salondesk.runtime;

import app.salondesk.demo.DemoSalon;
import app.salondesk.ui.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.TENANTS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The default a new user gets: a real PostgreSQL in the home folder, the demo salon, and a clean stop. */
class EmbeddedDefaultTest {

    @Test
    void firstStartSeedsTheDemoSalonAndDataSurvivesARestart(@TempDir Path dir) throws Exception {
        AppHome home = new AppHome(dir);
        long salonId;
        int bookings;
        int port;
        try (Session s = Session.open(home, DbOptions.embedded(), null, Clock.systemUTC())) {
            assertTrue(s.backend().embedded());
            assertEquals(DemoSalon.NAME, s.salon().name());
            salonId = s.salon().id();
            bookings = s.backend().dsl().fetchCount(BOOKINGS);
            assertTrue(bookings > 100, "two weeks of bookings, got " + bookings);
            port = URI.create(s.backend().location().substring(5)).getPort();
            assertTrue(dir.resolve("postgres/data/PG_VERSION").toFile().exists(), "data lives in the home folder");
        }
        assertRefused(port);

        try (Session again = Session.open(home, DbOptions.embedded(), null, Clock.systemUTC())) {
            assertEquals(salonId, again.salon().id());
            assertEquals(1, again.backend().dsl().fetchCount(TENANTS), "no second demo salon");
            assertEquals(bookings, again.backend().dsl().fetchCount(BOOKINGS));
        }
    }

    @Test
    void aSecondAppOnTheSameHomeIsToldSoAndTheFirstKeepsWorking(@TempDir Path dir) {
        AppHome home = new AppHome(dir);
        try (Session first = Session.open(home, DbOptions.embedded(), null, Clock.systemUTC())) {
            StartupException e = assertThrows(StartupException.class,
                    () -> Session.open(home, DbOptions.embedded(), null, Clock.systemUTC()));
            assertEquals(StartupException.Reason.ALREADY_RUNNING, e.reason());
            assertEquals(dir.toAbsolutePath().normalize().toString(), e.detail());
            assertTrue(first.backend().dsl().fetchCount(TENANTS) == 1, "the first app's database is untouched");
        }
    }

    private static void assertRefused(int port) {
        assertThrows(ConnectException.class, () -> {
            try (Socket sock = new Socket()) {
                sock.connect(new InetSocketAddress("localhost", port), 1000);
            }
        }, "the embedded server stopped with the app");
    }
}
