package app.salondesk.model.clients;

import java.util.Locale;

/**
 * Why a piece of a client's record (issue 36) cannot be saved as typed. Each has a message key in the
 * bundles ({@code record.invalid.<name in lower case>}).
 */
public enum RecordProblem {
    NOTE_EMPTY, NOTE_TOO_LONG, PRODUCT_MISSING, TOO_LONG, BAD_CHARACTERS, MINUTES_OUT_OF_RANGE,
    TAG_INVALID, TOO_MANY_TAGS, SOURCE_TOO_LONG, BIRTHDAY_OUT_OF_RANGE, DATE_INVALID,
    PHOTO_UNREADABLE, PHOTO_TOO_LARGE, PHOTO_TOO_MANY_PIXELS, PHOTOS_TOO_MANY,
    SIGNATURE_NAME_MISSING, SIGNATURE_NOT_TICKED, CONSENT_NO_TEXT, UNKNOWN_CLIENT, UNKNOWN_BOOKING, UNKNOWN_RECORD,
    NO_PERMISSION;

    public String messageKey() {
        return "record.invalid." + name().toLowerCase(Locale.ROOT);
    }

    static boolean hasControl(String s) {
        return s.chars().anyMatch(c -> c < 0x20 || c == 0x7f);
    }
}
