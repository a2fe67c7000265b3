package app.salondesk.logic.live;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BackoffTest {

    private static List<Long> delays(Backoff backoff, int n) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(backoff.nextDelay().toMillis());
        }
        return out;
    }

    @Test
    void waitsDoubleUpToTheCapWithinTheirJitterBand() {
        Backoff longest = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(5), () -> 0.999999);
        Backoff shortest = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(5), () -> 0.0);

        assertEquals(List.of(249L, 499L, 999L, 1999L, 3999L, 4999L, 4999L), delays(longest, 7));
        assertEquals(List.of(125L, 250L, 500L, 1000L, 2000L, 2500L, 2500L), delays(shortest, 7));
    }

    @Test
    void afterAResetTheWaitsAreShortAgain() {
        Backoff backoff = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(5), () -> 0.0);
        delays(backoff, 6);

        backoff.reset();

        assertEquals(125L, backoff.nextDelay().toMillis());
    }
}
