package app.salondesk.gui.common;

import app.salondesk.i18n.Messages;
import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.util.Duration;

/**
 * How one save on its way to the engine shows itself, the same wherever it was asked for — a
 * booking dropped on the calendar, the form's Save (issue 16). It owns the timings and the
 * words: nothing for the first {@value #QUIET_MS} ms (most saves are answered by then, and a
 * flash would only alarm), then "saving…", and from {@value #WAITING_MS} ms "waiting for the
 * schedule…" — a save that long is waiting for the master's lock, which someone else holds (the
 * engine waits up to its 5 s lock_timeout, then answers "busy"). The place that shows it (the
 * entry's title, the form's spinner) listens to {@link #phaseProperty()}; the answer
 * {@link #settle()}s it. Runs on the FX thread.
 */
public final class SaveInFlight {

    /** Where a save in flight is, seen from the desk. */
    public enum Phase {
        /** Just asked: nothing shown yet. */
        QUIET,
        /** Long enough to notice: "saving…". */
        SAVING,
        /** Long enough to be waiting for someone else's lock: "waiting for the schedule…". */
        WAITING_FOR_SCHEDULE,
        /** Answered: whatever showed the save shows the answer now. */
        SETTLED
    }

    public static final int QUIET_MS = 300;
    public static final int WAITING_MS = 2_000;

    private final ReadOnlyObjectWrapper<Phase> phase = new ReadOnlyObjectWrapper<>(this, "phase", Phase.QUIET);
    private final PauseTransition saving = new PauseTransition(Duration.millis(QUIET_MS));
    private final PauseTransition waiting = new PauseTransition(Duration.millis(WAITING_MS));

    private SaveInFlight() {
        saving.setOnFinished(e -> advance(Phase.SAVING));
        waiting.setOnFinished(e -> advance(Phase.WAITING_FOR_SCHEDULE));
    }

    /** A save asked for just now. */
    public static SaveInFlight start() {
        SaveInFlight s = new SaveInFlight();
        s.saving.play();
        s.waiting.play();
        return s;
    }

    private void advance(Phase to) {
        if (phase.get() != Phase.SETTLED) {
            phase.set(to);
        }
    }

    /** The answer came: the timers stop and the phase is {@link Phase#SETTLED}. */
    public void settle() {
        saving.stop();
        waiting.stop();
        phase.set(Phase.SETTLED);
    }

    public ReadOnlyObjectProperty<Phase> phaseProperty() {
        return phase.getReadOnlyProperty();
    }

    /** Whether the save shows itself now (a spinner, a changed title). */
    public static boolean shown(Phase p) {
        return p == Phase.SAVING || p == Phase.WAITING_FOR_SCHEDULE;
    }

    /** The words for a phase: "saving…", "waiting for the schedule…", or "" while nothing is shown. */
    public static String words(Messages messages, Phase p) {
        return switch (p) {
            case SAVING -> messages.get("saving.saving");
            case WAITING_FOR_SCHEDULE -> messages.get("saving.waitingForSchedule");
            case QUIET, SETTLED -> "";
        };
    }
}
