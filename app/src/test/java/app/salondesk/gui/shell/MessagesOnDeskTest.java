package app.salondesk.gui.shell;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.model.salon.Salon;
import com.calendarfx.view.DayEntryView;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 33 at the desk, in real windows: a booking's messages with their states and Resend;
 * ☰ → Tomorrow lists whom to call, and a client's "yes" by link shows on the calendar at once;
 * the status bar says when e-mail keeps failing; ☰ → Messages to clients switches reminders on and
 * edits a text with its preview in uk, ru and en.
 */
@ExtendWith(ApplicationExtension.class)
class MessagesOnDeskTest {

    private static EngineFixture f;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("messagesondesk", 6);
        MessagesRepository repo = new MessagesRepository(f.dsl);
        repo.saveSettings(f.tenant, new MessageSettings(true, true, true, 1440, null, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, 120, "en",
                "127.0.0.1", 2525, false, "desk@bloom.test", "", ""));
        repo.setClientContact(f.tenant, f.client, "iryna@client.test", List.of(Channel.EMAIL), true, "en", Source.FORM);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void bare() {
        f.clearSchedule();
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE), tasks, new Messages(Locale.ENGLISH),
                Clock.systemUTC(), "desk1", "Database: test", f.backend.database().settings());
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void closeDesk(FxRobot robot) {
        robot.interact(desk::close);
        tasks.close();
    }

    @Test
    void aBookingsMessagesShowTheirStatesAndAFailedOneIsResent(FxRobot robot) throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        f.dsl.execute("UPDATE messages SET state = 'failed', attempts = 1, reason = '550 5.1.1 mailbox does not exist' "
                + "WHERE kind = 'confirmation' AND booking_id = " + b.id());
        String keyBefore = key(b.id());
        waitFor(15, () -> entry(robot, "Iryna").isPresent());
        FrontDeskTest.openContextMenu(robot, entry(robot, "Iryna").orElseThrow());
        robot.clickOn("#menu-messages");
        waitFor(10, () -> table(robot).getItems().size() == 2);
        TableView<?> table = table(robot);
        String first = table.getItems().get(0).toString();
        assertTrue(first.startsWith("Row[id=" + id(b.id(), "confirmation") + ", what=Confirmation, channel=as the client prefers, when=")
                && first.endsWith(", state=failed: 550 5.1.1 mailbox does not exist, planned=false]"), first);
        assertTrue(table.getItems().get(1).toString().contains("what=Reminder 24h before, channel=E-mail")
                && table.getItems().get(1).toString().contains("state=planned"), table.getItems().get(1).toString());
        robot.interact(() -> table.getSelectionModel().select(0));
        assertEquals("Resend", robot.lookup("#messages-send").queryAs(Button.class).getText());
        robot.clickOn("#messages-send");
        waitFor(10, () -> table(robot).getItems().get(0).toString().contains("state=planned"));
        assertEquals("planned|0", f.dsl.resultQuery("SELECT state || '|' || attempts FROM messages WHERE kind = 'confirmation' AND booking_id = "
                + b.id()).fetchOne(0, String.class));
        assertTrue(!keyBefore.equals(key(b.id())), "a resend is a new message, with a new id");
        MainWindowTest.screenshot(table.getScene(), "booking-messages.png");
    }

    @Test
    void tomorrowListsWhomToCallAndAClientsYesByLinkShowsOnTheCalendarAtOnce(FxRobot robot) throws Exception {
        Booking pending = f.booked(f.engine.book(new NewBooking(f.tenant, f.bohdan, f.client, null, f.cut, at(12, 0), null, "",
                UUID.randomUUID(), Source.FORM, false), BookingStatus.PENDING));
        waitFor(15, () -> entry(robot, "Iryna").filter(e -> e.getStyleClass().contains("booking-pending")).isPresent()
                && robot.lookup("#connection-state").queryAs(javafx.scene.control.Label.class).getText().equals("\u25CF live"));
        robot.clickOn("#more");
        robot.clickOn("#tomorrow");
        waitFor(10, () -> robot.lookup("#tomorrow-day").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#tomorrow-day").queryAs(DatePicker.class).setValue(EngineFixture.DAY));
        waitFor(10, () -> tomorrow(robot).getItems().size() == 1);
        assertTrue(tomorrow(robot).getItems().get(0).toString().contains("time=12:00, client=Iryna, phone=+380671112233, state=waiting for confirmation"),
                tomorrow(robot).getItems().get(0).toString());

        // the client answers the message's link: the booking is confirmed by the database, and the calendar shows it
        String secret = "ab".repeat(32);
        f.dsl.execute("INSERT INTO message_tokens (tenant_id, token_hash, booking_id, message_id, expires_at) SELECT tenant_id, "
                + "sha256(convert_to('" + secret + "', 'UTF8')), booking_id, id, now() + interval '1 day' FROM messages WHERE kind = 'confirmation' "
                + "AND booking_id = " + pending.id());
        long t0 = System.nanoTime();
        assertEquals("done", f.dsl.resultQuery("SELECT salondesk_message_link_act('" + f.tenant + "." + secret + "', 'confirm')")
                .fetchOne(0, String.class));
        waitFor(5, () -> entry(robot, "Iryna").filter(e -> !e.getStyleClass().contains("booking-pending")).isPresent());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < 2000, "the desk shows the client's yes within a moment: " + ms + " ms");
        robot.clickOn("#tomorrow-refresh");
        waitFor(10, () -> tomorrow(robot).getItems().isEmpty());
    }

    @Test
    void aClientsYesOnAConfirmedBookingIsMarkedOnTheCalendarWithinAMoment(FxRobot robot) throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(14, 0))));
        waitFor(15, () -> entry(robot, "Iryna").isPresent()
                && robot.lookup("#connection-state").queryAs(javafx.scene.control.Label.class).getText().equals("\u25CF live"));
        assertTrue(entry(robot, "Iryna").orElseThrow().lookupAll(".client-confirmed-mark").isEmpty(), "no mark before she answers");
        String secret = "cd".repeat(32);
        f.dsl.execute("INSERT INTO message_tokens (tenant_id, token_hash, booking_id, message_id, expires_at) SELECT tenant_id, "
                + "sha256(convert_to('" + secret + "', 'UTF8')), booking_id, id, now() + interval '1 day' FROM messages WHERE kind = 'confirmation' "
                + "AND booking_id = " + b.id());
        long t0 = System.nanoTime();
        assertEquals("done", f.dsl.resultQuery("SELECT salondesk_message_link_act('" + f.tenant + "." + secret + "', 'confirm')")
                .fetchOne(0, String.class));
        waitFor(5, () -> entry(robot, "Iryna").filter(e -> e.getEntry().getStyleClass().contains("booking-client-confirmed")).isPresent());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("client confirmed: on the calendar " + ms + " ms after the link's answer");
        assertTrue(ms < 2000, "the desk shows the client's yes within a moment: " + ms + " ms");
        DayEntryView shown = entry(robot, "Iryna").orElseThrow();
        assertTrue(shown.getEntry().getLocation().contains("confirmed by the client"), shown.getEntry().getLocation());
        waitFor(5, () -> !shown.lookupAll(".client-confirmed-mark").isEmpty());
        assertEquals("\u2713 client", ((javafx.scene.control.Label) shown.lookupAll(".client-confirmed-mark").iterator().next()).getText());
        MainWindowTest.screenshot(shown.getScene(), "client-confirmed.png");
    }

    @Test
    void theClientCardsMessagesWindowKeepsHerAddressChannelsAndConsentAndRefusesWhatCannotReachHer(FxRobot robot) throws Exception {
        f.dsl.execute("UPDATE clients SET email = '', channels = '{}' WHERE id = " + f.client);
        f.dsl.execute("UPDATE clients SET message_consent = false WHERE id = " + f.client);
        f.booked(f.engine.book(f.cutWith(f.anna, at(16, 0))));
        waitFor(15, () -> entry(robot, "Iryna").isPresent());
        app.salondesk.model.calendar.BookingRef ref = (app.salondesk.model.calendar.BookingRef) entry(robot, "Iryna").orElseThrow()
                .getEntry().getUserObject();
        robot.interact(() -> desk.openClientOf(ref));
        waitFor(10, () -> robot.lookup("#client-messages").tryQuery().isPresent());
        robot.clickOn("#client-messages");
        waitFor(10, () -> robot.lookup("#contact-email").tryQuery().isPresent() && !robot.lookup("#contact-save").query().isDisabled());
        assertEquals("+380671112233", robot.lookup("#contact-phone").queryAs(javafx.scene.control.Label.class).getText());
        robot.interact(() -> {
            robot.lookup("#contact-email").queryAs(TextField.class).setText("iryna at home");
            robot.lookup("#contact-channel-1").queryAs(ComboBox.class).getSelectionModel().select(Channel.EMAIL);
        });
        robot.clickOn("#contact-save");
        waitFor(5, () -> !robot.lookup("#contact-problem").queryAs(javafx.scene.control.Label.class).getText().isEmpty());
        assertEquals("\"iryna at home\" is not an e-mail address", robot.lookup("#contact-problem").queryAs(javafx.scene.control.Label.class).getText());
        robot.interact(() -> {
            robot.lookup("#contact-email").queryAs(TextField.class).setText("");
        });
        robot.clickOn("#contact-save");
        waitFor(5, () -> robot.lookup("#contact-problem").queryAs(javafx.scene.control.Label.class).getText().startsWith("E-mail is among"));
        assertEquals("|{}|f", f.dsl.resultQuery("SELECT email || '|' || channels::text || '|' || message_consent FROM clients WHERE id = " + f.client)
                .fetchOne(0, String.class).replace("false", "f"), "nothing written");

        robot.interact(() -> {
            robot.lookup("#contact-email").queryAs(TextField.class).setText("iryna@home.test");
            robot.lookup("#contact-channel-1").queryAs(ComboBox.class).getSelectionModel().select(Channel.VIBER);
            robot.lookup("#contact-channel-2").queryAs(ComboBox.class).getSelectionModel().select(Channel.EMAIL);
            robot.lookup("#contact-consent").queryAs(javafx.scene.control.CheckBox.class).setSelected(true);
            robot.lookup("#contact-language").queryAs(ComboBox.class).getSelectionModel().select("uk");
        });
        robot.clickOn("#contact-save");
        waitFor(10, () -> "Saved".equals(robot.lookup("#contact-saved").queryAs(javafx.scene.control.Label.class).getText()));
        assertEquals("iryna@home.test|{viber,email}|t|uk|form", f.dsl.resultQuery("SELECT email || '|' || channels::text || '|' || message_consent "
                + "|| '|' || language || '|' || consent_how FROM clients WHERE id = " + f.client).fetchOne(0, String.class).replace("true", "t"));
        String record = robot.lookup("#contact-consent-record").queryAs(javafx.scene.control.Label.class).getText();
        assertTrue(record.startsWith("Agreed: ") && record.contains("booking form"), "who, how and when, as the database recorded it: " + record);
        MainWindowTest.screenshot(robot.lookup("#contact-email").query().getScene(), "client-messages.png");
        MessagesRepository repo = new MessagesRepository(f.dsl);
        repo.setClientContact(f.tenant, f.client, "iryna@client.test", List.of(Channel.EMAIL), true, "en", Source.FORM);
    }

    @Test
    void theStatusBarSaysWhenEmailKeepsFailing(FxRobot robot) throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        robot.interact(desk::checkMessagesWarning);
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(300);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#messages-warning").queryAs(Hyperlink.class).getText().isEmpty(), "all is well: no warning");
        f.dsl.execute("UPDATE messages SET channel = 'email', attempts = 3, reason = '535 5.7.8 the mail server refuses the password', "
                + "updated_at = now() WHERE kind = 'confirmation' AND booking_id = " + b.id());
        robot.interact(desk::checkMessagesWarning);
        waitFor(10, () -> !robot.lookup("#messages-warning").queryAs(Hyperlink.class).getText().isEmpty());
        assertEquals("E-mail not sent for 20 minutes: 535 5.7.8 the mail server refuses the password",
                robot.lookup("#messages-warning").queryAs(Hyperlink.class).getText());
        assertTrue(robot.lookup("#messages-warning").queryAs(Hyperlink.class).isVisible());
        MainWindowTest.screenshot(robot.lookup("#messages-warning").query().getScene(), "messages-warning.png");
    }

    @Test
    void anAdminSwitchesRemindersOnAndEditsATextWithItsPreviewInEachLanguage(FxRobot robot) throws Exception {
        f.dsl.execute("UPDATE message_settings SET enabled = false, email_lead_min = 1440 WHERE tenant_id = " + f.tenant);
        f.dsl.execute("DELETE FROM message_templates");
        robot.clickOn("#more");
        robot.clickOn("#message-settings");
        waitFor(10, () -> robot.lookup("#msg-body").tryQuery().isPresent() && !text(robot, "#msg-body").isEmpty());
        robot.clickOn("#msg-enabled");
        Typing.retype(robot, "#msg-email-before", "2h");
        robot.interact(() -> robot.lookup("#msg-language").queryAs(ComboBox.class).getSelectionModel().select("uk"));
        waitFor(10, () -> text(robot, "#msg-subject").startsWith("Нагадування"));
        assertTrue(text(robot, "#msg-preview").contains("Ольга") && text(robot, "#msg-preview").contains("Fixture salon"),
                "the preview fills the placeholders: " + text(robot, "#msg-preview"));
        robot.interact(() -> robot.lookup("#msg-body").queryAs(TextArea.class).setText("{client}, чекаємо на вас {date} о {time}!"));
        waitFor(5, () -> text(robot, "#msg-preview").contains("Ольга, чекаємо на вас") && !text(robot, "#msg-preview").contains("{time}"));
        MainWindowTest.screenshot(robot.lookup("#msg-body").query().getScene(), "messages-settings-uk.png");
        robot.clickOn("#msg-save");
        waitFor(10, () -> "Saved".equals(robot.lookup("#msg-saved").queryAs(javafx.scene.control.Label.class).getText()));
        assertEquals("true|120", f.dsl.resultQuery("SELECT enabled || '|' || email_lead_min FROM message_settings WHERE tenant_id = " + f.tenant)
                .fetchOne(0, String.class));
        assertEquals("{client}, чекаємо на вас {date} о {time}!", f.dsl.resultQuery("SELECT body FROM message_templates WHERE kind = 'reminder' "
                + "AND language = 'uk'").fetchOne(0, String.class));
        robot.interact(() -> robot.lookup("#msg-language").queryAs(ComboBox.class).getSelectionModel().select("ru"));
        waitFor(10, () -> text(robot, "#msg-subject").startsWith("Напоминание"));
        robot.interact(() -> robot.lookup("#msg-language").queryAs(ComboBox.class).getSelectionModel().select("en"));
        waitFor(10, () -> text(robot, "#msg-subject").startsWith("Reminder"));
        robot.interact(() -> robot.lookup("#msg-language").queryAs(ComboBox.class).getSelectionModel().select("uk"));
        waitFor(10, () -> text(robot, "#msg-body").equals("{client}, чекаємо на вас {date} о {time}!"));

        Typing.retype(robot, "#msg-email-before", "3 weeks");
        robot.clickOn("#msg-save");
        waitFor(5, () -> robot.lookup("#msg-problem").queryAs(javafx.scene.control.Label.class).getText().startsWith("E-mail reminder before"));
        assertEquals(120, f.count("SELECT email_lead_min FROM message_settings WHERE tenant_id = " + f.tenant), "nothing written");
    }

    private static String text(FxRobot robot, String id) {
        Node n = robot.lookup(id).query();
        return n instanceof TextArea a ? a.getText() : ((TextField) n).getText();
    }

    private static String key(long booking) {
        return f.dsl.resultQuery("SELECT message_key::text FROM messages WHERE kind = 'confirmation' AND booking_id = " + booking).fetchOne(0, String.class);
    }

    private static long id(long booking, String kind) {
        return f.dsl.resultQuery("SELECT id FROM messages WHERE kind = '" + kind + "' AND booking_id = " + booking).fetchOne(0, Long.class);
    }

    private static TableView<?> table(FxRobot robot) {
        return robot.lookup("#messages-table").queryAs(TableView.class);
    }

    private static TableView<?> tomorrow(FxRobot robot) {
        return robot.lookup("#tomorrow-table").queryAs(TableView.class);
    }

    private static Optional<DayEntryView> entry(FxRobot robot, String client) {
        try {
            return WaitForAsyncUtils.asyncFx(() -> robot.lookup((Node n) -> n instanceof DayEntryView v
                    && v.getEntry().getTitle().startsWith(client + " \u2014") && v.isVisible())
                    .queryAllAs(DayEntryView.class).stream().findFirst()).get();
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
