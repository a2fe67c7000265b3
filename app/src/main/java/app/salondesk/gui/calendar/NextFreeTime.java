package app.salondesk.gui.calendar;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.logic.calendar.RuleQuestions;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.WallClock;
import app.salondesk.model.staff.Master;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where a new booking opened with Ctrl+N starts (issues 16 and 30): the first start of the shown
 * day — today: never in the past — among the masters on screen (column order at equal times) that
 * the rule book accepts, asked of the database in the background ({@link RuleQuestions#firstFree},
 * {@code first_free_start}, migration 29). So other bookings' processing gaps and cleanup, the
 * hours of the day (dated weeks, single days) and time off count exactly as they do when the
 * booking is saved; before issue 30 the desk worked it out from the loaded day in Java and
 * offered 11:00 after a booking until 11:00 whose cleanup lasted until 11:15. When nothing is
 * free, the form opens at {@link #fallback}.
 */
public final class NextFreeTime {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(NextFreeTime.class);

    static final int STEP_MIN = 15;
    /** The length looked for: half an hour, the shortest of most salons' services. */
    public static final int MINUTES = 30;

    /** A master and the instant the form opens at. */
    public record Pick(Master master, Instant at) {
    }

    private NextFreeTime() {
    }

    /**
     * Asks the rule book in the background; {@code answer} gets the pick on the FX thread, or nothing
     * (none free, no rule book to ask, or the question failed: the log says why).
     */
    static void ask(RuleQuestions rules, TaskRunner tasks, Salon salon, List<Master> candidates, LocalDate day, int minutes,
                    Consumer<Optional<Pick>> answer) {
        if (rules == null || candidates.isEmpty()) {
            answer.accept(Optional.empty());
            return;
        }
        List<Long> ids = candidates.stream().map(Master::id).toList();
        tasks.run(() -> rules.firstFree(salon, ids, minutes, day, STEP_MIN),
                slot -> answer.accept(pick(slot, candidates)),
                failure -> {
                    log.warn("the first free time could not be asked", failure);
                    answer.accept(Optional.empty());
                });
    }

    /** The database's answer as a pick of one of the masters asked about. */
    static Optional<Pick> pick(Optional<FreeSlot> slot, List<Master> masters) {
        return slot.flatMap(s -> masters.stream().filter(m -> m.id() == s.masterId()).findFirst().map(m -> new Pick(m, s.start())));
    }

    /**
     * Where the form opens when no master is free: a later day's 09:00, else the next quarter-hour
     * from now — read as the database reads a wall-clock time ({@link WallClock}).
     */
    public static Instant fallback(LocalDate day, LocalDateTime now, ZoneId zone) {
        return WallClock.instant(day.isAfter(now.toLocalDate()) ? day.atTime(LocalTime.of(9, 0)) : roundUp(now), zone);
    }

    /** The next quarter-hour at or after {@code t}. */
    public static LocalDateTime roundUp(LocalDateTime t) {
        LocalDateTime whole = t.withSecond(0).withNano(0);
        int over = whole.getMinute() % STEP_MIN;
        return over == 0 && whole.equals(t) ? whole : whole.plusMinutes(STEP_MIN - over);
    }
}
