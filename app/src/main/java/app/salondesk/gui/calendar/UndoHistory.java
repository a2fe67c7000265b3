package app.salondesk.gui.calendar;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Optional;

/**
 * What Ctrl+Z can take back at this desk: the desk's own changes of bookings, newest first, at
 * most {@link #LIMIT} (the oldest is forgotten). Plain Java, used on the FX thread only. An
 * undo leaves the history and is not recorded in it (there is no redo). When an undo brings a
 * booking back to how an older change of this desk left it, that older change is now at the
 * version the undo produced — so undoing twice undoes both, rather than calling the desk's
 * own undo "a change at another desk".
 */
public final class UndoHistory {

    public static final int LIMIT = 20;

    private final Deque<UndoableChange> changes = new ArrayDeque<>();

    /** A change this desk made; ignored when it changed nothing. */
    public void record(UndoableChange change) {
        if (!change.changedSomething()) {
            return;
        }
        changes.push(change);
        while (changes.size() > LIMIT) {
            changes.removeLast();
        }
    }

    public Optional<UndoableChange> newest() {
        return Optional.ofNullable(changes.peek());
    }

    /** {@code change} was undone; its booking is at {@code version} now. */
    public void undone(UndoableChange change, int version) {
        changes.remove(change);
        for (Iterator<UndoableChange> it = changes.iterator(); it.hasNext(); ) {
            UndoableChange older = it.next();
            if (older.bookingId() == change.bookingId()) {
                // the next older change of this booking: if the undo left the booking as that one had,
                // it is the booking as that change left it, at the version the undo produced
                if (older.after().version() == change.before().version()) {
                    replace(older, older.at(version));
                }
                return;
            }
        }
    }

    /** {@code change} cannot be undone (changed elsewhere since, its time taken, refused): forgotten. */
    public void forget(UndoableChange change) {
        changes.remove(change);
    }

    public int size() {
        return changes.size();
    }

    public boolean isEmpty() {
        return changes.isEmpty();
    }

    public void clear() {
        changes.clear();
    }

    private void replace(UndoableChange old, UndoableChange now) {
        Deque<UndoableChange> copy = new ArrayDeque<>();
        for (UndoableChange c : changes) {
            copy.addLast(c == old ? now : c);
        }
        changes.clear();
        changes.addAll(copy);
    }
}
