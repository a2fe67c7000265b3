package app.salondesk.logic.clients;

import app.salondesk.model.booking.PatchResult;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.FormulaLine;
import app.salondesk.model.clients.RecordOutcome;
import app.salondesk.model.clients.RecordProblem;
import org.jooq.DSLContext;

import java.time.LocalDate;

import static app.salondesk.jooq.Tables.CLIENT_FORMULAS;
import static app.salondesk.jooq.Tables.CLIENT_NOTES;
import static app.salondesk.jooq.Tables.PATCH_TESTS;

/**
 * An admin's corrections of a client's record (issue 36: "admins correct and delete"): a note's text, a
 * formula's fields, a patch test's day, result and products. The database decides who may — migration 40's
 * column grants give these columns to admins only, so a receptionist's correction is refused there (42501,
 * {@link RecordProblem#NO_PERMISSION}) whatever the desk offers — and its history triggers record who changed
 * what from what. Deleting is {@link ClientRecordRepository#delete}.
 */
public final class RecordCorrections {

    private final ClientRecordRepository record;

    public RecordCorrections(DSLContext dsl) {
        this.record = new ClientRecordRepository(dsl);
    }

    /** A note's text corrected (its alert tick is anyone's, {@link ClientRecordRepository#setAlert}). */
    public RecordOutcome<Long> note(long tenantId, long noteId, String body, Source source) {
        String text = body == null ? "" : body.strip();
        if (text.isEmpty()) {
            return RecordOutcome.refused(RecordProblem.NOTE_EMPTY);
        }
        if (text.length() > ClientRecordRepository.MAX_NOTE_LENGTH) {
            return RecordOutcome.refused(RecordProblem.NOTE_TOO_LONG);
        }
        return record.write(source, tx -> tx.update(CLIENT_NOTES).set(CLIENT_NOTES.BODY, text)
                .where(CLIENT_NOTES.TENANT_ID.eq(tenantId).and(CLIENT_NOTES.ID.eq(noteId)))
                .returning(CLIENT_NOTES.ID).fetchOne(CLIENT_NOTES.ID));
    }

    /** A formula's fields corrected; the visit it belongs to stays. */
    public RecordOutcome<Long> formula(long tenantId, long formulaId, FormulaLine line, Source source) {
        var problem = line.problem();
        if (problem.isPresent()) {
            return RecordOutcome.refused(problem.get());
        }
        return record.write(source, tx -> tx.update(CLIENT_FORMULAS)
                .set(CLIENT_FORMULAS.PRODUCT, line.product())
                .set(CLIENT_FORMULAS.SHADE, line.shade())
                .set(CLIENT_FORMULAS.DEVELOPER, line.developer())
                .set(CLIENT_FORMULAS.RATIO, line.ratio())
                .set(CLIENT_FORMULAS.MINUTES, line.minutes())
                .set(CLIENT_FORMULAS.ZONE, line.zone())
                .set(CLIENT_FORMULAS.NOTE, line.note())
                .where(CLIENT_FORMULAS.TENANT_ID.eq(tenantId).and(CLIENT_FORMULAS.ID.eq(formulaId)))
                .returning(CLIENT_FORMULAS.ID).fetchOne(CLIENT_FORMULAS.ID));
    }

    /** A patch test's day, result and products corrected. */
    public RecordOutcome<Long> patchTest(long tenantId, long testId, LocalDate testedOn, PatchResult result, String products, Source source) {
        String p = products == null ? "" : products.strip();
        if (testedOn == null || testedOn.isBefore(LocalDate.of(2000, 1, 1))) {
            return RecordOutcome.refused(RecordProblem.DATE_INVALID);
        }
        if (p.length() > 200) {
            return RecordOutcome.refused(RecordProblem.TOO_LONG);
        }
        return record.write(source, tx -> tx.update(PATCH_TESTS)
                .set(PATCH_TESTS.TESTED_ON, testedOn)
                .set(PATCH_TESTS.RESULT, result.dbValue())
                .set(PATCH_TESTS.PRODUCTS, p)
                .where(PATCH_TESTS.TENANT_ID.eq(tenantId).and(PATCH_TESTS.ID.eq(testId)))
                .returning(PATCH_TESTS.ID).fetchOne(PATCH_TESTS.ID));
    }
}
