package app.salondesk.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "No time suits me" on the salon's page (issue 14), over real HTTP against a running server:
 * the link on the day's times, the form, joining (an entry made through the online login's
 * own function, source online), and the refusals — days past the salon's limit, no consent, a
 * forged CSRF token, a salon whose waitlist is off — each writing nothing.
 */
class WebWaitlistTest {

    private static WebFixture f;

    @BeforeAll
    static void start() {
        f = new WebFixture("web_waitlist");
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @BeforeEach
    void clear() {
        f.salon.dsl.execute("DELETE FROM waitlist_entries");
        f.salon.dsl.execute("DELETE FROM waitlist_settings");
    }

    private int entries() {
        return f.salon.count("SELECT count(*) FROM waitlist_entries");
    }

    /** The waitlist form for Anna's cut from tomorrow, as the day's link opens it, filled in. */
    private Map<String, String> filled(WebHttp http) throws Exception {
        String day = http.get("/" + WebFixture.SLUG + "?service=" + f.salon.cut + "&master=" + f.salon.anna + "&day=" + WebFixture.tomorrow())
                .body();
        java.util.regex.Matcher link = java.util.regex.Pattern.compile("<a id=\"wait-link\" href=\"([^\"]+)\"").matcher(day);
        assertTrue(link.find(), day);
        HttpResponse<String> page = http.get(link.group(1).replace("&amp;", "&"));
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("Join the waitlist"), page.body());
        Map<String, String> form = new HashMap<>(WebHttp.hiddenFields(page.body()));
        form.put("from", WebFixture.tomorrow().toString());
        form.put("to", WebFixture.tomorrow().plusDays(3).toString());
        form.put("part", "afternoon");
        form.put("name", "Wanda Waits");
        form.put("phone", "067 222 33 44");
        form.put("consent", "yes");
        return form;
    }

    @Test
    void aClientWithNoTimeThatSuitsJoinsTheWaitlistForTheChosenServiceMasterDaysAndPartOfTheDay() throws Exception {
        WebHttp http = new WebHttp(f.base);
        HttpResponse<String> r = http.post("/" + WebFixture.SLUG + "/wait", filled(http));
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().contains("Wanda Waits, you are on the waitlist for Cut"), r.body());
        assertEquals(1, f.salon.count("SELECT count(*) FROM waitlist_entries e JOIN clients c ON c.id = e.client_id "
                + "WHERE e.source = 'online' AND e.state = 'waiting' AND e.service_id = " + f.salon.cut + " AND e.master_id = " + f.salon.anna
                + " AND e.date_from = '" + WebFixture.tomorrow() + "' AND e.date_to = '" + WebFixture.tomorrow().plusDays(3)
                + "' AND e.window_from_min = 720 AND e.window_to_min = 1020 AND c.phone = '+380672223344'"));
    }

    @Test
    void daysPastTheSalonsLimitNoConsentAForgedTokenOrAWaitlistSwitchedOffWriteNothing() throws Exception {
        WebHttp http = new WebHttp(f.base);
        Map<String, String> tooFar = filled(http);
        tooFar.put("to", LocalDate.now(app.salondesk.logic.booking.EngineFixture.ZONE).plusDays(15).toString());   // 14 days ahead
        HttpResponse<String> r = http.post("/" + WebFixture.SLUG + "/wait", tooFar);
        assertEquals(422, r.statusCode());
        assertTrue(r.body().contains("Choose days from today to the last day the salon books online."), r.body());

        Map<String, String> noConsent = filled(http);
        noConsent.remove("consent");
        assertEquals(422, http.post("/" + WebFixture.SLUG + "/wait", noConsent).statusCode());

        Map<String, String> forged = filled(http);
        forged.put("csrf", "A" + forged.get("csrf").substring(1).replace('A', 'B'));
        assertEquals(403, http.post("/" + WebFixture.SLUG + "/wait", forged).statusCode());

        Map<String, String> badPhone = filled(http);
        badPhone.put("phone", "12");
        HttpResponse<String> phone = http.post("/" + WebFixture.SLUG + "/wait", badPhone);
        assertEquals(422, phone.statusCode());

        f.salon.dsl.execute("INSERT INTO waitlist_settings (tenant_id, enabled) VALUES (" + f.salon.tenant + ", false)");
        HttpResponse<String> off = http.post("/" + WebFixture.SLUG + "/wait", filled(http));
        assertEquals(422, off.statusCode());
        assertTrue(off.body().contains("This salon keeps no waitlist online."), off.body());
        assertFalse(off.body().contains("Exception") || off.body().contains("SQL"), off.body());
        assertEquals(0, entries(), "nothing written by any refusal");
    }
}
