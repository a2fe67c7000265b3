package app.salondesk.model.clients;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber;

import java.util.Optional;

/**
 * Phone numbers as staff type them ("067 123 45 67", "+380 (67) 123-45-67") to one E.164 form,
 * and back to the way the salon's country writes them. A number without +code is read as a
 * number of the salon's country ({@code Salon.country()}): a receptionist types it the way
 * people say it locally. The database keeps E.164 only.
 */
public final class PhoneNumbers {

    /**
     * The region of a salon that says nothing else (the database's default country).
     *
     * @deprecated read numbers for the salon's country ({@code Salon.country()}); kept so that
     * code written before salons had a country still compiles
     */
    @Deprecated
    public static final String DEFAULT_REGION = "UA";

    /** libphonenumber's "unknown region": only numbers written with +code are read. */
    public static final String NO_REGION = "ZZ";

    private static final PhoneNumberUtil UTIL = PhoneNumberUtil.getInstance();

    private PhoneNumbers() {
    }

    /**
     * The E.164 form ("+380671234567"), or empty when this is not a valid phone number.
     *
     * @param region the salon's country (ISO 3166-1 alpha-2): how a number without +code is read
     */
    public static Optional<String> normalise(String typed, String region) {
        if (typed == null || typed.isBlank() || typed.length() > 40) {
            return Optional.empty();
        }
        try {
            Phonenumber.PhoneNumber n = UTIL.parse(typed, region);
            return UTIL.isValidNumber(n) ? Optional.of(UTIL.format(n, PhoneNumberUtil.PhoneNumberFormat.E164)) : Optional.empty();
        } catch (NumberParseException e) {
            return Optional.empty();
        }
    }

    /**
     * How a stored E.164 number is shown to staff of a salon in {@code region}: a number of that
     * country as it is dialled there ("067 123 4567" in Ukraine), a foreign one with its code
     * ("+48 600 700 800"); null or unparsable as given.
     */
    public static String display(String e164, String region) {
        if (e164 == null || e164.isBlank()) {
            return e164;
        }
        try {
            Phonenumber.PhoneNumber n = UTIL.parse(e164, region);
            boolean local = region != null && region.equals(UTIL.getRegionCodeForNumber(n));
            return UTIL.format(n, local ? PhoneNumberUtil.PhoneNumberFormat.NATIONAL : PhoneNumberUtil.PhoneNumberFormat.INTERNATIONAL);
        } catch (NumberParseException e) {
            return e164;
        }
    }

    /** A mobile number of the region as it is written there, for a field's prompt ("050 123 4567"); "" if none is known. */
    public static String example(String region) {
        Phonenumber.PhoneNumber n = UTIL.getExampleNumberForType(region, PhoneNumberUtil.PhoneNumberType.MOBILE);
        return n == null ? "" : UTIL.format(n, PhoneNumberUtil.PhoneNumberFormat.NATIONAL);
    }

    /** Whether libphonenumber knows how the region writes numbers (a country a salon may choose). */
    public static boolean knownRegion(String region) {
        return region != null && UTIL.getSupportedRegions().contains(region);
    }

    /** Every region libphonenumber knows, for the salon's country list. */
    public static java.util.Set<String> regions() {
        return UTIL.getSupportedRegions();
    }

    /** The calling code of a region as people write it ("+380" for UA). */
    public static String callingCode(String region) {
        return "+" + countryCode(region);
    }

    /** The calling code of a region ("380" for UA). */
    public static String countryCode(String region) {
        return Integer.toString(UTIL.getCountryCodeForRegion(region));
    }

    /** The digit dialled before a national number inside the country ("0" in UA), or "". */
    public static String nationalPrefix(String region) {
        String p = UTIL.getNddPrefixForRegion(region, true);
        return p == null ? "" : p;
    }
}
