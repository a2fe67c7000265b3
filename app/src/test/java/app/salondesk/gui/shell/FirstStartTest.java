package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.common.DiscardGuard;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.model.staff.Week;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.DbOptions;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.temporal.TemporalAdjusters;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The first start as a new salon sees it, through the real windows: a fresh SalonDesk folder,
 * so an empty embedded database, and the welcome screen. One way leads through the wizard to
 * the salon's calendar and a first booking; the other to the demo salon, marked as such, and
 * from there to one's own salon and the demo's removal.
 */
@ExtendWith(ApplicationExtension.class)
class FirstStartTest {

    private final BackgroundTasks tasks = new BackgroundTasks();
    private Shell shell;
    private Opening opening;
    private Stage stage;

    @Start
    void start(Stage stage) throws IOException {
        this.stage = stage;
        Path home = Files.createTempDirectory("salondesk-first-start");
        opening = TestDesks.offFx(() -> Session.start(new AppHome(home), DbOptions.embedded(), null));
        shell = new Shell(stage, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC(), home);
        shell.show(opening);
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> {
            // the form or a settings window may still be open when a test failed
            TestDesks.closeOwnedWindows();
            shell.close();
        });
        tasks.close();
    }

    @Test
    void theWizardMakesASalonWhoseCalendarTakesABookingAtTheSalonsOwnTime(FxRobot robot) throws Exception {
        assertTrue(opening instanceof Opening.Empty, "a fresh folder: an empty database");
        MainWindowTest.screenshot(robot.listTargetWindows().get(0).getScene(), "welcome.png");
        robot.clickOn("#welcome-setup");

        // 1. the salon: in Tokyo, so that its wall clock is nobody's default here
        robot.clickOn("#salon-name").write("Lotus Beauty");
        robot.clickOn("#salon-address").write("1-2-3 Ginza, Chuo-ku");
        Typing.retype(robot, "#salon-zone", "tokyo");
        robot.clickOn((Node n) -> n instanceof ListCell<?> c && c.getText() != null && c.getText().startsWith("Asia/Tokyo"));
        chooseValue(robot, "#salon-currency", Currency.getInstance("JPY"));
        chooseValue(robot, "#salon-country", "JP");
        MainWindowTest.screenshot(robot.listTargetWindows().get(0).getScene(), "wizard-salon.png");
        robot.clickOn("#wizard-next");

        // 2. the week: Saturdays short, Sundays closed (as offered), Mondays from ten
        waitFor(() -> robot.lookup("#week-from-MONDAY").tryQuery().isPresent());
        Typing.retype(robot, "#week-from-MONDAY", "10:00");
        robot.clickOn("#wizard-next");

        // 3. two masters
        waitFor(() -> robot.lookup("#master-name-0").tryQuery().isPresent());
        robot.clickOn("#master-name-0").write("Olena");
        robot.clickOn("#master-name-1").write("Marta");
        robot.clickOn("#wizard-next");

        // 4. three services; only Marta does nails
        waitFor(() -> robot.lookup("#service-name-0").tryQuery().isPresent());
        robot.clickOn("#service-name-0").write("Haircut");
        robot.clickOn("#service-price-0").write("6500");
        robot.clickOn("#service-name-1").write("Manicure");
        Typing.retype(robot, "#service-minutes-1", "90");
        robot.clickOn("#service-price-1").write("4000");
        robot.clickOn("#service-who-1");
        robot.clickOn("#service-1-by-0");
        robot.clickOn("#services-add");
        robot.clickOn("#service-name-2").write("Brows");
        Typing.retype(robot, "#service-minutes-2", "45");
        robot.clickOn("#service-price-2").write("3000");
        MainWindowTest.screenshot(robot.listTargetWindows().get(0).getScene(), "wizard-services.png");
        robot.clickOn("#wizard-next");

        // the salon's empty calendar, ready to book
        waitFor(() -> shell.desk() != null && shell.desk().schedule().scheduleProperty().get() != null);
        assertEquals(List.of("Olena", "Marta"), robot.lookup(".master-header").queryAllAs(Label.class).stream().map(Label::getText).toList());
        assertFalse(robot.lookup("#demo-marker").query().isVisible(), "a real salon is not marked as the demo");
        var dsl = opening.backend().dsl();
        Salon salon = new SalonRepository(dsl).first().orElseThrow();
        assertEquals(new Salon(salon.id(), "Lotus Beauty", ZoneId.of("Asia/Tokyo"), Currency.getInstance("JPY"), "JP"), salon);
        List<MasterDetails> masters = new MasterRepository(dsl).findAll(salon.id());
        assertEquals(List.of("Olena", "Marta"), masters.stream().map(MasterDetails::name).toList());
        Week olenas = new MasterRepository(dsl).weeks(salon.id(), masters.get(0).id()).get(0);
        assertEquals(Week.ALWAYS, olenas.validFrom());
        assertEquals(LocalTime.of(10, 0), olenas.on(DayOfWeek.MONDAY).get(0)[0]);
        assertEquals(List.of(LocalTime.of(10, 0), LocalTime.of(17, 0)), List.of(olenas.on(DayOfWeek.SATURDAY).get(0)));
        assertTrue(olenas.on(DayOfWeek.SUNDAY).isEmpty());
        List<ServiceDetails> services = new ServiceRepository(dsl).findAll(salon.id());
        assertEquals(List.of("Brows", "Haircut", "Manicure"), services.stream().map(ServiceDetails::name).toList());
        long manicure = services.get(2).id();
        assertEquals(List.of(masters.get(1).id()), new ServiceRepository(dsl).offers(salon.id()).stream()
                .filter(o -> o.serviceId() == manicure).map(Offer::masterId).toList());

        // a first booking, typed into the form as the receptionist hears it
        LocalDate wednesday = LocalDate.now(salon.zone()).plusDays(3).with(TemporalAdjusters.next(DayOfWeek.WEDNESDAY));
        robot.clickOn("#new-booking");
        waitFor(() -> robot.lookup("#form-client-name").tryQuery().isPresent());
        robot.clickOn("#form-client-name").write("Yuki Sato").type(KeyCode.TAB);
        robot.clickOn("#form-client-phone").write("090-1234-5678");
        choose(robot, "#form-service", "Manicure");
        assertEquals("\u00a54,000", robot.lookup("#form-price").queryAs(Label.class).getText(), "yen, as English writes money");
        choose(robot, "#form-master", "Marta");
        robot.interact(() -> robot.lookup("#form-date").queryAs(DatePicker.class).setValue(wednesday));
        Typing.retype(robot, "#form-time", "11:30");
        robot.clickOn("#form-save");

        // the only SQL of this test: when the booking starts, as the database keeps it
        waitFor(() -> dsl.fetchCount(dsl.selectFrom("bookings")) == 1);
        OffsetDateTime start = dsl.resultQuery("SELECT starts_at FROM bookings").fetchOne(0, OffsetDateTime.class);
        assertEquals(wednesday.atTime(11, 30).atZone(ZoneId.of("Asia/Tokyo")).toInstant(), start.toInstant(),
                "11:30 on the salon's wall clock in Tokyo, whatever this computer's zone");
        long client = new ClientRepository(dsl).search(salon.id(), "JP", "Yuki", 5).get(0).id();
        assertEquals("+819012345678", new ClientRepository(dsl).find(salon.id(), client).orElseThrow().phone(),
                "a Japanese number as the Japanese write it, kept as E.164");
    }

    @Test
    void theDemoSalonSaysSoAndGivesWayToOnesOwnSalonAndIsThenRemoved(FxRobot robot) throws Exception {
        robot.clickOn("#welcome-demo");
        waitFor(() -> shell.desk() != null && shell.desk().schedule().scheduleProperty().get() != null);
        Label marker = robot.lookup("#demo-marker-text").queryAs(Label.class);
        assertTrue(marker.isVisible());
        assertEquals("Demo salon \u2014 made-up clients and bookings", marker.getText());
        assertTrue(robot.listTargetWindows().get(0) instanceof Stage s && s.getTitle().contains(DemoSalon.NAME));
        MainWindowTest.screenshot(robot.listTargetWindows().get(0).getScene(), "demo-salon.png");

        // the owner (the embedded desk is) sets up the salon from the demo's status bar
        robot.clickOn("#demo-set-up");
        waitFor(() -> robot.lookup("#salon-name").tryQuery().isPresent());
        robot.clickOn("#salon-name").write("Own Salon");
        // a computer that names no region (this one may not) is asked the country first (issue 31)
        chooseValue(robot, "#salon-country", "UA");
        robot.clickOn("#wizard-next");
        robot.clickOn("#wizard-next");
        waitFor(() -> robot.lookup("#master-name-0").tryQuery().isPresent());
        robot.clickOn("#master-name-0").write("Iryna");
        robot.clickOn("#wizard-next");
        waitFor(() -> robot.lookup("#service-name-0").tryQuery().isPresent());
        robot.clickOn("#service-name-0").write("Pedicure");
        robot.clickOn("#service-price-0").write("850");
        robot.clickOn("#wizard-next");
        waitFor(() -> robot.lookup(".master-header").queryAllAs(Label.class).stream().map(Label::getText).toList().equals(List.of("Iryna")));
        assertFalse(robot.lookup("#demo-marker").query().isVisible(), "the desk is on the new salon now");

        // Salon settings offers the demo's removal; asked once more, it goes
        robot.clickOn("#more");
        robot.clickOn("#salon-settings");
        waitFor(() -> robot.lookup("#settings-demo-text").tryQueryAs(Label.class).map(l -> l.isVisible() && !l.getText().isEmpty()).orElse(false));
        MainWindowTest.screenshot(robot.lookup("#settings-remove-demo").query().getScene(), "salon-settings-demo.png");
        robot.clickOn("#settings-remove-demo");
        waitFor(() -> robot.lookup("#settings-remove-demo-yes").tryQuery().isPresent());
        robot.clickOn("#settings-remove-demo-yes");
        SalonRepository salons = new SalonRepository(opening.backend().dsl());
        waitFor(() -> salons.findDemo().isEmpty());
        assertEquals(List.of("Own Salon"), salons.findAll().stream().map(Salon::name).toList());
        waitFor(() -> robot.lookup("#settings-message").queryAs(Label.class).getText()
                .equals("The demo salon \"" + DemoSalon.NAME + "\" was removed."));
    }

    @Test
    void escInTheWizardAsksBeforeLosingWhatWasTypedAndEnterKeepsIt(FxRobot robot) throws Exception {
        // at first start the wizard is this window's screen, not a window of its own (issue 31)
        robot.clickOn("#welcome-setup");
        waitFor(() -> robot.lookup("#salon-name").tryQuery().isPresent());
        robot.type(KeyCode.ESCAPE);   // nothing typed: back to the welcome screen at once
        waitFor(() -> robot.lookup("#welcome-setup").tryQuery().isPresent());
        assertTrue(DiscardChangesTest.lookupQuestion().isEmpty());

        robot.clickOn("#welcome-setup");
        waitFor(() -> robot.lookup("#salon-name").tryQuery().isPresent());
        robot.clickOn("#salon-name").write("Lotus Beauty");
        chooseValue(robot, "#salon-country", "UA");   // a computer that names no region is asked first
        robot.clickOn("#wizard-next");
        waitFor(() -> robot.lookup("#week-from-MONDAY").tryQuery().isPresent());
        robot.type(KeyCode.ESCAPE);
        assertEquals("Discard the set-up of Lotus Beauty?", DiscardChangesTest.question(robot).getContentText());
        robot.type(KeyCode.ENTER);   // the default: keep editing
        waitFor(() -> DiscardChangesTest.lookupQuestion().isEmpty());
        assertTrue(robot.lookup("#week-from-MONDAY").tryQuery().isPresent(), "still on the wizard's step");
        robot.targetWindow(stage);
        robot.clickOn("#wizard-back");
        waitFor(() -> robot.lookup("#salon-name").tryQuery().isPresent());
        assertEquals("Lotus Beauty", robot.lookup("#salon-name").queryAs(javafx.scene.control.TextField.class).getText());

        // the window's ✕ (and ☰ → Quit on a desk) asks too, and Keep editing keeps the window
        robot.interact(() -> DiscardGuard.requestClose(stage));
        DiscardChangesTest.question(robot);
        robot.clickOn("#discard-keep");
        waitFor(() -> DiscardChangesTest.lookupQuestion().isEmpty());
        assertTrue(stage.isShowing());

        // Cancel, then Discard: the welcome screen, nothing made
        robot.targetWindow(stage);
        robot.clickOn("#wizard-cancel");
        DiscardChangesTest.question(robot);
        robot.clickOn("#discard-discard");
        waitFor(() -> robot.lookup("#welcome-setup").tryQuery().isPresent());
        assertTrue(new SalonRepository(opening.backend().dsl()).findAll().isEmpty());
        robot.interact(() -> DiscardGuard.requestClose(stage));   // the welcome screen has nothing to lose: it closes
        waitFor(() -> !stage.isShowing());
    }

    /** Picks from one of the long lists (currencies, countries) by value: scrolling to it would test the scroll bar. */
    private static <T> void chooseValue(FxRobot robot, String id, T value) {
        @SuppressWarnings("unchecked")
        ComboBox<T> combo = robot.lookup(id).queryAs(ComboBox.class);
        assertTrue(combo.getItems().contains(value), id + " offers " + value);
        robot.interact(() -> combo.setValue(value));
    }

    private static void choose(FxRobot robot, String comboId, String text) {
        ComboBox<?> combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.clickOn(combo);
        robot.clickOn((Node n) -> n instanceof ListCell<?> c && c.getText() != null && c.getText().startsWith(text) && c.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
