package app.salondesk.clients;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber;

import java.util.Optional;

/** Phone numbers as staff type them ("067 123 45 67", "+380 (67) 123-45-67") to one E.164 form. */
public final class PhoneNumbers {

    /** Where a number without a country code is assumed to be. */
    public static final String DEFAULT_REGION = "UA";

    private static final PhoneNumberUtil UTIL = PhoneNumberUtil.getInstance();

    private PhoneNumbers() {
    }

    /** The E.164 form ("+380671234567"), or empty when this is not a valid phone number. */
    public static Optional<String> normalise(String typed, String defaultRegion) {
        if (typed == null || typed.isBlank() || typed.length() > 40) {
            return Optional.empty();
        }
        try {
            Phonenumber.PhoneNumber n = UTIL.parse(typed, defaultRegion);
            return UTIL.isValidNumber(n) ? Optional.of(UTIL.format(n, PhoneNumberUtil.PhoneNumberFormat.E164)) : Optional.empty();
        } catch (NumberParseException e) {
            return Optional.empty();
        }
    }

    /** How a stored E.164 number is shown to staff ("+380 67 123 4567"); null or unparsable as given. */
    public static String display(String e164) {
        if (e164 == null || e164.isBlank()) {
            return e164;
        }
        try {
            return UTIL.format(UTIL.parse(e164, DEFAULT_REGION), PhoneNumberUtil.PhoneNumberFormat.INTERNATIONAL);
        } catch (NumberParseException e) {
            return e164;
        }
    }

    /** The calling code of a region ("380" for UA). */
    static String countryCode(String region) {
        return Integer.toString(UTIL.getCountryCodeForRegion(region));
    }

    /** The digit dialled before a national number inside the country ("0" in UA), or "". */
    static String nationalPrefix(String region) {
        String p = UTIL.getNddPrefixForRegion(region, true);
        return p == null ? "" : p;
    }
}
