package app.salondesk.model.salon;

import java.time.ZoneId;
import java.util.Currency;

/**
 * A salon (tenant) as the desk works with it: all times its staff see are in its own time
 * zone, prices are written in its currency, and phone numbers typed without a country code
 * are read as numbers of its country.
 *
 * @param country ISO 3166-1 alpha-2 ("UA", "PL"): how a phone number without +code is read
 */
public record Salon(long id, String name, ZoneId zone, Currency currency, String country) {

    /** The currency and country a salon has unless told otherwise (the columns' defaults, migration 11). */
    public static final Currency DEFAULT_CURRENCY = Currency.getInstance("UAH");
    public static final String DEFAULT_COUNTRY = "UA";

    /** A salon with the database's default currency and country (hryvnia, Ukraine). */
    public Salon(long id, String name, ZoneId zone) {
        this(id, name, zone, DEFAULT_CURRENCY, DEFAULT_COUNTRY);
    }
}
