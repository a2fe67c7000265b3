package app.salondesk.cli;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.clients.StaffLogins;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code salondesk consents list|add|set|retire} (issue 36): an admin writes a form for a service, rewrites it after a
 * client signed it (the signature keeps its words), retires it and offers it again; a receptionist's login is refused
 * by the database — each checked against what the database then holds.
 */
class ConsentsCommandTest {

    private static EngineFixture f;
    private static SetupCli cli;
    private static StaffLogins logins;
    private static String admin;
    private static String receptionist;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("cliconsents", 2);
        cli = new SetupCli(f.backend.database().settings());
        logins = new StaffLogins(f.dsl, f.backend.database().settings());
        admin = logins.add(f.tenant, "cadm", "admin");
        receptionist = logins.add(f.tenant, "crec", "receptionist");
    }

    @AfterAll
    static void close() {
        logins.close();
        f.close();
    }

    private SetupCli.Run asAdmin(String... args) {
        return cli.as(admin, StaffLogins.PASSWORD, args);
    }

    private static String one(String sql) {
        return f.dsl.resultQuery(sql).fetchOne(0, String.class);
    }

    @Test
    void anAdminWritesRewritesAndRetiresAFormAndASignatureKeepsItsWords() {
        SetupCli.Run added = asAdmin("consents", "add", "--service", "Nails", "--title-en", "Gel consent", "--text-en", "I agree to gel nails.",
                "--title-uk", "Згода на гель", "--text-uk", "Я згодна на гель-лак.");
        assertEquals(0, added.exit(), added.toString());
        long form = Long.parseLong(one("SELECT max(id) FROM consent_templates WHERE tenant_id = " + f.tenant));
        assertEquals("consent-form #" + form + " service=Nails languages=uk,en title=\"Згода на гель\"", added.line());

        long signature = Long.parseLong(one("INSERT INTO consent_signatures (tenant_id, client_id, template_id, language, typed_name, agreed) VALUES ("
                + f.tenant + ", " + f.client + ", " + form + ", 'en', 'Iryna', true) RETURNING id"));
        SetupCli.Run set = asAdmin("consents", "set", "--id", Long.toString(form), "--service", "any", "--text-en", "I agree to gel nails and acetone.");
        assertEquals(0, set.exit(), set.toString());
        assertEquals("consent-form #" + form + " service=any languages=uk,en title=\"Згода на гель\"", set.line());
        assertEquals("Gel consent|I agree to gel nails and acetone.|Я згодна на гель-лак.|",
                one("SELECT title_en || '|' || body_en || '|' || body_uk || '|' || coalesce(service_id::text, '') FROM consent_templates WHERE id = " + form),
                "what was not given stays");
        assertEquals("I agree to gel nails.", one("SELECT signed_text FROM consent_signatures WHERE id = " + signature), "signed stays signed");

        SetupCli.Run retired = asAdmin("consents", "retire", "--id", Long.toString(form));
        assertEquals(0, retired.exit(), retired.toString());
        assertTrue(retired.line().endsWith(" retired title=\"Згода на гель\""), retired.toString());
        assertEquals("false", one("SELECT active::text FROM consent_templates WHERE id = " + form));
        // rewriting a retired form keeps it retired
        assertEquals(0, asAdmin("consents", "set", "--id", Long.toString(form), "--title-en", "Gel consent (old)").exit());
        assertEquals("false", one("SELECT active::text FROM consent_templates WHERE id = " + form));
        SetupCli.Run listed = cli.as(receptionist, StaffLogins.PASSWORD, "consents", "list", "--text");
        assertEquals(0, listed.exit(), listed.toString());
        assertTrue(listed.lines().contains("  text.en: I agree to gel nails and acetone."), listed.toString());
        assertEquals(0, asAdmin("consents", "retire", "--id", Long.toString(form), "--undo").exit());
        assertEquals("true", one("SELECT active::text FROM consent_templates WHERE id = " + form));

        assertEquals("invalid: the salon has no consent form #999999", asAdmin("consents", "retire", "--id", "999999").line());
        SetupCli.Run empty = asAdmin("consents", "add", "--title-en", "No text");
        assertEquals(2, empty.exit(), empty.toString());
    }

    @Test
    void aReceptionistsLoginCannotWriteAForm() {
        SetupCli.Run refused = cli.as(receptionist, StaffLogins.PASSWORD, "consents", "add", "--title-en", "Mine", "--text-en", "Text");
        assertEquals("invalid: the database refused: your login may not do this", refused.line(), refused.toString());
        assertEquals("0", one("SELECT count(*) FROM consent_templates WHERE title_en = 'Mine'"));
        long form = Long.parseLong(one("INSERT INTO consent_templates (tenant_id, title_en, body_en) VALUES (" + f.tenant
                + ", 'Photos', 'You may photograph my hair.') RETURNING id"));
        for (List<String> args : List.of(List.of("consents", "set", "--id", Long.toString(form), "--text-en", "Forged"),
                List.of("consents", "retire", "--id", Long.toString(form)))) {
            SetupCli.Run r = cli.as(receptionist, StaffLogins.PASSWORD, args.toArray(String[]::new));
            assertTrue(r.exit() != 0, r.toString());
        }
        assertEquals("You may photograph my hair.|true", one("SELECT body_en || '|' || active FROM consent_templates WHERE id = " + form));
    }

    @Test
    void marketingConsentPerChannelIsSetByAReceptionistAndTheDatabaseSaysWhoAndWhen() {
        SetupCli.Run set = cli.as(receptionist, StaffLogins.PASSWORD, "clients", "set", "--id", Long.toString(f.client), "--marketing", "sms, email");
        assertEquals(0, set.exit(), set.toString());
        assertTrue(set.lines().get(0).endsWith(" marketing=email,sms"), set.toString());
        assertTrue(set.lines().get(1).matches("marketing recorded by " + receptionist + " at \\S+ via cli"), set.toString());
        assertEquals("{email,sms}|" + receptionist + "|cli", one("SELECT marketing_channels::text || '|' || marketing_by || '|' || marketing_how"
                + " FROM clients WHERE id = " + f.client));
        SetupCli.Run viber = cli.as(receptionist, StaffLogins.PASSWORD, "clients", "set", "--id", Long.toString(f.client), "--marketing", "viber");
        assertEquals(2, viber.exit(), viber.toString());
        assertTrue(viber.line().startsWith("invalid: marketing consent is given per channel"), viber.toString());
        assertEquals(0, cli.as(receptionist, StaffLogins.PASSWORD, "clients", "set", "--id", Long.toString(f.client), "--marketing", "").exit());
        assertEquals("{}", one("SELECT marketing_channels::text FROM clients WHERE id = " + f.client));
    }
}
