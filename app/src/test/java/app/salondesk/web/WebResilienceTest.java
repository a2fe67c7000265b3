package app.salondesk.web;

import app.salondesk.cli.OnlineServer;
import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.EmbeddedServer;
import app.salondesk.db.TestPostgres;
import app.salondesk.db.TestServers;
import app.salondesk.runtime.Backend;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server under pressure: the database going away and coming back, and clients that send
 * too much too fast. It keeps running, says what is happening, and recovers by itself.
 */
class WebResilienceTest {

    @Test
    void theDatabaseGoneIsAPageThatSaysSoAndTheServerRecoversWhenItIsBack() throws Exception {
        EmbeddedServer pg = TestServers.ownCluster(17);
        Path base = pg.dataDirectory().getParent();
        int pgPort = pg.port();
        ConnectionSettings db = TestPostgres.freshDatabase(pg, "web_down");
        EmbeddedServer again = null;
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger webLog = (Logger) LoggerFactory.getLogger(WebServer.class);
        webLog.addAppender(log);
        try (Backend backend = Backend.connect(db, 2)) {
            long tenant = backend.dsl().resultQuery("INSERT INTO tenants (name, time_zone) VALUES ('Down salon', 'Europe/Kyiv') RETURNING id")
                    .fetchOne(0, Long.class);
            backend.dsl().execute("INSERT INTO online_settings (tenant_id, enabled, slug) VALUES (" + tenant + ", true, 'down')");
            WebServer server = OnlineServer.start(backend, new WebSettings("127.0.0.1", 0, null, false, null, null,
                    Duration.ofSeconds(5), WebFixture.generous(), null), Clock.systemUTC());
            try {
                WebHttp http = new WebHttp("http://127.0.0.1:" + server.port());
                assertEquals(200, http.get("/down").statusCode());
                assertEquals(200, http.get("/health").statusCode());

                pg.close();
                HttpResponse<String> health = http.get("/health");
                assertEquals(503, health.statusCode());
                assertEquals("{\"status\":\"down\",\"database\":\"down\"}", health.body());
                // the salon's catalogue may answer from what the server keeps for a few seconds;
                // once that runs out, the page says the database is gone
                long keptUntil = System.nanoTime() + OnlineServer.CATALOGUE_TTL.plusSeconds(5).toNanos();
                HttpResponse<String> page = http.get("/down");
                while (page.statusCode() == 200 && System.nanoTime() < keptUntil) {
                    Thread.sleep(250);
                    page = http.get("/down");
                }
                assertEquals(503, page.statusCode());
                assertTrue(page.body().contains("Temporarily unavailable"), page.body());
                for (String leak : new String[]{"Exception", "SQL", "\tat ", "jdbc:", "org."}) {
                    assertFalse(page.body().contains(leak), leak + " in " + page.body());
                }
                // the id on the page is the one the log line carries
                Matcher id = Pattern.compile("mention the code ([0-9a-f-]{36})").matcher(page.body());
                assertTrue(id.find(), page.body());
                assertTrue(log.list.stream().anyMatch(e -> id.group(1).equals(e.getMDCPropertyMap().get("req"))
                        && e.getFormattedMessage().startsWith("database unreachable")), "logged under the page's request id");

                again = EmbeddedServer.start(base, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY, pgPort);
                long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                int status = 0;
                while (System.nanoTime() < until && (status = http.get("/health").statusCode()) != 200) {
                    Thread.sleep(250);
                }
                assertEquals(200, status, "health again once the database is back");
                assertEquals(200, http.get("/down").statusCode(), "the page again, with no restart of the server");
            } finally {
                server.stop();
            }
        } finally {
            webLog.detachAppender(log);
            if (again != null) {
                again.close();
            }
        }
    }

    @Test
    void aPhoneBookingTooOftenIsToldToWait() throws Exception {
        WebSettings.Limits limits = new WebSettings.Limits(10_000, Duration.ofMillis(1), 10_000, Duration.ofMillis(1), 2, Duration.ofHours(1));
        try (WebFixture f = new WebFixture("web_phone_limit", limits)) {
            for (int hour = 9; hour <= 10; hour++) {
                WebHttp http = new WebHttp(f.base);
                Map<String, String> form = http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, WebFixture.tomorrowAt(hour, 0),
                        "Oksana", "067 123 4567");
                assertEquals(303, http.post("/" + WebFixture.SLUG + "/book", form).statusCode());
            }
            WebHttp other = new WebHttp(f.base);   // another address would not help: the phone is the key
            Map<String, String> form = other.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, WebFixture.tomorrowAt(11, 0),
                    "Oksana", "+380 67 123 45 67");
            HttpResponse<String> third = other.post("/" + WebFixture.SLUG + "/book", form);
            assertEquals(429, third.statusCode());
            assertTrue(third.body().contains("Too many attempts"), third.body());
            assertTrue(third.headers().firstValue("Retry-After").isPresent());
            assertEquals(2, f.onlineBookings(""));
        }
    }

    @Test
    void anAddressPostingTooOftenIsToldToWait() throws Exception {
        WebSettings.Limits limits = new WebSettings.Limits(3, Duration.ofHours(1), 10_000, Duration.ofMillis(1), 10_000, Duration.ofMillis(1));
        try (WebFixture f = new WebFixture("web_address_limit", limits)) {
            WebHttp http = new WebHttp(f.base);
            Map<String, String> form = http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, WebFixture.tomorrowAt(9, 0),
                    "Oksana", "067 123 4567");
            int[] statuses = new int[5];
            for (int i = 0; i < statuses.length; i++) {
                form.put("name", i % 2 == 0 ? "" : "Oksana");   // refused or booked, every POST counts
                statuses[i] = http.post("/" + WebFixture.SLUG + "/book", form).statusCode();
            }
            assertEquals(429, statuses[3], java.util.Arrays.toString(statuses));
            assertEquals(429, statuses[4], java.util.Arrays.toString(statuses));
            assertEquals(200, http.get("/" + WebFixture.SLUG).statusCode(), "pages have their own, wider limit");
        }
    }

    @Test
    void aMasterLockedForTheWholeWaitIsBusyTryAgainAndTheRetryKeepsTheFormAndBooksOnce() throws Exception {
        try (WebFixture f = new WebFixture("web_busy")) {
            WebHttp http = new WebHttp(f.base);
            Map<String, String> form = http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, WebFixture.tomorrowAt(14, 0),
                    "Oksana Petrenko", "067 123 4567");
            HttpResponse<String> busy;
            try (java.sql.Connection desk = TestPostgres.connect(f.salon.backend.database().settings());
                 java.sql.Statement st = desk.createStatement()) {
                desk.setAutoCommit(false);
                st.execute("SELECT salondesk_lock_master(" + f.salon.tenant + ", " + f.salon.anna + ")");
                busy = http.post("/" + WebFixture.SLUG + "/book", form);   // waits the engine's 5 s lock_timeout
                desk.rollback();
            }
            assertEquals(503, busy.statusCode(), busy.body());
            assertTrue(busy.body().contains("Busy, please try again"), busy.body());
            Map<String, String> retry = WebHttp.hiddenFields(busy.body());
            assertEquals(form.get("requestId"), retry.get("requestId"), "the retry is the same request");
            assertEquals("Oksana Petrenko", retry.get("name"), "the form is kept");
            assertEquals(0, f.onlineBookings(""));
            HttpResponse<String> booked = http.post("/" + WebFixture.SLUG + "/book", retry);
            assertEquals(303, booked.statusCode(), booked.body());
            assertEquals(303, http.post("/" + WebFixture.SLUG + "/book", retry).statusCode(), "a second tap on Try again");
            assertEquals(1, f.onlineBookings("master_id = " + f.salon.anna));
        }
    }
}
