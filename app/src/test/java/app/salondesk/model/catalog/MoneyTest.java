package app.salondesk.model.catalog;

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
    void theSalonsCurrencyAsEachOfTheDesksLanguagesWritesIt() {
        BigDecimal price = new BigDecimal("1650.5");
        // hryvnias: the sign after the amount in Ukrainian and Russian, the code before it in English
        assertEquals("1\u00a0650,50\u00a0\u20b4", Money.format(Locale.forLanguageTag("uk"), UAH, price));
        assertEquals("1\u00a0650,50\u00a0\u20b4", Money.format(Locale.forLanguageTag("ru"), UAH, price));
        assertEquals("UAH\u00a01,650.50", Money.format(Locale.ENGLISH, UAH, price), "a code, then a space, then the digits");
        // euros and zloty: each language's own way, never the computer's region
        Currency eur = Currency.getInstance("EUR");
        assertEquals("\u20ac1,650.50", Money.format(Locale.ENGLISH, eur, price));
        assertEquals("1\u00a0650,50\u00a0EUR", Money.format(Locale.forLanguageTag("uk"), eur, price));
        assertEquals("1\u00a0650,50\u00a0PLN", Money.format(Locale.forLanguageTag("ru"), Currency.getInstance("PLN"), price));
        // yen have no cents, whatever the language's own currency has
        assertEquals("\u00a56,500", Money.format(Locale.ENGLISH, Currency.getInstance("JPY"), new BigDecimal("6500")));
        assertEquals("6\u00a0500\u00a0\u00a5", Money.format(Locale.forLanguageTag("uk"), Currency.getInstance("JPY"), new BigDecimal("6500")));
        // the sign the wizard puts next to its price fields
        assertEquals("\u20b4", new Money(Locale.forLanguageTag("uk"), UAH).symbol());
        assertEquals("UAH", new Money(Locale.ENGLISH, UAH).symbol());
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
