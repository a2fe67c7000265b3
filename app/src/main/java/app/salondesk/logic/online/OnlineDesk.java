package app.salondesk.logic.online;

import app.salondesk.model.online.LinkMove;
import app.salondesk.model.online.LinkMoveOutcome;
import app.salondesk.model.online.OnlineBooking;
import app.salondesk.model.online.OnlineMaster;
import app.salondesk.model.online.OnlineOutcome;
import app.salondesk.model.online.OnlineRequest;
import app.salondesk.model.online.OnlineSalon;
import app.salondesk.model.online.OnlineService;
import app.salondesk.model.online.OnlineTime;
import app.salondesk.model.online.OnlineWaitRequest;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * Everything the online booking page may ask of a salon: the web road's only door into the
 * database (issue 13). The web handlers parse and validate a request, call this, and render
 * the answer; they hold no SQL and no business rules. The implementation connects as the
 * least-privileged online login ({@code salondesk_online} group): what it cannot read or write
 * is refused by PostgreSQL, not by this interface. A booking goes through the same
 * {@code BookingEngine} as the desk's form (source {@code online}, the same named per-master lock).
 *
 * <p>Every method may throw {@link org.jooq.exception.DataAccessException} when the database
 * cannot be reached; the web road turns that into its "we are not reachable" page.
 */
public interface OnlineDesk {

    /** The salon at {@code /<slug>}, only while its online booking is switched on. */
    Optional<OnlineSalon> salon(String slug);

    /** Active services the salon sells online, in its order (grouped by category on the page). */
    List<OnlineService> services(long tenantId);

    /** The masters bookable online who do this service, each with their own length and price. */
    List<OnlineMaster> masters(long tenantId, long serviceId);

    /**
     * Free starts on one day of the salon's calendar for a service, with one master or any
     * ({@code masterId} null), inside the salon's minimum notice and how far ahead it books.
     */
    List<OnlineTime> freeTimes(long tenantId, long serviceId, Long masterId, LocalDate day);

    /**
     * The consent forms a booking of the service needs signed on the page (issue 36), each in
     * {@code language} where written, else in the first language it is written in; empty for most services.
     */
    List<app.salondesk.model.online.OnlineConsentForm> consentForms(long tenantId, long serviceId, String language);

    /**
     * Books through the engine; a service with consent forms needs {@link OnlineRequest#consent()} to sign
     * every one as shown, and the signatures are written in the booking's own transaction. The same request
     * id again answers with the booking already made.
     */
    OnlineOutcome book(OnlineRequest request);

    /** The booking behind a private link, if the token names one. */
    Optional<OnlineBooking> booking(String token);

    /** Cancels the booking behind a private link, if the salon's cut-off still allows it. */
    CancelOutcome cancel(String token);

    /**
     * A client's "another time" by her message's private link (issue 33): the booking the link
     * speaks of is moved through the same engine as a drag at the desk — the masters' named locks,
     * the version she saw, the rule book, the savepoint — with the link checked and spent in the
     * same transaction (migration 31), recorded as the online road's. "Taken" offers the nearest
     * free starts the page may offer.
     */
    LinkMoveOutcome moveByLink(LinkMove move);

    /**
     * "No time suits me": puts the client on the salon's waitlist (issue 14), through the
     * database's own function for the online login; the salon's worker books the first time
     * that frees up, pending, and the desk calls the client.
     */
    WaitOutcome joinWaitlist(OnlineWaitRequest request);

    /** The answer to joining the waitlist: on it, or why not ({@code field} "" or the form field; {@code reason} a bundle key). */
    sealed interface WaitOutcome {
        record Joined(long entryId) implements WaitOutcome {
        }

        record Invalid(String field, String reason) implements WaitOutcome {
        }
    }

    /** What a client may cancel: the answer to a private link's "Cancel". */
    enum CancelOutcome { CANCELLED, ALREADY_CANCELLED, TOO_LATE, NOT_FOUND, TRY_AGAIN }

}
