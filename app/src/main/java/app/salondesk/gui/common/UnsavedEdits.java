package app.salondesk.gui.common;

import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A view model's "has changes" (issue 31): the values of the fields it watches, compared with
 * what they were when the form last showed saved data ({@link #markUnchanged()}). Typing a value
 * back as it was is no change; an empty text and no value are the same. Holds properties only, no
 * controls: a view model owns one and the window's {@link DiscardGuard} reads {@link #changedProperty()}.
 */
public final class UnsavedEdits {

    private final List<Supplier<Object>> values = new ArrayList<>();
    private final ReadOnlyBooleanWrapper changed = new ReadOnlyBooleanWrapper(this, "changed");
    private List<Object> baseline = List.of();

    /** Watches these values (properties) and lists (their contents, in order). */
    public UnsavedEdits(Observable... watched) {
        for (Observable o : watched) {
            if (o instanceof ObservableList<?> list) {
                values.add(() -> List.copyOf(list));
            } else if (o instanceof ObservableValue<?> v) {
                values.add(v::getValue);
            } else {
                throw new IllegalArgumentException("neither a value nor a list: " + o);
            }
            o.addListener(x -> compare());
        }
        markUnchanged();
    }

    /**
     * Watches one value of each item of a list (a tick per service, say), items added later too.
     * Call before {@link #markUnchanged()} — a view model marks its form unchanged once loaded.
     */
    public <T> UnsavedEdits watchEach(ObservableList<T> list, java.util.function.Function<T, ObservableValue<?>> value) {
        values.add(() -> list.stream().map(value).map(ObservableValue::getValue).toList());
        javafx.beans.InvalidationListener again = x -> compare();
        list.forEach(item -> value.apply(item).addListener(again));
        list.addListener((javafx.collections.ListChangeListener<T>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(item -> value.apply(item).addListener(again));
            }
            compare();
        });
        return this;
    }

    /**
     * As {@link #watchEach}, for a list of rows where an empty row is nothing typed (the wizard's
     * masters and services, issue 31): a row whose value is blank — null, a blank text, an empty
     * list — counts as no row, so adding or removing an empty row is no change.
     */
    public <T> UnsavedEdits watchTyped(ObservableList<T> list, java.util.function.Function<T, ObservableValue<?>> value) {
        watchEach(list, value);
        values.set(values.size() - 1, () -> list.stream().map(value).map(ObservableValue::getValue).map(UnsavedEdits::normal)
                .filter(v -> v != null && !(v instanceof java.util.Collection<?> c && c.isEmpty())).toList());
        return this;
    }

    /** What the fields hold now is what is saved (the form has just been filled, or saved). */
    public void markUnchanged() {
        baseline = snapshot();
        changed.set(false);
    }

    public boolean changed() {
        return changed.get();
    }

    public ReadOnlyBooleanProperty changedProperty() {
        return changed.getReadOnlyProperty();
    }

    private void compare() {
        changed.set(!Objects.equals(baseline, snapshot()));
    }

    private List<Object> snapshot() {
        List<Object> now = new ArrayList<>(values.size());
        for (Supplier<Object> v : values) {
            now.add(normal(v.get()));
        }
        return now;
    }

    /** A blank text is as good as nothing typed: "" and null, and spaces alone, are one value. */
    private static Object normal(Object value) {
        return value instanceof String s && s.isBlank() ? null : value instanceof String s ? s.strip() : value;
    }
}
