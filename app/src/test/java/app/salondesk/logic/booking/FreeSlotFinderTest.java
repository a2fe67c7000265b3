package app.salondesk.logic.booking;

import app.salondesk.model.booking.FreeSlot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Random;

import static app.salondesk.logic.booking.EngineFixture.DAY;
import static app.salondesk.logic.booking.EngineFixture.ZONE;
import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The finder searches a small window first and widens only when a wider one could change the
 * answer; whatever it does, its answer must be the whole reach's answer.
 */
class FreeSlotFinderTest {

    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("finder", 2);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void emptySchedule() {
        f.clearSchedule();
    }

    private static FreeSlotFinder.Question nearest(long master, Instant wished) {
        return FreeSlotFinder.Question.nearest(f.tenant, 60, wished, master, f.cut, null, 15, 3);
    }

    private static List<FreeSlot> wholeReach(FreeSlotFinder.Question q) {
        return FreeSlotFinder.findWithin(f.dsl, q, FreeSlotFinder.DAYS_BEFORE, FreeSlotFinder.DAYS_AFTER);
    }

    private static void book(long master, LocalDate day, int fromHour, int toHour) {
        f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) "
                + "VALUES (?, ?, ?, NULL, CAST(? AS timestamptz), ?, 'confirmed')", f.tenant, master, f.client,
                day.atTime(fromHour, 0).atZone(ZONE).toOffsetDateTime(), (toHour - fromHour) * 60);
    }

    private static Instant dayAt(LocalDate day, int hour, int minute) {
        return day.atTime(hour, minute).atZone(ZONE).toInstant();
    }

    @Test
    void aDayBookedSolidBeforeTheWishedTimeOffersTheEveningBeforeAsEarlier() {
        book(f.anna, DAY, 8, 18);
        List<FreeSlot> slots = FreeSlotFinder.find(f.dsl, nearest(f.anna, at(14, 0)));
        List<Instant> annas = slots.stream().filter(FreeSlot::sameMaster).map(FreeSlot::start).toList();
        LocalDate before = DAY.minusDays(1);
        assertEquals(List.of(dayAt(before, 19, 0), at(18, 0), at(18, 15)), annas,
                "the nearest earlier start is the evening before; the nearest later ones the same evening");
        assertEquals(wholeReach(nearest(f.anna, at(14, 0))), slots);
    }

    @Test
    void aWishLateInADayBookedUntilClosingOffersTheNextMorningAsLater() {
        book(f.anna, DAY, 14, 20);
        List<FreeSlot> slots = FreeSlotFinder.find(f.dsl, nearest(f.anna, at(19, 0)));
        List<Instant> annas = slots.stream().filter(FreeSlot::sameMaster).map(FreeSlot::start).toList();
        assertEquals(List.of(at(12, 45), at(13, 0), dayAt(DAY.plusDays(1), 8, 0)), annas);
        assertEquals(wholeReach(nearest(f.anna, at(19, 0))), slots);
    }

    @Test
    void onRandomSchedulesTheWideningSearchAnswersExactlyAsTheWholeReach() {
        Random random = new Random(20261130);
        for (int schedule = 0; schedule < 6; schedule++) {
            f.dsl.execute("DELETE FROM bookings");
            for (long master : new long[]{f.anna, f.bohdan}) {
                for (int d = -1; d <= 7; d++) {
                    // a day booked from a random hour to a random later one (sometimes not at all, sometimes all day)
                    int from = 8 + random.nextInt(12);
                    int to = Math.min(20, from + random.nextInt(13));
                    if (to > from) {
                        book(master, DAY.plusDays(d), from, to);
                    }
                }
            }
            for (int wish = 0; wish < 8; wish++) {
                Instant wished = dayAt(DAY.plusDays(random.nextInt(3)), 7 + random.nextInt(14), 15 * random.nextInt(4));
                FreeSlotFinder.Question q = nearest(random.nextBoolean() ? f.anna : f.bohdan, wished);
                assertEquals(wholeReach(q), FreeSlotFinder.find(f.dsl, q), "schedule " + schedule + ", wished " + wished);
            }
        }
    }

    @Test
    void theFormsQuestionListsEveryFreeStartOfThatMastersDayAndNothingElse() {
        book(f.anna, DAY, 10, 18);
        Instant dayStart = DAY.atStartOfDay(ZONE).toInstant();
        List<FreeSlot> slots = FreeSlotFinder.find(f.dsl, FreeSlotFinder.Question.dayOf(f.tenant, 60, dayStart, f.anna, f.cut, null, 15));
        assertTrue(slots.stream().allMatch(s -> s.masterId() == f.anna && s.sameMaster()), "only the chosen master");
        assertTrue(slots.stream().allMatch(s -> ZonedDateTime.ofInstant(s.start(), ZONE).toLocalDate().equals(DAY)), "only that day");
        // 08:00 … 09:00 before the bookings, 18:00 … 19:00 after them, on the quarter hour
        List<Instant> expected = List.of(at(8, 0), at(8, 15), at(8, 30), at(8, 45), at(9, 0),
                at(18, 0), at(18, 15), at(18, 30), at(18, 45), at(19, 0));
        assertEquals(expected, slots.stream().map(FreeSlot::start).toList());
    }
}
