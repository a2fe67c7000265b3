package app.salondesk.model.booking;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** How a recurring booking repeats, alone. */
class RepeatTest {

    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");
    private static final Instant FIRST = LocalDateTime.of(2030, 3, 11, 10, 0).atZone(KYIV).toInstant();

    @Test
    void everyThreeWeeksSixTimesKeepsTheWallClockTimeAcrossTheClockChange() {
        List<Instant> starts = Repeat.times(3, 6).starts(FIRST, KYIV);
        assertEquals(6, starts.size());
        for (int i = 0; i < 6; i++) {
            assertEquals(LocalDateTime.of(2030, 3, 11, 10, 0).plusWeeks(3L * i), starts.get(i).atZone(KYIV).toLocalDateTime());
        }
        // Kyiv moves its clocks on 31 March 2030: ten o'clock is an hour earlier in UTC from then on
        assertEquals(3600 * 24 * 21 - 3600, starts.get(1).getEpochSecond() - starts.get(0).getEpochSecond());
    }

    @Test
    void untilADateIncludesThatDayAndStopsThere() {
        List<Instant> starts = Repeat.until(2, LocalDate.of(2030, 4, 8)).starts(FIRST, KYIV);
        assertEquals(List.of(LocalDate.of(2030, 3, 11), LocalDate.of(2030, 3, 25), LocalDate.of(2030, 4, 8)),
                starts.stream().map(s -> s.atZone(KYIV).toLocalDate()).toList());
        assertEquals(LocalTime.of(10, 0), starts.get(2).atZone(KYIV).toLocalTime());
    }

    @Test
    void whatCannotBeBookedIsSaidBeforeAnythingIsSent() {
        assertEquals(Optional.of(Repeat.Problem.EVERY), Repeat.times(0, 6).problem(FIRST, KYIV));
        assertEquals(Optional.of(Repeat.Problem.EVERY), Repeat.times(13, 6).problem(FIRST, KYIV));
        assertEquals(Optional.of(Repeat.Problem.TIMES), Repeat.times(1, 1).problem(FIRST, KYIV));
        assertEquals(Optional.of(Repeat.Problem.TIMES), Repeat.times(1, 53).problem(FIRST, KYIV));
        assertEquals(Optional.of(Repeat.Problem.ONE_OF), new Repeat(1, 6, LocalDate.of(2030, 5, 1)).problem(FIRST, KYIV));
        assertEquals(Optional.of(Repeat.Problem.ONE_OF), new Repeat(1, null, null).problem(FIRST, KYIV));
        assertEquals(Optional.of(Repeat.Problem.UNTIL), Repeat.until(1, LocalDate.of(2030, 3, 11)).problem(FIRST, KYIV));
        assertEquals(Optional.of(Repeat.Problem.TOO_MANY), Repeat.until(1, LocalDate.of(2031, 3, 11)).problem(FIRST, KYIV));
        assertEquals(Optional.empty(), Repeat.until(1, LocalDate.of(2031, 3, 3)).problem(FIRST, KYIV), "52 weeks is a year of visits");
        assertThrows(IllegalArgumentException.class, () -> Repeat.times(1, 1).starts(FIRST, KYIV));
    }
}
