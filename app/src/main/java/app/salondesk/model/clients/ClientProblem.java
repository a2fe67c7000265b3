package app.salondesk.model.clients;

import java.util.Locale;

/**
 * Why a client cannot be saved as typed. Each has a message key in the bundles
 * ({@code client.invalid.<name in lower case>}) and names the field of the card it concerns.
 */
public enum ClientProblem {
    NAME_MISSING("name"),
    NAME_TOO_LONG("name"),
    NAME_BAD_CHARACTERS("name"),
    PHONE_INVALID("phone"),
    NOTES_TOO_LONG("notes"),
    UNKNOWN_CLIENT("");

    private final String field;

    ClientProblem(String field) {
        this.field = field;
    }

    /** The card field the problem concerns ("" when none in particular). */
    public String field() {
        return field;
    }

    public String messageKey() {
        return "client.invalid." + name().toLowerCase(Locale.ROOT);
    }
}
