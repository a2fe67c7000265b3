package app.salondesk.logic.clients;

import app.salondesk.model.booking.PatchResult;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.FormulaLine;
import app.salondesk.model.clients.RecordOutcome;
import app.salondesk.model.clients.RecordProblem;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An admin corrects and deletes a note, a formula and a patch test (issue 36), through real logins on a real
 * PostgreSQL: each change is in the client's history in the admin's name with what it was; a receptionist's
 * login trying the same is refused by the database and changes nothing.
 */
class RecordCorrectionsTest {

    private static ClientsFixture fx;
    private static StaffLogins logins;
    private static DSLContext admin;
    private static DSLContext receptionist;
    private static String adminLogin;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("record_corrections");
        logins = new StaffLogins(fx.dsl, fx.backend.database().settings());
        adminLogin = logins.add(fx.tenant, "adm", "admin");
        admin = logins.dsl(adminLogin);
        receptionist = logins.dsl(logins.add(fx.tenant, "rec", "receptionist"));
    }

    @AfterAll
    static void close() {
        logins.close();
        fx.close();
    }

    private static long id(String sql) {
        return fx.dsl.resultQuery(sql).fetchOne(0, Long.class);
    }

    private static String one(String sql) {
        return fx.dsl.resultQuery(sql).fetchOne(0, String.class);
    }

    @Test
    void anAdminCorrectsANoteAFormulaAndAPatchTestAndTheHistorySaysWhatTheyWere() {
        long note = id("INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + fx.tenant + ", " + fx.iryna
                + ", 'Alergic to amonia') RETURNING id");
        long formula = id("INSERT INTO client_formulas (tenant_id, booking_id, product, shade, minutes) VALUES (" + fx.tenant + ", "
                + fx.irynaBookings[4] + ", 'Igora', '7-1', 35) RETURNING id");
        long test = id("INSERT INTO patch_tests (tenant_id, client_id, tested_on, result) VALUES (" + fx.tenant + ", " + fx.iryna
                + ", DATE '2026-02-01', 'fail') RETURNING id");
        RecordCorrections byReceptionist = new RecordCorrections(receptionist);
        assertEquals(RecordProblem.NO_PERMISSION, refused(byReceptionist.note(fx.tenant, note, "rewritten", Source.FORM)));
        assertEquals(RecordProblem.NO_PERMISSION, refused(byReceptionist.formula(fx.tenant, formula,
                new FormulaLine("Other", "1-0", "", "", 10, "", ""), Source.FORM)));
        assertEquals(RecordProblem.NO_PERMISSION, refused(byReceptionist.patchTest(fx.tenant, test, LocalDate.of(2026, 2, 2),
                PatchResult.PASS, "", Source.FORM)));
        assertEquals("Alergic to amonia", one("SELECT body FROM client_notes WHERE id = " + note));
        assertEquals("7-1", one("SELECT shade FROM client_formulas WHERE id = " + formula));
        assertEquals("fail", one("SELECT result FROM patch_tests WHERE id = " + test));

        RecordCorrections byAdmin = new RecordCorrections(admin);
        saved(byAdmin.note(fx.tenant, note, "Allergic to ammonia", Source.FORM));
        saved(byAdmin.formula(fx.tenant, formula, new FormulaLine("Igora Royal", "7-12", "6%", "1:1", 40, "roots", ""), Source.FORM));
        saved(byAdmin.patchTest(fx.tenant, test, LocalDate.of(2026, 2, 3), PatchResult.PASS, "Igora 7-12", Source.FORM));
        assertEquals("Allergic to ammonia", one("SELECT body FROM client_notes WHERE id = " + note));
        assertEquals("7-12|6%|40", one("SELECT shade || '|' || developer || '|' || minutes FROM client_formulas WHERE id = " + formula));
        assertEquals("2026-02-03|pass", one("SELECT tested_on || '|' || result FROM patch_tests WHERE id = " + test));
        for (String[] k : new String[][]{{"note", Long.toString(note), "Alergic to amonia"}, {"formula", Long.toString(formula), "7-1"},
                {"patch_test", Long.toString(test), "fail"}}) {
            String changes = one("SELECT changes::text FROM client_history WHERE kind = '" + k[0] + "' AND operation = 'UPDATE' AND record_id = "
                    + k[1] + " AND changed_by = '" + adminLogin + "'");
            assertTrue(changes != null && changes.contains(k[2]), k[0] + ": the history keeps what it was: " + changes);
        }
        assertEquals(RecordProblem.NOTE_EMPTY, refused(byAdmin.note(fx.tenant, note, "  ", Source.FORM)));
        assertEquals(RecordProblem.UNKNOWN_RECORD, refused(byAdmin.note(fx.tenant, 999_999, "x", Source.FORM)));
    }

    @Test
    void anAdminDeletesEachKindAReceptionistCannotAndTheHistoryKeepsIt() {
        long note = id("INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + fx.tenant + ", " + fx.iryna
                + ", 'Wrong client') RETURNING id");
        long formula = id("INSERT INTO client_formulas (tenant_id, booking_id, product) VALUES (" + fx.tenant + ", "
                + fx.irynaBookings[4] + ", 'Mistake') RETURNING id");
        long test = id("INSERT INTO patch_tests (tenant_id, client_id, tested_on, result) VALUES (" + fx.tenant + ", " + fx.iryna
                + ", DATE '2026-02-05', 'pending') RETURNING id");
        ClientRecordRepository byReceptionist = new ClientRecordRepository(receptionist);
        ClientRecordRepository byAdmin = new ClientRecordRepository(admin);
        for (Object[] k : new Object[][]{{ClientRecordRepository.Kind.NOTE, note, "client_notes", "note"},
                {ClientRecordRepository.Kind.FORMULA, formula, "client_formulas", "formula"},
                {ClientRecordRepository.Kind.PATCH_TEST, test, "patch_tests", "patch_test"}}) {
            var kind = (ClientRecordRepository.Kind) k[0];
            long id = (Long) k[1];
            assertEquals(RecordProblem.NO_PERMISSION, refused(byReceptionist.delete(fx.tenant, kind, id, Source.FORM)));
            assertEquals("1", one("SELECT count(*) FROM " + k[2] + " WHERE id = " + id));
            saved(byAdmin.delete(fx.tenant, kind, id, Source.FORM));
            assertEquals("0", one("SELECT count(*) FROM " + k[2] + " WHERE id = " + id));
            assertEquals("1", one("SELECT count(*) FROM client_history WHERE kind = '" + k[3] + "' AND operation = 'DELETE' AND record_id = "
                    + id + " AND changed_by = '" + adminLogin + "'"));
        }
    }

    static <T> T saved(RecordOutcome<T> o) {
        assertInstanceOf(RecordOutcome.Saved.class, o, o.toString());
        return o.fold(v -> v, p -> null);
    }

    static RecordProblem refused(RecordOutcome<?> o) {
        return assertInstanceOf(RecordOutcome.Refused.class, o, o.toString()).problem();
    }
}
