package app.salondesk.model.clients;

import java.util.function.Function;

/** What became of adding or changing a piece of a client's record (issue 36): saved, or refused with why. */
public sealed interface RecordOutcome<T> {

    default <R> R fold(Function<T, R> saved, Function<RecordProblem, R> refused) {
        if (this instanceof Saved<T> s) {
            return saved.apply(s.value());
        }
        return refused.apply(((Refused<T>) this).problem());
    }

    record Saved<T>(T value) implements RecordOutcome<T> {
    }

    record Refused<T>(RecordProblem problem) implements RecordOutcome<T> {
    }

    static <T> RecordOutcome<T> saved(T value) {
        return new Saved<>(value);
    }

    static <T> RecordOutcome<T> refused(RecordProblem problem) {
        return new Refused<>(problem);
    }
}
