package app.salondesk.salon;

import app.salondesk.clients.PhoneNumbers;

import java.time.ZoneId;
import java.util.Comparator;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What a new salon starts with before its owner says otherwise, and the lists its settings
 * choose from. The defaults come from this computer: its time zone, its region, the language the
 * desk speaks. Hryvnias for a Ukrainian desk; otherwise the region's currency, or euros when
 * the computer names no region (a bare "en" or "ru").
 */
public final class SalonDefaults {

    /** The longest name, address and phone the database keeps (migration 11's checks). */
    public static final int MAX_NAME = 200;
    public static final int MAX_ADDRESS = 300;
    public static final int MAX_PHONE = 40;

    /**
     * The zones people live in: IANA names under a continent or ocean, plus UTC. Not the
     * "SystemV/…", "Etc/GMT+3" or "EST5EDT" aliases, which the database refuses or nobody means.
     */
    private static final Pattern LIVED_IN = Pattern.compile("(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Za-z0-9_+-]+(/[A-Za-z0-9_+-]+)?");
    private static final List<String> ZONES = zoneList();

    private SalonDefaults() {
    }

    /** The IANA zones a salon may be in, sorted. */
    public static List<String> zones() {
        return ZONES;
    }

    /** The zone of a salon on this computer: the computer's own, or UTC if it uses none of the {@link #zones()}. */
    public static ZoneId zone(ZoneId system) {
        String id = system.normalized().getId();
        if (ZONES.contains(system.getId())) {
            return system;
        }
        return ZONES.contains(id) ? ZoneId.of(id) : ZoneId.of("UTC");
    }

    /** A zone the salon may be in, from what was typed ("europe/kyiv" too), or null. */
    public static ZoneId zoneNamed(String typed) {
        if (typed == null) {
            return null;
        }
        String t = typed.strip();
        return ZONES.stream().filter(z -> z.equalsIgnoreCase(t)).findFirst().map(ZoneId::of).orElse(null);
    }

    /**
     * The currency prices are written in: hryvnias when the desk speaks Ukrainian; else the
     * currency of the computer's region; else euros.
     *
     * @param language the language the desk speaks
     * @param region   the computer's region (ISO 3166 alpha-2), "" when it names none
     */
    public static Currency currency(Locale language, String region) {
        if (language.getLanguage().equals("uk")) {
            return Currency.getInstance("UAH");
        }
        if (region != null && !region.isEmpty()) {
            try {
                Currency c = Currency.getInstance(new Locale("", region));
                if (c != null && !c.getCurrencyCode().startsWith("X")) {
                    return c;
                }
            } catch (IllegalArgumentException e) {
                // a region without a currency of its own (e.g. Antarctica): the fallback below
            }
        }
        return Currency.getInstance("EUR");
    }

    /**
     * The country whose numbers a phone typed without +code is: the computer's region, else the
     * database's default (Ukraine) — shown in the wizard, one click to change.
     */
    public static String country(String region) {
        if (region != null && PhoneNumbers.knownRegion(region) && Set.of(Locale.getISOCountries()).contains(region)) {
            return region;
        }
        return Salon.DEFAULT_COUNTRY;
    }

    /** Countries a salon may be in: ISO 3166 alpha-2 codes whose phone numbers libphonenumber reads, by name in {@code language}. */
    public static List<String> countries(Locale language) {
        return Set.of(Locale.getISOCountries()).stream()
                .filter(PhoneNumbers::knownRegion)
                .sorted(Comparator.comparing((String c) -> new Locale("", c).getDisplayCountry(language)))
                .toList();
    }

    /** Currencies in use somewhere today (not the retired ones the JDK still lists), by code. */
    public static List<Currency> currencies() {
        Set<String> codes = new TreeSet<>();
        for (String country : Locale.getISOCountries()) {
            try {
                Currency c = Currency.getInstance(new Locale("", country));
                if (c != null && !c.getCurrencyCode().startsWith("X")) {
                    codes.add(c.getCurrencyCode());
                }
            } catch (IllegalArgumentException e) {
                // no currency of its own
            }
        }
        codes.add("EUR");
        codes.add("USD");
        return codes.stream().map(Currency::getInstance).toList();
    }

    private static List<String> zoneList() {
        TreeSet<String> zones = new TreeSet<>();
        for (String id : ZoneId.getAvailableZoneIds()) {
            if (LIVED_IN.matcher(id).matches()) {
                zones.add(id);
            }
        }
        zones.add("UTC");
        return List.copyOf(zones);
    }
}
