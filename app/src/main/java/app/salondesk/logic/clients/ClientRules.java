package app.salondesk.logic.clients;

import app.salondesk.model.clients.ClientProblem;
import app.salondesk.model.clients.PhoneNumbers;

import java.util.Optional;

/**
 * What a client's name, phone and notes must be. The card checks as the user types, the
 * repository checks again before writing: one set of rules for both.
 */
public final class ClientRules {

    /** Notes are free text (allergies, preferences); the bound only stops a pasted novel. */
    public static final int MAX_NOTES_LENGTH = 4000;

    private ClientRules() {
    }

    /** The name as stored: surrounding spaces are a typing accident, not part of the name. */
    public static String cleanName(String name) {
        return name == null ? "" : name.strip();
    }

    public static Optional<ClientProblem> checkName(String name) {
        String n = cleanName(name);
        if (n.isEmpty()) {
            return Optional.of(ClientProblem.NAME_MISSING);
        }
        if (n.length() > ClientRepository.MAX_NAME_LENGTH) {
            return Optional.of(ClientProblem.NAME_TOO_LONG);
        }
        // a pasted tab or line break would break every list and calendar entry that shows the name
        if (n.chars().anyMatch(ch -> ch < 0x20 || ch == 0x7f)) {
            return Optional.of(ClientProblem.NAME_BAD_CHARACTERS);
        }
        return Optional.empty();
    }

    /** An already normalised phone: null (none) or E.164 that libphonenumber accepts. */
    public static Optional<ClientProblem> checkE164(String e164OrNull) {
        if (e164OrNull == null) {
            return Optional.empty();
        }
        // E.164 carries its country: no region is needed (or wanted) to read it
        return PhoneNumbers.normalise(e164OrNull, PhoneNumbers.NO_REGION).filter(e164OrNull::equals).isPresent()
                ? Optional.empty() : Optional.of(ClientProblem.PHONE_INVALID);
    }

    public static Optional<ClientProblem> checkNotes(String notes) {
        return notes != null && notes.length() > MAX_NOTES_LENGTH ? Optional.of(ClientProblem.NOTES_TOO_LONG) : Optional.empty();
    }
}
