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
 * The calendar's questions to the database's rule book ({@link RuleBookBatch}, migration 29). A
 * drag's targets are asked as the desk will send the move: its hours not waived (a drag sends no
 * override).
 */
public final class RuleBookQuestions implements RuleQuestions {

    private final RuleBookBatch batch;

    public RuleBookQuestions(RuleBookBatch batch) {
        this.batch = batch;
    }

    @Override
    public List<RuleBookBatch.Verdict> drops(Salon salon, BookingRef ref, int minutes, List<Long> masters, List<LocalDateTime> times) {
        return batch.moves(salon.id(), ref.bookingId(), ref.masterId(), ref.serviceId(), minutes, false, masters, times);
    }

    @Override
    public Optional<FreeSlot> firstFree(Salon salon, List<Long> masters, int minutes, LocalDate day, int step) {
        return batch.firstFree(salon.id(), masters, null, minutes, day, step);
    }
}
