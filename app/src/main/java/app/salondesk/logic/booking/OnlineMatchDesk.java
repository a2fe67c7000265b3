package app.salondesk.logic.booking;

import java.util.Optional;

/**
 * The desk's side of an online booking whose phone is a client's but whose typed name is not
 * (issue 29, ADR 26): the page never told the visitor whose phone it was, and the booking keeps
 * the typed name until a receptionist or admin says whether the two are one person.
 */
public interface OnlineMatchDesk {

    /** The booking's match still to decide, if it has one. */
    Optional<OnlineMatch> unconfirmed(long bookingId);

    /**
     * Same person: the booking stays on the phone's client. Keep apart: the typed name becomes a
     * client of her own (without a phone: the phone is the other client's) and the booking moves to her.
     */
    Decision decide(long bookingId, boolean samePerson);

    /**
     * "Booked online as {@code typedName} — phone {@code phone} matches client {@code clientName}".
     *
     * @param phone E.164, as typed on the page
     */
    record OnlineMatch(long bookingId, String typedName, String phone, String clientName) {
    }

    /** What a decision came to. */
    sealed interface Decision {
        /** Decided: the booking's client and version now (the version moves on when it moved). */
        record Decided(long clientId, int version) implements Decision {
        }

        /** Someone decided it meanwhile (or there was nothing to decide). */
        record AlreadyDecided() implements Decision {
        }

        /** This login may not (a manager): the database said so. */
        record NotAllowed() implements Decision {
        }
    }
}
