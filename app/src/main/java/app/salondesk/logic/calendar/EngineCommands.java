package app.salondesk.logic.calendar;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.calendar.BookingRef;

import java.time.Instant;

/**
 * Calendar edits through the booking engine, each recorded in the history by its road: a drag
 * as a drag, the right-click menu as the menu, Ctrl+Z as an undo ({@link #via}).
 */
public final class EngineCommands implements BookingCommands {

    private final BookingEngine engine;
    private final long tenantId;
    private final Source road;

    public EngineCommands(BookingEngine engine, long tenantId) {
        this(engine, tenantId, Source.DRAG);
    }

    /**
     * @param road what the history says a change came through: a calendar drag, or the desk's
     *             forms (the setup screens' "move" of a booking in the way)
     */
    public EngineCommands(BookingEngine engine, long tenantId, Source road) {
        this.engine = engine;
        this.tenantId = tenantId;
        this.road = road;
    }

    @Override
    public BookingCommands via(Source road) {
        return road == this.road ? this : new EngineCommands(engine, tenantId, road);
    }

    @Override
    public BookingOutcome move(BookingRef ref, long toMasterId, Instant start, int minutes) {
        return engine.reschedule(new Reschedule(tenantId, ref.bookingId(), ref.version(), ref.masterId(), toMasterId,
                start, minutes, road, false));
    }

    @Override
    public BookingOutcome changeStatus(BookingRef ref, BookingStatus status) {
        return engine.changeStatus(new StatusChange(tenantId, ref.bookingId(), ref.version(), ref.masterId(), status, road));
    }

    @Override
    public java.util.List<app.salondesk.model.booking.Booking> visitParts(long visitId) {
        return engine.visitParts(tenantId, visitId);
    }

    @Override
    public app.salondesk.model.booking.VisitOutcome moveVisit(long visitId, java.util.Map<Long, Integer> versions, java.time.Duration by) {
        return engine.moveVisit(tenantId, visitId, versions, by, road);
    }
}
