package app.salondesk.logic.staff;

import app.salondesk.logic.salon.SetupResult;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.staff.MasterDetails;

import java.time.Instant;
import java.util.List;

/** What the Masters screen asks of the database (a fake in the view model's tests). */
public interface MastersSetup {

    /** Every master, active or not, in the calendar's column order. */
    List<MasterDetails> masters();

    SetupResult<Long> add(String name, String colour);

    SetupResult<Boolean> update(long masterId, String name, String colour);

    /** The calendar's columns in this order. */
    SetupResult<Boolean> reorder(List<Long> masterIds);

    SetupResult<Boolean> setActive(long masterId, boolean active);

    /** The master's bookings that still hold time from {@code from} on (a master about to leave). */
    List<ScheduledBooking> bookingsFrom(long masterId, Instant from);

    /**
     * For each booking, the other masters the database's rule book lets it go to (they do its
     * service, at its length); what depends on the time is left to the move's own answer.
     */
    java.util.Map<Long, java.util.Set<Long>> mastersWhoMayTake(java.util.Collection<Long> bookingIds);
}
