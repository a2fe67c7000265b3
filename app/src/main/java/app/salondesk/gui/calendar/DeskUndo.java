package app.salondesk.gui.calendar;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.calendar.BookingCommands;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.staff.Master;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Undo at the desk (issue 17): each change of a booking made here is remembered
 * ({@link UndoHistory}) and said in one sentence with an offer to undo it ("Moved Iryna Savchenko
 * to 15:00 with Olena · Undo"); Ctrl+Z takes back the newest. An undo is a new change through
 * the booking engine carrying the version this desk's change produced: if anyone changed the
 * booking since, the engine answers "changed by others" and the desk says nothing was undone;
 * reviving a cancelled booking asks the engine whether its time is still free. An undo is not
 * itself recorded (no redo). No JavaFX here: the screen is told through {@link Screen}.
 */
public final class DeskUndo {

    /** Where the notices go, and what refreshes the schedule after an undo. */
    public interface Screen {
        /** One sentence for the notification bar; {@code undoable}: it offers "Undo". */
        void notice(String text, boolean undoable);

        void reload();
    }

    private final ZoneId zone;
    private final Map<Long, String> masterNames;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Screen screen;
    private final UndoHistory history = new UndoHistory();
    private final DateTimeFormatter time;
    private final DateTimeFormatter dayAndTime;
    private BookingCommands commands;
    /** An undo on its way: the next Ctrl+Z waits for its answer (which decides what the next one is). */
    private boolean undoing;

    public DeskUndo(ZoneId zone, List<Master> masters, TaskRunner tasks, Messages messages, Screen screen) {
        this.zone = zone;
        this.masterNames = masters.stream().collect(Collectors.toMap(Master::id, Master::name, (a, b) -> a));
        this.tasks = tasks;
        this.messages = messages;
        this.screen = screen;
        this.time = DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(messages.locale());
        this.dayAndTime = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale());
    }

    public void setCommands(BookingCommands commands) {
        this.commands = commands;
    }

    /** The desk changed a booking (drag, resize, Move to, status, cancel, the form): remembered and said. */
    public void changed(UndoableChange change) {
        if (!change.changedSomething()) {
            return;
        }
        history.record(change);
        screen.notice(describe(change), true);
    }

    /**
     * A change of a booking on screen was answered: if saved, remembered as the booking was when
     * the change was sent ({@code was}, as the desk showed it, at the version the change carried).
     */
    void saved(BookingRef ref, Optional<ScheduledBooking> was, BookingOutcome outcome) {
        if (outcome instanceof BookingOutcome.Booked b && was.isPresent()) {
            ScheduledBooking w = was.get();
            changed(new UndoableChange(ref.bookingId(), w.clientName(),
                    new UndoableChange.State(ref.masterId(), w.start(), w.durationMin(), ref.status(), ref.version()),
                    UndoableChange.State.of(b.booking())));
        }
    }

    /**
     * A whole visit was moved by {@code by} from a drag of the part {@code ref} ({@code was}, as
     * the desk showed it): remembered with the version the move gave every part.
     */
    void visitMoved(BookingRef ref, Optional<ScheduledBooking> was, java.time.Duration by, List<Booking> parts) {
        Optional<Booking> dragged = parts.stream().filter(p -> p.id() == ref.bookingId()).findFirst();
        if (was.isEmpty() || dragged.isEmpty() || ref.visitId() == null) {
            return;
        }
        ScheduledBooking w = was.get();
        Map<Long, Integer> versions = parts.stream().collect(Collectors.toMap(Booking::id, Booking::version));
        changed(new UndoableChange(ref.bookingId(), w.clientName(),
                new UndoableChange.State(ref.masterId(), w.start(), w.durationMin(), ref.status(), ref.version()),
                UndoableChange.State.of(dragged.get()), new UndoableChange.VisitMove(ref.visitId(), by, versions)));
    }

    /** The booking form saved a change ({@code before} as the form opened it). */
    void edited(Booking before, Booking after, String clientName) {
        changed(new UndoableChange(before.id(), clientName, UndoableChange.State.of(before), UndoableChange.State.of(after)));
    }

    /** How many changes Ctrl+Z can still take back. */
    public int size() {
        return history.size();
    }

    public boolean undoing() {
        return undoing;
    }

    /** Takes back the newest change made here, through the engine. */
    public void undo() {
        if (undoing || commands == null) {
            return;
        }
        Optional<UndoableChange> newest = history.newest();
        if (newest.isEmpty()) {
            screen.notice(messages.get("undo.nothing"), false);
            return;
        }
        UndoableChange c = newest.get();
        if (c.visit() != null) {
            undoVisitMove(c);
            return;
        }
        BookingRef now = new BookingRef(c.bookingId(), c.after().masterId(), c.after().version(), c.after().status());
        UndoableChange.State back = c.before();
        undoing = true;
        tasks.save(messages.format("save.undo", c.clientName()),
                () -> c.statusChange() ? commands.changeStatus(now, back.status())
                        : commands.move(now, back.masterId(), back.start(), back.minutes()),
                outcome -> {
                    undoing = false;
                    answered(c, outcome);
                    screen.reload();
                },
                failure -> {
                    undoing = false;
                    screen.notice(messages.get("notify.failed"), false);
                    screen.reload();
                });
    }

    /** A whole visit back by as much as it was moved, every part at the version the move gave it. */
    private void undoVisitMove(UndoableChange c) {
        UndoableChange.VisitMove v = c.visit();
        undoing = true;
        tasks.save(messages.format("save.undo", c.clientName()),
                () -> commands.moveVisit(v.visitId(), v.versions(), v.by().negated()),
                outcome -> {
                    undoing = false;
                    String text;
                    if (outcome instanceof app.salondesk.model.booking.VisitOutcome.Booked) {
                        history.forget(c);
                        text = messages.format("undo.undoneVisit", c.clientName(), when(c.before().start(), c.after().start()));
                    } else if (outcome instanceof app.salondesk.model.booking.VisitOutcome.TryAgain) {
                        text = messages.get("notify.tryAgain");   // nothing happened: Ctrl+Z may be tried again
                    } else if (outcome instanceof app.salondesk.model.booking.VisitOutcome.ChangedByOthers) {
                        history.forget(c);
                        text = messages.format("undo.changedElsewhere", c.clientName());
                    } else if (outcome instanceof app.salondesk.model.booking.VisitOutcome.TimeTaken) {
                        history.forget(c);
                        text = messages.format("undo.visitTaken", c.clientName());
                    } else {
                        history.forget(c);
                        app.salondesk.model.booking.VisitOutcome.Invalid invalid = (app.salondesk.model.booking.VisitOutcome.Invalid) outcome;
                        text = messages.format("undo.invalid", invalid.reason().sentence(messages, invalid.detail()));
                    }
                    screen.notice(text, false);
                    screen.reload();
                },
                failure -> {
                    undoing = false;
                    screen.notice(messages.get("notify.failed"), false);
                    screen.reload();
                });
    }

    private void answered(UndoableChange c, BookingOutcome outcome) {
        String text = outcome.fold(
                booked -> {
                    history.undone(c, booked.booking().version());
                    return undone(c);
                },
                taken -> {
                    history.forget(c);
                    return messages.format("undo.timeTaken", c.clientName(), taken.nearestFree().isEmpty()
                            ? messages.get("cli.nearestNone")
                            : taken.nearestFree().stream().map(s -> when(s.start(), c.before().start())
                                    + (s.sameMaster() ? "" : " (" + s.masterName() + ")")).collect(Collectors.joining(", ")));
                },
                // nothing happened: the same Ctrl+Z may be tried again
                tryAgain -> messages.get(switch (tryAgain.why()) {
                    case BUSY -> "notify.tryAgain";
                    case CONNECTION_LOST -> "notify.lost";
                    case CONNECTION_LOST_UNKNOWN -> "notify.lostUnknown";
                }),
                changed -> {
                    history.forget(c);
                    return messages.format("undo.changedElsewhere", c.clientName());
                },
                invalid -> {
                    history.forget(c);
                    return messages.format("undo.invalid", invalid.reason().sentence(messages, invalid.detail()));
                });
        screen.notice(text, false);
    }

    // ---- the words ---------------------------------------------------------------------------

    String describe(UndoableChange c) {
        UndoableChange.State before = c.before();
        UndoableChange.State after = c.after();
        if (c.visit() != null) {
            return messages.format("undo.movedVisit", c.clientName(), when(after.start(), before.start()));
        }
        if (c.statusChange()) {
            if (after.status() == BookingStatus.CANCELLED) {
                return messages.format("undo.cancelled", c.clientName(), when(after.start(), null));
            }
            if (before.status() == BookingStatus.CANCELLED) {
                return messages.format("undo.restored", c.clientName(), when(after.start(), null));
            }
            return messages.format("undo.status", c.clientName(), statusName(after.status()));
        }
        if (after.masterId() == before.masterId() && after.start().equals(before.start())) {
            return messages.format("undo.resized", c.clientName(), when(after.start(), before.start()),
                    time.format(after.start().plusSeconds(after.minutes() * 60L).atZone(zone)));
        }
        return messages.format("undo.moved", c.clientName(), when(after.start(), before.start()), masterName(after.masterId()));
    }

    private String undone(UndoableChange c) {
        UndoableChange.State before = c.before();
        if (c.statusChange()) {
            return messages.format("undo.undoneStatus", c.clientName(), statusName(before.status()));
        }
        return messages.format("undo.undoneMove", c.clientName(), when(before.start(), c.after().start()),
                time.format(before.start().plusSeconds(before.minutes() * 60L).atZone(zone)), masterName(before.masterId()));
    }

    /** A time; with its day when that is not the day of {@code beside} (null: always the time alone). */
    private String when(Instant t, Instant beside) {
        ZonedDateTime z = t.atZone(zone);
        boolean sameDay = beside == null || beside.atZone(zone).toLocalDate().equals(z.toLocalDate());
        return (sameDay ? time : dayAndTime).format(z);
    }

    private String masterName(long id) {
        return masterNames.getOrDefault(id, "");
    }

    private String statusName(BookingStatus s) {
        return messages.get("booking.status." + s.dbValue());
    }
}
