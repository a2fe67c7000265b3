package app.salondesk.model.booking;

/**
 * Why a request cannot be carried out as asked. Each has a message key in the bundles
 * ({@code invalid.<name in lower case>}) and names the field of the form it concerns.
 */
public enum InvalidReason {
    UNKNOWN_MASTER("master"),
    MASTER_INACTIVE("master"),
    UNKNOWN_SERVICE("service"),
    /** A service the salon no longer sells: its bookings stay, new ones are not made. */
    SERVICE_INACTIVE("service"),
    SERVICE_NOT_OFFERED("service"),
    UNKNOWN_CLIENT("client"),
    CLIENT_NAME_MISSING("client"),
    CLIENT_NAME_TOO_LONG("client"),
    PHONE_INVALID("phone"),
    UNKNOWN_BOOKING("booking"),
    START_MISSING("start"),
    START_IN_PAST("start"),
    DURATION_MISSING("duration"),
    DURATION_OUT_OF_RANGE("duration"),
    OUTSIDE_WORKING_HOURS("start"),
    MASTER_TIME_OFF("start"),
    NOTE_TOO_LONG("note"),
    /**
     * The booking is paid (issue 34): it stays completed where it was until an admin voids its sale
     * (migration 35's trigger, SQLSTATE 55000 {@code booking_paid}).
     */
    PAID(""),
    /** The database refused the login this change (its role may not, or not in this salon). */
    NO_PERMISSION(""),
    /**
     * The database's disk is full (SQLSTATE 53100): the write was refused whole and nothing is
     * half-written; it works again once space is freed (ADR 16).
     */
    DISK_FULL(""),
    /**
     * The service needs a patch test the client has not passed recently enough (issue 36, migration 41);
     * the detail is {@link PatchTestState#detail()}: why, and the last test's day.
     */
    PATCH_TEST_NEEDED("client"),
    BAD_VALUE("");

    private final String field;

    InvalidReason(String field) {
        this.field = field;
    }

    /** The form field the reason concerns ("" when none in particular). */
    public String field() {
        return field;
    }

    public String messageKey() {
        return "invalid." + name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The sentence a person reads for this reason with its detail: the bundle's {@link #messageKey()}
     * with the detail — for a patch test, its last test said in words ("last: failed on 3 Mar 2026").
     */
    public String sentence(app.salondesk.i18n.Messages messages, String detail) {
        if (this == PATCH_TEST_NEEDED) {
            String last = PatchTestState.fromDetail(detail)
                    .map(s -> s.lastWords(messages, java.time.LocalDate.now()))
                    .orElseGet(() -> messages.get("patchTest.last.none"));
            return messages.format(messageKey(), last);
        }
        return messages.format(messageKey(), detail);
    }
}
