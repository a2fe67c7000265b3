package app.salondesk.logic.messages;

import app.salondesk.model.messages.MessageKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.time.ZoneId;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A salon without a phone (or an address, or a page for links) sends messages that read right:
 * the default texts of every kind in the three languages never end a sentence on an empty value
 * ("call us: ." or "Lotus, Kyiv, "), and with the values there every word of the template stays.
 */
class MessageTextsWithoutAPhoneTest {

    private static final Instant START = Instant.parse("2026-12-08T10:00:00Z");
    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");

    private static MessageTexts.Values values(String address, String phone, String link, String language) {
        return new MessageTexts.Values("Olha", "Cut", "Anna", START, KYIV, "Lotus", address, phone, link, language);
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk", "ru"})
    void noSentenceNamesAnEmptyValue(String language) {
        for (MessageKind kind : MessageKind.values()) {
            String template = MessageTexts.defaultBody(kind, language);
            String bare = MessageTexts.fill(template, values("", "", "", language), false);
            assertFalse(bare.contains(": .") || bare.contains(":.") || bare.matches("(?s).*[:,]\\s*(\\n.*)?$"),
                    kind + " in " + language + " ends a sentence on nothing:\n" + bare);
            assertFalse(bare.contains(", \n") || bare.contains(", ,") || bare.endsWith(","), kind + " in " + language + ":\n" + bare);
            assertTrue(bare.contains("Olha"), kind + " still greets her:\n" + bare);
            assertFalse(bare.contains("\n\n\n"), bare);

            String full = MessageTexts.fill(template, values("Khreshchatyk 1", "+380 44 123 4567", "https://book.example/m/t", language), false);
            for (String value : new String[] {"Olha", "Lotus"}) {
                assertTrue(full.contains(value), kind + " in " + language + " lost " + value + ":\n" + full);
            }
            if (template.contains("{phone}")) {
                assertTrue(full.contains("+380 44 123 4567"), kind + " in " + language + " lost the phone:\n" + full);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "uk", "ru"})
    void aCancellationWithoutAPhoneDoesNotAskHerToCall(String language) {
        String template = MessageTexts.defaultBody(MessageKind.CANCELLED, language);
        String withPhone = MessageTexts.fill(template, values("Khreshchatyk 1", "+380 44 123 4567", "https://book.example/m/t", language), false);
        String without = MessageTexts.fill(template, values("Khreshchatyk 1", "", "https://book.example/m/t", language), false);
        String callUs = java.util.Arrays.stream(withPhone.split("(?<=[.!?]) |\n"))
                .filter(sentence -> sentence.contains("+380") && !sentence.contains("Lotus")).findFirst().orElseThrow();
        String words = callUs.substring(0, callUs.indexOf("+380"));
        assertTrue(words.length() > 5, "the template asks her to call with words before the number: " + callUs);
        assertFalse(without.contains(words), "no \"" + words + "\" without a number:\n" + without);
        assertTrue(without.contains("https://book.example/m/t"), without);
    }

    @ParameterizedTest
    @ValueSource(strings = {"en"})
    void aListLineKeepsTheItemsThatHaveAValue(String language) {
        String out = MessageTexts.fill("{salon}, {address}, {phone}\nBye.", values("", "+1 555", "", language), false);
        assertEquals("Lotus, +1 555\nBye.", out);
    }
}
