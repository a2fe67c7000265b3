package app.salondesk.logic.clients;

import app.salondesk.logic.booking.ClientAlerts;
import app.salondesk.logic.booking.ClientListRepository;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.booking.VisitRecords;
import app.salondesk.model.booking.PatchResult;
import app.salondesk.model.booking.PatchTestState;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.CardFields;
import app.salondesk.model.clients.ClientFilter;
import app.salondesk.model.clients.ClientListRow;
import app.salondesk.model.clients.ClientNote;
import app.salondesk.model.clients.ConsentSignature;
import app.salondesk.model.clients.Formula;
import app.salondesk.model.clients.FormulaLine;
import app.salondesk.model.clients.PhotoKind;
import app.salondesk.model.clients.RecordOutcome;
import app.salondesk.model.clients.RecordProblem;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client's record (issue 36) written and read by a real receptionist's and a real admin's login: an
 * alert and its history, a visit's formula and "copy last formula", patch tests as the rule book sees them,
 * a photo resized on the way in, a consent signed with the form's text copied and kept, the card's fields,
 * and the client list's filters. What each login may not do is {@code security/ClientRecordAttackTest}'s.
 */
class ClientRecordTest {

    private static EngineFixture f;
    private static StaffLogins logins;
    private static DSLContext olena;
    private static DSLContext anna;
    private static String olenaLogin;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("client_record", 3);
        logins = new StaffLogins(f.dsl, f.backend.database().settings());
        olenaLogin = logins.add(f.tenant, "olena", "receptionist");
        olena = logins.dsl(olenaLogin);
        anna = logins.dsl(logins.add(f.tenant, "anna", "admin"));
    }

    @AfterAll
    static void close() {
        logins.close();
        f.close();
    }

    static <T> T saved(RecordOutcome<T> o) {
        assertInstanceOf(RecordOutcome.Saved.class, o, o.toString());
        return o.fold(v -> v, p -> null);
    }

    static RecordProblem refused(RecordOutcome<?> o) {
        return assertInstanceOf(RecordOutcome.Refused.class, o, o.toString()).problem();
    }

    @Test
    void anAlertIsANoteMarkedSoAndEveryChangeOfItIsInTheHistory() {
        long client = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Alla Alert') RETURNING id");
        ClientRecordRepository byOlena = new ClientRecordRepository(olena);
        ClientNote alert = saved(byOlena.addNote(f.tenant, client, null, "  Allergic to ammonia  ", true, Source.FORM));
        assertEquals("Allergic to ammonia", alert.body(), "trimmed");
        assertEquals(olenaLogin, alert.createdBy(), "the database's, the real login");
        saved(byOlena.addNote(f.tenant, client, null, "Prefers Olena", false, Source.FORM));
        assertEquals(List.of("Allergic to ammonia"), new ClientAlerts(olena).forClient(f.tenant, client));
        assertEquals(RecordProblem.NOTE_EMPTY, refused(byOlena.addNote(f.tenant, client, null, "   ", true, Source.FORM)));
        assertEquals(RecordProblem.NOTE_TOO_LONG, refused(byOlena.addNote(f.tenant, client, null, "x".repeat(2001), true, Source.FORM)));

        saved(byOlena.setAlert(f.tenant, alert.id(), false, Source.FORM));
        assertEquals(List.of(), new ClientAlerts(olena).forClient(f.tenant, client));
        var history = byOlena.history(f.tenant, client);
        // newest first: the alert switched off, the second note, the alert, the card made
        assertEquals(List.of("note:UPDATE", "note:INSERT", "note:INSERT", "card:INSERT"),
                history.stream().map(h -> h.kind() + ":" + h.operation()).toList());
        assertTrue(history.get(0).changes().contains("\"alert\": [true, false]"), history.get(0).changes());
        assertEquals(olenaLogin, history.get(0).changedBy());
        assertEquals("form", history.get(0).source());

        // the checkout's seam: the alerts of a booking's client
        saved(byOlena.setAlert(f.tenant, alert.id(), true, Source.FORM));
        long booking = f.booked(f.engine.book(new app.salondesk.model.booking.NewBooking(f.tenant, f.anna, client, null, f.cut,
                at(16, 0), null, "", java.util.UUID.randomUUID(), Source.FORM, false))).id();
        assertEquals(List.of("Allergic to ammonia"), new ClientAlerts(olena).forBooking(f.tenant, booking));
        // and the calendar's day carries it
        var day = new app.salondesk.logic.booking.ScheduleRepository(olena).findRange(f.tenant, List.of(f.anna), at(0, 0), at(23, 59), false);
        assertEquals("Allergic to ammonia", day.stream().filter(b -> b.id() == booking).findFirst().orElseThrow().alert());
        f.dsl.execute("DELETE FROM bookings WHERE id = " + booking);
    }

    @Test
    void aFormulaIsOfItsBookingsClientAndTheLastOneIsCopied() {
        long client = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Fiona Formula') RETURNING id");
        long first = f.booked(f.engine.book(new app.salondesk.model.booking.NewBooking(f.tenant, f.anna, client, null, f.cut, at(9, 0),
                null, "", java.util.UUID.randomUUID(), Source.FORM, false))).id();
        long second = f.booked(f.engine.book(new app.salondesk.model.booking.NewBooking(f.tenant, f.bohdan, client, null, f.cut, at(11, 0),
                null, "", java.util.UUID.randomUUID(), Source.FORM, false))).id();
        VisitRecords records = new VisitRecords(olena);
        List<Formula> roots = saved(records.addFormula(f.tenant, first, List.of(
                new FormulaLine("Igora Royal", "6-0", "6%", "1:1", 35, "roots", ""),
                new FormulaLine("Igora Royal", "7-1", "3%", "1:2", 20, "lengths", "refresh")), Source.FORM));
        assertEquals(2, roots.size());
        assertEquals(client, f.count("SELECT client_id FROM client_formulas WHERE id = " + roots.get(0).id()),
                "the database took the client from the booking");
        assertEquals(RecordProblem.PRODUCT_MISSING, refused(records.addFormula(f.tenant, second,
                List.of(new FormulaLine(" ", "6-0", "", "", null, "", "")), Source.FORM)));
        assertEquals(RecordProblem.MINUTES_OUT_OF_RANGE, refused(records.addFormula(f.tenant, second,
                List.of(new FormulaLine("Igora", "6-0", "", "", 0, "", "")), Source.FORM)));
        assertEquals(RecordProblem.UNKNOWN_BOOKING, refused(records.addFormula(f.tenant, 987654321L,
                List.of(new FormulaLine("Igora", "6-0", "", "", null, "", "")), Source.FORM)));
        assertEquals(2, f.count("SELECT count(*) FROM client_formulas WHERE client_id = " + client), "a refused formula left nothing");

        List<FormulaLine> copied = records.lastFormula(f.tenant, client, second);
        assertEquals(List.of("6-0 roots", "7-1 lengths"), copied.stream().map(l -> l.shade() + " " + l.zone()).toList());
        saved(records.addFormula(f.tenant, second, copied, Source.FORM));
        assertEquals(4, records.formulas(f.tenant, client).size());
        assertEquals(second, records.formulas(f.tenant, client).get(0).bookingId(), "newest visit first");
    }

    @Test
    void patchTestsAreSeenAsTheRuleBookSeesThemOnTheBookingsDay() {
        long client = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Pia Patch') RETURNING id");
        ClientRecordRepository r = new ClientRecordRepository(olena);
        java.time.Instant day = at(10, 0);
        LocalDate d = EngineFixture.DAY;
        assertEquals(PatchTestState.Problem.NONE, r.patchTestState(f.tenant, client, 90, day).problem());
        long pending = saved(r.addPatchTest(f.tenant, client, d.minusDays(5), PatchResult.PENDING, "Igora 6-0", "", Source.FORM)).id();
        PatchTestState waiting = r.patchTestState(f.tenant, client, 90, day);
        assertEquals(PatchTestState.Problem.PENDING, waiting.problem());
        assertEquals(d.minusDays(5), waiting.lastOn());
        saved(r.setPatchTestResult(f.tenant, pending, PatchResult.FAIL, Source.FORM));
        assertEquals(PatchTestState.Problem.FAILED, r.patchTestState(f.tenant, client, 90, day).problem());
        saved(r.addPatchTest(f.tenant, client, d.minusDays(120), PatchResult.PASS, "", "", Source.FORM));
        assertEquals(PatchTestState.Problem.FAILED, r.patchTestState(f.tenant, client, 90, day).problem(), "an older pass does not undo a fail");
        saved(r.addPatchTest(f.tenant, client, d.minusDays(2), PatchResult.PASS, "", "", Source.FORM));
        assertTrue(r.patchTestState(f.tenant, client, 90, day).fine(), "a newer pass does");

        long other = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Olga Old Test') RETURNING id");
        saved(r.addPatchTest(f.tenant, other, d.minusDays(100), PatchResult.PASS, "", "", Source.FORM));
        PatchTestState old = r.patchTestState(f.tenant, other, 90, day);
        assertEquals(PatchTestState.Problem.EXPIRED, old.problem());
        assertEquals(d.minusDays(100), old.lastOn());
        assertTrue(r.patchTestState(f.tenant, other, 100, day).fine(), "100 days allowed");
        assertTrue(r.patchTestState(f.tenant, other, 90, at(10, 0).minusSeconds(86400L * 20)).fine(), "20 days earlier it was fresh");
        saved(r.addPatchTest(f.tenant, other, d.plusDays(3), PatchResult.PASS, "", "", Source.FORM));
        assertEquals(PatchTestState.Problem.EXPIRED, r.patchTestState(f.tenant, other, 90, day).problem(), "a test after the day does not count");
        assertEquals(RecordProblem.DATE_INVALID, refused(r.addPatchTest(f.tenant, client, null, PatchResult.PASS, "", "", Source.FORM)));
        assertEquals(3, r.patchTests(f.tenant, client).size());
    }

    @Test
    void aPhotoIsResizedOnTheWayInAndItsThumbnailListed() throws Exception {
        long client = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Polly Photo') RETURNING id");
        BufferedImage camera = new BufferedImage(4000, 3000, BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = camera.createGraphics();
        g.setPaint(new java.awt.GradientPaint(0, 0, java.awt.Color.ORANGE, 4000, 3000, java.awt.Color.BLUE));
        g.fillRect(0, 0, 4000, 3000);
        g.dispose();
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        javax.imageio.ImageIO.write(camera, "png", file);
        PhotoIntake.Prepared p = saved(PhotoIntake.fromBytes(file.toByteArray()));
        assertEquals(1280, p.width());
        assertEquals(960, p.height());
        assertTrue(p.jpeg().length < 1_048_576);
        var photo = saved(new ClientRecordRepository(olena).addPhoto(f.tenant, client, null, PhotoKind.BEFORE, p, "roots", Source.FORM));
        assertEquals(PhotoKind.BEFORE, photo.kind());
        assertArrayEquals(p.thumbnail(), new ClientRecordRepository(olena).photos(f.tenant, client).get(0).thumbnail());
        assertArrayEquals(p.jpeg(), new ClientRecordRepository(olena).photoImage(f.tenant, photo.id()).orElseThrow());
        // the history holds its size, never its bytes
        String h = new ClientRecordRepository(olena).history(f.tenant, client).get(0).changes();
        assertTrue(h.contains("\"width\": [null, 1280]") && !h.contains("image"), h);

        assertEquals(RecordProblem.PHOTO_UNREADABLE, refused(PhotoIntake.fromBytes("not a picture".getBytes())));
        assertEquals(RecordProblem.PHOTO_TOO_MANY_PIXELS, refused(PhotoIntake.fromBytes(pngHeader(20_000, 20_000))),
                "a file that declares 400 megapixels is refused unread (a decompression bomb)");
        int[] pasted = new int[300 * 200];
        java.util.Arrays.fill(pasted, 0xFF336699);
        PhotoIntake.Prepared small = saved(PhotoIntake.fromPixels(300, 200, pasted));
        assertEquals(300, small.width(), "a small picture keeps its size");
    }

    @Test
    void aSignedConsentKeepsTheTextItWasSignedWithWhateverTheFormBecomes() {
        long client = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Sofia Sign') RETURNING id");
        long form = saved(new ClientRecordRepository(anna).saveConsentTemplate(f.tenant, null, f.cut,
                Map.of("en", "Colour consent", "uk", "Згода на фарбування"),
                Map.of("en", "I agree to the treatment and its risks.", "uk", "Я погоджуюся на процедуру та її ризики."), true));
        ClientRecordRepository r = new ClientRecordRepository(olena);
        assertEquals(RecordProblem.SIGNATURE_NOT_TICKED, refused(r.sign(f.tenant, client, form, null, "en", "Sofia Sign", false, Source.FORM)));
        assertEquals(RecordProblem.SIGNATURE_NAME_MISSING, refused(r.sign(f.tenant, client, form, null, "en", "  ", true, Source.FORM)));
        assertEquals(RecordProblem.CONSENT_NO_TEXT, refused(r.sign(f.tenant, client, form, null, "ru", "Sofia Sign", true, Source.FORM)),
                "not written in Russian");
        ConsentSignature signed = saved(r.sign(f.tenant, client, form, null, "uk", " Софія С. ", true, Source.FORM));
        assertEquals("Я погоджуюся на процедуру та її ризики.", signed.signedText());
        assertEquals("Софія С.", signed.typedName());
        assertEquals(RecordProblem.NO_PERMISSION, refused(r.saveConsentTemplate(f.tenant, form, f.cut, Map.of("en", "x"), Map.of("en", "y"), true)),
                "forms are an admin's");
        saved(new ClientRecordRepository(anna).saveConsentTemplate(f.tenant, form, f.cut, Map.of("uk", "Нова"), Map.of("uk", "Інший текст"), true));
        assertEquals("Я погоджуюся на процедуру та її ризики.", r.signatures(f.tenant, client).get(0).signedText(), "kept as signed");
        assertEquals("55000", sqlState(() -> f.dsl.execute("UPDATE consent_signatures SET signed_text = 'forged' WHERE id = " + signed.id())),
                "not even the owner rewrites a signature");
    }

    @Test
    void cardFieldsAndTheClientListsFilters() {
        long vip = f.id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + f.tenant + ", 'Vira Vip', '+380501234001') RETURNING id");
        long student = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Stefa Student') RETURNING id");
        ClientRecordRepository r = new ClientRecordRepository(olena);
        int month = EngineFixture.DAY.getMonthValue();
        saved(r.setCardFields(f.tenant, vip, new CardFields(LocalDate.of(1990, month, 12), CardFields.parseTags("VIP, prefers Olena, vip"),
                "Instagram", Set.of("email")), Source.FORM));
        assertEquals(List.of("VIP", "prefers Olena"), r.cardFields(f.tenant, vip).orElseThrow().tags(), "the second vip is the first");
        assertEquals(olenaLogin, r.marketingRecorded(f.tenant, vip).orElseThrow()[0], "who recorded the consent: the database's");
        saved(r.setCardFields(f.tenant, student, new CardFields(null, List.of("student"), "", Set.of()), Source.FORM));
        assertEquals(RecordProblem.TAG_INVALID, refused(r.setCardFields(f.tenant, student,
                new CardFields(null, List.of("a,b"), "", Set.of()), Source.FORM)));
        assertEquals(RecordProblem.TOO_MANY_TAGS, refused(r.setCardFields(f.tenant, student,
                new CardFields(null, java.util.stream.IntStream.range(0, 21).mapToObj(i -> "t" + i).toList(), "", Set.of()), Source.FORM)));

        f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) VALUES ("
                + f.tenant + ", " + f.anna + ", " + student + ", now() - interval '40 days', 30, 'no_show')");
        f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) VALUES ("
                + f.tenant + ", " + f.anna + ", " + vip + ", now() - interval '10 days', 30, 'completed')");
        ClientListRepository list = new ClientListRepository(olena);
        ZoneId zone = EngineFixture.ZONE;
        List<ClientListRow> vips = list.list(f.tenant, zone, "UA", new ClientFilter("", "vip", null, null, false, null, null), 0);
        assertEquals(List.of(vip), vips.stream().map(ClientListRow::id).toList(), "a tag in any case");
        assertTrue(vips.get(0).lastVisit() != null);
        assertEquals(List.of(student), ids(list.list(f.tenant, zone, "UA", new ClientFilter("", null, null, null, true, null, null), 0)));
        assertEquals(List.of(), ids(list.list(f.tenant, zone, "UA", new ClientFilter("", null, null, null, true, LocalDate.now().minusDays(30), null), 0)),
                "no no-show in the last 30 days");
        assertTrue(ids(list.list(f.tenant, zone, "UA", new ClientFilter("", null, null, null, false, null, month), 0)).contains(vip));
        assertFalse(ids(list.list(f.tenant, zone, "UA", new ClientFilter("", null, LocalDate.now().minusDays(20), null, false, null, null), 0))
                .contains(vip), "came 10 days ago: not before 20 days ago");
        assertTrue(ids(list.list(f.tenant, zone, "UA", new ClientFilter("", null, LocalDate.now().minusDays(20), null, false, null, null), 0))
                .contains(student), "never came counts as before");
        assertEquals(List.of(vip), ids(list.list(f.tenant, zone, "UA", new ClientFilter("050 123 4001", null, null, null, false, null, null), 0)),
                "the toolbar's search by the phone as dialled");
        assertNull(list.list(f.tenant, zone, "UA", new ClientFilter("Stefa", null, null, null, false, null, null), 0).get(0).birthday());
    }

    /** A PNG's signature and header chunk declaring {@code w} × {@code h}, and nothing more. */
    static byte[] pngHeader(int w, int h) {
        java.nio.ByteBuffer ihdr = java.nio.ByteBuffer.allocate(17);
        ihdr.put("IHDR".getBytes()).putInt(w).putInt(h).put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 0);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(ihdr.array());
        java.nio.ByteBuffer png = java.nio.ByteBuffer.allocate(8 + 4 + 17 + 4);
        png.put(new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}).putInt(13).put(ihdr.array()).putInt((int) crc.getValue());
        return png.array();
    }

    private static List<Long> ids(List<ClientListRow> rows) {
        return rows.stream().map(ClientListRow::id).toList();
    }

    private static String sqlState(Runnable r) {
        try {
            r.run();
            return "none";
        } catch (org.jooq.exception.DataAccessException e) {
            return e.sqlState();
        }
    }
}
