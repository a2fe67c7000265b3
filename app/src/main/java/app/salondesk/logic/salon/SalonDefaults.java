package app.salondesk.logic.salon;

import app.salondesk.model.clients.PhoneNumbers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Currency;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a new salon starts with before its owner says otherwise, and the lists its settings
 * choose from. One choice drives the rest (ADR 0030): the salon's country — the computer's
 * region when it names one — proposes the time zone (the computer's own when it is one of the
 * country's, else the country's main one), the currency and how phone numbers are read.
 *
 * <p>The zones are the IANA database's own names of the zones people live in, one per zone
 * ({@code zone.tab}, copied from tzdata): "Europe/Kyiv", never its old spelling "Europe/Kiev",
 * no "SystemV/…", "Etc/GMT+3", "US/Eastern" or three-letter ids. A zone of the old spellings
 * (a computer's or an old salon's) reads as the listed zone with the same rules.
 */
public final class SalonDefaults {

    /** The longest name, address and phone the database keeps (migration 11's checks). */
    public static final int MAX_NAME = 200;
    public static final int MAX_ADDRESS = 300;
    public static final int MAX_PHONE = 40;

    /** Countries whose zone.tab rows name no main zone ("most of …", "mainland"): their capital's. */
    private static final Map<String, String> MAIN_ZONE = Map.of("RU", "Europe/Moscow", "BR", "America/Sao_Paulo",
            "UZ", "Asia/Tashkent", "CN", "Asia/Shanghai", "ID", "Asia/Jakarta", "MY", "Asia/Kuala_Lumpur");
    /** Each country's zones, its main one first. */
    private static final Map<String, List<String>> COUNTRY_ZONES = readZoneTab();
    private static final List<String> ZONES = zoneList();
    /** The first listed zone (by name) of each clock, for reading old spellings. */
    private static final Map<ZoneRules, String> BY_RULES = byRules();
    /** Old spellings Java still knows ("Europe/Kiev"), each to the listed zone that keeps its clock. */
    private static final Map<String, String> OLD_NAMES = oldNames();

    private SalonDefaults() {
    }

    /** The IANA zones a salon may be in, sorted, each under one name. */
    public static List<String> zones() {
        return ZONES;
    }

    /** A country's zones, its main one first; empty for a country the zone table does not know. */
    public static List<String> zonesOf(String country) {
        return country == null ? List.of() : COUNTRY_ZONES.getOrDefault(country, List.of());
    }

    /** The zone of a salon on this computer: the computer's own (under its listed name), or UTC if it uses none of the {@link #zones()}. */
    public static ZoneId zone(ZoneId system) {
        ZoneId listed = listed(system);
        return listed != null ? listed : ZoneId.of("UTC");
    }

    /**
     * The zone a salon in {@code country} is proposed: the computer's own when it is one of the
     * country's, else the country's main zone; the computer's (or UTC) for a country without one.
     */
    public static ZoneId zone(String country, ZoneId system) {
        List<String> ofCountry = zonesOf(country);
        ZoneId own = zone(system);
        if (ofCountry.isEmpty() || ofCountry.contains(own.getId())) {
            return own;
        }
        return ZoneId.of(ofCountry.get(0));
    }

    /**
     * The listed name of a zone: itself when listed, else the listed zone with the same rules
     * ("Europe/Kiev" reads as "Europe/Kyiv"); null when no listed zone keeps its clock.
     */
    public static ZoneId listed(ZoneId zone) {
        if (zone == null) {
            return null;
        }
        String id = zone.normalized().getId();
        if (ZONES.contains(zone.getId())) {
            return ZoneId.of(zone.getId());
        }
        if (ZONES.contains(id)) {
            return ZoneId.of(id);
        }
        if (!(zone.normalized() instanceof java.time.ZoneOffset)) {
            String same = BY_RULES.get(zone.getRules());
            if (same != null) {
                return ZoneId.of(same);
            }
        }
        return null;
    }

    /**
     * The listed zones whose name holds {@code typed} (lower case, "_" for spaces), or whose
     * old spelling does: "kiev" finds "Europe/Kyiv", "calcutta" "Asia/Kolkata".
     */
    public static List<String> search(String typed) {
        TreeSet<String> found = new TreeSet<>();
        for (String z : ZONES) {
            if (z.toLowerCase(Locale.ROOT).contains(typed)) {
                found.add(z);
            }
        }
        OLD_NAMES.forEach((old, now) -> {
            if (old.toLowerCase(Locale.ROOT).contains(typed)) {
                found.add(now);
            }
        });
        return List.copyOf(found);
    }

    /** A zone the salon may be in, from what was typed ("europe/kyiv" too), or null. */
    public static ZoneId zoneNamed(String typed) {
        if (typed == null) {
            return null;
        }
        String t = typed.strip();
        return ZONES.stream().filter(z -> z.equalsIgnoreCase(t)).findFirst().map(ZoneId::of).orElse(null);
    }

    /** The currency of a country's prices; euros for a country without a currency of its own (e.g. Antarctica) or none. */
    public static Currency currency(String country) {
        if (country != null && !country.isEmpty()) {
            try {
                Currency c = Currency.getInstance(new Locale("", country));
                if (c != null && !c.getCurrencyCode().startsWith("X")) {
                    return c;
                }
            } catch (IllegalArgumentException e) {
                // a region without a currency of its own: the fallback below
            }
        }
        return Currency.getInstance("EUR");
    }

    /**
     * The salon's country from the computer's region: the region when it is a country whose
     * phone numbers are read; else null, and the wizard asks for it first.
     */
    public static String country(String region) {
        if (region != null && PhoneNumbers.knownRegion(region) && Set.of(Locale.getISOCountries()).contains(region)) {
            return region;
        }
        return null;
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
        COUNTRY_ZONES.values().forEach(zones::addAll);
        zones.add("UTC");
        return List.copyOf(zones);
    }

    private static Map<ZoneRules, String> byRules() {
        Map<ZoneRules, String> first = new HashMap<>();
        for (String z : ZONES) {
            if (!z.equals("UTC")) {
                first.putIfAbsent(ZoneId.of(z).getRules(), z);
            }
        }
        return first;
    }

    private static Map<String, String> oldNames() {
        Map<String, String> old = new HashMap<>();
        for (String id : ZoneId.getAvailableZoneIds()) {
            if (!ZONES.contains(id) && id.matches("[A-Z][a-z]+/[A-Za-z_/-]+") && !id.startsWith("Etc/") && !id.startsWith("SystemV/")) {
                String now = BY_RULES.get(ZoneId.of(id).getRules());
                if (now != null) {
                    old.put(id, now);
                }
            }
        }
        return Map.copyOf(old);
    }

    /** zone.tab's rows: country, coordinates, zone, comment; only the zones this Java knows. */
    private static Map<String, List<String>> readZoneTab() {
        Set<String> known = ZoneId.getAvailableZoneIds();
        Map<String, List<String>> byCountry = new TreeMap<>();
        Map<String, String> main = new HashMap<>(MAIN_ZONE);
        try (InputStream in = SalonDefaults.class.getResourceAsStream("zone.tab")) {
            if (in == null) {
                throw new IllegalStateException("zone.tab is missing from the application");
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] col = line.split("\t");
                if (col.length < 3 || !known.contains(col[2])) {
                    continue;
                }
                byCountry.computeIfAbsent(col[0], c -> new ArrayList<>()).add(col[2]);
                String comment = col.length > 3 ? col[3].toLowerCase(Locale.ROOT) : "";
                if (comment.contains("most") || comment.contains("mainland")) {
                    main.putIfAbsent(col[0], col[2]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, List<String>> ordered = new HashMap<>();
        byCountry.forEach((country, zones) -> {
            String first = main.get(country);
            if (first != null && zones.remove(first)) {
                zones.add(0, first);
            }
            ordered.put(country, List.copyOf(zones));
        });
        return Map.copyOf(ordered);
    }
}
