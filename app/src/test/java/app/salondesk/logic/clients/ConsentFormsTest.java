package app.salondesk.logic.clients;

import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.ConsentSignature;
import app.salondesk.model.clients.ConsentTemplate;
import app.salondesk.model.clients.RecordProblem;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static app.salondesk.logic.clients.RecordCorrectionsTest.refused;
import static app.salondesk.logic.clients.RecordCorrectionsTest.saved;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An admin writes the salon's consent forms (issue 36, item 5) through real logins on a real PostgreSQL: adds one
 * tied to a service, rewrites it, retires it; what a client signed before the rewrite stays word for word; a
 * receptionist's and a manager's logins are refused by the database and change nothing.
 */
class ConsentFormsTest {

    private static ClientsFixture fx;
    private static StaffLogins logins;
    private static DSLContext admin;
    private static DSLContext receptionist;
    private static DSLContext manager;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("consent_forms");
        logins = new StaffLogins(fx.dsl, fx.backend.database().settings());
        admin = logins.dsl(logins.add(fx.tenant, "cfadm", "admin"));
        receptionist = logins.dsl(logins.add(fx.tenant, "cfrec", "receptionist"));
        manager = logins.dsl(logins.add(fx.tenant, "cfman", "manager"));
    }

    @AfterAll
    static void close() {
        logins.close();
        fx.close();
    }

    private static String one(String sql) {
        return fx.dsl.resultQuery(sql).fetchOne(0, String.class);
    }

    @Test
    void anAdminWritesRewritesAndRetiresAFormAndWhatWasSignedStaysAsSigned() {
        ConsentForms forms = new ConsentForms(admin);
        assertTrue(forms.services(fx.tenant).stream().anyMatch(s -> s.id() == fx.haircut), "the salon's services to tie a form to");
        long form = saved(forms.save(fx.tenant, null, fx.haircut, Map.of("en", "Colour consent", "uk", "Згода на фарбування"),
                Map.of("en", "I agree to the colour and its risks.", "uk", "Я згодна на фарбування та його ризики."), true));
        ConsentTemplate written = forms.all(fx.tenant).stream().filter(t -> t.id() == form).findFirst().orElseThrow();
        assertEquals(Long.valueOf(fx.haircut), written.serviceId());
        assertEquals("Згода на фарбування", written.title("uk"));
        assertTrue(written.active());

        ClientRecordRepository desk = new ClientRecordRepository(receptionist);
        ConsentSignature signed = saved(desk.sign(fx.tenant, fx.iryna, form, null, "en", "Iryna Savchenko", true, Source.FORM));
        assertEquals("I agree to the colour and its risks.", signed.signedText());

        saved(forms.save(fx.tenant, form, null, Map.of("en", "Colour consent (2027)"),
                Map.of("en", "I agree to the colour, its risks and the patch test."), true));
        assertEquals("Colour consent (2027)|I agree to the colour, its risks and the patch test.||",
                one("SELECT title_en || '|' || body_en || '|' || title_uk || '|' || coalesce(service_id::text, '') FROM consent_templates WHERE id = " + form));
        assertEquals("Colour consent|I agree to the colour and its risks.",
                one("SELECT title || '|' || signed_text FROM consent_signatures WHERE id = " + signed.id()),
                "a signature keeps the text as it was signed");
        ConsentSignature after = saved(desk.sign(fx.tenant, fx.iryna, form, null, "en", "Iryna Savchenko", true, Source.FORM));
        assertEquals("I agree to the colour, its risks and the patch test.", after.signedText(), "a new signature takes the new text");

        saved(forms.retire(fx.tenant, form, Source.FORM));
        assertFalse(desk.consentTemplates(fx.tenant, true).stream().anyMatch(t -> t.id() == form), "a retired form is not offered");
        assertTrue(forms.all(fx.tenant).stream().anyMatch(t -> t.id() == form && !t.active()), "the admin still sees it, retired");
        assertEquals(RecordProblem.CONSENT_NO_TEXT, refused(desk.sign(fx.tenant, fx.iryna, form, null, "en", "Iryna", true, Source.FORM)));
        assertEquals("2", one("SELECT count(*) FROM consent_signatures WHERE template_id = " + form), "retiring keeps the signatures");
        saved(forms.restore(fx.tenant, form, Source.FORM));
        assertTrue(desk.consentTemplates(fx.tenant, true).stream().anyMatch(t -> t.id() == form));
    }

    @Test
    void aFormNeedsATitleAndTextInOneLanguage() {
        ConsentForms forms = new ConsentForms(admin);
        assertEquals(RecordProblem.CONSENT_NO_TEXT, refused(forms.save(fx.tenant, null, null, Map.of("en", "Title only"), Map.of("uk", "Текст"), true)));
        assertEquals(RecordProblem.UNKNOWN_RECORD, refused(forms.retire(fx.tenant, 987_654, Source.FORM)));
    }

    @Test
    void aReceptionistsAndAManagersLoginsCannotWriteAForm() {
        long form = saved(new ConsentForms(admin).save(fx.tenant, null, null, Map.of("en", "Photos"), Map.of("en", "You may photograph my hair."), true));
        for (DSLContext login : new DSLContext[]{receptionist, manager}) {
            ConsentForms forms = new ConsentForms(login);
            assertEquals(RecordProblem.NO_PERMISSION, refused(forms.save(fx.tenant, null, null, Map.of("en", "Mine"), Map.of("en", "Text"), true)));
            assertEquals(RecordProblem.NO_PERMISSION, refused(forms.save(fx.tenant, form, null, Map.of("en", "Forged"), Map.of("en", "Forged"), true)));
            assertEquals(RecordProblem.NO_PERMISSION, refused(forms.retire(fx.tenant, form, Source.FORM)));
        }
        assertEquals("Photos|You may photograph my hair.|true",
                one("SELECT title_en || '|' || body_en || '|' || active FROM consent_templates WHERE id = " + form));
        assertEquals("0", one("SELECT count(*) FROM consent_templates WHERE title_en IN ('Mine', 'Forged')"));
    }
}
