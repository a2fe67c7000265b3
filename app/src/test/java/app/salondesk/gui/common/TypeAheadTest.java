package app.salondesk.gui.common;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which item letters typed in a long list pick. */
class TypeAheadTest {

    @Test
    void theFirstLabelStartingSoElseTheFirstWithAWordStartingSo() {
        List<String> zones = List.of("Europe/Kaliningrad", "Europe/Kyiv (UTC+02:00)", "Europe/Warsaw");
        assertEquals(1, TypeAhead.match(zones, Function.identity(), "ky"));
        assertEquals(2, TypeAhead.match(zones, Function.identity(), "WAR"));
        assertEquals(0, TypeAhead.match(zones, Function.identity(), "eu"));
        assertEquals(-1, TypeAhead.match(zones, Function.identity(), "iev"), "not inside a word");
        List<String> currencies = List.of("EUR \u00b7 Euro", "UAH \u00b7 Ukrainian Hryvnia", "USD \u00b7 US Dollar");
        assertEquals(1, TypeAhead.match(currencies, Function.identity(), "uah"));
        assertEquals(2, TypeAhead.match(currencies, Function.identity(), "us"));
        assertEquals(1, TypeAhead.match(List.of("\u041f\u043e\u043b\u044c\u0449\u0430", "\u0423\u043a\u0440\u0430\u0457\u043d\u0430"),
                Function.identity(), "\u0443\u043a\u0440"), "Cyrillic, either case");
    }
}
