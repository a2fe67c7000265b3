package app.salondesk.logic.clients;

import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.ConsentTemplate;
import app.salondesk.model.clients.RecordOutcome;
import org.jooq.DSLContext;

import java.util.List;
import java.util.Map;

import static app.salondesk.jooq.Tables.CONSENT_TEMPLATES;
import static app.salondesk.jooq.Tables.SERVICES;

/**
 * The salon's consent forms as an admin writes them (issue 36, item 5): every form, retired ones included,
 * written or rewritten in uk / ru / en (at least one language whole), optionally tied to one service, and
 * retired (no longer offered for signing; a form is never deleted, its signatures name it).
 * <p>
 * The database decides who may: migration 40 gives INSERT and UPDATE on {@code consent_templates} to admins
 * only, so a receptionist's or a manager's login is refused there (42501, {@code NO_PERMISSION}) whatever the
 * desk or the command line offers. Rewriting a form never changes what was signed: the trigger
 * {@code consent_signatures_sign} copied the title and text into each signature when it was signed.
 */
public final class ConsentForms {

    /** A service a form can be tied to. */
    public record ServiceChoice(long id, String name) {
    }

    private final DSLContext dsl;
    private final ClientRecordRepository record;

    public ConsentForms(DSLContext dsl) {
        this.dsl = dsl;
        this.record = new ClientRecordRepository(dsl);
    }

    /** Every form of the salon, the retired ones too (salon-wide first, then by service, oldest first). */
    public List<ConsentTemplate> all(long tenantId) {
        return record.consentTemplates(tenantId, false);
    }

    /** The salon's active services by name, for tying a form to one. */
    public List<ServiceChoice> services(long tenantId) {
        return dsl.select(SERVICES.ID, SERVICES.NAME).from(SERVICES)
                .where(SERVICES.TENANT_ID.eq(tenantId).and(SERVICES.ACTIVE))
                .orderBy(SERVICES.NAME).fetch(r -> new ServiceChoice(r.value1(), r.value2()));
    }

    /**
     * A new form ({@code id} null) or a form rewritten; its title and text by language ("uk", "ru", "en");
     * {@code active}: offered for signing (a rewritten retired form stays retired unless said otherwise).
     */
    public RecordOutcome<Long> save(long tenantId, Long id, Long serviceId, Map<String, String> titles, Map<String, String> bodies,
                                   boolean active) {
        return record.saveConsentTemplate(tenantId, id, serviceId, titles, bodies, active);
    }

    /** A form no longer offered for signing; what was signed with it stays. */
    public RecordOutcome<Long> retire(long tenantId, long id, Source source) {
        return setActive(tenantId, id, false, source);
    }

    /** A retired form offered again. */
    public RecordOutcome<Long> restore(long tenantId, long id, Source source) {
        return setActive(tenantId, id, true, source);
    }

    private RecordOutcome<Long> setActive(long tenantId, long id, boolean active, Source source) {
        return record.write(source, tx -> tx.update(CONSENT_TEMPLATES).set(CONSENT_TEMPLATES.ACTIVE, active)
                .where(CONSENT_TEMPLATES.TENANT_ID.eq(tenantId).and(CONSENT_TEMPLATES.ID.eq(id)))
                .returning(CONSENT_TEMPLATES.ID).fetchOne(CONSENT_TEMPLATES.ID));
    }
}
