package app.salondesk.model.clients;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Numbers are read and shown as the salon's country writes them; the database keeps E.164. */
class PhoneNumbersTest {

    @Test
    void aPolishSalonReadsANumberAsPolesSayItAndShowsItSo() {
        assertEquals(Optional.of("+48600700800"), PhoneNumbers.normalise("600 700 800", "PL"));
        assertEquals("600 700 800", PhoneNumbers.display("+48600700800", "PL"));
        assertEquals("+380 67 123 4567", PhoneNumbers.display("+380671234567", "PL"), "a Ukrainian client of a Polish salon");
        assertTrue(PhoneNumbers.normalise("067 123 45 67", "PL").isEmpty(), "no Polish number");
    }

    @Test
    void aUkrainianSalonReadsNumbersAsBefore() {
        assertEquals(Optional.of("+380671234567"), PhoneNumbers.normalise("067 123 45 67", "UA"));
        assertEquals(Optional.of("+380671234567"), PhoneNumbers.normalise("+380 (67) 123-45-67", "UA"));
        assertEquals("067 123 4567", PhoneNumbers.display("+380671234567", "UA"));
        assertEquals("+48 600 700 800", PhoneNumbers.display("+48600700800", "UA"));
    }

    @Test
    void withoutARegionOnlyNumbersWithTheirCodeAreRead() {
        assertEquals(Optional.of("+48600700800"), PhoneNumbers.normalise("+48600700800", PhoneNumbers.NO_REGION));
        assertTrue(PhoneNumbers.normalise("600 700 800", PhoneNumbers.NO_REGION).isEmpty());
    }

    @Test
    void aFieldsHintIsAMobileNumberOfTheCountry() {
        assertTrue(PhoneNumbers.normalise(PhoneNumbers.example("PL"), "PL").isPresent(), PhoneNumbers.example("PL"));
        assertTrue(PhoneNumbers.example("UA").startsWith("0"), PhoneNumbers.example("UA"));
    }
}
