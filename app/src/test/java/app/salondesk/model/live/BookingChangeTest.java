package app.salondesk.model.live;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BookingChangeTest {

    @Test
    void aTriggerPayloadIsReadWithItsMastersAndDays() {
        Optional<BookingChange> change = BookingChange.parse(
                "{\"op\": \"INSERT\", \"days\": [\"2030-01-07\", \"2030-01-08\"], \"tenant\": 1, \"booking\": 42, \"masters\": [3, 5]}");

        assertEquals(Optional.of(new BookingChange(1, 42, BookingChange.Op.INSERT, List.of(3L, 5L),
                List.of(LocalDate.of(2030, 1, 7), LocalDate.of(2030, 1, 8)))), change);
    }

    @Test
    void idsBeyondTheIntRangeAndUnknownExtraFieldsAreRead() {
        BookingChange change = BookingChange.parse("{\"op\": \"DELETE\", \"tenant\": 7, \"booking\": 9000000000, "
                + "\"masters\": [], \"days\": [\"2030-03-30\"], \"source\": \"sql\"}").orElseThrow();

        assertEquals(9_000_000_000L, change.bookingId());
        assertEquals(BookingChange.Op.DELETE, change.op());
        assertEquals(List.of(), change.masterIds());
    }

    @Test
    void aChangeOfTheSalonsRoomsIsReadWithNoBookingMastersOrDays() {
        assertEquals(Optional.of(new BookingChange(4, 0, BookingChange.Op.ROOMS, List.of(), List.of())),
                BookingChange.parse("{\"op\": \"ROOMS\", \"tenant\": 4}"));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {
            "not json at all",
            "[1, 2, 3]",
            "{}",
            "{\"op\": \"INSERT\", \"tenant\": 1, \"booking\": 42, \"masters\": [3]",
            "{\"op\": \"TRUNCATE\", \"tenant\": 1, \"booking\": 42, \"masters\": [3], \"days\": [\"2030-01-07\"]}",
            "{\"op\": \"INSERT\", \"tenant\": \"1\", \"booking\": 42, \"masters\": [3], \"days\": [\"2030-01-07\"]}",
            "{\"op\": \"INSERT\", \"tenant\": 1.5, \"booking\": 42, \"masters\": [3], \"days\": [\"2030-01-07\"]}",
            "{\"op\": \"INSERT\", \"tenant\": 1, \"booking\": 99999999999999999999, \"masters\": [3], \"days\": [\"2030-01-07\"]}",
            "{\"op\": \"INSERT\", \"tenant\": 1, \"booking\": 42, \"masters\": 3, \"days\": [\"2030-01-07\"]}",
            "{\"op\": \"INSERT\", \"tenant\": 1, \"booking\": 42, \"masters\": [null], \"days\": [\"2030-01-07\"]}",
            "{\"op\": \"INSERT\", \"tenant\": 1, \"booking\": 42, \"masters\": [3], \"days\": [\"2030-13-45\"]}",
            "{\"op\": \"INSERT\", \"tenant\": 1, \"booking\": 42, \"masters\": [3], \"days\": [20300107]}",
            "{\"op\": \"INSERT\", \"tenant\": 1, \"booking\": 42, \"masters\": [3]}",
            "{\"op\": \"ROOMS\", \"tenant\": \"4\"}",
    })
    void anUnreadablePayloadIsSkippedNotThrown(String payload) {
        assertTrue(BookingChange.parse(payload).isEmpty());
    }
}
