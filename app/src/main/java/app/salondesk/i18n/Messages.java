package app.salondesk.i18n;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * Every word a person sees comes from {@code app/salondesk/i18n/messages*.properties}
 * (English, Ukrainian, Russian).
 */
public final class Messages {

    private static final String BUNDLE = "app.salondesk.i18n.messages";

    private final ResourceBundle bundle;
    private final Locale locale;

    public Messages(Locale locale) {
        this.locale = locale;
        this.bundle = ResourceBundle.getBundle(BUNDLE, locale, ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    public static Messages forDefaultLocale() {
        return new Messages(Locale.getDefault());
    }

    public Locale locale() {
        return locale;
    }

    /** The text for a key. Every text is a MessageFormat pattern (so "client''s" reads "client's"). */
    public String get(String key) {
        return format(key);
    }

    public String format(String key, Object... args) {
        return new MessageFormat(pattern(key), locale).format(args);
    }

    private String pattern(String key) {
        try {
            return bundle.getString(key);
        } catch (MissingResourceException e) {
            // a missing key is a bug; the bundle test catches it, the user sees the key
            return key;
        }
    }
}
