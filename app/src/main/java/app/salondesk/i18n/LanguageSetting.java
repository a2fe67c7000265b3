package app.salondesk.i18n;


import app.salondesk.runtime.SettingsFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The language this person chose in Settings, kept in their SalonDesk folder
 * ({@code settings.properties}); without a choice, the operating system's language, if
 * SalonDesk speaks it, else English.
 */
public final class LanguageSetting {

    /** The languages SalonDesk speaks, in the order Settings lists them. */
    public static final List<Locale> SUPPORTED = List.of(Locale.ENGLISH, Locale.forLanguageTag("uk"), Locale.forLanguageTag("ru"));

    /** The operating system's language, read before SalonDesk sets its own default. */
    public static final Locale SYSTEM_LOCALE = Locale.getDefault();

    private static final String KEY = "language";

    private final SettingsFile settings;

    public LanguageSetting(Path homeDir) {
        this.settings = new SettingsFile(homeDir);
    }

    /** The chosen language, or empty for "as the computer". */
    public Optional<Locale> chosen() {
        return settings.get(KEY).map(Locale::forLanguageTag);
    }

    /** What to speak now: the choice, else the system language if supported, else English. */
    public Locale effective(Locale system) {
        return chosen().orElseGet(() -> SUPPORTED.stream()
                .filter(l -> l.getLanguage().equals(system.getLanguage()))
                .findFirst().orElse(Locale.ENGLISH));
    }

    /** Remembers a choice; empty means "as the computer". */
    public void choose(Optional<Locale> language) throws IOException {
        java.util.Map<String, String> values = new java.util.HashMap<>();
        values.put(KEY, language.map(Locale::toLanguageTag).orElse(null));
        settings.put(values);
    }
}
