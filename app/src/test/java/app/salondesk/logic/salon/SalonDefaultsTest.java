package app.salondesk.logic.salon;

import org.junit.jupiter.api.Test;

import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lists a salon chooses from: one name per zone, each country's zones and currency. */
class SalonDefaultsTest {

    /** Issue 31: "Europe/Kiev and Europe/Kyiv are both listed". */
    @Test
    void eachZoneIsListedOnceUnderItsCurrentName() {
        List<String> zones = SalonDefaults.zones();
        assertTrue(zones.contains("Europe/Kyiv"));
        for (String old : List.of("Europe/Kiev", "Europe/Zaporozhye", "Europe/Uzhgorod", "Asia/Calcutta", "Asia/Saigon",
                "America/Buenos_Aires", "US/Eastern", "Europe/Belfast", "Etc/GMT+3")) {
            assertFalse(zones.contains(old), old);
        }
        for (String shortId : ZoneId.SHORT_IDS.keySet()) {
            assertFalse(zones.contains(shortId), shortId);
        }
        // within one country, two names for the same clock would be an alias listed beside its zone
        for (String country : java.util.Locale.getISOCountries()) {
            Map<Object, String> byRules = new HashMap<>();
            for (String z : SalonDefaults.zonesOf(country)) {
                String other = byRules.put(ZoneId.of(z).getRules(), z);
                assertNull(other, country + ": " + z + " and " + other + " keep the same clock");
            }
        }
        assertTrue(zones.size() > 300, "every lived-in zone: " + zones.size());
    }

    @Test
    void anOldSpellingReadsAsTheListedZone() {
        assertEquals(ZoneId.of("Europe/Kyiv"), SalonDefaults.listed(ZoneId.of("Europe/Kiev")));
        assertEquals(ZoneId.of("Asia/Kolkata"), SalonDefaults.listed(ZoneId.of("Asia/Calcutta")));
        assertEquals(ZoneId.of("Europe/Kyiv"), SalonDefaults.zone(ZoneId.of("Europe/Kiev")));
        assertEquals(ZoneId.of("UTC"), SalonDefaults.zone(ZoneId.of("Etc/UTC")));
        assertNull(SalonDefaults.listed(ZoneId.of("Etc/GMT+3")), "a bare offset is no place");
    }

    @Test
    void eachCountryHasItsMainZoneFirstAndItsCurrency() {
        assertEquals("Europe/Kyiv", SalonDefaults.zonesOf("UA").get(0), "not Crimea's");
        assertEquals("Europe/Moscow", SalonDefaults.zonesOf("RU").get(0));
        assertEquals("America/New_York", SalonDefaults.zonesOf("US").get(0));
        assertEquals(List.of("Europe/Warsaw"), SalonDefaults.zonesOf("PL"));
        assertEquals("UAH", SalonDefaults.currency("UA").getCurrencyCode());
        assertEquals("KZT", SalonDefaults.currency("KZ").getCurrencyCode());
        assertEquals("EUR", SalonDefaults.currency((String) null).getCurrencyCode());
        assertNull(SalonDefaults.country(""), "no region: no country guessed");
        assertEquals("PL", SalonDefaults.country("PL"));
    }
}
