package app.salondesk.calendar;

import app.salondesk.booking.BookingEngine;
import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.BookingStatus;
import app.salondesk.booking.Reschedule;
import app.salondesk.booking.Source;
import app.salondesk.booking.StatusChange;

import java.time.Instant;

/** Calendar edits through the booking engine: drags are recorded as such in the history. */
public final class EngineCommands implements BookingCommands {

    private final BookingEngine engine;
    private final long tenantId;
    private final Source moveSource;

    public EngineCommands(BookingEngine engine, long tenantId) {
        this(engine, tenantId, Source.DRAG);
    }

    /**
     * @param moveSource what the history says a move came through: a calendar drag, or the desk's
     *                   forms (the setup screens' "move" of a booking in the way)
     */
    public EngineCommands(BookingEngine engine, long tenantId, Source moveSource) {
        this.engine = engine;
        this.tenantId = tenantId;
        this.moveSource = moveSource;
    }

    @Override
    public BookingOutcome move(BookingRef ref, long toMasterId, Instant start, int minutes) {
        return engine.reschedule(new Reschedule(tenantId, ref.bookingId(), ref.version(), ref.masterId(), toMasterId,
                start, minutes, moveSource, false));
    }

    @Override
    public BookingOutcome changeStatus(BookingRef ref, BookingStatus status) {
        return engine.changeStatus(new StatusChange(tenantId, ref.bookingId(), ref.version(), ref.masterId(), status, Source.FORM));
    }

    @Override
    public java.util.List<app.salondesk.booking.Booking> visitParts(long visitId) {
        return engine.visitParts(tenantId, visitId);
    }

    @Override
    public app.salondesk.booking.VisitOutcome moveVisit(long visitId, java.util.Map<Long, Integer> versions, java.time.Duration by) {
        return engine.moveVisit(tenantId, visitId, versions, by, moveSource);
    }
}
