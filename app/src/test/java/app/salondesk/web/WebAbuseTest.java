package app.salondesk.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input as an attacker or a clumsy client sends it, over plain HTTP against a real server
 * on a real database: each is refused with a page that says why, books nothing, and shows no
 * stack trace or SQL.
 */
class WebAbuseTest {

    private static WebFixture f;
    private static final List<HttpResponse<String>> refusals = new ArrayList<>();

    @BeforeAll
    static void start() {
        f = new WebFixture("web_abuse");
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @BeforeEach
    void clear() {
        f.salon.clearSchedule();
    }

    private WebHttp client() {
        return new WebHttp(f.base);
    }

    private Map<String, String> form(WebHttp http, Instant at, String phone) throws Exception {
        return http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, at, "Oksana", phone);
    }

    private static HttpResponse<String> refused(HttpResponse<String> r) {
        refusals.add(r);
        return r;
    }

    @Test
    void aFormWithAForgedCsrfTokenIsRefusedAndBooksNothing() throws Exception {
        WebHttp http = client();
        Map<String, String> form = form(http, WebFixture.tomorrowAt(10, 0), "067 123 4567");
        form.put("csrf", "A" + form.get("csrf").substring(1).replace('A', 'B'));
        HttpResponse<String> r = refused(http.post("/" + WebFixture.SLUG + "/book", form));
        assertEquals(403, r.statusCode());
        assertTrue(r.body().contains("This form has expired"), r.body());
        assertEquals(0, f.onlineBookings(""));
    }

    @Test
    void aFormWithoutCsrfTokenOrWithoutItsCookieIsRefused() throws Exception {
        WebHttp http = client();
        Map<String, String> form = form(http, WebFixture.tomorrowAt(10, 0), "067 123 4567");
        Map<String, String> without = new java.util.LinkedHashMap<>(form);
        without.remove("csrf");
        assertEquals(403, refused(http.post("/" + WebFixture.SLUG + "/book", without)).statusCode());
        // the same token from another browser (no cookie): a page of ours seen by an attacker
        assertEquals(403, refused(client().post("/" + WebFixture.SLUG + "/book", form)).statusCode());
        assertEquals(0, f.onlineBookings(""));
    }

    @Test
    void aPostFromAnotherSitesPageIsRefusedEvenWithAValidToken() throws Exception {
        WebHttp http = client();
        Map<String, String> form = form(http, WebFixture.tomorrowAt(10, 0), "067 123 4567");
        HttpResponse<String> r = http.client.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(f.base + "/" + WebFixture.SLUG + "/book"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Origin", "https://evil.example")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(WebHttp.encode(form))).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, refused(r).statusCode());
        assertEquals(0, f.onlineBookings(""));
    }

    @Test
    void theSameRequestIdSentAgainIsTheSameBooking() throws Exception {
        WebHttp http = client();
        Map<String, String> form = form(http, WebFixture.tomorrowAt(10, 0), "067 123 4567");
        HttpResponse<String> first = http.post("/" + WebFixture.SLUG + "/book", form);
        HttpResponse<String> again = http.post("/" + WebFixture.SLUG + "/book", form);
        assertEquals(303, first.statusCode(), first.body());
        assertEquals(303, again.statusCode(), again.body());
        assertEquals(1, f.onlineBookings(""));
        // each answer carries a private link of its own (the first may never have arrived), to the one booking
        HttpResponse<String> firstPage = http.get(first.headers().firstValue("Location").orElseThrow());
        HttpResponse<String> againPage = http.get(again.headers().firstValue("Location").orElseThrow());
        assertEquals(200, againPage.statusCode());
        assertTrue(againPage.body().contains("You are booked!"), againPage.body());
        assertEquals(details(firstPage.body()), details(againPage.body()));
    }

    private static String details(String page) {
        return page.substring(page.indexOf("<dl"), page.indexOf("</dl>"));
    }

    @Test
    void absurdSizesAreRefusedBeforeAnythingIsRead() throws Exception {
        WebHttp http = client();
        Map<String, String> form = form(http, WebFixture.tomorrowAt(10, 0), "067 123 4567");
        form.put("note", "x".repeat(1_000_000));
        HttpResponse<String> r = refused(http.post("/" + WebFixture.SLUG + "/book", form));
        assertEquals(413, r.statusCode(), r.body());
        assertEquals(0, f.onlineBookings(""));
    }

    @Test
    void fieldsLongerThanTheirLimitAreNamedOnTheForm() throws Exception {
        WebHttp http = client();
        Map<String, String> form = form(http, WebFixture.tomorrowAt(10, 0), "067 123 4567");
        form.put("name", "N".repeat(101));
        form.put("note", "n".repeat(501));
        HttpResponse<String> r = refused(http.post("/" + WebFixture.SLUG + "/book", form));
        assertEquals(422, r.statusCode());
        assertTrue(r.body().contains("id=\"name-error\">Too long: at most 100 characters."), r.body());
        assertTrue(r.body().contains("id=\"note-error\">Too long: at most 500 characters."), r.body());
        assertTrue(r.body().contains("value=\"" + form.get("requestId") + "\""), "the same request id, kept for the corrected form");
        assertEquals(0, f.onlineBookings(""));
    }

    @Test
    void aPhoneThatIsNoPhoneOfTheSalonsCountryIsNamedOnTheForm() throws Exception {
        for (String phone : List.of("12345", "not a phone", "+380 12", "0671234567890123")) {
            WebHttp http = client();
            Map<String, String> form = form(http, WebFixture.tomorrowAt(10, 0), phone);
            HttpResponse<String> r = refused(http.post("/" + WebFixture.SLUG + "/book", form));
            assertEquals(422, r.statusCode(), phone);
            assertTrue(r.body().contains("id=\"phone-error\">This is not a phone number we can call."), phone + ": " + r.body());
        }
        assertEquals(0, f.onlineBookings(""));
    }

    @Test
    void aTimeInThePastOrBeyondTheSalonsDaysAheadIsRefused() throws Exception {
        WebHttp http = client();
        Map<String, String> form = form(http, WebFixture.tomorrowAt(10, 0), "067 123 4567");
        form.put("start", Long.toString(Instant.now().minus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS).getEpochSecond()));
        HttpResponse<String> past = refused(http.post("/" + WebFixture.SLUG + "/book", form));
        assertEquals(422, past.statusCode());
        assertTrue(past.body().contains("This time has already passed."), past.body());
        form.put("start", Long.toString(WebFixture.tomorrowAt(10, 0).plus(20, ChronoUnit.DAYS).getEpochSecond()));
        HttpResponse<String> far = refused(http.post("/" + WebFixture.SLUG + "/book", form));
        assertEquals(422, far.statusCode());
        assertTrue(far.body().contains("at most 14 days ahead"), far.body());
        assertEquals(0, f.onlineBookings(""));
    }

    @Test
    void hiddenFieldsThatAreNotOursAreABadRequest() throws Exception {
        WebHttp http = client();
        Map<String, String> form = form(http, WebFixture.tomorrowAt(10, 0), "067 123 4567");
        form.put("requestId", "'; DROP TABLE bookings; --");
        HttpResponse<String> r = refused(http.post("/" + WebFixture.SLUG + "/book", form));
        assertEquals(400, r.statusCode());
        assertEquals(0, f.onlineBookings(""));
    }

    @Test
    void anUnknownSlugAndASalonWithOnlineBookingOffAreNotFound() throws Exception {
        WebHttp http = client();
        for (String path : List.of("/nosuchsalon", "/" + WebFixture.CLOSED, "/" + WebFixture.CLOSED + "?service=" + f.salon.cut,
                "/..%2F..%2Fetc%2Fpasswd", "/" + "a".repeat(300), "/" + WebFixture.SLUG + "/b/" + "x".repeat(43))) {
            HttpResponse<String> r = refused(http.get(path));
            assertEquals(404, r.statusCode(), path);
            assertTrue(r.body().contains("Page not found"), path + ": " + r.body());
        }
    }

    @Test
    void pagesCarryTheSecurityHeaders() throws Exception {
        HttpResponse<String> r = client().get("/" + WebFixture.SLUG);
        assertEquals(200, r.statusCode());
        String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
        assertTrue(csp.contains("frame-ancestors 'none'") && csp.contains("default-src 'none'") && csp.contains("form-action 'self'"), csp);
        assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(null));
        assertEquals("same-origin", r.headers().firstValue("Referrer-Policy").orElse(null));
        assertEquals("DENY", r.headers().firstValue("X-Frame-Options").orElse(null));
        assertFalse(r.headers().firstValue("Server").isPresent(), "no server name or version");
        java.time.Instant ten = WebFixture.tomorrowAt(10, 0);
        HttpResponse<String> form = client().get("/" + WebFixture.SLUG + "?service=" + f.salon.cut + "&master=" + f.salon.anna
                + "&day=" + WebFixture.tomorrow() + "&at=" + ten.getEpochSecond() + "&m=" + f.salon.anna);
        assertTrue(form.body().contains("name=\"csrf\""), form.body());
        String cookie = String.join(";", form.headers().allValues("Set-Cookie"));
        assertTrue(cookie.contains(Csrf.COOKIE) && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), cookie);
    }

    @Test
    void noRefusalShowsAStackTraceOrSql() throws Exception {
        // the refusals the other tests collected, plus a few more odd requests
        WebHttp http = client();
        refused(http.get("/" + WebFixture.SLUG + "/book"));
        refused(http.postBody("/" + WebFixture.SLUG + "/book", "%%%%"));
        refused(http.get("/" + WebFixture.SLUG + "?service=99999999999999999999&master=x&day=2030-02-31&at=-1"));
        for (HttpResponse<String> r : refusals) {
            assertNotNull(r.body());
            for (String leak : List.of("Exception", "\tat ", "at app.salondesk", "org.jooq", "SELECT", "INSERT", "SQLState", "jetty", "javalin")) {
                assertFalse(r.body().contains(leak), r.uri() + " " + r.statusCode() + " shows " + leak + ":\n" + r.body());
            }
        }
        assertTrue(refusals.size() >= 3);
    }

    @Test
    void healthSaysTheDatabaseAnswers() throws Exception {
        HttpResponse<String> r = client().get("/health");
        assertEquals(200, r.statusCode());
        assertEquals("{\"status\":\"up\",\"database\":\"up\"}", r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    }

    @Test
    void theCalendarFileHoldsTheBookingInUtc() throws Exception {
        WebHttp http = client();
        Instant ten = WebFixture.tomorrowAt(10, 0);
        HttpResponse<String> booked = http.post("/" + WebFixture.SLUG + "/book", form(http, ten, "067 123 4567"));
        String link = booked.headers().firstValue("Location").orElseThrow().replace("?new=1", "");
        HttpResponse<String> ics = http.get(link + "/calendar.ics");
        assertEquals(200, ics.statusCode());
        assertTrue(ics.headers().firstValue("Content-Type").orElse("").startsWith("text/calendar"));
        String utc = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(java.time.ZoneOffset.UTC).format(ten);
        String end = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(java.time.ZoneOffset.UTC).format(ten.plusSeconds(3600));
        String body = ics.body().replace("\r\n ", "");
        assertTrue(body.contains("BEGIN:VEVENT") && body.contains("DTSTART:" + utc) && body.contains("DTEND:" + end), body);
        assertTrue(body.contains("SUMMARY:Cut at Fixture salon") && body.contains(link), body);
    }

    @Test
    void pastTheCutOffTheLinkShowsNoCancelAndACancelPostIsRefused() throws Exception {
        WebHttp http = client();
        HttpResponse<String> booked = http.post("/" + WebFixture.SLUG + "/book", form(http, WebFixture.tomorrowAt(13, 0), "067 123 4567"));
        String link = booked.headers().firstValue("Location").orElseThrow().replace("?new=1", "");
        String csrf = WebHttp.hiddenFields(http.get(link).body()).get("csrf");
        f.salon.dsl.execute("UPDATE online_settings SET cancel_cutoff_min = 4320 WHERE tenant_id = " + f.salon.tenant);
        try {
            HttpResponse<String> page = http.get(link);
            assertFalse(page.body().contains("id=\"cancel\""), page.body());
            assertTrue(page.body().contains("Online cancellation closes 72 h before the start."), page.body());
            HttpResponse<String> cancel = http.post(link + "/cancel", Map.of("csrf", csrf));
            assertEquals(303, cancel.statusCode());
            HttpResponse<String> after = http.get(cancel.headers().firstValue("Location").orElseThrow());
            assertTrue(after.body().contains("It is too late to cancel online"), after.body());
            assertEquals(1, f.onlineBookings("status <> 'cancelled'"));
        } finally {
            f.salon.dsl.execute("UPDATE online_settings SET cancel_cutoff_min = 60 WHERE tenant_id = " + f.salon.tenant);
        }
    }

    @Test
    void theDayStripShowsAFortnightAndStepsOnToTheLastBookableDay() throws Exception {
        WebHttp http = client();
        java.time.LocalDate today = java.time.LocalDate.now(app.salondesk.logic.booking.EngineFixture.ZONE);
        String q = "/" + WebFixture.SLUG + "?service=" + f.salon.cut + "&master=any";
        String first = http.get(q).body();
        assertEquals(14, chips(first).size(), first);
        assertEquals(today.toString(), chips(first).get(0));
        assertFalse(first.contains("aria-label=\"Earlier days\""), first);
        assertTrue(first.contains("href=\"" + q.replace("&", "&amp;") + "&amp;day=" + today.plusDays(14) + "\" aria-label=\"Later days\""), first);
        // 14 days ahead: the last bookable day is today + 14, on the strip's second fortnight
        String second = http.get(q + "&day=" + today.plusDays(14)).body();
        assertEquals(List.of(today.plusDays(14).toString()), chips(second), second);
        assertTrue(second.contains("href=\"" + q.replace("&", "&amp;") + "&amp;day=" + today + "\" aria-label=\"Earlier days\""), second);
        assertFalse(second.contains("aria-label=\"Later days\""), second);
        assertTrue(second.contains("class=\"day selected\""), "the last bookable day is chosen, not today");
    }

    /** The days on the page's strip, in order. */
    private static List<String> chips(String page) {
        List<String> days = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<a class=\"day(?: selected)?\" href=\"[^\"]*day=(\\d{4}-\\d\\d-\\d\\d)\"").matcher(page);
        while (m.find()) {
            days.add(m.group(1));
        }
        return days;
    }
}
