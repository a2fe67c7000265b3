package app.salondesk.model.online;

import java.time.ZoneId;
import java.util.Currency;

/**
 * A salon as its online page shows it, with the rules of its online booking.
 *
 * @param country          ISO 3166-1 alpha-2: how a client's phone without +code is read
 * @param daysAhead        how far ahead clients may book (days from today in the salon's zone)
 * @param minNoticeMin     how soon the earliest bookable start is (minutes from now)
 * @param cancelCutoffMin  until how long before the start a client may cancel online (minutes)
 * @param arriveConfirmed  whether online bookings arrive confirmed (else pending)
 */
public record OnlineSalon(long tenantId, String slug, String name, String address, String phone,
                          ZoneId zone, Currency currency, String country,
                          int daysAhead, int minNoticeMin, int cancelCutoffMin, boolean arriveConfirmed) {
}
