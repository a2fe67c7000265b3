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

    /**
     * A counted phrase in the right grammatical number: {@code key.one}, {@code key.few},
     * {@code key.many} or {@code key.other} by the language's plural rule ("1 запис, 2 записи,
     * 5 записів, 21 запис"); the count is argument {0}, the rest follow.
     */
    public String plural(String key, long count, Object... more) {
        Object[] args = new Object[more.length + 1];
        args[0] = count;
        System.arraycopy(more, 0, args, 1, more.length);
        return format(key + "." + Plurals.category(locale, count), args);
    }

    /** Whether the bundle of this language has the key. */
    public boolean has(String key) {
        return bundle.containsKey(key);
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
