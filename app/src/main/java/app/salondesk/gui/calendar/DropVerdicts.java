package app.salondesk.gui.calendar;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.logic.booking.RuleBookBatch;
import app.salondesk.logic.calendar.RuleQuestions;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.salon.Salon;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rule book's answers for where a dragged booking may land (issue 30): when a drag starts,
 * every line of the grid of the days on screen, for every master on screen, is asked of the
 * database in the background ({@link RuleQuestions#drops}, one batch for the booking's own column
 * first, one for the others), so that the preview marks a target the engine will refuse — another
 * booking's busy time or cleanup, the booking's own cleanup past closing, a room taken, a master
 * who does not do the service, time off, the past — exactly as the engine will, and stays fast:
 * after the answers have come nothing is asked while the mouse moves. Until they come the preview
 * says only where the booking lands. Answers of an earlier drag are dropped. Used on the FX thread
 * only; no JavaFX here.
 */
final class DropVerdicts {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(DropVerdicts.class);

    private final Salon salon;
    private final RuleQuestions rules;
    private final TaskRunner tasks;
    private final Runnable onAnswered;
    private final Map<Key, RuleBookBatch.Verdict> known = new HashMap<>();
    /** Which drag the answers on their way belong to. */
    private long drag;

    private record Key(long masterId, LocalDateTime local) {
    }

    /** @param onAnswered told (on the FX thread) when answers arrive, so that the preview can show them */
    DropVerdicts(Salon salon, RuleQuestions rules, TaskRunner tasks, Runnable onAnswered) {
        this.salon = salon;
        this.rules = rules;
        this.tasks = tasks;
        this.onAnswered = onAnswered;
    }

    /** Whether the rule book is asked at all (a desk without a database connection's rules: never). */
    boolean asking() {
        return rules != null;
    }

    /**
     * A drag of {@code ref} ({@code minutes} long) starts: asks for every {@code gridMin}-minute line of
     * {@code days} for each of {@code masters}, the booking's own master first.
     */
    void ask(BookingRef ref, int minutes, List<Long> masters, List<LocalDate> days, int gridMin) {
        long asked = ++drag;
        known.clear();
        if (rules == null) {
            return;
        }
        List<LocalDateTime> times = new ArrayList<>();
        for (LocalDate day : days) {
            for (LocalDateTime t = day.atStartOfDay(); t.isBefore(day.plusDays(1).atStartOfDay()); t = t.plusMinutes(gridMin)) {
                times.add(t);
            }
        }
        List<Long> others = masters.stream().filter(m -> m != ref.masterId()).toList();
        List<List<Long>> batches = new ArrayList<>();
        if (masters.contains(ref.masterId())) {
            batches.add(List.of(ref.masterId()));
        }
        if (!others.isEmpty()) {
            batches.add(others);
        }
        for (List<Long> batch : batches) {
            tasks.run(() -> rules.drops(salon, ref, minutes, batch, times),
                    verdicts -> {
                        if (asked != drag) {
                            return;   // a later drag asks its own
                        }
                        verdicts.forEach(v -> known.put(new Key(v.masterId(), v.local()), v));
                        onAnswered.run();
                    },
                    // advice only: the preview says where it lands, and the engine decides the drop
                    failure -> log.warn("the rule book could not be asked where a dragged booking may land", failure));
        }
    }

    /** The rule book's answer for the booking at this master and salon wall-clock time, once it has come. */
    Optional<RuleBookBatch.Verdict> at(long masterId, LocalDateTime local) {
        return Optional.ofNullable(known.get(new Key(masterId, local)));
    }

    /** The drag is over: its answers, and those still on their way, are dropped. */
    void forget() {
        drag++;
        known.clear();
    }
}
