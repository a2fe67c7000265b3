package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.model.salon.SalonSettings;
import org.junit.jupiter.api.Test;

import java.time.ZoneId;
import java.util.Currency;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The salon's fields without windows: defaults from the computer, and what is wrong with what was typed. */
class SalonFormViewModelTest {

    private static final Messages ENGLISH = new Messages(Locale.ENGLISH);

    private static SalonFormViewModel form(String language, String region, String zone) {
        return new SalonFormViewModel(new Messages(Locale.forLanguageTag(language)), region, ZoneId.of(zone));
    }

    @Test
    void aUkrainianDeskStartsWithHryvniasAndTheComputersZone() {
        SalonFormViewModel vm = form("uk", "UA", "Europe/Kyiv");
        assertEquals(Currency.getInstance("UAH"), vm.currencyProperty().get());
        assertEquals("UA", vm.countryProperty().get());
        assertEquals("Europe/Kyiv", vm.zoneProperty().get());
        assertEquals(Currency.getInstance("PLN"), form("uk", "PL", "Europe/Warsaw").currencyProperty().get(),
                "a Ukrainian-speaking desk in Poland prices in zloty: the country says, not the language");
    }

    @Test
    void otherLanguagesTakeTheRegionsCurrencyOrEuros() {
        assertEquals("RUB", form("ru", "RU", "Europe/Moscow").currencyProperty().get().getCurrencyCode());
        assertEquals("KZT", form("ru", "KZ", "Asia/Almaty").currencyProperty().get().getCurrencyCode());
        assertEquals("UAH", form("ru", "UA", "Europe/Kyiv").currencyProperty().get().getCurrencyCode(),
                "a Russian-speaking desk in Ukraine");
        assertEquals("PLN", form("en", "PL", "Europe/Warsaw").currencyProperty().get().getCurrencyCode());
        assertEquals("PL", form("en", "PL", "Europe/Warsaw").countryProperty().get(), "phones are read as the region writes them");
    }

    /** Issue 31: a PC in UTC with no locale was proposed UTC, euros and Ukrainian phone numbers at once. */
    @Test
    void aComputerWithoutARegionIsAskedTheCountryFirstAndTheCountryProposesTheRest() {
        SalonFormViewModel vm = form("en", "", "UTC");
        assertTrue(vm.countryFirst());
        assertNull(vm.countryProperty().get(), "no country guessed");
        assertNull(vm.currencyProperty().get(), "no euros guessed");
        assertEquals("", vm.phonePrompt().get(), "no country's numbers proposed");
        vm.nameProperty().set("Lotus");
        assertFalse(vm.check());
        assertEquals("Choose the country the salon is in.", vm.countryErrorProperty().get());
        vm.countryProperty().set("UA");
        assertEquals("Europe/Kyiv", vm.zoneProperty().get());
        assertEquals("UAH", vm.currencyProperty().get().getCurrencyCode());
        assertEquals("e.g. 050 123 4567", vm.phonePrompt().get());
        assertEquals("", vm.countryErrorProperty().get());
        vm.countryProperty().set("PL");
        assertEquals("Europe/Warsaw", vm.zoneProperty().get(), "a change of country proposes again");
        assertEquals("PLN", vm.currencyProperty().get().getCurrencyCode());
        assertTrue(vm.check());
    }

    @Test
    void theRegionProposesItsZoneUnlessTheComputersZoneIsOneOfItsOwn() {
        SalonFormViewModel pl = form("en", "PL", "UTC");
        assertFalse(pl.countryFirst());
        assertEquals("Europe/Warsaw", pl.zoneProperty().get(), "a Polish PC left in UTC: Warsaw");
        assertEquals("America/Chicago", form("en", "US", "America/Chicago").zoneProperty().get(), "one of the country's zones stays");
        assertEquals("America/New_York", form("en", "US", "UTC").zoneProperty().get(), "the country's main zone");
        assertEquals("Europe/Moscow", form("ru", "RU", "UTC").zoneProperty().get());
        assertEquals("Europe/Kyiv", form("uk", "UA", "Europe/Kiev").zoneProperty().get(), "the old spelling reads as the new");
    }

    @Test
    void anExistingSalonsZoneAndCurrencyStayWhenItsCountryChanges() {
        SalonFormViewModel vm = form("en", "", "UTC");
        vm.fill(new SalonSettings("Lotus", "", "", ZoneId.of("Europe/Kiev"), Currency.getInstance("EUR"), "UA"));
        assertEquals("Europe/Kyiv", vm.zoneProperty().get(), "an old salon's zone under its listed name");
        vm.countryProperty().set("PL");
        assertEquals("Europe/Kyiv", vm.zoneProperty().get());
        assertEquals("EUR", vm.currencyProperty().get().getCurrencyCode());
        assertTrue(vm.check());
    }

    @Test
    void aComputerZoneNoSalonIsInBecomesUtc() {
        assertEquals("UTC", form("en", "", "Etc/UTC").zoneProperty().get());
        assertEquals("UTC", form("en", "", "GMT").zoneProperty().get());
        assertEquals("America/New_York", form("en", "US", "America/New_York").zoneProperty().get());
    }

    @Test
    void anEmptyNameIsReportedOnceCheckedNotWhileTheFormIsFresh() {
        SalonFormViewModel vm = new SalonFormViewModel(ENGLISH, "UA", ZoneId.of("Europe/Kyiv"));
        assertEquals("", vm.nameErrorProperty().get(), "no complaint before anything was typed");
        assertFalse(vm.isValid());
        assertFalse(vm.check());
        assertEquals("Enter the salon's name.", vm.nameErrorProperty().get());
        assertTrue(vm.settings().isEmpty());
        vm.nameProperty().set("   ");
        assertEquals("Enter the salon's name.", vm.nameErrorProperty().get(), "spaces are no name");
    }

    @Test
    void aNameOf201CharactersIsTooLongAnd200AreFine() {
        SalonFormViewModel vm = new SalonFormViewModel(ENGLISH, "UA", ZoneId.of("Europe/Kyiv"));
        vm.nameProperty().set("x".repeat(201));
        assertEquals("Too long: at most 200 characters.", vm.nameErrorProperty().get(), "shown as soon as it is typed");
        assertFalse(vm.check());
        vm.nameProperty().set("x".repeat(200));
        assertEquals("", vm.nameErrorProperty().get());
        assertTrue(vm.check());
    }

    @Test
    void aZoneThatIsNoneIsRefusedAndOneTypedInAnyCaseIsTaken() {
        SalonFormViewModel vm = new SalonFormViewModel(ENGLISH, "UA", ZoneId.of("Europe/Kyiv"));
        vm.nameProperty().set("Lotus");
        vm.zoneProperty().set("Mars/Olympus_Mons");
        assertEquals("", vm.zoneErrorProperty().get(), "typing is not yet choosing");
        assertFalse(vm.check());
        assertEquals("\"Mars/Olympus_Mons\" is not a time zone: type part of a city's name and pick one from the list.",
                vm.zoneErrorProperty().get());
        vm.zoneProperty().set("Etc/GMT+3");
        assertFalse(vm.check(), "an alias nobody lives in, and one the database may refuse");
        vm.zoneProperty().set("europe/warsaw");
        assertTrue(vm.check());
        assertEquals(ZoneId.of("Europe/Warsaw"), vm.settings().orElseThrow().zone());
    }

    @Test
    void typingPartOfACityFiltersTheZones() {
        SalonFormViewModel vm = new SalonFormViewModel(ENGLISH, "UA", ZoneId.of("Europe/Kyiv"));
        assertTrue(vm.zoneChoices().size() > 300, "a chosen zone shows the whole list");
        vm.zoneProperty().set("new york");
        assertEquals(java.util.List.of("America/New_York"), vm.zoneChoices());
        vm.zoneProperty().set("kyiv");
        assertTrue(vm.zoneChoices().contains("Europe/Kyiv"), vm.zoneChoices().toString());
        vm.zoneProperty().set("kiev");
        assertEquals(java.util.List.of("Europe/Kyiv"), vm.zoneChoices(), "the old spelling finds the zone under its name");
        assertTrue(vm.zoneLabel("Europe/Kyiv").matches("Europe/Kyiv \\(UTC\\+0[23]:00\\)"), vm.zoneLabel("Europe/Kyiv"));
    }

    @Test
    void theSalonsPhoneIsReadForItsCountryAndKeptAsE164() {
        SalonFormViewModel vm = new SalonFormViewModel(ENGLISH, "PL", ZoneId.of("Europe/Warsaw"));
        vm.nameProperty().set("Studio");
        vm.phoneProperty().set("067 123 45 67");
        assertEquals("This is not a phone number of the chosen country (or write it with its +code).", vm.phoneErrorProperty().get());
        vm.phoneProperty().set("600 700 800");
        assertEquals("", vm.phoneErrorProperty().get());
        SalonSettings s = vm.settings().orElseThrow();
        assertEquals("+48600700800", s.phone());
        assertEquals("PLN", s.currency().getCurrencyCode());
        assertEquals("PL", s.country());
    }

    @Test
    void anExistingSalonFillsTheFieldsWithItsPhoneWrittenNationally() {
        SalonFormViewModel vm = new SalonFormViewModel(ENGLISH, "", ZoneId.of("UTC"));
        vm.fill(new SalonSettings("Lotus", "Khreshchatyk 1", "+380441234567", ZoneId.of("Europe/Kyiv"),
                Currency.getInstance("UAH"), "UA"));
        assertEquals("044 123 4567", vm.phoneProperty().get());
        assertEquals("Europe/Kyiv", vm.zoneProperty().get());
        assertEquals("", vm.nameErrorProperty().get());
        assertEquals("UAH \u00b7 Ukrainian Hryvnia", vm.currencyLabel(Currency.getInstance("UAH")));
        assertEquals("Ukraine (+380)", vm.countryLabel("UA"));
        assertTrue(vm.countries().contains("PL") && !vm.countries().contains("ZZ"));
    }
}
