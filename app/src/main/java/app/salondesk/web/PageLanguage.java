package app.salondesk.web;

import app.salondesk.i18n.LanguageSetting;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which of the app's languages a page speaks: {@code ?lang=} (the page's visible switch, then
 * remembered in a cookie), else the cookie, else the browser's Accept-Language, else English.
 */
final class PageLanguage {

    static final String COOKIE = "sd_lang";

    private PageLanguage() {
    }

    static Locale choose(String queryLang, String cookieLang, String acceptLanguage) {
        return supported(queryLang)
                .or(() -> supported(cookieLang))
                .or(() -> fromAcceptLanguage(acceptLanguage))
                .orElse(Locale.ENGLISH);
    }

    /** One of the app's languages by its code ("uk", "ru", "en"), or empty. */
    static Optional<Locale> supported(String code) {
        if (code == null || code.length() > 8) {
            return Optional.empty();
        }
        return LanguageSetting.SUPPORTED.stream().filter(l -> l.getLanguage().equals(code)).findFirst();
    }

    static Optional<Locale> fromAcceptLanguage(String header) {
        if (header == null || header.isBlank() || header.length() > 500) {
            return Optional.empty();
        }
        try {
            List<Locale.LanguageRange> ranges = Locale.LanguageRange.parse(header);
            return Optional.ofNullable(Locale.lookup(ranges, LanguageSetting.SUPPORTED));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }
}
