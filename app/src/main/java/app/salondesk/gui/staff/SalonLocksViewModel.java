package app.salondesk.gui.staff;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.staff.SalonLock;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Admin → Staff → Locks: who holds, or waits for, one of the salon's named locks — a master's,
 * the rooms', a room's, a client's cap (migration 23). A booking holds them for milliseconds; a
 * session seen holding one for minutes is a stuck program, someone's open transaction or someone
 * in the salon's way, and the reason every desk hears "busy, please try again" for what it locks. The admin may end that session; the database decides whether
 * this admin may (salondesk_end_session), and a refusal is one sentence.
 */
public final class SalonLocksViewModel {

    /** After a session was ended, how long to wait for the server to let go of its locks. */
    private static final Duration RELEASE_WAIT = Duration.ofSeconds(3);
    private static final Duration RELEASE_POLL = Duration.ofMillis(100);

    /** One line of the list, in words. */
    public record Row(SalonLock lock, String what, String login, String state, String heldFor) {
    }

    private final StaffRepository staff;
    private final long tenantId;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;

    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    /** Answers can arrive out of order (a refresh and an ending at once): the newer one wins. */
    private long asked;
    private long shown;

    public SalonLocksViewModel(StaffRepository staff, long tenantId, TaskRunner tasks, Messages messages, Clock clock) {
        this.staff = staff;
        this.tenantId = tenantId;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
    }

    /** Asks the server again (the Refresh button; also when the window opens). */
    public void refresh() {
        message.set("");
        load();
    }

    private void load() {
        long n = ++asked;
        loading.set(true);
        tasks.run(() -> staff.salonLocks(tenantId), locks -> show(n, locks), failure -> {
            loading.set(n < asked);
            message.set(refusal("locks.loadRefused", failure));
        });
    }

    private void show(long n, List<SalonLock> locks) {
        loading.set(n < asked);
        if (n <= shown) {
            return;   // an older answer than the one on screen
        }
        shown = n;
        rows.setAll(listed(locks).stream().map(this::row).toList());
    }

    /**
     * The locks worth a line: all but a session's shared hold of the rooms lock when the same
     * session holds or awaits another of the salon's locks. Every booking shares the rooms lock
     * (migration 22) while it holds its master's; its master's line says all, and ending that
     * session lets go of both. A session holding the rooms lock alone — shared, in the way of a
     * change of rooms; or exclusive, in the way of every booking — keeps its line.
     */
    static List<SalonLock> listed(List<SalonLock> locks) {
        return locks.stream()
                .filter(l -> !(l.kind() == SalonLock.Kind.ROOMS && l.shared() && l.granted()
                        && locks.stream().anyMatch(o -> o != l && o.pid() == l.pid() && o.kind() != SalonLock.Kind.ROOMS)))
                .toList();
    }

    /** Ends the session holding (or awaiting) the lock; the view has asked for confirmation. */
    public void endSession(Row row) {
        int pid = row.lock().pid();
        String who = row.login();
        message.set("");
        long n = ++asked;
        loading.set(true);
        tasks.run(() -> {
            boolean ended = staff.endSession(tenantId, pid);
            return new Ending(ended, ended ? locksOnceReleased(pid) : staff.salonLocks(tenantId));
        }, ending -> {
            message.set(messages.format(ending.ended() ? "locks.ended" : "locks.alreadyGone", who));
            show(n, ending.locks());
        }, failure -> {
            loading.set(n < asked);
            message.set(refusal("locks.endRefused", failure));
        });
    }

    private record Ending(boolean ended, List<SalonLock> locks) {
    }

    /**
     * The server ends a session a moment after it was asked to; until then its locks still
     * show. Waits (off the FX thread) a little for them to go, so the list says what happened.
     */
    private List<SalonLock> locksOnceReleased(int pid) throws InterruptedException {
        long deadline = System.nanoTime() + RELEASE_WAIT.toNanos();
        List<SalonLock> locks = staff.salonLocks(tenantId);
        while (locks.stream().anyMatch(l -> l.pid() == pid) && System.nanoTime() < deadline) {
            Thread.sleep(RELEASE_POLL.toMillis());
            locks = staff.salonLocks(tenantId);
        }
        return locks;
    }

    private Row row(SalonLock lock) {
        return new Row(lock, what(lock),
                lock.login() == null ? messages.get("locks.unknownLogin") : lock.login(),
                messages.get(!lock.granted() ? "locks.waiting" : lock.shared() ? "locks.holdingShared" : "locks.holding"),
                heldFor(lock));
    }

    /** "Iryna", "Rooms and equipment, all", "Washing station (room or equipment)", "Client Nina: waitlist". */
    String what(SalonLock lock) {
        return switch (lock.kind()) {
            case MASTER -> lock.objectName();
            case ROOMS -> messages.get("locks.what.rooms");
            case RESOURCE -> messages.format("locks.what.resource", lock.objectName());
            case WAITLIST_CLIENT -> messages.format("locks.what.waitlistClient", lock.objectName());
        };
    }

    /** "under a minute", "3 min", "1 h 5 min"; the server's start against this PC's clock. */
    String heldFor(SalonLock lock) {
        if (lock.heldSince() == null) {
            return messages.get("locks.heldUnknown");
        }
        long minutes = Math.max(0, Duration.between(lock.heldSince(), clock.instant()).toMinutes());
        if (minutes < 1) {
            return messages.get("locks.heldUnderMinute");
        }
        if (minutes < 60) {
            return messages.format("locks.heldMinutes", minutes);
        }
        return messages.format("locks.heldHours", minutes / 60, minutes % 60);
    }

    private String refusal(String key, Throwable failure) {
        return StaffRepository.refusalKey(failure)
                .map(reason -> messages.format(key, messages.get(reason)))
                .orElseGet(() -> messages.get("staff.failed"));
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    /** What the last action came to, or why it was refused: one sentence. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }
}
