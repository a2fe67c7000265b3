package app.salondesk.logic.setup;

import app.salondesk.logic.salon.Refusal;
import app.salondesk.model.salon.Salon;

/** How a change of a salon's setup ended: done, or refused by the database for a reason a person can act on. */
public sealed interface SetupResult {

    /** @param salon the salon as it is now (for a removal: the one that was removed) */
    record Done(Salon salon) implements SetupResult {
    }

    record Refused(Refusal reason) implements SetupResult {
    }
}
