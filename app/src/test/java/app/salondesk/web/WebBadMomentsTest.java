package app.salondesk.web;

import app.salondesk.cli.OnlineServer;
import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.EmbeddedServer;
import app.salondesk.db.TestPostgres;
import app.salondesk.db.TestServers;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.runtime.Backend;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The online page in bad moments (issue 37): the database gone, a salon with no phone, a
 * cancelled booking, a booking whose answer was lost. In a real browser where a client would
 * see it, on a real PostgreSQL (stopped for real in the first test).
 */
class WebBadMomentsTest {

    /** Service → master → tomorrow → a time: the form, filled in. */
    private static void fillTheForm(Browser b, String base, String time) {
        b.open(base + "/" + WebFixture.SLUG);
        b.click("Cut");
        b.click("Anna");
        b.navigate(b.driver.findElement(By.cssSelector("a.day[href$='day=" + WebFixture.tomorrow() + "']")));
        b.click(time);
        b.type("name", "Oksana Petrenko");
        b.type("phone", "067 765 4321");
        b.find("#consent").click();
    }

    @Test
    void theDatabaseGoneIsSaidWithinThreeSecondsUnderTheSalonsNameAndTheKeptFormBooksOnceItIsBack() throws Exception {
        EmbeddedServer pg = TestServers.ownCluster(17);
        Path data = pg.dataDirectory().getParent();
        int pgPort = pg.port();
        ConnectionSettings db = TestPostgres.freshDatabase(pg, "web_bad_moments");
        EmbeddedServer again = null;
        String requestId;
        try (EngineFixture salon = new EngineFixture(Backend.connect(db, 4))) {
            salon.dsl.execute("INSERT INTO online_settings (tenant_id, enabled, slug, days_ahead, min_notice_min, cancel_cutoff_min) "
                    + "VALUES (" + salon.tenant + ", true, '" + WebFixture.SLUG + "', 14, 0, 60)");
            WebServer server = OnlineServer.start(salon.backend, new WebSettings("127.0.0.1", 0, null, false, null, null,
                    Duration.ofSeconds(5), WebFixture.generous(), null), Clock.systemUTC());
            String base = "http://127.0.0.1:" + server.port();
            try (Browser b = new Browser("en", 390, 1000)) {
                fillTheForm(b, base, "10:00");
                requestId = b.driver.findElement(By.name("requestId")).getAttribute("value");

                pg.close();
                // past the few seconds the page keeps the salon's catalogue: every page needs the database now
                Thread.sleep(OnlineServer.CATALOGUE_TTL.plusMillis(500).toMillis());
                long asked = System.nanoTime();
                b.navigate(b.find("#book"));
                long tookMs = (System.nanoTime() - asked) / 1_000_000;
                // the browser's own click and paint come on top of the server's answer (3.07 s once, at a load of 12 on
                // 2 cores): here only "not the pool's 10 s"; the 3 s are the server's, timed below over plain HTTP
                assertTrue(tookMs < 6_000, "the booking's answer took " + tookMs + " ms");
                assertTrue(b.text().contains("Temporarily unavailable"), b.text());
                assertTrue(b.text().contains("Fixture salon"), "the salon's name, as last read: " + b.text());
                assertTrue(b.text().contains("Your details are kept"), b.text());
                assertEquals(requestId, b.driver.findElement(By.name("requestId")).getAttribute("value"),
                        "the kept form is the same request");

                // any other page too (asked beside the browser, which stays on the kept form)
                WebHttp http = new WebHttp(base);
                asked = System.nanoTime();
                HttpResponse<String> page = http.get("/" + WebFixture.SLUG + "?service=" + salon.cut);
                tookMs = (System.nanoTime() - asked) / 1_000_000;
                assertTrue(tookMs < 3_000, "the page took " + tookMs + " ms");
                assertEquals(503, page.statusCode());
                assertTrue(page.body().contains("Temporarily unavailable"), page.body());
                assertTrue(page.body().contains("Fixture salon"), "the salon's name, as last read: " + page.body());

                // the database back: the kept form's Try again books, once
                again = EmbeddedServer.start(data, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY, pgPort);
                long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (http.get("/health").statusCode() != 200 && System.nanoTime() < until) {
                    Thread.sleep(250);
                }
                b.navigate(b.find("#retry"));
                assertTrue(b.text().contains("You are booked!"), b.text());
            } finally {
                server.stop();
            }
            assertEquals(1, salon.count("SELECT count(*) FROM bookings WHERE source = 'online' AND request_id = '" + requestId + "'"));
            assertEquals(1, salon.count("SELECT count(*) FROM bookings"), "booked once");
        } finally {
            if (again != null) {
                again.close();
            }
        }
    }

    @Test
    void aSalonWithoutAPhoneOffersNoCallAndACancelledBookingNoLinkToKeep() throws Exception {
        try (WebFixture f = new WebFixture("web_no_phone")) {
            // as `salons add` without --phone leaves it: empty, not null
            f.salon.dsl.execute("UPDATE tenants SET phone = '', address = '' WHERE id = " + f.salon.tenant);
            // every booking is past the cut-off, so its page says how to change it
            f.salon.dsl.execute("UPDATE online_settings SET cancel_cutoff_min = 20160 WHERE tenant_id = " + f.salon.tenant);
            try (Browser b = new Browser("en", 390, 1000)) {
                fillTheForm(b, f.base, "11:00");
                assertTrue(b.driver.findElements(By.cssSelector("a[href^='tel:']")).isEmpty(), "no empty tel: link");
                assertTrue(b.driver.findElements(By.cssSelector(".salon-info")).isEmpty(), "no empty line for address and phone");
                b.navigate(b.find("#book"));
                assertTrue(b.text().contains("You are booked!"), b.text());
                assertTrue(b.text().contains("Online cancellation closes 336 h before the start."), b.text());
                assertFalse(b.text().toLowerCase().contains("call the salon"), b.text());
                assertFalse(b.text().contains(" ."), b.text());
            }

            f.salon.dsl.execute("UPDATE tenants SET phone = '+380 44 123 4567' WHERE id = " + f.salon.tenant);
            f.salon.dsl.execute("UPDATE online_settings SET cancel_cutoff_min = 60 WHERE tenant_id = " + f.salon.tenant);
            Thread.sleep(OnlineServer.CATALOGUE_TTL.plusMillis(300).toMillis());
            try (Browser b = new Browser("en", 390, 1000)) {
                fillTheForm(b, f.base, "9:00");
                assertEquals("tel:+380 44 123 4567", b.find(".salon-info a[href^='tel:']").getAttribute("href").replace("%20", " "));
                b.navigate(b.find("#book"));
                assertTrue(b.text().contains("Keep this private link"), b.text());
                b.navigate(b.find("#cancel"));
                assertTrue(b.text().contains("Your booking has been cancelled."), b.text());
                assertFalse(b.text().contains("Keep this private link"), "nothing left to keep a link for: " + b.text());
                assertTrue(b.driver.findElements(By.id("private-link")).isEmpty());
            }
        }
    }

    @Test
    void aRetriedPostOfABookingThatWasMadeShowsItsConfirmationSettledByTheRequestId() throws Exception {
        try (WebFixture f = new WebFixture("web_settle")) {
            WebHttp http = new WebHttp(f.base);
            Instant nine = WebFixture.tomorrowAt(9, 0);
            Map<String, String> form = http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, nine, "Oksana Petrenko", "067 765 4321");
            // the first POST's booking reached the database, its answer never reached the client (a failover):
            // the engine wrote it under the form's request id
            BookingOutcome made = f.salon.engine.book(new NewBooking(f.salon.tenant, f.salon.anna, null,
                    new NewBooking.ClientDetails("Oksana Petrenko", "+380677654321"), f.salon.cut, nine, null, "",
                    UUID.fromString(form.get("requestId")), Source.ONLINE, false));
            assertInstanceOf(BookingOutcome.Booked.class, made);

            HttpResponse<String> retried = http.post("/" + WebFixture.SLUG + "/book", form);
            assertEquals(303, retried.statusCode(), retried.body());
            String link = retried.headers().firstValue("Location").orElseThrow();
            HttpResponse<String> page = http.get(link);
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("You are booked!"), page.body());
            assertEquals(1, f.onlineBookings("request_id = '" + form.get("requestId") + "'"));
            assertEquals(1, f.onlineBookings(""), "the retry made no second booking");
        }
    }
}
