package app.salondesk.logic.calendar;

import app.salondesk.logic.booking.RuleBookBatch;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.salon.Salon;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;

/**
 * What the calendar asks the rule book before anything is written (issue 30: the desk's previews
 * and Ctrl+N ask the database's one definition of the rules, in batches, never on the FX thread):
 * in the app {@link RuleBookQuestions}, through {@link RuleBookBatch}.
 */
public interface RuleQuestions {

    /**
     * Where the booking of {@code ref}, {@code minutes} long, may land: the answer for every master
     * given at every salon wall-clock time given, as a move of it would be asked.
     */
    List<RuleBookBatch.Verdict> drops(Salon salon, BookingRef ref, int minutes, List<Long> masters, List<LocalDateTime> times);

    /**
     * The first start of salon day {@code day} among {@code masters} (earliest, then in the order
     * given) at which a new booking of {@code minutes} without a service may be made, on a grid of
     * {@code step} minutes from each working interval's start.
     */
    Optional<FreeSlot> firstFree(Salon salon, List<Long> masters, int minutes, LocalDate day, int step);
}
