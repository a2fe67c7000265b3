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

/** English, Ukrainian and Russian say the same things (spring-petclinic's I18nPropertiesSyncTest). */
class MessageBundlesTest {

    @Test
    void everyLanguageHasEveryKey() throws IOException {
        Set<String> en = keys("messages.properties");
        assertFalse(en.isEmpty());
        assertEquals(en, keys("messages_uk.properties"), "Ukrainian");
        assertEquals(en, keys("messages_ru.properties"), "Russian");
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
