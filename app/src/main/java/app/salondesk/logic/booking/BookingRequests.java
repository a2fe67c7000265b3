package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;

import java.util.Optional;
import java.util.UUID;

/**
 * The booking a request id made, if any: how an import run again after a crash tells the rows
 * it booked last time ("already imported (booking #345)") from the ones it books now. Booking
 * the same request again would also return that booking (the engine is idempotent), but could
 * not say it was there before.
 */
public final class BookingRequests {

    private final DSLContext dsl;

    public BookingRequests(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Optional<Booking> madeBy(long tenantId, UUID requestId) {
        return BookingRows.byRequest(dsl, tenantId, requestId, Source.IMPORT, null);
    }
}
