package app.salondesk.i18n;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LanguageSettingTest {

    @Test
    void withoutAChoiceTheComputersLanguageIsSpokenIfKnownElseEnglish(@TempDir Path home) {
        LanguageSetting s = new LanguageSetting(home);
        assertEquals("uk", s.effective(Locale.forLanguageTag("uk-UA")).getLanguage());
        assertEquals("ru", s.effective(Locale.forLanguageTag("ru-RU")).getLanguage());
        assertEquals(Locale.ENGLISH, s.effective(Locale.GERMANY));
    }

    @Test
    void aChoiceIsRememberedForThisUserAndCanBeUndone(@TempDir Path home) throws Exception {
        new LanguageSetting(home).choose(Optional.of(Locale.forLanguageTag("ru")));
        LanguageSetting later = new LanguageSetting(home);   // the next start
        assertEquals(Optional.of(Locale.forLanguageTag("ru")), later.chosen());
        assertEquals("ru", later.effective(Locale.US).getLanguage());
        later.choose(Optional.empty());
        assertEquals(Locale.ENGLISH, new LanguageSetting(home).effective(Locale.US));
    }
}
