package app.salondesk.web;

import app.salondesk.cli.OnlineServer;
import app.salondesk.i18n.Messages;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A salon without a phone is never told to call (issue 37): every sentence of the page (web.*,
 * online.*) in the three bundles that tells the client to call the salon has a {@code …NoPhone} twin
 * that does not, and the page says the twin for a salon made without {@code --phone} — here over
 * HTTP against a real serve and PostgreSQL: a second booking past the salon's cap per phone.
 */
class NoCallWithoutAPhoneTest {

    /** "call the salon", "call us"; "зателефонуйте"; "позвоните" — a salon's own "calls to confirm" is not an ask. */
    private static final Map<String, Pattern> ASKS_TO_CALL = Map.of(
            "en", Pattern.compile("\\bcall (the salon|us)\\b", Pattern.CASE_INSENSITIVE),
            "uk", Pattern.compile("зателефонуйте|подзвоніть", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE),
            "ru", Pattern.compile("позвоните", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));

    @Test
    void everyPageSentenceThatAsksToCallHasATwinThatDoesNotInEachLanguage() {
        List<String> missing = new ArrayList<>();
        int asks = 0;
        for (String lang : List.of("en", "uk", "ru")) {
            ResourceBundle bundle = ResourceBundle.getBundle("app.salondesk.i18n.messages", Locale.forLanguageTag(lang),
                    ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
            for (String key : bundle.keySet()) {
                if (!(key.startsWith("web.") || key.startsWith("online.")) || key.endsWith("NoPhone")
                        || !ASKS_TO_CALL.get(lang).matcher(bundle.getString(key)).find()) {
                    continue;
                }
                asks++;
                String twin = key + "NoPhone";
                if (!bundle.containsKey(twin)) {
                    missing.add(lang + ": " + key + " has no " + twin);
                } else if (ASKS_TO_CALL.get(lang).matcher(bundle.getString(twin)).find()) {
                    missing.add(lang + ": " + twin + " asks to call: " + bundle.getString(twin));
                }
            }
        }
        assertTrue(asks >= 3 * 10, "sentences that ask to call: " + asks);
        assertTrue(missing.isEmpty(), String.join("\n", missing));
    }

    @Test
    void aTwinIsChosenOnlyWhenTheSalonHasNoPhone() {
        WebText t = new WebText(Locale.forLanguageTag("uk"), java.time.ZoneId.of("Europe/Kyiv"), null);
        Messages uk = new Messages(Locale.forLanguageTag("uk"));
        assertEquals(uk.get("online.invalid.closedNoPhone"), t.orCall("online.invalid.closed", " "));
        assertEquals(uk.get("online.invalid.closedNoPhone"), t.orCall("online.invalid.closed", null));
        assertEquals(uk.get("online.invalid.closed"), t.orCall("online.invalid.closed", "+380441234567"));
        // a key without a twin is said as it is
        assertEquals(uk.get("web.booking.service"), t.orCall("web.booking.service", null));
        assertEquals(uk.format("web.booking.cannotCancel", 2, "+380441234567"),
                t.orCall("web.booking.cannotCancel", "+380441234567", 2, "+380441234567"));
        assertEquals(uk.format("web.booking.cannotCancelNoPhone", 2), t.orCall("web.booking.cannotCancel", "", 2, ""));
    }

    @Test
    void aClientOverTheCapIsToldToCallOnlyASalonThatHasAPhone() throws Exception {
        try (WebFixture f = new WebFixture("web_no_call")) {
            // as `salons add` without --phone leaves it: empty, not null; one open online booking per phone
            f.salon.dsl.execute("UPDATE tenants SET phone = '' WHERE id = " + f.salon.tenant);
            f.salon.dsl.execute("UPDATE online_settings SET max_open_per_phone = 1 WHERE tenant_id = " + f.salon.tenant);
            Thread.sleep(OnlineServer.CATALOGUE_TTL.plusMillis(300).toMillis());
            WebHttp http = new WebHttp(f.base);
            assertEquals(303, http.post("/" + WebFixture.SLUG + "/book", http.filledForm(WebFixture.SLUG, f.salon.cut, f.salon.anna,
                    WebFixture.tomorrowAt(10, 0), "Oksana", "067 123 4567")).statusCode());
            HttpResponse<String> second = http.post("/" + WebFixture.SLUG + "/book", http.filledForm(WebFixture.SLUG, f.salon.cut,
                    f.salon.anna, WebFixture.tomorrowAt(12, 0), "Oksana", "067 123 4567"));
            assertEquals(422, second.statusCode());
            assertTrue(second.body().contains("You already have as many upcoming online bookings and waitlist places as this salon allows."),
                    second.body());
            assertFalse(ASKS_TO_CALL.get("en").matcher(second.body()).find(), second.body());

            f.salon.dsl.execute("UPDATE tenants SET phone = '+380 44 123 4567' WHERE id = " + f.salon.tenant);
            Thread.sleep(OnlineServer.CATALOGUE_TTL.plusMillis(300).toMillis());
            HttpResponse<String> withPhone = http.post("/" + WebFixture.SLUG + "/book", http.filledForm(WebFixture.SLUG, f.salon.cut,
                    f.salon.anna, WebFixture.tomorrowAt(14, 0), "Oksana", "067 123 4567"));
            assertEquals(422, withPhone.statusCode());
            assertTrue(withPhone.body().contains("Please call the salon to book more."), withPhone.body());
        }
    }
}
