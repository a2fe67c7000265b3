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
}
