package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import com.calendarfx.view.DayEntryView;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 18 at the front desk: a colour (30 minutes of work, 40 while it takes, 30 of finishing)
 * booked through the form is drawn with its processing time lighter, and another client's
 * booking dragged into that gap is saved there; dragged onto the colour's finish it is refused
 * before the drop.
 */
@ExtendWith(ApplicationExtension.class)
class PhasedDeskTest {

    private static EngineFixture f;
    private static Salon salon;
    private static long styling;
    private FrontDesk desk;
    private final BackgroundTasks tasks = new BackgroundTasks();

    @BeforeAll
    static void salon() {
        f = new EngineFixture("phased-desk", 8);
        f.phasedService("Colour", "{30,-40,30}", 0, f.anna, f.bohdan);
        styling = f.phasedService("Styling", null, 0, f.anna);
        f.dsl.execute("UPDATE services SET duration_min = 30 WHERE id = " + styling);
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        // each test starts from no bookings and no visits (the tests run in an order of JUnit's own)
        TestDesks.offFx(() -> f.dsl.execute("DELETE FROM bookings"));
        TestDesks.offFx(() -> f.dsl.execute("DELETE FROM visits"));
        Clock clock = Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC);
        desk = TestDesks.frontDesk(stage, f.dsl, salon, tasks, new Messages(Locale.ENGLISH), clock, "desk1", "Database: test",
                f.backend.database().settings());
        desk.schedule().dateProperty().set(EngineFixture.DAY);
        stage.setScene(new Scene(desk.window().root(), 1200, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void aColourBookedInTheFormShowsItsGapAndASecondClientIsDraggedIntoIt(FxRobot robot) throws Exception {
        awaitLoaded();
        // the colour, through the form
        robot.clickOn("#new-booking");
        waitFor(() -> robot.lookup("#form-client-name").tryQuery().isPresent());
        robot.clickOn("#form-client-name").write("Oksana Colour").type(javafx.scene.input.KeyCode.TAB);
        choose(robot, "#form-service", "Colour");
        choose(robot, "#form-master", "Anna");
        robot.interact(() -> robot.lookup("#form-date").queryAs(DatePicker.class).setValue(EngineFixture.DAY));
        Typing.retype(robot, "#form-time", "10:00");
        robot.clickOn("#form-save");
        waitFor(() -> f.count("SELECT count(*) FROM bookings WHERE phases IS NOT NULL") == 1);
        assertEquals("{30,-40,30}", f.dsl.resultQuery("SELECT phases::text FROM bookings").fetchOne(0, String.class));
        // another client, later that day; shown with the colour, whose gap is drawn lighter
        Booking gap = f.booked(f.engine.book(new app.salondesk.model.booking.NewBooking(f.tenant, f.anna, null,
                new app.salondesk.model.booking.NewBooking.ClientDetails("Lena Gap", null), null, at(13, 0), 40, "", java.util.UUID.randomUUID(),
                app.salondesk.model.booking.Source.FORM, false)));
        robot.interact(() -> desk.window().schedule().refresh());
        waitFor(() -> entry(robot, "Oksana Colour").isPresent() && entry(robot, "Lena Gap").isPresent());
        DayEntryView colour = entry(robot, "Oksana Colour").orElseThrow();
        waitFor(() -> robot.from(colour).lookup(".processing-band").tryQuery().map(Node::isVisible).orElse(false));
        Node band = robot.from(colour).lookup(".processing-band").query();
        Bounds whole = colour.localToScreen(colour.getBoundsInLocal());
        Bounds light = band.localToScreen(band.getBoundsInLocal());
        // 30 of 100 minutes down, 40 of them long
        assertEquals(whole.getMinY() + whole.getHeight() * 0.3, light.getMinY(), 3.0);
        assertEquals(whole.getHeight() * 0.4, light.getHeight(), 3.0);

        // onto the colour's finish (11:10–11:40 is Anna's work): refused before the drop
        DayEntryView ev = entry(robot, "Lena Gap").orElseThrow();
        double hour = hourHeight(ev);
        var dragging = robot.drag(centre(ev), MouseButton.PRIMARY).moveBy(0, -hour).moveBy(0, -hour).moveBy(0, -hour * 0.25);
        Label preview = robot.lookup("#drop-preview").queryAs(Label.class);
        waitFor(() -> preview.isVisible() && preview.getStyleClass().contains("drop-invalid"));
        // a quarter of an hour more, into the gap, 10:30–11:10: fine
        dragging.moveBy(0, -hour * 0.25);
        waitFor(() -> preview.isVisible() && !preview.getStyleClass().contains("drop-invalid"));
        MainWindowTest.screenshot(robot.listTargetWindows().get(0).getScene(), "phased-drag.png");
        dragging.drop();
        waitFor(() -> f.engine.find(f.tenant, gap.id()).orElseThrow().start().equals(at(10, 30)));
        assertEquals(0, f.overlappingPairs());
        robot.interact(() -> desk.window().schedule().refresh());
        waitFor(() -> entry(robot, "Lena Gap").map(e -> e.getEntry().getStartAsZonedDateTime().toInstant().equals(at(10, 30))).orElse(false));
        MainWindowTest.screenshot(robot.listTargetWindows().get(0).getScene(), "phased-booking.png");
        assertFalse(preview.isVisible() && preview.getStyleClass().contains("drop-invalid"));
    }

    @Test
    void aVisitWithTwoMastersIsBookedFromTheFormAllAtOnce(FxRobot robot) throws Exception {
        awaitLoaded();
        robot.clickOn("#more");
        robot.clickOn("#new-visit");
        waitFor(() -> robot.lookup("#visit-client-name").tryQuery().isPresent());
        robot.clickOn("#visit-client-name").write("Maria Visit");
        robot.clickOn("#visit-client-phone").write("050 111 22 33");
        robot.interact(() -> robot.lookup("#visit-date").queryAs(DatePicker.class).setValue(EngineFixture.DAY));
        robot.clickOn("#visit-time").write("09:00");
        pick(robot, "#visit-service-1", "Colour");
        pick(robot, "#visit-master-1", "Anna");
        pick(robot, "#visit-service-2", "Cut");
        pick(robot, "#visit-master-2", "Bohdan");
        // the cut follows the colour's 100 minutes
        waitFor(() -> !robot.lookup("#visit-starts-2").queryAs(Label.class).getText().isEmpty());
        assertEquals(time(at(10, 40)), robot.lookup("#visit-starts-2").queryAs(Label.class).getText());
        robot.clickOn("#visit-save");
        waitFor(() -> f.count("SELECT count(*) FROM bookings WHERE visit_id IS NOT NULL") == 2);
        assertEquals(1, f.count("SELECT count(*) FROM visits"));
        assertEquals(at(9, 0), f.dsl.resultQuery("SELECT starts_at FROM bookings WHERE master_id = " + f.anna)
                .fetchOne(0, java.time.OffsetDateTime.class).toInstant());
        assertEquals(at(10, 40), f.dsl.resultQuery("SELECT starts_at FROM bookings WHERE master_id = " + f.bohdan)
                .fetchOne(0, java.time.OffsetDateTime.class).toInstant());
        assertEquals(1, f.count("SELECT count(*) FROM clients WHERE phone = '+380501112233'"));
        // both parts appear, in their masters' columns
        waitFor(() -> robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith("Maria Visit"))
                .queryAll().size() == 2);

        // a second visit whose cut would meet Maria's: nothing booked, the nearest times that fit are offered
        robot.clickOn("#more");
        robot.clickOn("#new-visit");
        waitFor(() -> robot.lookup("#visit-client-name").tryQueryAs(TextField.class).map(t -> t.getText().isEmpty()).orElse(false));
        robot.clickOn("#visit-client-name").write("Nadia Second");
        robot.interact(() -> robot.lookup("#visit-date").queryAs(DatePicker.class).setValue(EngineFixture.DAY));
        robot.clickOn("#visit-time").write("09:30");
        select(robot, "#visit-service-1", "Colour");
        select(robot, "#visit-master-1", "Bohdan");
        select(robot, "#visit-service-2", "Cut");
        select(robot, "#visit-master-2", "Bohdan");
        robot.clickOn("#visit-save");
        waitFor(() -> robot.lookup("#visit-message").queryAs(Label.class).getText().startsWith("Not all of it is free then"));
        assertEquals(2, f.count("SELECT count(*) FROM bookings"), "nothing of the second visit was booked");
        MainWindowTest.screenshot(robot.lookup("#visit-message").query().getScene(), "visit-taken.png");
    }

    @Test
    void aVisitOfThreeServicesAcrossTwoMastersIsBookedFromTheFormAllAtOnce(FxRobot robot) throws Exception {
        awaitLoaded();
        robot.clickOn("#more");
        robot.clickOn("#new-visit");
        waitFor(() -> robot.lookup("#visit-client-name").tryQuery().isPresent());
        robot.clickOn("#visit-client-name").write("Olha Three");
        robot.interact(() -> robot.lookup("#visit-date").queryAs(DatePicker.class).setValue(EngineFixture.DAY));
        robot.clickOn("#visit-time").write("09:00");
        assertTrue(robot.lookup("#visit-service-3").tryQuery().isEmpty(), "two parts to begin with");
        assertFalse(robot.lookup("#visit-remove-part-1").query().isVisible(), "never fewer than two");
        robot.clickOn("#visit-add-part");
        waitFor(() -> robot.lookup("#visit-service-3").tryQuery().isPresent());
        // a fourth part added and taken out again: the add button stops at four
        robot.clickOn("#visit-add-part");
        waitFor(() -> robot.lookup("#visit-service-4").tryQuery().isPresent());
        assertTrue(robot.lookup("#visit-add-part").query().isDisabled(), "four at most");
        robot.clickOn("#visit-remove-part-4");
        waitFor(() -> robot.lookup("#visit-service-4").tryQuery().isEmpty());
        assertFalse(robot.lookup("#visit-add-part").query().isDisabled());
        select(robot, "#visit-service-1", "Colour");
        select(robot, "#visit-master-1", "Anna");
        select(robot, "#visit-service-2", "Cut");
        select(robot, "#visit-master-2", "Bohdan");
        select(robot, "#visit-service-3", "Styling");
        select(robot, "#visit-master-3", "Anna");
        // each part follows the one before: the colour's 100 minutes, then the cut's 60
        waitFor(() -> time(at(11, 40)).equals(robot.lookup("#visit-starts-3").queryAs(Label.class).getText()));
        assertEquals(time(at(10, 40)), robot.lookup("#visit-starts-2").queryAs(Label.class).getText());
        MainWindowTest.screenshot(robot.lookup("#visit-save").query().getScene(), "visit-three.png");
        robot.clickOn("#visit-save");
        waitFor(() -> f.count("SELECT count(*) FROM bookings WHERE visit_id IS NOT NULL") == 3);
        assertEquals(1, f.count("SELECT count(DISTINCT visit_id) FROM bookings"));
        assertEquals(java.util.List.of(at(9, 0) + " " + f.anna, at(10, 40) + " " + f.bohdan, at(11, 40) + " " + f.anna),
                f.dsl.resultQuery("SELECT starts_at, master_id FROM bookings ORDER BY starts_at")
                        .fetch(r -> r.get(0, java.time.OffsetDateTime.class).toInstant() + " " + r.get(1, Long.class)));
        waitFor(() -> robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith("Olha Three"))
                .queryAll().size() == 3);
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void aThreePartVisitWhoseLastPartCollidesIsRefusedWholeWithTheStartsWhereItAllFits(FxRobot robot) throws Exception {
        awaitLoaded();
        // Anna has a client 14:00–15:00: a visit from 12:00 would bring its styling to her at 14:40
        f.booked(f.engine.book(f.newBooking(f.anna, at(14, 0), 60)));
        robot.clickOn("#more");
        robot.clickOn("#new-visit");
        waitFor(() -> robot.lookup("#visit-client-name").tryQueryAs(TextField.class).map(t -> t.getText().isEmpty()).orElse(false));
        robot.clickOn("#visit-client-name").write("Petra Late");
        robot.interact(() -> robot.lookup("#visit-date").queryAs(DatePicker.class).setValue(EngineFixture.DAY));
        robot.clickOn("#visit-time").write("12:00");
        robot.clickOn("#visit-add-part");
        waitFor(() -> robot.lookup("#visit-service-3").tryQuery().isPresent());
        select(robot, "#visit-service-1", "Colour");
        select(robot, "#visit-master-1", "Bohdan");
        select(robot, "#visit-service-2", "Cut");
        select(robot, "#visit-master-2", "Bohdan");
        select(robot, "#visit-service-3", "Styling");
        select(robot, "#visit-master-3", "Anna");
        waitFor(() -> time(at(14, 40)).equals(robot.lookup("#visit-starts-3").queryAs(Label.class).getText()));
        robot.clickOn("#visit-save");
        Label message = robot.lookup("#visit-message").queryAs(Label.class);
        waitFor(() -> message.getText().startsWith("Not all of it is free then"));
        assertTrue(message.getText().contains("Styling with Anna is taken"), message.getText());
        assertEquals(1, f.count("SELECT count(*) FROM bookings"), "nothing of the visit was booked");
        assertEquals(0, f.count("SELECT count(*) FROM visits WHERE client_id IN (SELECT id FROM clients WHERE name = 'Petra Late')"));
        // every start offered is one where the whole sequence fits: the first one, typed in, books all three
        String offered = message.getText().substring(message.getText().lastIndexOf(": ") + 2);
        java.util.List<String> starts = java.util.Arrays.stream(offered.split(",\\s*")).toList();
        assertFalse(starts.isEmpty(), message.getText());
        java.time.format.DateTimeFormatter shortTime = java.time.format.DateTimeFormatter.ofLocalizedTime(java.time.format.FormatStyle.SHORT)
                .withLocale(Locale.ENGLISH);
        for (String start : starts) {
            java.time.LocalTime t = java.time.LocalTime.parse(start.strip(), shortTime);
            java.time.LocalTime stylingAt = t.plusMinutes(160);
            assertTrue(!stylingAt.isBefore(java.time.LocalTime.of(15, 0)) || !stylingAt.plusMinutes(30).isAfter(java.time.LocalTime.of(14, 0)),
                    "Anna's styling at " + stylingAt + " misses her 14:00–15:00 client (offered " + offered + ")");
        }
        java.time.LocalTime first = java.time.LocalTime.parse(starts.get(0).strip(), shortTime);
        Typing.retype(robot, "#visit-time", first.toString());
        robot.clickOn("#visit-save");
        waitFor(() -> f.count("SELECT count(*) FROM bookings WHERE visit_id IS NOT NULL") == 3);
        assertEquals(0, f.overlappingPairs());
        assertEquals(EngineFixture.DAY.atTime(first).atZone(EngineFixture.ZONE).toInstant(),
                f.dsl.resultQuery("SELECT min(starts_at) FROM bookings WHERE visit_id IS NOT NULL").fetchOne(0, java.time.OffsetDateTime.class).toInstant());
    }

    @Test
    void draggingOnePartOfAVisitAsksAndMovesTheWholeVisit(FxRobot robot) throws Exception {
        long visit = colourThenCutMovedWholeAnHourLater(robot);
        assertEquals(0, f.overlappingPairs());
        // the whole move is said with its Undo, and Ctrl+Z moves every part back (issue 17)
        waitFor(() -> notification(robot).startsWith("Moved Iryna\u2019s whole visit"));
        undo(robot);
        waitFor(() -> starts(visit).equals(java.util.List.of(at(14, 0), at(15, 40))));
        waitFor(() -> notification(robot).startsWith("Undone: Iryna\u2019s visit"));
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void undoingAVisitMoveThatAnotherDeskChangedSinceChangesNothing(FxRobot robot) throws Exception {
        long visit = colourThenCutMovedWholeAnHourLater(robot);
        // another desk moves the cut ten minutes on
        Booking cut = f.engine.visitParts(f.tenant, visit).get(1);
        f.dsl.execute("UPDATE bookings SET starts_at = starts_at + interval '10 minutes' WHERE id = " + cut.id());
        undo(robot);
        waitFor(() -> notification(robot).contains("changed at another desk"));
        assertEquals(java.util.List.of(at(15, 0), at(16, 50)), starts(visit), "nothing undone");
    }

    /**
     * Issue 30, defect 4: while the desk asks "the whole visit?", another desk moves the visit's
     * cut ten minutes on. The whole-visit move must check the cut at the version this desk showed
     * (it used to send the version read just before the move, and moved the cut a second time):
     * "someone else changed it", and nothing is moved.
     */
    @Test
    void aWholeVisitDragAfterAnotherDeskMovedAPartMovesNothingAndSaysSo(FxRobot robot) throws Exception {
        awaitLoaded();
        long colour = f.dsl.resultQuery("SELECT id FROM services WHERE name = 'Colour' AND tenant_id = " + f.tenant).fetchOne(0, Long.class);
        var visit = (app.salondesk.model.booking.VisitOutcome.Booked) f.engine.bookVisit(new app.salondesk.model.booking.NewVisit(f.tenant, f.client,
                java.util.List.of(new app.salondesk.model.booking.NewVisit.Part(f.anna, colour, at(14, 0), null),
                        new app.salondesk.model.booking.NewVisit.Part(f.bohdan, f.cut, at(15, 40), null)),
                "", java.util.UUID.randomUUID(), app.salondesk.model.booking.Source.FORM));
        robot.interact(() -> desk.window().schedule().refresh());
        waitFor(() -> entryAt(robot, "Iryna", at(14, 0)).isPresent() && entryAt(robot, "Iryna", at(15, 40)).isPresent());
        DayEntryView ev = entryAt(robot, "Iryna", at(14, 0)).orElseThrow();
        double hour = hourHeight(ev);
        robot.drag(centre(ev), MouseButton.PRIMARY).moveBy(0, hour / 2).moveBy(0, hour / 2).drop();
        waitFor(() -> robot.lookup("#visit-move-whole").tryQuery().isPresent());
        // the other desk, while this one asks
        Booking cut = visit.parts().get(1);
        TestDesks.offFx(() -> f.booked(f.engine.reschedule(new app.salondesk.model.booking.Reschedule(f.tenant, cut.id(), cut.version(),
                f.bohdan, f.bohdan, at(15, 50), 60, app.salondesk.model.booking.Source.DRAG, false))));
        robot.clickOn("#visit-move-whole");
        waitFor(() -> notification(robot).startsWith("Someone else changed"));
        assertEquals(java.util.List.of(at(14, 0), at(15, 50)), starts(visit.visitId()), "nothing moved by this desk");
        assertEquals(cut.version() + 1, f.engine.find(f.tenant, cut.id()).orElseThrow().version());
        assertEquals(0, desk.schedule().undoable(), "nothing to undo");
    }

    /**
     * Iryna's visit — a colour with Anna at 14:00, then a cut with Bohdan at 15:40 — with its colour
     * dragged an hour later and "the whole visit" answered: both parts an hour later. Its id.
     */
    private long colourThenCutMovedWholeAnHourLater(FxRobot robot) throws Exception {
        awaitLoaded();
        long colour = f.dsl.resultQuery("SELECT id FROM services WHERE name = 'Colour' AND tenant_id = " + f.tenant).fetchOne(0, Long.class);
        var visit = (app.salondesk.model.booking.VisitOutcome.Booked) f.engine.bookVisit(new app.salondesk.model.booking.NewVisit(f.tenant, f.client,
                java.util.List.of(new app.salondesk.model.booking.NewVisit.Part(f.anna, colour, at(14, 0), null),
                        new app.salondesk.model.booking.NewVisit.Part(f.bohdan, f.cut, at(15, 40), null)),
                "", java.util.UUID.randomUUID(), app.salondesk.model.booking.Source.FORM));
        robot.interact(() -> desk.window().schedule().refresh());
        waitFor(() -> entryAt(robot, "Iryna", at(14, 0)).isPresent() && entryAt(robot, "Iryna", at(15, 40)).isPresent());
        DayEntryView ev = entryAt(robot, "Iryna", at(14, 0)).orElseThrow();
        double hour = hourHeight(ev);
        robot.drag(centre(ev), MouseButton.PRIMARY).moveBy(0, hour / 2).moveBy(0, hour / 2).drop();
        waitFor(() -> robot.lookup("#visit-move-whole").tryQuery().isPresent());
        robot.clickOn("#visit-move-whole");
        waitFor(() -> starts(visit.visitId()).equals(java.util.List.of(at(15, 0), at(16, 40))));
        return visit.visitId();
    }

    private java.util.List<Instant> starts(long visit) {
        return f.engine.visitParts(f.tenant, visit).stream().map(Booking::start).toList();
    }

    private static String notification(FxRobot robot) {
        return robot.lookup("#notification").queryAs(javafx.scene.control.Label.class).getText();
    }

    /** Ctrl+Z with the focus on the day, out of any text field. */
    private static void undo(FxRobot robot) {
        robot.clickOn("#day-title");
        robot.press(javafx.scene.input.KeyCode.CONTROL).type(javafx.scene.input.KeyCode.Z).release(javafx.scene.input.KeyCode.CONTROL);
    }

    @Test
    void anAdminAddsARoomAndSaysWhichServicesNeedIt(FxRobot robot) throws Exception {
        awaitLoaded();
        robot.clickOn("#more");
        robot.clickOn("#setup-resources");
        waitFor(() -> robot.lookup("#resource-name").tryQuery().isPresent());
        robot.clickOn("#resource-name").write("Pedicure chair");
        robot.doubleClickOn("#resource-capacity").write("1");
        robot.clickOn("#resource-add");
        waitFor(() -> f.count("SELECT count(*) FROM resources WHERE name = 'Pedicure chair'") == 1);
        waitFor(() -> robot.lookup((Node n) -> n instanceof javafx.scene.control.ListCell<?> c && c.getText() != null
                && c.getText().startsWith("Pedicure chair")).tryQuery().isPresent());
        robot.clickOn((Node n) -> n instanceof javafx.scene.control.ListCell<?> c && c.getText() != null
                && c.getText().startsWith("Pedicure chair"));
        waitFor(() -> robot.lookup("#resource-needs-" + f.nails).tryQuery().isPresent());
        robot.clickOn("#resource-needs-" + f.nails);
        robot.clickOn("#resource-save");
        waitFor(() -> f.count("SELECT count(*) FROM service_resources sr JOIN resources r ON r.id = sr.resource_id "
                + "WHERE r.name = 'Pedicure chair' AND sr.service_id = " + f.nails) == 1);
        // the chair is held by the booking the database made for it
        Booking nails = f.booked(f.engine.book(f.serviceWith(f.vira, f.nails, at(10, 0))));
        assertEquals(1, f.count("SELECT count(*) FROM booking_resources WHERE booking_id = " + nails.id()));
        f.dsl.execute("DELETE FROM bookings");
        f.dsl.execute("DELETE FROM service_resources");
    }

    private static Optional<DayEntryView> entryAt(FxRobot robot, String client, Instant start) {
        return robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith(client)
                        && d.getEntry().getStartAsZonedDateTime().toInstant().equals(start))
                .tryQueryAs(DayEntryView.class);
    }

    private static void pick(FxRobot robot, String comboId, String text) {
        ComboBox<?> combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.clickOn(combo);
        robot.clickOn((Node n) -> n instanceof javafx.scene.control.ListCell<?> c && c.getText() != null
                && c.getText().startsWith(text) && c.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(combo.getValue() != null, "chose " + text);
    }

    /** The same choice without the popup (the first form's popups may still be in the scene graph). */
    @SuppressWarnings("unchecked")
    private static void select(FxRobot robot, String comboId, String text) {
        ComboBox<?> combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.interact(() -> {
            for (Object item : combo.getItems()) {
                String shown = item instanceof Service sv ? sv.name() : item instanceof Master m ? m.name() : String.valueOf(item);
                if (shown.startsWith(text)) {
                    ((ComboBox<Object>) combo).getSelectionModel().select(item);
                    return;
                }
            }
        });
        assertTrue(combo.getValue() != null, "chose " + text);
    }

    private static String time(Instant t) {
        return t.atZone(EngineFixture.ZONE).format(java.time.format.DateTimeFormatter.ofLocalizedTime(java.time.format.FormatStyle.SHORT)
                .withLocale(Locale.ENGLISH));
    }

    private void awaitLoaded() throws Exception {
        waitFor(() -> desk.schedule().scheduleProperty().get() != null
                && EngineFixture.DAY.equals(desk.schedule().scheduleProperty().get().date()) && !desk.schedule().loadingProperty().get());
    }

    private static Optional<DayEntryView> entry(FxRobot robot, String client) {
        return robot.lookup((Node n) -> n instanceof DayEntryView d && d.isVisible() && d.getEntry().getTitle().startsWith(client))
                .tryQueryAs(DayEntryView.class);
    }

    private static void choose(FxRobot robot, String comboId, String text) {
        ComboBox<?> combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.clickOn(combo);
        robot.clickOn((Node n) -> n instanceof javafx.scene.control.ListCell<?> c && c.getText() != null
                && c.getText().startsWith(text) && c.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        Object v = combo.getValue();
        assertTrue(v != null && (v instanceof Service s ? s.name().equals(text) : ((Master) v).name().equals(text)), "chose " + text);
    }

    private static double hourHeight(DayEntryView ev) {
        Bounds b = ev.localToScreen(ev.getBoundsInLocal());
        return b.getHeight() * 60.0 / ev.getEntry().getDuration().toMinutes();
    }

    private static Point2D centre(Node n) {
        Bounds b = n.localToScreen(n.getBoundsInLocal());
        return new Point2D(b.getMinX() + b.getWidth() / 2, b.getMinY() + b.getHeight() / 2);
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
