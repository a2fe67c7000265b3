package app.salondesk.i18n;

import java.util.Locale;

/**
 * CLDR's cardinal plural categories for the languages SalonDesk speaks, for whole numbers.
 * Three languages with short, stable rules did not earn ICU4J (a 13 MB dependency); a new
 * language with other rules would.
 */
final class Plurals {

    private Plurals() {
    }

    /** "one", "few", "many" or "other". */
    static String category(Locale locale, long n) {
        long abs = Math.abs(n);
        long mod10 = abs % 10;
        long mod100 = abs % 100;
        switch (locale.getLanguage()) {
            case "uk", "ru" -> {
                if (mod10 == 1 && mod100 != 11) {
                    return "one";
                }
                if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) {
                    return "few";
                }
                return "many";
            }
            default -> {
                return abs == 1 ? "one" : "other";
            }
        }
    }
}
