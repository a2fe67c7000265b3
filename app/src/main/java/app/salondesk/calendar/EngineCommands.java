package app.salondesk.calendar;

import app.salondesk.booking.BookingEngine;
import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.BookingStatus;
import app.salondesk.booking.Reschedule;
import app.salondesk.booking.Source;
import app.salondesk.booking.StatusChange;

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

    /**
     * The whole visit by {@code by}: the dragged part at the version the desk showed, the others
     * as they are now (read just before; a change by someone else meanwhile is still caught by
     * the dragged part's version or the engine's row locks).
     */
    @Override
    public app.salondesk.booking.VisitOutcome moveVisit(BookingRef ref, java.time.Duration by) {
        java.util.Map<Long, Integer> versions = new java.util.HashMap<>();
        for (app.salondesk.booking.Booking b : engine.visitParts(tenantId, ref.visitId())) {
            versions.put(b.id(), b.id() == ref.bookingId() ? ref.version() : b.version());
        }
        return engine.moveVisit(tenantId, ref.visitId(), versions, by, road);
    }

    @Override
    public app.salondesk.booking.VisitOutcome moveVisit(long visitId, java.util.Map<Long, Integer> versions, java.time.Duration by) {
        return engine.moveVisit(tenantId, visitId, versions, by, road);
    }
}
