package app.salondesk.i18n;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

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

    private static final Logger log = LoggerFactory.getLogger(LanguageSetting.class);
    private static final String KEY = "language";

    private final Path file;

    public LanguageSetting(Path homeDir) {
        this.file = homeDir.resolve("settings.properties");
    }

    /** The chosen language, or empty for "as the computer". */
    public Optional<Locale> chosen() {
        Properties p = load();
        String tag = p.getProperty(KEY, "").strip();
        return tag.isEmpty() ? Optional.empty() : Optional.of(Locale.forLanguageTag(tag));
    }

    /** What to speak now: the choice, else the system language if supported, else English. */
    public Locale effective(Locale system) {
        return chosen().orElseGet(() -> SUPPORTED.stream()
                .filter(l -> l.getLanguage().equals(system.getLanguage()))
                .findFirst().orElse(Locale.ENGLISH));
    }

    /** Remembers a choice; empty means "as the computer". */
    public void choose(Optional<Locale> language) throws IOException {
        Properties p = load();
        if (language.isPresent()) {
            p.setProperty(KEY, language.get().toLanguageTag());
        } else {
            p.remove(KEY);
        }
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            p.store(out, "SalonDesk settings of this user");
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private Properties load() {
        Properties p = new Properties();
        if (Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            } catch (IOException e) {
                log.warn("could not read {}; using defaults", file, e);
            }
        }
        return p;
    }
}
