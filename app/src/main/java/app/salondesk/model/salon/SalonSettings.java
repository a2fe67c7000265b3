package app.salondesk.model.salon;

import java.time.ZoneId;
import java.util.Currency;

/**
 * What a salon says about itself (the first-start wizard, Salon settings, {@code salons add}):
 * its name, address and phone, the zone every time is shown in, the currency prices are
 * written in, and the country whose way of writing phone numbers the desk reads.
 *
 * @param country ISO 3166-1 alpha-2, e.g. {@code UA}
 */
public record SalonSettings(String name, String address, String phone, ZoneId zone, Currency currency, String country) {
}
