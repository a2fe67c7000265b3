package app.salondesk.gui.catalog;

import app.salondesk.i18n.Messages;
import app.salondesk.model.catalog.Phases;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A service's shape as the Services screen edits it (issue 31; the model is ADR 18's): its phases
 * — the master works, or the client waits and the master is free (processing) — in order, and the
 * master's cleanup after the client has gone. No phases is a plain service, one busy stretch as
 * long as the service. What the command line's {@code --phases busy:30,processing:40,busy:30
 * --cleanup 10} sets, the same limits ({@link Phases}) and the same words for a wrong value.
 */
public final class PhasesViewModel {

    /** One phase: processing or not, and its minutes as typed. */
    public static final class Step {
        private final BooleanProperty processing = new SimpleBooleanProperty(this, "processing");
        private final StringProperty minutes = new SimpleStringProperty(this, "minutes", "");

        Step(boolean processing, int minutes) {
            this.processing.set(processing);
            this.minutes.set(minutes > 0 ? Integer.toString(minutes) : "");
        }

        public BooleanProperty processingProperty() {
            return processing;
        }

        public StringProperty minutesProperty() {
            return minutes;
        }

        /** Its minutes, or -1 when what is typed is not a whole number of minutes. */
        public int parsedMinutes() {
            String m = minutes.get() == null ? "" : minutes.get().strip();
            return m.matches("\\d{1,4}") ? Integer.parseInt(m) : -1;
        }
    }

    /** A piece of the drawn timeline: what it is and how long. */
    public enum Kind { BUSY, PROCESSING, CLEANUP }

    public record Piece(Kind kind, int minutes) {
    }

    private final Messages messages;
    private final ObservableList<Step> steps = FXCollections.observableArrayList(
            s -> new Observable[]{s.processing, s.minutes});
    private final StringProperty cleanup = new SimpleStringProperty(this, "cleanup", "");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");

    public PhasesViewModel(Messages messages) {
        this.messages = messages;
        steps.addListener((javafx.collections.ListChangeListener<Step>) c -> summary.set(summaryNow()));
        cleanup.addListener((obs, old, now) -> summary.set(summaryNow()));
    }

    /** Shows a shape: its phases (null: none, a plain service) and cleanup. */
    public void show(Phases phases, int cleanupMin) {
        List<Step> now = new ArrayList<>();
        if (phases != null) {
            for (int m : phases.signedMinutes()) {
                now.add(new Step(m < 0, Math.abs(m)));
            }
        }
        steps.setAll(now);
        cleanup.set(cleanupMin > 0 ? Integer.toString(cleanupMin) : "");
    }

    /**
     * Adds a phase at the end: the first two of a plain service are its length as work, then
     * processing, so one click after "Add a phase" gives the usual colour's shape to adjust.
     */
    public void addStep(int plainMinutes) {
        if (steps.size() >= Phases.MAX_PHASES) {
            return;
        }
        if (steps.isEmpty()) {
            steps.add(new Step(false, plainMinutes));
        }
        boolean lastProcessing = steps.get(steps.size() - 1).processing.get();
        steps.add(new Step(!lastProcessing, 0));
    }

    public void remove(Step step) {
        steps.remove(step);
    }

    /** No phases: the service is one stretch of work. */
    public boolean plain() {
        return steps.isEmpty();
    }

    /** The phases' sum as typed so far (a wrong minute counts as none). */
    public int minutes() {
        return steps.stream().mapToInt(s -> Math.max(0, s.parsedMinutes())).sum();
    }

    /**
     * The shape to save for a service of {@code plainMinutes} (its length when it has no phases):
     * its phases, or one busy phase of that length (the schema stores that as none); empty with
     * {@code problem} told why when something typed is wrong.
     */
    public Optional<Phases> phases(int plainMinutes, java.util.function.Consumer<String> problem) {
        if (steps.isEmpty()) {
            return Optional.of(new Phases(List.of(plainMinutes)));
        }
        List<Integer> signed = new ArrayList<>();
        for (Step s : steps) {
            int m = s.parsedMinutes();
            if (m < 1 || m > Phases.MAX_MINUTES) {
                problem.accept(messages.format("phases.badMinutes", Phases.MAX_MINUTES));
                return Optional.empty();
            }
            signed.add(s.processing.get() ? -m : m);
        }
        Phases p = new Phases(signed);
        if (p.minutes() > Phases.MAX_MINUTES) {
            problem.accept(messages.format("phases.tooLong", Phases.MAX_MINUTES));
            return Optional.empty();
        }
        return Optional.of(p);
    }

    /** The cleanup minutes, or -1 (with {@code problem} told) when not 0 to 120. */
    public int cleanupMinutes(java.util.function.Consumer<String> problem) {
        String c = cleanup.get() == null ? "" : cleanup.get().strip();
        if (c.isEmpty()) {
            return 0;
        }
        int m = c.matches("\\d{1,4}") ? Integer.parseInt(c) : -1;
        if (m < 0 || m > Phases.MAX_CLEANUP) {
            problem.accept(messages.format("phases.badCleanup", Phases.MAX_CLEANUP));
            return -1;
        }
        return m;
    }

    /** The timeline as drawn: the phases (or one busy stretch of {@code plainMinutes}) and the cleanup. */
    public List<Piece> timeline(int plainMinutes) {
        List<Piece> out = new ArrayList<>();
        if (steps.isEmpty()) {
            if (plainMinutes > 0) {
                out.add(new Piece(Kind.BUSY, plainMinutes));
            }
        } else {
            for (Step s : steps) {
                if (s.parsedMinutes() > 0) {
                    out.add(new Piece(s.processing.get() ? Kind.PROCESSING : Kind.BUSY, s.parsedMinutes()));
                }
            }
        }
        String c = cleanup.get() == null ? "" : cleanup.get().strip();
        if (c.matches("\\d{1,3}") && Integer.parseInt(c) > 0) {
            out.add(new Piece(Kind.CLEANUP, Integer.parseInt(c)));
        }
        return out;
    }

    /** "100 min with the client, 40 min of them processing · then 10 min cleanup" ("" for a plain service without cleanup). */
    private String summaryNow() {
        int processing = steps.stream().filter(s -> s.processing.get()).mapToInt(s -> Math.max(0, s.parsedMinutes())).sum();
        String c = cleanup.get() == null ? "" : cleanup.get().strip();
        int clean = c.matches("\\d{1,3}") ? Integer.parseInt(c) : 0;
        String after = clean > 0 ? messages.format("phases.summaryCleanup", clean) : "";
        if (steps.isEmpty()) {
            return after.strip();
        }
        return messages.format("phases.summary", minutes(), processing) + (after.isEmpty() ? "" : " " + after);
    }

    public ObservableList<Step> steps() {
        return steps;
    }

    public StringProperty cleanupProperty() {
        return cleanup;
    }

    /** In words, for the line under the timeline. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }
}
