package app.salondesk.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 29, item 4, as a stranger sends it over HTTP: the salon's client Iryna has the phone
 * 067 111 2233. A visitor who types that phone with any name never reads "Iryna" — not on the
 * confirmation, not behind the private link, not in the calendar file, not on the waitlist's
 * answer, not in a refusal — and learns nothing from the answers that a made-up phone would not
 * have told her. The booking keeps the typed name for the desk to decide (OnlineMatchOnDeskTest).
 */
class WebNameLeakAttackTest {

    private static final String HER_PHONE = "067 111 2233";
    private static final String HER_NAME = "Iryna";

    private static WebFixture f;

    @BeforeAll
    static void start() {
        f = new WebFixture("web_name_leak");
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @BeforeEach
    void clear() {
        f.salon.clearSchedule();
        f.salon.dsl.execute("DELETE FROM waitlist_entries");
    }

    /** Every answer a stranger got, to read for her name. */
    private final List<HttpResponse<String>> seen = new ArrayList<>();

    private HttpResponse<String> keep(HttpResponse<String> r) {
        seen.add(r);
        return r;
    }

    private void nameNeverShown() {
        for (HttpResponse<String> r : seen) {
            assertFalse(r.body().contains(HER_NAME), r.uri() + " " + r.statusCode() + " names the phone's client:\n" + r.body());
            assertFalse(String.join(" ", r.headers().map().toString()).contains(HER_NAME), r.uri() + " headers");
        }
    }

    @Test
    void aBookingWithAClientsPhoneShowsOnlyTheNameTypedEverywhere() throws Exception {
        WebHttp http = new WebHttp(f.base);
        HttpResponse<String> booked = keep(http.post("/" + WebFixture.SLUG + "/book",
                http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, WebFixture.tomorrowAt(10, 0), "Mallory", HER_PHONE)));
        assertEquals(303, booked.statusCode(), booked.body());
        String link = booked.headers().firstValue("Location").orElseThrow();
        HttpResponse<String> confirmation = keep(http.get(link));
        assertTrue(confirmation.body().contains("Mallory"), confirmation.body());
        keep(http.get(link.replace("?new=1", "")));
        keep(http.get(link.replace("?new=1", "") + "/calendar.ics"));
        // the booking keeps the typed name, and her card stays as it was
        assertEquals(1, f.salon.count("SELECT count(*) FROM online_bookings WHERE name_as_typed = 'Mallory' AND client_match = 'unconfirmed'"));
        assertEquals(1, f.salon.count("SELECT count(*) FROM clients WHERE id = " + f.salon.client + " AND name = 'Iryna'"));
        nameNeverShown();
    }

    /**
     * The Smaller bullet of issue 29: a calendar file named the booking's id, one sequence for every
     * salon of the server, so two bookings told a visitor how many all salons had made between them.
     */
    @Test
    void theCalendarFileCountsNothingOfTheServersBookings() throws Exception {
        WebHttp http = new WebHttp(f.base);
        List<String> uids = new ArrayList<>();
        for (int hour : new int[]{14, 16}) {
            HttpResponse<String> booked = http.post("/" + WebFixture.SLUG + "/book",
                    http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna, WebFixture.tomorrowAt(hour, 0), "Visitor", "067 999 00 1" + hour % 10));
            assertEquals(303, booked.statusCode(), booked.body());
            String ics = http.get(booked.headers().firstValue("Location").orElseThrow().replace("?new=1", "") + "/calendar.ics").body()
                    .replace("\r\n ", "");
            java.util.regex.Matcher uid = java.util.regex.Pattern.compile("UID:(\\S+)").matcher(ics);
            assertTrue(uid.find(), ics);
            // 32 hex digits of a hash: no id of the booking or the salon
            assertTrue(uid.group(1).matches("booking-[0-9a-f]{32}@127\\.0\\.0\\.1"), uid.group(1));
            uids.add(uid.group(1));
        }
        assertEquals(2, uids.stream().distinct().count(), "one UID per booking");
    }

    @Test
    void theWaitlistAndTheRefusalsOfHerPhoneNameNobody() throws Exception {
        WebHttp http = new WebHttp(f.base);
        // her phone on the waitlist, under another name
        String day = http.get("/" + WebFixture.SLUG + "?service=" + f.salon.cut + "&master=" + f.salon.anna + "&day=" + WebFixture.tomorrow())
                .body();
        java.util.regex.Matcher link = java.util.regex.Pattern.compile("<a id=\"wait-link\" href=\"([^\"]+)\"").matcher(day);
        assertTrue(link.find(), day);
        String form = keep(http.get(link.group(1).replace("&amp;", "&"))).body();
        Map<String, String> wait = new java.util.LinkedHashMap<>(WebHttp.hiddenFields(form));
        wait.put("from", WebFixture.tomorrow().toString());
        wait.put("to", WebFixture.tomorrow().plusDays(2).toString());
        wait.put("part", "any");
        wait.put("name", "Mallory");
        wait.put("phone", HER_PHONE);
        wait.put("consent", "yes");
        HttpResponse<String> joined = keep(http.post("/" + WebFixture.SLUG + "/wait", wait));
        assertEquals(200, joined.statusCode(), joined.body());
        // until the phone's cap (3): the waitlist place counts, so two bookings more, then "too many"
        for (int hour = 11; hour <= 13; hour++) {
            keep(http.post("/" + WebFixture.SLUG + "/book",
                    http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.bohdan, WebFixture.tomorrowAt(hour, 0), "Mallory " + hour, HER_PHONE)));
        }
        assertEquals(2, f.onlineBookings(""), "the waitlist place and two bookings fill the phone's three");
        HttpResponse<String> tooMany = seen.get(seen.size() - 1);
        assertEquals(422, tooMany.statusCode(), tooMany.body());
        assertTrue(tooMany.body().contains("waitlist places"), tooMany.body());
        nameNeverShown();
    }
}
