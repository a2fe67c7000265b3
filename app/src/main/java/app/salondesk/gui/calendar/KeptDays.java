package app.salondesk.gui.calendar;

import app.salondesk.model.calendar.DaySchedule;

import java.time.LocalDate;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The answers of salon days the desk keeps — the last one of each day on screen, and days read
 * ahead or left behind, parked for going there — and which of two answers of a day is the newer.
 * Every query of a day takes a ticket when it is asked (CONVENTIONS' {@code inFlight}/{@code again}
 * idea, for answers that may arrive in any order): an answer is kept only when its ticket is newer
 * than the answer already kept of that day and than the last change announced for the day (or for
 * every day: a reload). So a read-ahead asked before a load of its day, and answered after it,
 * never replaces what the load read (issue 30); a load answered after its day was left is parked,
 * not dropped. Plain Java, run on the FX thread by {@link DayScheduleViewModel}.
 */
final class KeptDays {

    private record Answer(DaySchedule day, long ticket) {
    }

    private long asked;
    private final Map<LocalDate, Answer> onScreen = new HashMap<>();
    private final Map<LocalDate, Answer> parked = new HashMap<>();
    /** The last ticket handed out before a change of the day was announced; answers up to it are stale. */
    private final Map<LocalDate, Long> changedAt = new HashMap<>();
    private long allChangedAt;

    /** A ticket for a query being asked now. */
    long ask() {
        return ++asked;
    }

    /** Whether an answer to the query of {@code ticket} is newer than every change announced for its day since. */
    boolean current(LocalDate day, long ticket) {
        return ticket > Math.max(allChangedAt, changedAt.getOrDefault(day, 0L));
    }

    private boolean newer(LocalDate day, long ticket) {
        long kept = Math.max(ticket(onScreen.get(day)), ticket(parked.get(day)));
        return current(day, ticket) && ticket > kept;
    }

    private static long ticket(Answer a) {
        return a == null ? 0 : a.ticket();
    }

    /** A day on screen answered: kept as what the screen shows of it, if it is the newest answer of the day. */
    void shown(DaySchedule day, long ticket) {
        if (newer(day.date(), ticket)) {
            onScreen.put(day.date(), new Answer(day, ticket));
            parked.remove(day.date());
        }
    }

    /** A day not on screen answered (read ahead, or left before its load answered): parked, if it is the newest. */
    void park(DaySchedule day, long ticket) {
        if (newer(day.date(), ticket)) {
            parked.put(day.date(), new Answer(day, ticket));
        }
    }

    /** The days that left the screen: what the screen showed of them is parked, for going back. */
    void leftScreen(Collection<LocalDate> visible) {
        onScreen.forEach((d, answer) -> {
            if (!visible.contains(d) && answer.ticket() > ticket(parked.get(d))) {
                parked.put(d, answer);
            }
        });
        onScreen.keySet().removeIf(d -> !visible.contains(d));
    }

    /** The parked answer of a day about to be shown, taken out (it is on screen now, read again at once). */
    Optional<DaySchedule> unpark(LocalDate day) {
        return Optional.ofNullable(parked.remove(day)).map(Answer::day);
    }

    boolean isParked(LocalDate day) {
        return parked.containsKey(day);
    }

    /** Only these days stay parked. */
    void keepParked(Collection<LocalDate> days) {
        parked.keySet().removeIf(d -> !days.contains(d));
    }

    /** The days changed elsewhere: what is kept of them is stale, and so is every answer on its way. */
    void changed(Collection<LocalDate> days) {
        for (LocalDate d : days) {
            onScreen.remove(d);
            parked.remove(d);
            changedAt.put(d, asked);
        }
    }

    /** Everything may have changed (a reload): nothing kept, no answer on its way kept either. */
    void forgetAll() {
        onScreen.clear();
        parked.clear();
        changedAt.clear();
        allChangedAt = asked;
    }

    /** The answers of the days on screen (a booking as the desk shows it). */
    Collection<DaySchedule> shownDays() {
        return onScreen.values().stream().map(Answer::day).toList();
    }
}
