package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Repeat;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/**
 * Recurring bookings (issue 17): "every 3 weeks, 6 times". A series is its occurrences — bookings
 * carrying the same {@code series_id}, the request id of the form or command that asked for them
 * (migration 20). Every occurrence goes through {@link BookingEngine} on its own, with its own
 * request id derived from the series' and its place in it ({@link #occurrenceRequestId}), so a
 * re-sent series books nothing twice and a taken occurrence writes nothing; the answer is one
 * {@link Occurrence} per occurrence. Changing or cancelling a series "from this one on" is one
 * engine change per occurrence, each with its own version check, answered each.
 * Runs off the FX thread; no JavaFX.
 */
public final class BookingSeries {

    private final BookingEngine engine;

    public BookingSeries(BookingEngine engine) {
        this.engine = engine;
    }

    /**
     * One occurrence of a series ({@code index} from 0), when it was wished, and what became of it;
     * for a change or cancel, the booking as it was asked of the engine ({@code before}; null for a
     * new booking), so that a taken time can be asked again at another time.
     */
    public record Occurrence(int index, Instant wished, BookingOutcome outcome, Booking before) {

        public Occurrence(int index, Instant wished, BookingOutcome outcome) {
            this(index, wished, outcome, null);
        }

        public boolean done() {
            return outcome instanceof BookingOutcome.Booked;
        }
    }

    /**
     * The request id of occurrence {@code index} of a series: the same for the same series and
     * index whenever it is asked (a name-based UUID), so whichever time that occurrence is
     * finally booked at, it is booked once.
     */
    public static UUID occurrenceRequestId(UUID seriesId, int index) {
        return UUID.nameUUIDFromBytes(("salondesk-series:" + seriesId + ":" + index).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Books {@code first} and its repeats, each through the engine. {@code first}'s request id
     * names the series. Nothing is written for a repeat the engine refuses.
     */
    public List<Occurrence> book(NewBooking first, Repeat repeat, ZoneId zone) {
        UUID series = first.requestId();
        List<Instant> starts = repeat.starts(first.start(), zone);
        List<Occurrence> answers = new ArrayList<>();
        for (int i = 0; i < starts.size(); i++) {
            answers.add(new Occurrence(i, starts.get(i),
                    engine.book(first.occurrence(first.masterId(), starts.get(i), occurrenceRequestId(series, i), series))));
        }
        return answers;
    }

    /**
     * Occurrence {@code index} of the series {@code first} began, at another time or master (one
     * the engine offered when its own was taken): its own request id again, so it is booked once.
     */
    public Occurrence bookAt(NewBooking first, int index, long masterId, Instant at) {
        UUID series = first.requestId();
        return new Occurrence(index, at, engine.book(first.occurrence(masterId, at, occurrenceRequestId(series, index), series)));
    }

    /** The occurrences of {@code booking}'s series from it on (it included) that hold time, in time order. */
    public List<Booking> from(Booking booking) {
        if (booking.seriesId() == null) {
            return List.of(booking);
        }
        return engine.series(booking.tenantId(), booking.seriesId(), booking.start()).stream()
                .filter(b -> b.status().holdsTime() || b.id() == booking.id()).toList();
    }

    /**
     * Cancels {@code booking} and the later occurrences of its series, each through the engine —
     * {@code booking} at the version the person saw, the later ones as they are now.
     */
    public List<Occurrence> cancelFrom(Booking booking, Source source) {
        List<Occurrence> answers = new ArrayList<>();
        int i = 0;
        for (Booking b : from(booking)) {
            Booking seen = b.id() == booking.id() ? booking : b;
            answers.add(new Occurrence(i++, seen.start(), engine.changeStatus(new StatusChange(seen.tenantId(), seen.id(), seen.version(),
                    seen.masterId(), BookingStatus.CANCELLED, source)), seen));
        }
        return answers;
    }

    /**
     * Moves {@code booking} (as the person saw it) to {@code master} at {@code start} for
     * {@code minutes}, and each later occurrence of its series the same way: as many days on as
     * this one moved, at the same wall-clock time, with the same master and length. Each is its
     * own engine change, answered on its own, in the order that cannot collide with itself (issue
     * 30): moving later, the latest occurrence first, so each lands where its sibling has already
     * left (earliest first, a week later each met the next one not moved yet and was refused
     * "taken"); moving earlier, the earliest first. The answers are in the series' order.
     */
    public List<Occurrence> changeFrom(Booking booking, long master, Instant start, int minutes, ZoneId zone, Source source) {
        ZonedDateTime to = start.atZone(zone);
        long days = ChronoUnit.DAYS.between(booking.start().atZone(zone).toLocalDate(), to.toLocalDate());
        List<Booking> from = from(booking);
        List<Booking> seen = new ArrayList<>();
        List<Instant> at = new ArrayList<>();
        for (Booking b : from) {
            Booking s = b.id() == booking.id() ? booking : b;
            LocalDate day = s.start().atZone(zone).toLocalDate().plusDays(days);
            seen.add(s);
            at.add(b.id() == booking.id() ? start : ZonedDateTime.ofLocal(day.atTime(to.toLocalTime()), zone, to.getOffset()).toInstant());
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < from.size(); i++) {
            order.add(i);
        }
        if (start.isAfter(booking.start())) {
            Collections.reverse(order);   // the series is read in time order
        }
        Occurrence[] answers = new Occurrence[from.size()];
        for (int i : order) {
            answers[i] = moveOne(i, seen.get(i), master, at.get(i), minutes, source);
        }
        return List.of(answers);
    }

    /**
     * One occurrence of a change ({@code before} as it was asked of the engine) at another time or
     * master: one the engine offered when the time asked for was taken.
     */
    public Occurrence moveOne(int index, Booking before, long master, Instant at, int minutes, Source source) {
        return new Occurrence(index, at, engine.reschedule(new Reschedule(before.tenantId(), before.id(), before.version(),
                before.masterId(), master, at, minutes, source, false)), before);
    }
}
