package app.salondesk.i18n;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** English, Ukrainian and Russian say the same things (spring-petclinic's I18nPropertiesSyncTest). */
class MessageBundlesTest {

    @Test
    void everyLanguageHasEveryKey() throws IOException {
        Set<String> en = keys("messages.properties");
        assertFalse(en.isEmpty());
        assertEquals(en, keys("messages_uk.properties"), "Ukrainian");
        assertEquals(en, keys("messages_ru.properties"), "Russian");
    }

    /**
     * A key written twice loads silently as its last value: two people adding the same key
     * for different words (a label here, an error there) would make one of them say the other's.
     */
    @Test
    void noKeyIsWrittenTwice() throws IOException {
        for (String file : new String[]{"messages.properties", "messages_uk.properties", "messages_ru.properties"}) {
            try (InputStream in = MessageBundlesTest.class.getResourceAsStream("/app/salondesk/i18n/" + file)) {
                assertNotNull(in, file);
                Set<String> seen = new TreeSet<>();
                Set<String> twice = new TreeSet<>();
                for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1).split("\\R")) {
                    java.util.regex.Matcher m = java.util.regex.Pattern.compile("^([A-Za-z0-9_.]+)\\s*[=:]").matcher(line);
                    if (m.find() && !seen.add(m.group(1))) {
                        twice.add(m.group(1));
                    }
                }
                assertEquals(Set.of(), twice, file);
            }
        }
    }

    /** The history names the road a change came by: a new road (issue 13's online page) needs its words. */
    @Test
    void everyBookingSourceHasItsWordsInTheHistory() throws IOException {
        Set<String> en = keys("messages.properties");
        for (app.salondesk.model.booking.Source source : app.salondesk.model.booking.Source.values()) {
            assertTrue(en.contains("history.source." + source.dbValue()), source.toString());
        }
    }

    private static Set<String> keys(String file) throws IOException {
        try (InputStream in = MessageBundlesTest.class.getResourceAsStream("/app/salondesk/i18n/" + file)) {
            assertNotNull(in, file);
            Properties p = new Properties();
            p.load(in);
            Set<String> keys = new TreeSet<>();
            p.stringPropertyNames().forEach(keys::add);
            p.forEach((k, v) -> assertFalse(v.toString().isBlank(), file + ": " + k + " is empty"));
            return keys;
        }
    }
}
