package app.salondesk.gui.clients;

import app.salondesk.logic.clients.ClientRecordRepository;
import app.salondesk.logic.clients.RecordCorrections;
import app.salondesk.model.booking.PatchResult;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.ClientNote;
import app.salondesk.model.clients.Formula;
import app.salondesk.model.clients.FormulaLine;
import app.salondesk.model.clients.PatchTest;

import java.time.LocalDate;

/**
 * An admin's corrections and removals in the Record… window (issue 36): a note's text, a formula's fields, a
 * patch test's day, result and products, or the line removed. The database decides (migration 40's column
 * grants and {@code salondesk_delete_client_record} are an admin's) and writes the history; the window says
 * what became of it and shows the record again. No controls here.
 */
public final class RecordCorrectionsViewModel {

    private final long salonId;
    private final ClientRecordViewModel record;
    private final RecordCorrections corrections;
    private final ClientRecordRepository records;

    public RecordCorrectionsViewModel(long salonId, ClientRecordViewModel record, RecordCorrections corrections, ClientRecordRepository records) {
        this.salonId = salonId;
        this.record = record;
        this.corrections = corrections;
        this.records = records;
    }

    public ClientRecordViewModel record() {
        return record;
    }

    public void correctNote(ClientNote note, String body) {
        record.change(() -> corrections.note(salonId, note.id(), body, Source.FORM), "record.corrected");
    }

    public void correctFormula(Formula formula, FormulaLine line) {
        record.change(() -> corrections.formula(salonId, formula.id(), line, Source.FORM), "record.corrected");
    }

    public void correctTest(PatchTest test, LocalDate testedOn, PatchResult result, String products) {
        record.change(() -> corrections.patchTest(salonId, test.id(), testedOn, result, products, Source.FORM), "record.corrected");
    }

    public void delete(ClientRecordRepository.Kind kind, long id) {
        record.change(() -> records.delete(salonId, kind, id, Source.FORM), "record.deleted");
    }
}
