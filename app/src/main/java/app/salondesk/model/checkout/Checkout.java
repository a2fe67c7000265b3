package app.salondesk.model.checkout;

import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.Source;

import java.util.Currency;
import java.util.List;
import java.util.UUID;

/**
 * A checkout as the desk or the command line asks for it: what was done and sold, the discounts,
 * the tips, what the client hands over, and the bookings it pays for as they were seen.
 *
 * @param clientId  the client (null for a walk-in who bought a product); the bookings' client
 * @param requestId made when the checkout opened: asking twice makes one sale
 * @param bookings  the bookings it pays for (each needs a line naming it)
 * @param discount  on the whole: split over the service and product lines, never the tips
 */
public record Checkout(long tenantId, Currency currency, Long clientId, UUID requestId, List<BookingAsSeen> bookings,
                       List<CheckoutLine> lines, Discount discount, List<Tip> tips, List<Tender> tenders, String note, Source source) {

    public Checkout {
        bookings = List.copyOf(bookings);
        lines = List.copyOf(lines);
        tips = List.copyOf(tips);
        tenders = List.copyOf(tenders);
        discount = discount == null ? Discount.NONE : discount;
        note = note == null ? "" : note;
        requestId = requestId == null ? UUID.randomUUID() : requestId;
    }

    /** The bill it makes: every amount, and the first problem when there is one. */
    public Bill bill() {
        return Bill.of(this);
    }
}
