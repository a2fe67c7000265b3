package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.online.OnlineDeskService;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.online.OnlineBooking;
import app.salondesk.model.online.OnlineOutcome;
import app.salondesk.model.online.OnlineRequest;
import app.salondesk.model.salon.Salon;
import com.calendarfx.view.DayEntryView;
import com.zaxxer.hikari.HikariDataSource;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.ZONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 29, item 4, at the desk: a visitor books on the page with the phone of the salon's client
 * Iryna under another name. The page never named Iryna; the desk's calendar shows the booking
 * under the name typed on the page, and its form says "Booked online as “…” — the phone … is on
 * the card of client Iryna. Are they the same person?". Keep apart: the typed name becomes a client
 * of her own and the booking moves to her; Same person: it stays Iryna's.
 */
@ExtendWith(ApplicationExtension.class)
class OnlineMatchOnDeskTest {

    private static final String PASSWORD = "online-pw-" + UUID.randomUUID();
    private static final LocalDate DAY = LocalDate.now(ZONE).plusDays(2);

    private static EngineFixture f;
    private static HikariDataSource pool;
    private static OnlineDeskService online;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private FrontDesk desk;

    @BeforeAll
    static void salonOnlineAndTheServersLogin() {
        f = new EngineFixture("onlinematch", 4);
        String suffix = Long.toString(System.nanoTime(), 36);
        String login = "web_" + suffix;
        new StaffRepository(f.dsl).addOnlineLogin(login, PASSWORD.toCharArray());
        pool = new HikariDataSource();
        pool.setJdbcUrl(f.backend.database().settings().url());
        pool.setUsername(login);
        pool.setPassword(PASSWORD);
        pool.setMaximumPoolSize(2);
        online = new OnlineDeskService(DSL.using(pool, SQLDialect.POSTGRES));
        f.dsl.execute("INSERT INTO online_settings (tenant_id, enabled, slug) VALUES (" + f.tenant + ", true, 'match-" + suffix + "')");
    }

    @AfterAll
    static void close() {
        pool.close();
        f.close();
    }

    @Start
    void start(Stage stage) {
        desk = TestDesks.frontDesk(stage, f.dsl, new Salon(f.tenant, "Fixture salon", ZONE), tasks, new Messages(Locale.ENGLISH),
                Clock.systemUTC(), "desk1", "Database: test", f.backend.database().settings());
        desk.schedule().dateProperty().set(DAY);
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

    /** A booking on the page with Iryna's phone, under another name. */
    private static OnlineBooking bookedWithIrynasPhone(String name, int hour) {
        OnlineOutcome o = online.book(new OnlineRequest(f.tenant, f.cut, f.anna, DAY.atTime(LocalTime.of(hour, 0)).atZone(ZONE).toInstant(),
                name, "067 111 2233", "", "", UUID.randomUUID()));
        OnlineBooking b = assertInstanceOf(OnlineOutcome.Booked.class, o, o.toString()).booking();
        assertEquals(name, b.clientName(), "the page names the name it was given, never Iryna");
        return b;
    }

    private void openForm(FxRobot robot, String title) throws Exception {
        waitFor(15, () -> entry(robot, title).isPresent());
        FrontDeskTest.openContextMenu(robot, entry(robot, title).orElseThrow());
        robot.clickOn("#menu-open");
        waitFor(10, () -> robot.lookup("#form-online-match").tryQuery().map(OnlineMatchOnDeskTest::shown).orElse(false));
    }

    @Test
    void keptApartTheTypedNameBecomesAClientOfHerOwnAndTheBookingIsHers(FxRobot robot) throws Exception {
        waitFor(15, () -> desk.schedule().scheduleProperty().get() != null && DAY.equals(desk.schedule().scheduleProperty().get().date()));
        OnlineBooking b = bookedWithIrynasPhone("Olha Stranger", 11);
        // the calendar keeps the name typed on the page until the desk decides
        openForm(robot, "Olha Stranger");
        assertEquals("Booked online as \u201cOlha Stranger\u201d \u2014 the phone 067 111 2233 is on the card of client Iryna. "
                + "Are they the same person?", robot.lookup("#form-online-match").queryAs(Label.class).getText());
        MainWindowTest.screenshot(robot.lookup("#form-online-match").queryAs(Label.class).getScene(), "desk-online-match.png");

        robot.clickOn("#form-online-apart");
        waitFor(10, () -> robot.lookup("#form-online-match-answer").tryQuery().map(OnlineMatchOnDeskTest::shown).orElse(false));
        assertEquals("Kept apart: \u201cOlha Stranger\u201d is a new client (without a phone), and the booking is theirs.",
                robot.lookup("#form-online-match-answer").queryAs(Label.class).getText());
        assertTrue(!shown(robot.lookup("#form-online-same").queryAs(Node.class)), "decided: no more choice");
        assertEquals("Olha Stranger", robot.lookup("#form-client-name").queryAs(TextField.class).getText());
        assertEquals(1, f.count("SELECT count(*) FROM bookings b JOIN clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id "
                + "WHERE b.id = " + b.bookingId() + " AND c.name = 'Olha Stranger' AND c.phone IS NULL"));
        assertEquals(1, f.count("SELECT count(*) FROM online_bookings WHERE booking_id = " + b.bookingId()
                + " AND client_match = 'kept_apart' AND phone_as_typed = '+380671112233'"));
        assertEquals(0, f.count("SELECT count(*) FROM bookings WHERE client_id = " + f.client + " AND source = 'online'"),
                "nothing of it on Iryna's card");
        // the form saves the booking at its new version (the move bumped it): no "changed by someone else"
        Typing.retype(robot, "#form-time", "12:00");
        robot.clickOn("#form-save");
        waitFor(10, () -> robot.lookup("#form-client-name").tryQuery().isEmpty());
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE id = " + b.bookingId() + " AND starts_at = '"
                + DAY.atTime(12, 0).atZone(ZONE).toInstant() + "'"));
    }

    @Test
    void theSamePersonStaysOnHerCardAndTheCalendarShowsHerName(FxRobot robot) throws Exception {
        waitFor(15, () -> desk.schedule().scheduleProperty().get() != null && DAY.equals(desk.schedule().scheduleProperty().get().date()));
        OnlineBooking b = bookedWithIrynasPhone("Ira S.", 15);
        openForm(robot, "Ira S.");
        robot.clickOn("#form-online-same");
        waitFor(10, () -> robot.lookup("#form-online-match-answer").tryQuery().map(OnlineMatchOnDeskTest::shown).orElse(false));
        assertEquals("Booked for Iryna: the same person.", robot.lookup("#form-online-match-answer").queryAs(Label.class).getText());
        assertEquals(1, f.count("SELECT count(*) FROM online_bookings WHERE booking_id = " + b.bookingId()
                + " AND client_match = 'confirmed' AND match_decided_by IS NOT NULL"));
        assertEquals(1, f.count("SELECT count(*) FROM bookings WHERE id = " + b.bookingId() + " AND client_id = " + f.client));
        robot.clickOn("#form-cancel");
        // the calendar names her now
        waitFor(15, () -> entry(robot, "Iryna").isPresent() && entry(robot, "Ira S.").isEmpty());
    }

    /** Whether a node and all its parents are visible (a button in a hidden box is not shown). */
    private static boolean shown(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static Optional<DayEntryView> entry(FxRobot robot, String client) {
        return robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith(client))
                .tryQueryAs(DayEntryView.class);
    }

    private static void waitFor(int seconds, java.util.concurrent.Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
