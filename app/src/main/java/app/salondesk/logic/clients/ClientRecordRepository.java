package app.salondesk.logic.clients;

import app.salondesk.model.booking.PatchResult;
import app.salondesk.model.booking.PatchTestState;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.CardFields;
import app.salondesk.model.clients.ClientNote;
import app.salondesk.model.clients.ClientPhoto;
import app.salondesk.model.clients.ClientRecordEntry;
import app.salondesk.model.clients.ConsentSignature;
import app.salondesk.model.clients.ConsentTemplate;
import app.salondesk.model.clients.PatchTest;
import app.salondesk.model.clients.PhotoKind;
import app.salondesk.model.clients.RecordOutcome;
import app.salondesk.model.clients.RecordProblem;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.CLIENT_HISTORY;
import static app.salondesk.jooq.Tables.CLIENT_NOTES;
import static app.salondesk.jooq.Tables.CLIENT_PHOTOS;
import static app.salondesk.jooq.Tables.CONSENT_SIGNATURES;
import static app.salondesk.jooq.Tables.CONSENT_TEMPLATES;
import static app.salondesk.jooq.Tables.PATCH_TESTS;

/**
 * A client's record (issue 36, migration 40): notes and alerts, patch tests, photos, consent forms and
 * signatures, the card's fields and the record's history. Each write is one short transaction that says
 * which road it came by (the history records it); what the database refuses comes back as a
 * {@link RecordProblem}, nothing half-written. The formulas of a visit, which belong to a booking, are
 * {@code logic.booking.VisitRecords}'.
 */
public final class ClientRecordRepository {

    private static final Logger log = LoggerFactory.getLogger(ClientRecordRepository.class);

    public static final int MAX_NOTE_LENGTH = 2000;

    private final DSLContext dsl;

    public ClientRecordRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    // ---- notes and alerts ------------------------------------------------------------------------

    /** A note on the card (of a visit when {@code bookingId} is given); an alert when {@code alert}. */
    public RecordOutcome<ClientNote> addNote(long tenantId, long clientId, Long bookingId, String body, boolean alert, Source source) {
        String text = body == null ? "" : body.strip();
        if (text.isEmpty()) {
            return RecordOutcome.refused(RecordProblem.NOTE_EMPTY);
        }
        if (text.length() > MAX_NOTE_LENGTH) {
            return RecordOutcome.refused(RecordProblem.NOTE_TOO_LONG);
        }
        return write(source, tx -> tx.insertInto(CLIENT_NOTES)
                .set(CLIENT_NOTES.TENANT_ID, tenantId)
                .set(CLIENT_NOTES.CLIENT_ID, clientId)
                .set(CLIENT_NOTES.BOOKING_ID, bookingId)
                .set(CLIENT_NOTES.BODY, text)
                .set(CLIENT_NOTES.ALERT, alert)
                .returning().fetchOne(ClientRecordRepository::note));
    }

    /** An alert switched on or off (a receptionist may; the history keeps who and when). */
    public RecordOutcome<ClientNote> setAlert(long tenantId, long noteId, boolean alert, Source source) {
        return write(source, tx -> Optional.ofNullable(tx.update(CLIENT_NOTES).set(CLIENT_NOTES.ALERT, alert)
                        .where(CLIENT_NOTES.TENANT_ID.eq(tenantId).and(CLIENT_NOTES.ID.eq(noteId)))
                        .returning().fetchOne())
                .map(ClientRecordRepository::note).orElse(null));
    }

    /** The client's notes, newest first. */
    public List<ClientNote> notes(long tenantId, long clientId) {
        return dsl.selectFrom(CLIENT_NOTES).where(CLIENT_NOTES.TENANT_ID.eq(tenantId).and(CLIENT_NOTES.CLIENT_ID.eq(clientId)))
                .orderBy(CLIENT_NOTES.CREATED_AT.desc(), CLIENT_NOTES.ID.desc())
                .fetch(ClientRecordRepository::note);
    }

    /** The client's alerts, oldest first (the order they were raised in). */
    public List<ClientNote> alerts(long tenantId, long clientId) {
        return dsl.selectFrom(CLIENT_NOTES)
                .where(CLIENT_NOTES.TENANT_ID.eq(tenantId).and(CLIENT_NOTES.CLIENT_ID.eq(clientId)).and(CLIENT_NOTES.ALERT))
                .orderBy(CLIENT_NOTES.ID)
                .fetch(ClientRecordRepository::note);
    }

    private static ClientNote note(org.jooq.Record r) {
        var n = r.into(CLIENT_NOTES);
        return new ClientNote(n.getId(), n.getBookingId(), n.getBody(), n.getAlert(), n.getCreatedAt().toInstant(), n.getCreatedBy());
    }

    // ---- patch tests -------------------------------------------------------------------------------

    public RecordOutcome<PatchTest> addPatchTest(long tenantId, long clientId, LocalDate testedOn, PatchResult result, String products,
                                                 String note, Source source) {
        String p = products == null ? "" : products.strip();
        String n = note == null ? "" : note.strip();
        if (testedOn == null || testedOn.isBefore(LocalDate.of(2000, 1, 1))) {
            return RecordOutcome.refused(RecordProblem.DATE_INVALID);
        }
        if (p.length() > 200 || n.length() > 500) {
            return RecordOutcome.refused(RecordProblem.TOO_LONG);
        }
        return write(source, tx -> tx.insertInto(PATCH_TESTS)
                .set(PATCH_TESTS.TENANT_ID, tenantId)
                .set(PATCH_TESTS.CLIENT_ID, clientId)
                .set(PATCH_TESTS.TESTED_ON, testedOn)
                .set(PATCH_TESTS.RESULT, result.dbValue())
                .set(PATCH_TESTS.PRODUCTS, p)
                .set(PATCH_TESTS.NOTE, n)
                .returning().fetchOne(ClientRecordRepository::patchTest));
    }

    /** A pending test read: its result (a receptionist may). */
    public RecordOutcome<PatchTest> setPatchTestResult(long tenantId, long testId, PatchResult result, Source source) {
        return write(source, tx -> Optional.ofNullable(tx.update(PATCH_TESTS).set(PATCH_TESTS.RESULT, result.dbValue())
                        .where(PATCH_TESTS.TENANT_ID.eq(tenantId).and(PATCH_TESTS.ID.eq(testId)))
                        .returning().fetchOne())
                .map(ClientRecordRepository::patchTest).orElse(null));
    }

    /** The client's patch tests, newest first. */
    public List<PatchTest> patchTests(long tenantId, long clientId) {
        return dsl.selectFrom(PATCH_TESTS).where(PATCH_TESTS.TENANT_ID.eq(tenantId).and(PATCH_TESTS.CLIENT_ID.eq(clientId)))
                .orderBy(PATCH_TESTS.TESTED_ON.desc(), PATCH_TESTS.ID.desc())
                .fetch(ClientRecordRepository::patchTest);
    }

    private static PatchTest patchTest(org.jooq.Record r) {
        var p = r.into(PATCH_TESTS);
        return new PatchTest(p.getId(), p.getTestedOn(), PatchResult.fromDb(p.getResult()), p.getProducts(), p.getNote(), p.getCreatedBy());
    }

    /**
     * Whether the client may be booked on {@code start}'s salon day for a service needing a test passed
     * within {@code validDays} (null: only the last test is asked): the database's answer
     * ({@code salondesk_patch_test_state}, migration 41), the one its rule book gives.
     */
    public PatchTestState patchTestState(long tenantId, long clientId, Integer validDays, Instant start) {
        Record r = dsl.resultQuery("SELECT problem, last_on, last_result FROM salondesk_patch_test_state(?, ?, CAST(? AS integer), "
                                + "CAST(? AS timestamptz))", tenantId, clientId, validDays, start == null ? null : start.atOffset(ZoneOffset.UTC))
                .fetchOne();
        String result = r.get(2, String.class);
        return new PatchTestState(PatchTestState.Problem.fromDb(r.get(0, String.class)), r.get(1, LocalDate.class),
                result == null ? null : PatchResult.fromDb(result));
    }

    // ---- photos ------------------------------------------------------------------------------------

    /** A photo made ready by {@link PhotoIntake}, of a visit when {@code bookingId} is given. */
    public RecordOutcome<ClientPhoto> addPhoto(long tenantId, long clientId, Long bookingId, PhotoKind kind, PhotoIntake.Prepared photo,
                                               String caption, Source source) {
        String c = caption == null ? "" : caption.strip();
        if (c.length() > 200) {
            return RecordOutcome.refused(RecordProblem.TOO_LONG);
        }
        return write(source, tx -> tx.insertInto(CLIENT_PHOTOS)
                .set(CLIENT_PHOTOS.TENANT_ID, tenantId)
                .set(CLIENT_PHOTOS.CLIENT_ID, clientId)
                .set(CLIENT_PHOTOS.BOOKING_ID, bookingId)
                .set(CLIENT_PHOTOS.KIND, kind.dbValue())
                .set(CLIENT_PHOTOS.IMAGE, photo.jpeg())
                .set(CLIENT_PHOTOS.THUMBNAIL, photo.thumbnail())
                .set(CLIENT_PHOTOS.WIDTH, photo.width())
                .set(CLIENT_PHOTOS.HEIGHT, photo.height())
                .set(CLIENT_PHOTOS.CAPTION, c)
                .returning(CLIENT_PHOTOS.ID, CLIENT_PHOTOS.BOOKING_ID, CLIENT_PHOTOS.KIND, CLIENT_PHOTOS.THUMBNAIL, CLIENT_PHOTOS.WIDTH,
                        CLIENT_PHOTOS.HEIGHT, CLIENT_PHOTOS.CAPTION, CLIENT_PHOTOS.CREATED_AT, CLIENT_PHOTOS.CREATED_BY)
                .fetchOne(ClientRecordRepository::photo));
    }

    /** The client's photos with their thumbnails, newest first (the full pictures are read one at a time). */
    public List<ClientPhoto> photos(long tenantId, long clientId) {
        return dsl.select(CLIENT_PHOTOS.ID, CLIENT_PHOTOS.BOOKING_ID, CLIENT_PHOTOS.KIND, CLIENT_PHOTOS.THUMBNAIL, CLIENT_PHOTOS.WIDTH,
                        CLIENT_PHOTOS.HEIGHT, CLIENT_PHOTOS.CAPTION, CLIENT_PHOTOS.CREATED_AT, CLIENT_PHOTOS.CREATED_BY)
                .from(CLIENT_PHOTOS)
                .where(CLIENT_PHOTOS.TENANT_ID.eq(tenantId).and(CLIENT_PHOTOS.CLIENT_ID.eq(clientId)))
                .orderBy(CLIENT_PHOTOS.CREATED_AT.desc(), CLIENT_PHOTOS.ID.desc())
                .fetch(ClientRecordRepository::photo);
    }

    /** A photo's full picture (JPEG), if the salon has it. */
    public Optional<byte[]> photoImage(long tenantId, long photoId) {
        return dsl.select(CLIENT_PHOTOS.IMAGE).from(CLIENT_PHOTOS)
                .where(CLIENT_PHOTOS.TENANT_ID.eq(tenantId).and(CLIENT_PHOTOS.ID.eq(photoId)))
                .fetchOptional(CLIENT_PHOTOS.IMAGE);
    }

    private static ClientPhoto photo(org.jooq.Record r) {
        return new ClientPhoto(r.get(CLIENT_PHOTOS.ID), r.get(CLIENT_PHOTOS.BOOKING_ID), PhotoKind.fromDb(r.get(CLIENT_PHOTOS.KIND)),
                r.get(CLIENT_PHOTOS.THUMBNAIL), r.get(CLIENT_PHOTOS.WIDTH), r.get(CLIENT_PHOTOS.HEIGHT), r.get(CLIENT_PHOTOS.CAPTION),
                r.get(CLIENT_PHOTOS.CREATED_AT).toInstant(), r.get(CLIENT_PHOTOS.CREATED_BY));
    }

    // ---- consent forms -----------------------------------------------------------------------------

    /** The salon's consent forms: the active ones, or all. */
    public List<ConsentTemplate> consentTemplates(long tenantId, boolean activeOnly) {
        return dsl.selectFrom(CONSENT_TEMPLATES)
                .where(CONSENT_TEMPLATES.TENANT_ID.eq(tenantId).and(activeOnly ? CONSENT_TEMPLATES.ACTIVE : org.jooq.impl.DSL.noCondition()))
                .orderBy(CONSENT_TEMPLATES.SERVICE_ID.nullsFirst(), CONSENT_TEMPLATES.ID)
                .fetch(r -> new ConsentTemplate(r.getId(), r.getServiceId(),
                        Map.of("uk", r.getTitleUk(), "ru", r.getTitleRu(), "en", r.getTitleEn()),
                        Map.of("uk", r.getBodyUk(), "ru", r.getBodyRu(), "en", r.getBodyEn()), r.getActive()));
    }

    /**
     * The service's active consent forms that the client has never signed: what the booking form prompts
     * for (issue 36). A salon-wide form is not the booking's to ask for.
     */
    public List<ConsentTemplate> unsignedConsents(long tenantId, long clientId, long serviceId) {
        return consentTemplates(tenantId, true).stream().filter(t -> t.serviceId() != null && t.serviceId() == serviceId)
                .filter(t -> !dsl.fetchExists(CONSENT_SIGNATURES, CONSENT_SIGNATURES.TENANT_ID.eq(tenantId)
                        .and(CONSENT_SIGNATURES.CLIENT_ID.eq(clientId)).and(CONSENT_SIGNATURES.TEMPLATE_ID.eq(t.id()))))
                .toList();
    }

    /** A new consent form (an admin's), or a change of one ({@code id} given). */
    public RecordOutcome<Long> saveConsentTemplate(long tenantId, Long id, Long serviceId, Map<String, String> titles,
                                                  Map<String, String> bodies, boolean active) {
        boolean written = ConsentTemplate.LANGUAGES.stream().anyMatch(l -> !titles.getOrDefault(l, "").isBlank()
                && !bodies.getOrDefault(l, "").isBlank());
        if (!written) {
            return RecordOutcome.refused(RecordProblem.CONSENT_NO_TEXT);
        }
        if (ConsentTemplate.LANGUAGES.stream().anyMatch(l -> titles.getOrDefault(l, "").length() > 200
                || bodies.getOrDefault(l, "").length() > 20000)) {
            return RecordOutcome.refused(RecordProblem.TOO_LONG);
        }
        return write(Source.FORM, tx -> {
            if (id == null) {
                return tx.insertInto(CONSENT_TEMPLATES)
                        .set(CONSENT_TEMPLATES.TENANT_ID, tenantId).set(CONSENT_TEMPLATES.SERVICE_ID, serviceId)
                        .set(CONSENT_TEMPLATES.TITLE_UK, titles.getOrDefault("uk", "").strip())
                        .set(CONSENT_TEMPLATES.TITLE_RU, titles.getOrDefault("ru", "").strip())
                        .set(CONSENT_TEMPLATES.TITLE_EN, titles.getOrDefault("en", "").strip())
                        .set(CONSENT_TEMPLATES.BODY_UK, bodies.getOrDefault("uk", "").strip())
                        .set(CONSENT_TEMPLATES.BODY_RU, bodies.getOrDefault("ru", "").strip())
                        .set(CONSENT_TEMPLATES.BODY_EN, bodies.getOrDefault("en", "").strip())
                        .set(CONSENT_TEMPLATES.ACTIVE, active)
                        .returning(CONSENT_TEMPLATES.ID).fetchOne(CONSENT_TEMPLATES.ID);
            }
            int n = tx.update(CONSENT_TEMPLATES).set(CONSENT_TEMPLATES.SERVICE_ID, serviceId)
                    .set(CONSENT_TEMPLATES.TITLE_UK, titles.getOrDefault("uk", "").strip())
                    .set(CONSENT_TEMPLATES.TITLE_RU, titles.getOrDefault("ru", "").strip())
                    .set(CONSENT_TEMPLATES.TITLE_EN, titles.getOrDefault("en", "").strip())
                    .set(CONSENT_TEMPLATES.BODY_UK, bodies.getOrDefault("uk", "").strip())
                    .set(CONSENT_TEMPLATES.BODY_RU, bodies.getOrDefault("ru", "").strip())
                    .set(CONSENT_TEMPLATES.BODY_EN, bodies.getOrDefault("en", "").strip())
                    .set(CONSENT_TEMPLATES.ACTIVE, active)
                    .where(CONSENT_TEMPLATES.TENANT_ID.eq(tenantId).and(CONSENT_TEMPLATES.ID.eq(id))).execute();
            return n == 1 ? id : null;
        });
    }

    /**
     * The client signs a form: her typed name and the tick, in {@code language}; the database copies the
     * form's title and text as they are now into the signature, which never changes afterwards.
     */
    public RecordOutcome<ConsentSignature> sign(long tenantId, long clientId, long templateId, Long bookingId, String language,
                                                String typedName, boolean ticked, Source source) {
        String name = typedName == null ? "" : typedName.strip();
        if (name.isEmpty()) {
            return RecordOutcome.refused(RecordProblem.SIGNATURE_NAME_MISSING);
        }
        if (name.length() > 200 || name.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            return RecordOutcome.refused(RecordProblem.BAD_CHARACTERS);
        }
        if (!ticked) {
            return RecordOutcome.refused(RecordProblem.SIGNATURE_NOT_TICKED);
        }
        return write(source, tx -> tx.insertInto(CONSENT_SIGNATURES)
                .set(CONSENT_SIGNATURES.TENANT_ID, tenantId)
                .set(CONSENT_SIGNATURES.CLIENT_ID, clientId)
                .set(CONSENT_SIGNATURES.TEMPLATE_ID, templateId)
                .set(CONSENT_SIGNATURES.BOOKING_ID, bookingId)
                .set(CONSENT_SIGNATURES.LANGUAGE, language)
                .set(CONSENT_SIGNATURES.TYPED_NAME, name)
                .set(CONSENT_SIGNATURES.AGREED, true)
                .returning().fetchOne(ClientRecordRepository::signature));
    }

    /** The client's signed consents, newest first. */
    public List<ConsentSignature> signatures(long tenantId, long clientId) {
        return dsl.selectFrom(CONSENT_SIGNATURES)
                .where(CONSENT_SIGNATURES.TENANT_ID.eq(tenantId).and(CONSENT_SIGNATURES.CLIENT_ID.eq(clientId)))
                .orderBy(CONSENT_SIGNATURES.CREATED_AT.desc(), CONSENT_SIGNATURES.ID.desc())
                .fetch(ClientRecordRepository::signature);
    }

    private static ConsentSignature signature(org.jooq.Record r) {
        var s = r.into(CONSENT_SIGNATURES);
        return new ConsentSignature(s.getId(), s.getTemplateId(), s.getBookingId(), s.getLanguage(), s.getTitle(), s.getSignedText(),
                s.getTypedName(), s.getCreatedAt().toInstant(), s.getCreatedBy());
    }

    // ---- card fields -------------------------------------------------------------------------------

    public Optional<CardFields> cardFields(long tenantId, long clientId) {
        return dsl.select(CLIENTS.BIRTHDAY, CLIENTS.TAGS, CLIENTS.SOURCE, CLIENTS.MARKETING_CHANNELS).from(CLIENTS)
                .where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.ID.eq(clientId)))
                .fetchOptional(r -> new CardFields(r.value1(), Arrays.asList(r.value2()), r.value3(), Set.of(r.value4())));
    }

    /** Saves the card's fields of issue 36 (who recorded marketing consent and when is the database's). */
    public RecordOutcome<CardFields> setCardFields(long tenantId, long clientId, CardFields fields, Source source) {
        Optional<RecordProblem> problem = fields.problem();
        if (problem.isPresent()) {
            return RecordOutcome.refused(problem.get());
        }
        return write(source, tx -> {
            int n = tx.update(CLIENTS)
                    .set(CLIENTS.BIRTHDAY, fields.birthday())
                    .set(CLIENTS.TAGS, fields.tags().toArray(String[]::new))
                    .set(CLIENTS.SOURCE, fields.source())
                    .set(CLIENTS.MARKETING_CHANNELS, new LinkedHashSet<>(fields.marketing().stream().sorted().toList()).toArray(String[]::new))
                    .where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.ID.eq(clientId))).execute();
            return n == 1 ? fields : null;
        });
    }

    /** Who recorded the marketing consent, when and how ("cli", "form", "merge"); empty when never. */
    public Optional<String[]> marketingRecorded(long tenantId, long clientId) {
        return dsl.select(CLIENTS.MARKETING_BY, CLIENTS.MARKETING_AT, CLIENTS.MARKETING_HOW).from(CLIENTS)
                .where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.ID.eq(clientId)).and(CLIENTS.MARKETING_AT.isNotNull()))
                .fetchOptional(r -> new String[]{r.value1(), r.value2().toInstant().toString(), r.value3()});
    }

    /** Every tag the salon's clients have, for the list's filter. */
    public List<String> tagsInUse(long tenantId) {
        return dsl.selectDistinct(org.jooq.impl.DSL.field("unnest({0})", String.class, CLIENTS.TAGS).as("tag"))
                .from(CLIENTS).where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.MERGED_INTO.isNull()))
                .orderBy(1).fetch(0, String.class);
    }

    // ---- the history ---------------------------------------------------------------------------------

    /** The client's history, newest first. */
    public List<ClientRecordEntry> history(long tenantId, long clientId) {
        return dsl.selectFrom(CLIENT_HISTORY).where(CLIENT_HISTORY.TENANT_ID.eq(tenantId).and(CLIENT_HISTORY.CLIENT_ID.eq(clientId)))
                .orderBy(CLIENT_HISTORY.CHANGED_AT.desc(), CLIENT_HISTORY.ID.desc())
                .fetch(r -> new ClientRecordEntry(r.getId(), r.getKind(), r.getOperation(), r.getRecordId(), r.getChangedAt().toInstant(),
                        r.getChangedBy(), r.getSource(), r.getChanges().data()));
    }

    // ---- removing ----------------------------------------------------------------------------------

    /** Kinds of record {@link #delete} removes. */
    public enum Kind {
        NOTE, FORMULA, PATCH_TEST, PHOTO, CONSENT;

        String dbValue() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Removes one record (an admin's: {@code salondesk_delete_client_record}); the history keeps what it was. */
    public RecordOutcome<Boolean> delete(long tenantId, Kind kind, long id, Source source) {
        return write(source, tx -> {
            Boolean done = tx.resultQuery("SELECT salondesk_delete_client_record(?, ?, ?)", tenantId, kind.dbValue(), id)
                    .fetchOne(0, Boolean.class);
            return Boolean.TRUE.equals(done) ? Boolean.TRUE : null;
        });
    }

    // ---- the write ---------------------------------------------------------------------------------

    /**
     * One write in its own transaction with its road declared; null from {@code work} means "no such
     * row". The database's refusals, as problems.
     */
    <T> RecordOutcome<T> write(Source source, Function<DSLContext, T> work) {
        try {
            T value = dsl.transactionResult(cfg -> {
                DSLContext tx = cfg.dsl();
                tx.resultQuery("SELECT set_config('salondesk.source', ?, true)", source.dbValue()).fetch();
                return work.apply(tx);
            });
            return value == null ? RecordOutcome.refused(RecordProblem.UNKNOWN_RECORD) : RecordOutcome.saved(value);
        } catch (DataAccessException e) {
            return RecordOutcome.refused(refusal(e));
        }
    }

    /** What the database said no to, as a problem; anything else is thrown (a bug, or the infrastructure). */
    static RecordProblem refusal(DataAccessException e) {
        String state = e.sqlState();
        if ("42501".equals(state)) {
            log.info("permission denied for this login: {}", e.getMessage());
            return RecordProblem.NO_PERMISSION;
        }
        if ("23503".equals(state)) {
            String m = String.valueOf(e.getMessage());
            // the form first: jOOQ's message holds the statement, whose column list names booking_id
            return m.contains("consent form") ? RecordProblem.CONSENT_NO_TEXT : m.contains("booking") ? RecordProblem.UNKNOWN_BOOKING
                    : RecordProblem.UNKNOWN_CLIENT;
        }
        if ("54000".equals(state)) {
            return RecordProblem.PHOTOS_TOO_MANY;
        }
        if ("22023".equals(state) && String.valueOf(e.getMessage()).contains("no text")) {
            return RecordProblem.CONSENT_NO_TEXT;
        }
        if (state != null && (state.startsWith("22") || "23514".equals(state))) {
            return RecordProblem.TOO_LONG;
        }
        throw e;
    }

    static OffsetDateTime utc(Instant i) {
        return i == null ? null : i.atOffset(ZoneOffset.UTC);
    }

    /** The alerts of many clients at once (the calendar's entries), client id to alert texts. */
    public Map<Long, List<String>> alertsOf(long tenantId, Collection<Long> clientIds) {
        Map<Long, List<String>> out = new HashMap<>();
        if (clientIds.isEmpty()) {
            return out;
        }
        dsl.select(CLIENT_NOTES.CLIENT_ID, CLIENT_NOTES.BODY).from(CLIENT_NOTES)
                .where(CLIENT_NOTES.TENANT_ID.eq(tenantId).and(CLIENT_NOTES.ALERT)
                        .and(CLIENT_NOTES.CLIENT_ID.eq(org.jooq.impl.DSL.any(clientIds.toArray(Long[]::new)))))
                .orderBy(CLIENT_NOTES.ID)
                .forEach(r -> out.computeIfAbsent(r.value1(), k -> new java.util.ArrayList<>()).add(r.value2()));
        return out;
    }
}
