package app.salondesk.web;

import app.salondesk.cli.CliTestAccess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 29, item 9, as an attacker sends it over real HTTP to a real server on a real database:
 * a forged {@code Host} header never becomes a link of a page or a calendar file (a client's
 * calendar would send her to the attacker's site with her private link), and a form posted from
 * this host's other port or scheme is not ours. {@code serve} refuses to start without
 * {@code --base-url} (but for {@code --demo}), in one sentence.
 */
class WebAddressAttackTest {

    private static final String PUBLIC = "https://book.salon.example";

    private static WebFixture demo;
    private static WebFixture real;

    @BeforeAll
    static void start() {
        demo = new WebFixture("web_address_demo");
        real = new WebFixture("web_address_real", WebFixture.generous(), PUBLIC + "/");
    }

    @AfterAll
    static void stop() {
        demo.close();
        real.close();
    }

    @BeforeEach
    void clear() {
        demo.salon.clearSchedule();
        real.salon.clearSchedule();
    }

    /** A booking made as a client makes it; its private link (path only). */
    private static String book(WebFixture f, int hour) throws Exception {
        WebHttp http = new WebHttp(f.base);
        HttpResponse<String> booked = http.post("/" + WebFixture.SLUG + "/book",
                http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, WebFixture.tomorrowAt(hour, 0), "Oksana", "067 123 4567"));
        assertEquals(303, booked.statusCode(), booked.body());
        return booked.headers().firstValue("Location").orElseThrow().replace("?new=1", "");
    }

    @Test
    void aForgedHostHeaderNeverReachesTheLinksOfAPageOrACalendarFile() throws Exception {
        for (WebFixture f : List.of(demo, real)) {
            String link = book(f, 10);
            String expected = f == real ? PUBLIC : "http://127.0.0.1:" + f.server.port();
            for (String path : List.of(link, link + "/calendar.ics")) {
                String answer = RawHttp.get(f.server.port(), path, "Host: evil.example");
                assertTrue(answer.startsWith("HTTP/1.1 200"), path + ": " + answer);
                String unfolded = answer.replace("\r\n ", "");
                assertFalse(unfolded.toLowerCase().contains("evil.example"), path + " names the forged host:\n" + answer);
                assertTrue(unfolded.contains(expected + link), path + " should link to " + expected + link + ":\n" + answer);
            }
        }
    }

    /** The booking form POSTed with this Origin header, by the browser that got the form. */
    private static int postWithOrigin(WebFixture f, String origin, int hour) throws Exception {
        WebHttp http = new WebHttp(f.base);
        Map<String, String> form = http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, WebFixture.tomorrowAt(hour, 0), "Oksana",
                "067 123 45" + (10 + hour));
        return http.client.send(HttpRequest.newBuilder(URI.create(f.base + "/" + WebFixture.SLUG + "/book"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Origin", origin)
                .POST(HttpRequest.BodyPublishers.ofString(WebHttp.encode(form))).build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    @Test
    void aFormFromThisHostsOtherPortOrSchemeIsRefusedAndTheServersOwnOriginIsNot() throws Exception {
        int port = demo.server.port();
        assertEquals(403, postWithOrigin(demo, "http://127.0.0.1:" + (port + 1), 9), "another port of the same host");
        assertEquals(403, postWithOrigin(demo, "https://127.0.0.1:" + port, 9), "https where the server speaks http");
        assertEquals(403, postWithOrigin(demo, "http://127.0.0.1", 9), "the default port is another port");
        assertEquals(403, postWithOrigin(demo, "http://127.0.0.1.evil.example:" + port, 9), "a host that begins like ours");
        assertEquals(0, demo.onlineBookings(""));
        assertEquals(303, postWithOrigin(demo, "http://127.0.0.1:" + port, 9), "the page's own origin");
        assertEquals(303, postWithOrigin(demo, "http://localhost:" + port, 11), "the demo on this PC, by its other name");

        assertEquals(403, postWithOrigin(real, PUBLIC + ":8443", 9), "the public host on another port");
        assertEquals(403, postWithOrigin(real, "http://book.salon.example", 9), "the public host without TLS");
        assertEquals(403, postWithOrigin(real, "http://127.0.0.1:" + real.server.port(), 9),
                "the address the proxy reaches it at is not where clients come from");
        assertEquals(0, real.onlineBookings(""));
        assertEquals(303, postWithOrigin(real, PUBLIC, 9), "the base URL's origin");
        assertEquals(303, postWithOrigin(real, PUBLIC + ":443", 11), "the same, with its default port written");
    }

    @Test
    void serveRefusesToStartWithoutABaseUrlInOneSentenceButTheDemoNeedsNone() throws Exception {
        CliTestAccess.Run run = CliTestAccess.run(new String[]{"--db-url", "jdbc:postgresql://127.0.0.1:1/none", "serve", "--port", "0"}, "");
        assertEquals(2, run.exit(), run.out() + run.err());
        assertTrue(run.err().strip().startsWith("serve needs --base-url"), run.err());
        assertEquals(1, run.err().strip().lines().count(), "one sentence: " + run.err());
        CliTestAccess.Run bad = CliTestAccess.run(new String[]{"--db-url", "jdbc:postgresql://127.0.0.1:1/none", "serve", "--port", "0",
                "--base-url", "book.salon.example"}, "");
        assertEquals(2, bad.exit(), bad.out() + bad.err());
        assertTrue(bad.err().contains("--base-url book.salon.example is not an http or https address"), bad.err());
    }
}
