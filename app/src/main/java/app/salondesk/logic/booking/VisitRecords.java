package app.salondesk.logic.booking;

import app.salondesk.logic.clients.ClientRecordRepository;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.Formula;
import app.salondesk.model.clients.FormulaLine;
import app.salondesk.model.clients.RecordOutcome;
import app.salondesk.model.clients.RecordProblem;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.CLIENT_FORMULAS;

/**
 * What was done on a visit (issue 36): the colour formula's lines of a booking, and "copy last formula" —
 * the lines of the client's latest booking that has any. Here, beside the bookings table it joins; the
 * rest of the record is {@link ClientRecordRepository}'s. A formula is of its booking's client: the
 * database takes the client from the booking (migration 40).
 */
public final class VisitRecords {

    private final DSLContext dsl;

    public VisitRecords(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Adds the lines to the booking, all or none (one transaction). */
    public RecordOutcome<List<Formula>> addFormula(long tenantId, long bookingId, List<FormulaLine> lines, Source source) {
        if (lines.isEmpty()) {
            return RecordOutcome.refused(RecordProblem.PRODUCT_MISSING);
        }
        for (FormulaLine line : lines) {
            Optional<RecordProblem> p = line.problem();
            if (p.isPresent()) {
                return RecordOutcome.refused(p.get());
            }
        }
        try {
            List<Formula> made = dsl.transactionResult(cfg -> {
                DSLContext tx = cfg.dsl();
                tx.resultQuery("SELECT set_config('salondesk.source', ?, true)", source.dbValue()).fetch();
                List<Long> ids = new ArrayList<>();
                for (FormulaLine l : lines) {
                    ids.add(tx.insertInto(CLIENT_FORMULAS)
                            .set(CLIENT_FORMULAS.TENANT_ID, tenantId)
                            .set(CLIENT_FORMULAS.BOOKING_ID, bookingId)
                            .set(CLIENT_FORMULAS.PRODUCT, l.product())
                            .set(CLIENT_FORMULAS.SHADE, l.shade())
                            .set(CLIENT_FORMULAS.DEVELOPER, l.developer())
                            .set(CLIENT_FORMULAS.RATIO, l.ratio())
                            .set(CLIENT_FORMULAS.MINUTES, l.minutes())
                            .set(CLIENT_FORMULAS.ZONE, l.zone())
                            .set(CLIENT_FORMULAS.NOTE, l.note())
                            .returning(CLIENT_FORMULAS.ID).fetchOne(CLIENT_FORMULAS.ID));
                }
                return query(tx).where(CLIENT_FORMULAS.TENANT_ID.eq(tenantId).and(CLIENT_FORMULAS.ID.in(ids)))
                        .orderBy(CLIENT_FORMULAS.ID).fetch(VisitRecords::formula);
            });
            return RecordOutcome.saved(made);
        } catch (DataAccessException e) {
            String state = e.sqlState();
            if ("23503".equals(state)) {
                return RecordOutcome.refused(RecordProblem.UNKNOWN_BOOKING);
            }
            if ("42501".equals(state)) {
                return RecordOutcome.refused(RecordProblem.NO_PERMISSION);
            }
            if (state != null && (state.startsWith("22") || "23514".equals(state))) {
                return RecordOutcome.refused(RecordProblem.TOO_LONG);
            }
            throw e;
        }
    }

    /** The client's formula lines, newest visit first, each visit's lines in the order written. */
    public List<Formula> formulas(long tenantId, long clientId) {
        return query(dsl).where(CLIENT_FORMULAS.TENANT_ID.eq(tenantId).and(CLIENT_FORMULAS.CLIENT_ID.eq(clientId)))
                .orderBy(BOOKINGS.STARTS_AT.desc(), CLIENT_FORMULAS.BOOKING_ID.desc(), CLIENT_FORMULAS.ID)
                .fetch(VisitRecords::formula);
    }

    /** "Copy last formula": the lines of the client's latest visit that has a formula, before {@code before} (null: any). */
    public List<FormulaLine> lastFormula(long tenantId, long clientId, Long exceptBooking) {
        List<Formula> all = formulas(tenantId, clientId);
        Long latest = all.stream().map(Formula::bookingId).filter(b -> !b.equals(exceptBooking)).findFirst().orElse(null);
        return all.stream().filter(f -> f.bookingId() == (latest == null ? -1 : latest)).map(Formula::line).toList();
    }

    private static org.jooq.SelectOnConditionStep<Record> query(DSLContext dsl) {
        return dsl.select(CLIENT_FORMULAS.fields()).select(BOOKINGS.STARTS_AT).from(CLIENT_FORMULAS)
                .join(BOOKINGS).on(BOOKINGS.TENANT_ID.eq(CLIENT_FORMULAS.TENANT_ID).and(BOOKINGS.ID.eq(CLIENT_FORMULAS.BOOKING_ID)));
    }

    private static Formula formula(Record r) {
        var f = r.into(CLIENT_FORMULAS);
        return new Formula(f.getId(), f.getBookingId(), r.get(BOOKINGS.STARTS_AT).toInstant(),
                new FormulaLine(f.getProduct(), f.getShade(), f.getDeveloper(), f.getRatio(), f.getMinutes(), f.getZone(), f.getNote()),
                f.getCreatedAt().toInstant(), f.getCreatedBy());
    }
}
