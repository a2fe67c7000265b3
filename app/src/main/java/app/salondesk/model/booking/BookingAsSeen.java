package app.salondesk.model.booking;

/**
 * A booking as a person saw it when they asked for a change that is not a move of it (a checkout,
 * issue 34): the write locks this master's schedule and finds the booking at this version, or
 * answers that it changed.
 */
public record BookingAsSeen(long id, long masterId, int version) {

    public static BookingAsSeen of(Booking b) {
        return new BookingAsSeen(b.id(), b.masterId(), b.version());
    }
}
