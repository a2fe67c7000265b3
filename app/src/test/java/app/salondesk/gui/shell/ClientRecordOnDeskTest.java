package app.salondesk.gui.shell;

import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client's record at the desk (issue 36), through the real windows and a real admin login: her alert on
 * the calendar entry, on top of her card and in the booking form; the last colour formula copied into a new
 * one; a consent form signed with her typed name and the tick.
 */
@ExtendWith(ApplicationExtension.class)
class ClientRecordOnDeskTest {

    @RegisterExtension
    static final ClientsOnDesk salon = new ClientsOnDesk("record_on_desk");
    private static ClientsFixture fx;
    private static String admin;
    private static String receptionist;
    private static long today;

    @BeforeAll
    static void data() {
        fx = salon.fx();
        admin = salon.login("adm", StaffRole.ADMIN);
        receptionist = salon.login("rec", StaffRole.RECEPTIONIST);
        fx.dsl.execute("INSERT INTO client_notes (tenant_id, client_id, body, alert) VALUES (" + fx.tenant + ", " + fx.iryna
                + ", 'Allergic to ammonia', true)");
        // her booking of the desk's day, on the calendar
        today = fx.dsl.resultQuery("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                + fx.tenant + ", " + fx.olena + ", " + fx.iryna + ", " + fx.haircut + ", '" + ClientsFixture.kyiv(2026, 3, 10, 14, 0)
                + "', 60, 'confirmed') RETURNING id").fetchOne(0, Long.class);
        fx.dsl.execute("INSERT INTO client_formulas (tenant_id, booking_id, product, shade, developer, minutes) VALUES (" + fx.tenant + ", "
                + fx.irynaBookings[4] + ", 'Igora Royal', '7-1', '6%', 35)");
        fx.dsl.execute("INSERT INTO consent_templates (tenant_id, title_en, body_en) VALUES (" + fx.tenant
                + ", 'Colour consent', 'I agree to the colour and its risks.')");
    }

    private FrontDesk desk(FxRobot robot) {
        return salon.open(robot, admin);
    }

    private FrontDesk cardOfIryna(FxRobot robot) throws Exception {
        FrontDesk desk = desk(robot);
        robot.interact(() -> desk.openClientCard(fx.iryna));
        waitFor(() -> robot.lookup("#client-name").tryQuery().isPresent()
                && "Iryna Savchenko".equals(robot.lookup("#client-name").queryTextInputControl().getText()));
        return desk;
    }

    @Test
    void anAlertIsOnTheCalendarEntryOnTopOfTheCardAndInTheBookingForm(FxRobot robot) throws Exception {
        FrontDesk desk = desk(robot);
        waitFor(() -> robot.lookup(".client-alert-mark").tryQuery().isPresent());
        assertEquals(1, robot.lookup(".client-alert-mark").queryAll().size(), "her one booking of the day is marked, nobody else's");

        robot.interact(() -> desk.openClientCard(fx.iryna));
        waitFor(() -> robot.lookup("#client-alerts").tryQuery().map(Node::isVisible).orElse(false));
        assertEquals("Allergic to ammonia", robot.lookup("#client-alerts").queryAs(Label.class).getText());

        robot.clickOn("#client-book");
        waitFor(() -> robot.lookup("#form-alerts").tryQuery().map(Node::isVisible).orElse(false));
        assertEquals("\u26a0 Allergic to ammonia", robot.lookup("#form-alerts").queryAs(Label.class).getText());
    }

    @Test
    void theLastFormulaIsCopiedIntoANewOneOfAnotherVisit(FxRobot robot) throws Exception {
        cardOfIryna(robot);
        robot.clickOn("#client-record");
        waitFor(() -> robot.lookup("#record-formulas").tryQuery().isPresent()
                && !robot.lookup("#record-formulas").queryAs(ListView.class).getItems().isEmpty());
        assertTrue(robot.lookup("#record-formulas").queryAs(ListView.class).getItems().get(0).toString().contains("Igora Royal \u00b7 7-1 \u00b7 6%"));
        @SuppressWarnings("unchecked") ComboBox<app.salondesk.gui.clients.VisitRow> visit = robot.lookup("#record-formula-visit").queryAs(ComboBox.class);
        robot.interact(() -> visit.getSelectionModel().select(visit.getItems().stream().filter(v -> v.bookingId() == today).findFirst().orElseThrow()));
        robot.clickOn("#record-copy-last");
        waitFor(() -> "Igora Royal".equals(robot.lookup("#record-product").queryTextInputControl().getText()));
        assertEquals("7-1", robot.lookup("#record-shade").queryTextInputControl().getText());
        assertEquals("35", robot.lookup("#record-minutes").queryTextInputControl().getText());
        robot.clickOn("#record-formula-add");
        waitFor(() -> fx.dsl.fetchCount(fx.dsl.selectFrom("client_formulas").where("booking_id = " + today)) == 1);
        assertEquals("Igora Royal|7-1|6%|35|" + admin, fx.dsl.resultQuery("SELECT product || '|' || shade || '|' || developer || '|' || minutes "
                + "|| '|' || created_by FROM client_formulas WHERE booking_id = " + today).fetchOne(0, String.class));
        waitFor(() -> robot.lookup("#record-formulas").queryAs(ListView.class).getItems().size() == 2);
    }

    @Test
    void aConsentIsSignedWithHerTypedNameAndTheTick(FxRobot robot) throws Exception {
        cardOfIryna(robot);
        robot.clickOn("#client-record");
        waitFor(() -> robot.lookup("#record-consent-text").tryQuery().isPresent()
                && robot.lookup("#record-consent-text").queryTextInputControl().getText().startsWith("I agree to the colour"));
        scrollTo(robot, "#record-consent-name");
        robot.clickOn("#record-consent-name").write("Iryna Savchenko");
        robot.clickOn("#record-consent-sign");
        waitFor(() -> "the client ticks that she agrees".equals(robot.lookup("#record-message").queryAs(Label.class).getText()));
        assertEquals(0, fx.dsl.fetchCount(fx.dsl.selectFrom("consent_signatures").where("client_id = " + fx.iryna)), "not without the tick");
        robot.clickOn("#record-consent-agree");
        robot.clickOn("#record-consent-sign");
        waitFor(() -> fx.dsl.fetchCount(fx.dsl.selectFrom("consent_signatures").where("client_id = " + fx.iryna)) == 1);
        assertEquals("Iryna Savchenko|Colour consent|I agree to the colour and its risks.|" + admin, fx.dsl.resultQuery(
                "SELECT typed_name || '|' || title || '|' || signed_text || '|' || created_by FROM consent_signatures WHERE client_id = "
                        + fx.iryna).fetchOne(0, String.class));
        waitFor(() -> robot.lookup("#record-signatures").queryAs(ListView.class).getItems().size() == 1);
        assertEquals("Signed.", robot.lookup("#record-message").queryAs(Label.class).getText());
    }

    @Test
    void aPhotoFromAFileAndOnePastedBecomeThumbnailsAndASignedConsentIsPrintedAsPdf(FxRobot robot, @TempDir Path dir) throws Exception {
        // a real photograph (see client-photo.txt beside it: public domain, from Debian's python3-skimage)
        Path picture = dir.resolve("before.jpg");
        try (java.io.InputStream in = ClientRecordOnDeskTest.class.getResourceAsStream("client-photo.jpg")) {
            Files.copy(in, picture);
        }
        Path pdf = dir.resolve("consent.pdf");
        FrontDesk desk = desk(robot);
        robot.interact(() -> desk.setRecordFiles((w, save) -> picture, (w, save) -> pdf));
        long client = fx.kiryl;
        // for the README's picture: an alert and a formula of a past visit beside the photos
        fx.dsl.execute("INSERT INTO client_notes (tenant_id, client_id, body, alert) VALUES (" + fx.tenant + ", " + client
                + ", 'Allergic to ammonia', true)");
        long visit = fx.dsl.resultQuery("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) "
                + "VALUES (" + fx.tenant + ", " + fx.marta + ", " + client + ", " + fx.haircut + ", '" + ClientsFixture.kyiv(2026, 2, 5, 11, 0)
                + "', 60, 'completed') RETURNING id").fetchOne(0, Long.class);
        fx.dsl.execute("INSERT INTO client_formulas (tenant_id, booking_id, product, shade, developer, minutes) VALUES (" + fx.tenant + ", "
                + visit + ", 'Igora Royal', '6-0', '9%', 30)");
        robot.interact(() -> desk.openClientCard(client));
        waitFor(() -> robot.lookup("#client-name").tryQuery().isPresent()
                && "Kiryl Bondar".equals(robot.lookup("#client-name").queryTextInputControl().getText()));
        robot.clickOn("#client-record");
        waitFor(() -> robot.lookup("#record-photo-add").tryQuery().isPresent());

        robot.clickOn("#record-photo-add");
        waitFor(() -> robot.lookup(".record-photo").queryAll().size() == 1);
        assertEquals("before|400|300", fx.dsl.resultQuery("SELECT kind || '|' || width || '|' || height FROM client_photos WHERE client_id = "
                + client).fetchOne(0, String.class), "a photo of 400 by 300 kept as it was (smaller than 1280)");

        // pasted as the after photo: her hair, cut out of the same photograph
        java.awt.image.BufferedImage hair = javax.imageio.ImageIO.read(picture.toFile()).getSubimage(90, 0, 200, 150);
        @SuppressWarnings("unchecked") ComboBox<app.salondesk.model.clients.PhotoKind> kind = robot.lookup("#record-photo-kind").queryAs(ComboBox.class);
        robot.interact(() -> {
            kind.setValue(app.salondesk.model.clients.PhotoKind.AFTER);
            javafx.scene.image.WritableImage pasted = new javafx.scene.image.WritableImage(hair.getWidth(), hair.getHeight());
            for (int y = 0; y < hair.getHeight(); y++) {
                for (int x = 0; x < hair.getWidth(); x++) {
                    pasted.getPixelWriter().setArgb(x, y, hair.getRGB(x, y));
                }
            }
            javafx.scene.input.ClipboardContent content = new javafx.scene.input.ClipboardContent();
            content.putImage(pasted);
            javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
        });
        robot.clickOn("#record-photo-paste");
        waitFor(() -> robot.lookup(".record-photo").queryAll().size() == 2);
        assertEquals("after|200|150", fx.dsl.resultQuery("SELECT kind || '|' || width || '|' || height FROM client_photos WHERE client_id = "
                + client + " ORDER BY id DESC LIMIT 1").fetchOne(0, String.class));
        // the README's picture of her record (target/screenshots): the alert, the notes, her formula and the photos, no message left over
        waitFor(() -> robot.lookup("#record-message").queryAs(Label.class).getText().isEmpty());
        javafx.stage.Window record = robot.lookup(".record-photo").query().getScene().getWindow();
        robot.interact(() -> {
            record.setY(0);
            record.setHeight(990);
            ((javafx.scene.control.ScrollPane) record.getScene().getRoot()).setVvalue(0);
        });
        WaitForAsyncUtils.waitForFxEvents();
        MainWindowTest.screenshot(record.getScene(), "client-record.png");

        scrollTo(robot, "#record-consent-name");
        robot.clickOn("#record-consent-name").write("Kiryl Bondar");
        robot.clickOn("#record-consent-agree");
        robot.clickOn("#record-consent-sign");
        waitFor(() -> robot.lookup("#record-signatures").queryAs(ListView.class).getItems().size() == 1);
        robot.interact(() -> robot.lookup("#record-signatures").queryAs(ListView.class).getSelectionModel().select(0));
        robot.clickOn("#record-consent-pdf");
        waitFor(() -> Files.exists(pdf) && "Saved as consent.pdf.".equals(robot.lookup("#record-message").queryAs(Label.class).getText()));
        String text;
        try (org.apache.pdfbox.pdmodel.PDDocument doc = org.apache.pdfbox.Loader.loadPDF(pdf.toFile())) {
            text = new org.apache.pdfbox.text.PDFTextStripper().getText(doc);
        }
        assertTrue(text.contains("Colour consent") && text.contains("I agree to the colour and its risks.") && text.contains("Kiryl Bondar"), text);
    }

    /** Scrolls the record window so that the node is in view (a robot clicks only what it sees). */
    @Test
    void herAlertIsInTheCheckoutAndAWalkInHasNone(FxRobot robot) throws Exception {
        FrontDesk desk = desk(robot);
        robot.interact(() -> desk.openCheckout(new app.salondesk.model.calendar.BookingRef(today, fx.olena, 0,
                app.salondesk.model.booking.BookingStatus.CONFIRMED)));
        waitFor(() -> robot.lookup("#checkout-alerts").tryQuery().map(Node::isVisible).orElse(false));
        assertEquals("\u26a0 Allergic to ammonia", robot.lookup("#checkout-alerts").queryAs(Label.class).getText());
        assertEquals("Iryna Savchenko", robot.lookup("#checkout-client").queryAs(Label.class).getText());

        salon.closeOtherWindows(robot);
        robot.interact(desk::openWalkInSale);
        waitFor(() -> robot.lookup("#checkout-alerts").tryQuery().isPresent()
                && robot.lookup("#checkout-lines").tryQuery().isPresent());
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        assertTrue(!robot.lookup("#checkout-alerts").queryAs(Label.class).isVisible(), "a walk-in has no alerts to show");
    }

    @Test
    void aLikelyDuplicateIsSuggestedOnTheCardAndAnAdminMergesItIntoHer(FxRobot robot) throws Exception {
        // the same number kept under another country code: only the digits are compared
        long dup = fx.dsl.resultQuery("INSERT INTO clients (tenant_id, name, phone) VALUES (" + fx.tenant
                + ", 'Irina Savchenko', '+48671234567') RETURNING id").fetchOne(0, Long.class);
        FrontDesk desk = desk(robot);
        robot.interact(() -> desk.openClientCard(dup));
        waitFor(() -> robot.lookup(".client-duplicate").tryQuery().isPresent());
        String said = robot.lookup(".client-duplicate").queryAs(Label.class).getText();
        assertTrue(said.startsWith("Maybe the same person: Iryna Savchenko, ") && said.contains("67")
                && said.endsWith(" (client #" + fx.iryna + ") \u2014 the same phone number"), said);

        robot.clickOn("#client-duplicate-merge-" + fx.iryna);
        waitFor(() -> robot.lookup("#record-merge-into").tryQuery().isPresent());
        assertEquals(Long.toString(fx.iryna), robot.lookup("#record-merge-into").queryTextInputControl().getText(),
                "Merge into… is filled in with the one suggested");
        scrollTo(robot, "#record-merge");
        robot.clickOn("#record-merge");
        waitFor(() -> fx.dsl.fetchCount(fx.dsl.selectFrom("client_merges").where("from_client = " + dup)) == 1);
        assertEquals(Long.valueOf(fx.iryna), fx.dsl.resultQuery("SELECT merged_into FROM clients WHERE id = " + dup).fetchOne(0, Long.class));
        // the desk opens the survivor's card: waited for here, so it does not open during the next test
        waitFor(() -> robot.lookup("#client-name").queryAll().stream().anyMatch(n -> n.isVisible()
                && "Iryna Savchenko".equals(((javafx.scene.control.TextInputControl) n).getText())));
    }

    @Test
    void aReceptionistSeesTheSuggestionButNoMerge(FxRobot robot) throws Exception {
        long dup = fx.dsl.resultQuery("INSERT INTO clients (tenant_id, name, phone, birthday) VALUES (" + fx.tenant
                + ", 'KIRYL BONDAR', NULL, DATE '1988-02-02') RETURNING id").fetchOne(0, Long.class);
        fx.dsl.execute("UPDATE clients SET birthday = DATE '1988-02-02' WHERE id = " + fx.kiryl);
        FrontDesk desk = salon.open(robot, receptionist);
        robot.interact(() -> desk.openClientCard(dup));
        waitFor(() -> robot.lookup(".client-duplicate").tryQuery().isPresent());
        assertTrue(robot.lookup(".client-duplicate").queryAs(Label.class).getText().endsWith("the same name and birthday"),
                robot.lookup(".client-duplicate").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#client-duplicate-merge-" + fx.kiryl).tryQuery().isEmpty(), "merging is an admin's");
    }

    @Test
    void anAdminCorrectsANoteAndDeletesAPatchTestAndTheHistoryKeepsWhatTheySaid(FxRobot robot) throws Exception {
        long note = fx.dsl.resultQuery("INSERT INTO client_notes (tenant_id, client_id, body) VALUES (" + fx.tenant + ", " + fx.zoia
                + ", 'Prefers Olna') RETURNING id").fetchOne(0, Long.class);
        long test = fx.dsl.resultQuery("INSERT INTO patch_tests (tenant_id, client_id, tested_on, result) VALUES (" + fx.tenant + ", "
                + fx.zoia + ", DATE '2026-03-01', 'pass') RETURNING id").fetchOne(0, Long.class);
        FrontDesk desk = desk(robot);
        robot.interact(() -> desk.openClientCard(fx.zoia));
        waitFor(() -> robot.lookup("#client-record").tryQuery().isPresent());
        robot.clickOn("#client-record");
        waitFor(() -> robot.lookup("#record-notes").queryAs(ListView.class).getItems().size() == 1
                && robot.lookup("#record-tests").queryAs(ListView.class).getItems().size() == 1);
        assertTrue(robot.lookup("#record-note-correct").queryButton().isDisabled(), "nothing chosen, nothing to correct");

        robot.interact(() -> robot.lookup("#record-notes").queryAs(ListView.class).getSelectionModel().select(0));
        robot.clickOn("#record-note-correct");
        waitFor(() -> robot.lookup("#correct-note-text").tryQuery().isPresent());
        assertEquals("Prefers Olna", robot.lookup("#correct-note-text").queryTextInputControl().getText());
        robot.interact(() -> robot.lookup("#correct-note-text").queryTextInputControl().setText("Prefers Olena"));
        robot.clickOn("#correct-save");
        waitFor(() -> "Prefers Olena".equals(fx.dsl.resultQuery("SELECT body FROM client_notes WHERE id = " + note).fetchOne(0, String.class)));
        waitFor(() -> "Corrected. The history keeps what it said before.".equals(robot.lookup("#record-message").queryAs(Label.class).getText()));

        scrollTo(robot, "#record-tests");
        robot.interact(() -> robot.lookup("#record-tests").queryAs(ListView.class).getSelectionModel().select(0));
        robot.clickOn("#record-test-delete");
        waitFor(() -> robot.lookup("#delete-yes").tryQuery().isPresent());
        robot.clickOn("#delete-yes");
        waitFor(() -> fx.dsl.fetchCount(fx.dsl.selectFrom("patch_tests").where("id = " + test)) == 0);
        waitFor(() -> robot.lookup("#record-tests").queryAs(ListView.class).getItems().isEmpty());

        assertTrue(fx.dsl.resultQuery("SELECT changes::text FROM client_history WHERE kind = 'note' AND operation = 'UPDATE' AND record_id = "
                + note + " AND changed_by = '" + admin + "'").fetchOne(0, String.class).contains("Prefers Olna"));
        assertEquals(1, fx.dsl.fetchCount(fx.dsl.selectFrom("client_history").where("kind = 'patch_test' AND operation = 'DELETE' AND record_id = "
                + test + " AND changed_by = '" + admin + "'")));
    }

    @Test
    void aReceptionistHasNoCorrectOrDeleteInTheRecord(FxRobot robot) throws Exception {
        FrontDesk desk = salon.open(robot, receptionist);
        robot.interact(() -> desk.openClientCard(fx.alla));
        waitFor(() -> robot.lookup("#client-record").tryQuery().isPresent());
        robot.clickOn("#client-record");
        waitFor(() -> robot.lookup("#record-notes").tryQuery().isPresent());
        for (String button : new String[]{"#record-note-correct", "#record-note-delete", "#record-formula-correct", "#record-test-delete"}) {
            assertTrue(robot.lookup(button).tryQuery().isEmpty(), button + " is an admin's");
        }
    }

    private static void scrollTo(FxRobot robot, String query) {
        ClientsOnDesk.scrollTo(robot, query);
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        ClientsOnDesk.waitFor(condition);
    }
}
