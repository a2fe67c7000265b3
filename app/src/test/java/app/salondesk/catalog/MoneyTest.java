package app.salondesk.catalog;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Prices shown in the desk's language and the salon's currency, and read back however typed. */
class MoneyTest {

    private static final Currency UAH = Currency.getInstance("UAH");

    @Test
    void hryvniasInUkrainianAndRussian() {
        // CLDR's grouping and currency gaps are no-break spaces
        assertEquals("1\u00a0800,00\u00a0\u20b4", new Money(Locale.forLanguageTag("uk"), UAH).format(new BigDecimal("1800")));
        assertEquals("1\u00a0800,00\u00a0\u20b4", new Money(Locale.forLanguageTag("ru"), UAH).format(new BigDecimal("1800")));
        assertEquals("1\u00a0800,00\u00a0\u20ac", new Money(Locale.forLanguageTag("uk"), Currency.getInstance("EUR"))
                .format(new BigDecimal("1800")).replace("EUR", "\u20ac"));
    }

    @Test
    void whatIsShownReadsBackAsTheSameAmount() {
        for (String tag : new String[]{"uk", "ru", "en"}) {
            Money m = new Money(Locale.forLanguageTag(tag), UAH);
            assertEquals(new BigDecimal("1500.50"), m.parse(m.format(new BigDecimal("1500.5"))), tag);
        }
    }

    @Test
    void amountsAsPeopleTypeThem() {
        Money m = new Money(Locale.forLanguageTag("uk"), UAH);
        assertEquals(new BigDecimal("1500.00"), m.parse("1500"));
        assertEquals(new BigDecimal("1500.00"), m.parse("1 500"));
        assertEquals(new BigDecimal("1500.00"), m.parse("1,500"));
        assertEquals(new BigDecimal("1500.50"), m.parse("1500,5"));
        assertEquals(new BigDecimal("1500.50"), m.parse("1,500.50"));
        assertEquals(new BigDecimal("0.00"), m.parse("0"));
        assertNull(m.parse("-5"));
        assertNull(m.parse("a lot"));
        assertNull(m.parse(""));
        assertNull(m.parse("1500.555"));
        assertNull(m.parse("100000000"), "numeric(10,2) holds less");
    }
}
