package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
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

    private static ClientsFixture fx;
    private static StaffLogins logins;
    private static String admin;
    private static long today;

    private final BackgroundTasks tasks = new BackgroundTasks();
    private Stage stage;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("record_on_desk");
        logins = new StaffLogins(fx.dsl, fx.backend.database().settings());
        admin = logins.add(fx.tenant, "adm", "admin");
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

    @AfterAll
    static void close() {
        logins.close();
        fx.close();
    }

    @AfterEach
    void stopWorkers(FxRobot robot) {
        // the card and record windows of one test are not the next test's
        robot.interact(() -> new java.util.ArrayList<>(javafx.stage.Window.getWindows()).stream().filter(w -> w != stage)
                .forEach(javafx.stage.Window::hide));
        tasks.close();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private FrontDesk desk(FxRobot robot) {
        FrontDesk[] desk = new FrontDesk[1];
        robot.interact(() -> {
            desk[0] = TestDesks.frontDesk(stage, logins.dsl(admin), fx.salon, tasks, new Messages(Locale.ENGLISH), ClientsFixture.CLOCK,
                    admin, "Database: test", null, StaffRole.ADMIN);
            stage.setScene(new Scene(desk[0].window().root(), 1100, 700));
            stage.show();
        });
        return desk[0];
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
        Path picture = dir.resolve("before.png");
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(800, 600, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = image.createGraphics();
        g.setColor(java.awt.Color.ORANGE);
        g.fillRect(0, 0, 800, 600);
        g.dispose();
        javax.imageio.ImageIO.write(image, "png", picture.toFile());
        Path pdf = dir.resolve("consent.pdf");
        FrontDesk desk = desk(robot);
        robot.interact(() -> desk.setRecordFiles((w, save) -> picture, (w, save) -> pdf));
        long client = fx.kiryl;
        robot.interact(() -> desk.openClientCard(client));
        waitFor(() -> robot.lookup("#client-name").tryQuery().isPresent()
                && "Kiryl Bondar".equals(robot.lookup("#client-name").queryTextInputControl().getText()));
        robot.clickOn("#client-record");
        waitFor(() -> robot.lookup("#record-photo-add").tryQuery().isPresent());

        robot.clickOn("#record-photo-add");
        waitFor(() -> robot.lookup(".record-photo").queryAll().size() == 1);
        assertEquals("before|800|600", fx.dsl.resultQuery("SELECT kind || '|' || width || '|' || height FROM client_photos WHERE client_id = "
                + client).fetchOne(0, String.class), "a PNG of 800 by 600 kept as it was (smaller than 1280), as a JPEG");

        robot.interact(() -> {
            javafx.scene.image.WritableImage pasted = new javafx.scene.image.WritableImage(300, 200);
            for (int y = 0; y < 200; y++) {
                for (int x = 0; x < 300; x++) {
                    pasted.getPixelWriter().setArgb(x, y, 0xff3366cc);
                }
            }
            javafx.scene.input.ClipboardContent content = new javafx.scene.input.ClipboardContent();
            content.putImage(pasted);
            javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
        });
        robot.clickOn("#record-photo-paste");
        waitFor(() -> robot.lookup(".record-photo").queryAll().size() == 2);
        assertEquals(2, fx.dsl.fetchCount(fx.dsl.selectFrom("client_photos").where("client_id = " + client)));

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
    private static void scrollTo(FxRobot robot, String query) {
        Node node = robot.lookup(query).query();
        robot.interact(() -> {
            Node p = node;
            while (p != null && !(p instanceof javafx.scene.control.ScrollPane)) {
                p = p.getParent();
            }
            javafx.scene.control.ScrollPane pane = (javafx.scene.control.ScrollPane) p;
            double y = pane.getContent().sceneToLocal(node.localToScene(0, 0)).getY();
            double room = pane.getContent().getBoundsInLocal().getHeight() - pane.getViewportBounds().getHeight();
            pane.setVvalue(room <= 0 ? 0 : Math.min(1, Math.max(0, (y - 40) / room)));
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
