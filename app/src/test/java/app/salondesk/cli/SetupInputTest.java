package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What a person types for the setup commands, read or refused with the sentence they see; no database. */
class SetupInputTest {

    private final SetupInput in = new SetupInput(new Messages(Locale.ENGLISH));

    private String refused(Attempt attempt) {
        return assertThrows(CliInvalid.class, attempt::run).getMessage();
    }

    private interface Attempt {
        void run() throws CliInvalid;
    }

    @Test
    void namesAreOneLineOfOneTo200Characters() throws CliInvalid {
        assertEquals("Lotus Nails", in.name("  Lotus Nails "));
        assertEquals("x".repeat(200), in.name("x".repeat(200)));
        assertEquals("a name must be 1 to 200 characters long, not 10000", refused(() -> in.name("x".repeat(10_000))));
        assertEquals("a name must be 1 to 200 characters long, not 0", refused(() -> in.name("   ")));
        assertEquals("a name cannot contain tabs or line breaks", refused(() -> in.name("Olena\nKovalenko")));
    }

    @Test
    void zonesAreIanaNamesNotAbbreviationsOrOffsets() throws CliInvalid {
        assertEquals("Europe/Kyiv", in.zone("Europe/Kyiv").getId());
        assertEquals("UTC", in.zone("UTC").getId());
        for (String bad : List.of("Kyiv", "EET", "+02:00", "GMT+2", "Europe/Atlantis", "")) {
            assertEquals("this is not a time zone: " + bad + " (write an IANA name such as Europe/Kyiv)", refused(() -> in.zone(bad)));
        }
    }

    @Test
    void currenciesAreIso4217AndCountriesIso3166() throws CliInvalid {
        assertEquals("UAH", in.currency("uah").getCurrencyCode());
        assertEquals("PLN", in.currency(" PLN ").getCurrencyCode());
        assertEquals("this is not a currency code: HRN (write an ISO 4217 code such as UAH, EUR or PLN)", refused(() -> in.currency("HRN")));
        assertEquals("this is not a currency code: грн (write an ISO 4217 code such as UAH, EUR or PLN)", refused(() -> in.currency("грн")));
        assertEquals("UA", in.country("ua"));
        assertEquals("this is not a country code: UKR (write an ISO 3166 code such as UA, PL or DE)", refused(() -> in.country("UKR")));
        assertEquals("this is not a country code: XX (write an ISO 3166 code such as UA, PL or DE)", refused(() -> in.country("XX")));
    }

    @Test
    void pricesTakeADecimalCommaAndMinutesTheSchemasBounds() throws CliInvalid {
        assertEquals(new BigDecimal("650.50"), in.price("650,50"));
        assertEquals(new BigDecimal("1200.00"), in.price("1 200"));
        assertEquals(new BigDecimal("0.00"), in.price("0"));
        for (String bad : List.of("-5", "4.505", "abc", "100000000", "")) {
            assertEquals("this is not a price: " + bad + " (write it like 450 or 450.50)", refused(() -> in.price(bad)));
        }
        assertEquals(720, in.minutes("720"));
        assertEquals("this is not a length of 1 to 720 minutes: 721", refused(() -> in.minutes("721")));
        assertEquals("this is not a length of 1 to 720 minutes: 0", refused(() -> in.minutes("0")));
        assertEquals("this is not a colour: red (write it like #e91e63)", refused(() -> in.colour("red")));
        assertEquals("#00aa88", in.colour("#00AA88"));
    }

    @Test
    void intervalsAreReadSortedAndRefusedWhenBackwardsOrOverlapping() throws CliInvalid {
        assertEquals("09:00-13:00,14:00-18:00", SetupInput.intervals(in.intervals("14:00-18:00, 9:00-13:00")));
        assertEquals("09:00-13:00,14:00-18:00", SetupInput.intervals(in.intervals("9-13,14-18")));
        assertEquals("10:00-14:30", SetupInput.intervals(in.intervals("10 \u2013 14:30")));
        assertEquals(List.of(), in.intervals("off"));
        assertEquals(List.of(), in.intervals(""));
        assertEquals("the end is not after the start: 18:00-09:00", refused(() -> in.intervals("18:00-09:00")));
        assertEquals("the end is not after the start: 10:00-10:00", refused(() -> in.intervals("10:00-10:00")));
        assertEquals("the intervals 09:00-13:00 and 12:00-18:00 overlap", refused(() -> in.intervals("12:00-18:00,09:00-13:00")));
        assertEquals("these are not working times: 9am-6pm (write them like 09:00-13:00,14:00-18:00, or off)", refused(() -> in.intervals("9am-6pm")));
        assertEquals("these are not working times: 25:00-26:00 (write them like 09:00-13:00,14:00-18:00, or off)",
                refused(() -> in.intervals("25:00-26:00")));
        assertEquals(LocalTime.of(9, 0), in.intervals("09:00-10:00").get(0)[0]);
    }

    @Test
    void weekdaysAreNumbersListsAndRanges() throws CliInvalid {
        assertEquals(EnumSet.of(DayOfWeek.MONDAY), in.weekdays("1"));
        assertEquals(EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), in.weekdays("1-5"));
        assertEquals(EnumSet.of(DayOfWeek.MONDAY, DayOfWeek.WEDNESDAY, DayOfWeek.SUNDAY), in.weekdays("1,3,7"));
        for (String bad : List.of("0", "8", "5-1", "Mon", "")) {
            assertEquals("this is not a weekday: " + bad
                    + " (write 1 for Monday to 7 for Sunday, a list like 1,3,5 or a range like 1-5)", refused(() -> in.weekdays(bad)));
        }
    }

    @Test
    void datesAndDateTimesWithADateAloneForTheWholeDay() throws CliInvalid {
        assertEquals(LocalDateTime.of(2030, 7, 1, 0, 0), in.dateTime("2030-07-01", false));
        assertEquals(LocalDateTime.of(2030, 7, 15, 0, 0), in.dateTime("2030-07-14", true), "--to a date: up to the end of that day");
        assertEquals(LocalDateTime.of(2030, 7, 1, 9, 30), in.dateTime("2030-07-01T09:30", true));
        assertEquals(LocalDateTime.of(2030, 7, 1, 9, 30), in.dateTime("2030-07-01 09:30", false));
        assertEquals("this is not a date: 2030-02-30 (write it like 2026-12-01)", refused(() -> in.date("2030-02-30")));
        assertEquals("this is not a date: 01.07.2030 (write it like 2026-12-01)", refused(() -> in.date("01.07.2030")));
        assertEquals("this is not a date-time: tomorrow (write it like 2026-12-01T15:00, or a date for the whole day)",
                refused(() -> in.dateTime("tomorrow", false)));
    }

    @Test
    void theSentencesSpeakUkrainianAndRussianToo() {
        SetupInput uk = new SetupInput(new Messages(Locale.forLanguageTag("uk")));
        SetupInput ru = new SetupInput(new Messages(Locale.forLanguageTag("ru")));
        assertEquals("проміжки 09:00-13:00 і 12:00-18:00 накладаються",
                assertThrows(CliInvalid.class, () -> uk.intervals("09:00-13:00,12:00-18:00")).getMessage());
        assertEquals("промежутки 09:00-13:00 и 12:00-18:00 пересекаются",
                assertThrows(CliInvalid.class, () -> ru.intervals("09:00-13:00,12:00-18:00")).getMessage());
    }

    @Test
    void eachRefusalOfTheDatabaseIsOneSentenceAndAnythingElseIsNotOne() {
        Messages en = new Messages(Locale.ENGLISH);
        java.util.function.Function<String, java.util.Optional<String>> refusal = state -> Setup.refusal(
                new org.jooq.exception.DataAccessException("refused", new java.sql.SQLException("server words", state)), en);
        assertEquals("you don't have permission to do this", refusal.apply("42501").orElseThrow());
        assertEquals("the database refused it: that name or phone is taken already", refusal.apply("23505").orElseThrow());
        assertEquals("the database refused a value: an end before its start, a text too long or a number out of range",
                refusal.apply("23514").orElseThrow());
        assertEquals("the database refused it: the intervals overlap", refusal.apply("23P01").orElseThrow());
        assertEquals("the database refused a value it does not know (a time zone, a weekday or a date)", refusal.apply("22023").orElseThrow());
        assertEquals("the database refused it: a number is too big", refusal.apply("22003").orElseThrow());
        assertEquals("the database refused it: something it refers to no longer exists", refusal.apply("23503").orElseThrow());
        assertEquals(java.util.Optional.empty(), refusal.apply("08006"), "a lost connection is not the user's mistake");
        assertEquals(java.util.Optional.empty(), refusal.apply("40P01"));
    }

    @Test
    void theDelimiterIsTheHeadersCommaSemicolonOrTab() {
        assertEquals(';', CsvFile.delimiter("name;phone;notes\nOlena;067;\"a, b\"\n"));
        assertEquals('\t', CsvFile.delimiter("\n\nname\tcolour\tservices\n"));
        assertEquals(',', CsvFile.delimiter("name,duration_min,price\n"));
        assertEquals(',', CsvFile.delimiter("name\nOlena;Marta\n"), "one column: the default");
        assertEquals(',', CsvFile.delimiter("\"a;b\",c\n"), "a semicolon inside quotes does not count");
    }
}
