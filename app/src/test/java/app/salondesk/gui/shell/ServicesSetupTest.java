package app.salondesk.gui.shell;

import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.math.BigDecimal;
import java.util.Locale;

import static app.salondesk.gui.shell.SetupDesk.text;
import static app.salondesk.gui.shell.SetupDesk.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ☰ → Послуги, by a salon admin signed in as their own login at a Ukrainian desk: prices in
 * the salon's hryvnias as Ukrainians write them, who does what with a master's own length and
 * price, a name taken, a service no longer sold.
 */
@ExtendWith(ApplicationExtension.class)
class ServicesSetupTest {

    private static SetupDesk s;

    @BeforeAll
    static void salon() {
        s = new SetupDesk("servicessetup", "admin");
    }

    @AfterAll
    static void close() {
        s.close();
    }

    @Start
    void start(Stage stage) {
        s.show(stage, Locale.forLanguageTag("uk"), StaffRole.ADMIN);
    }

    @Test
    void anAdminAddsAServiceWithAMastersOwnLengthAndPriceAndStopsSellingIt(FxRobot robot) throws Exception {
        robot.clickOn("#more");
        robot.clickOn("#setup-services");
        waitFor(() -> table(robot).getItems().size() == 2);
        assertTrue(cell(robot, "500,00\u00a0\u20b4"), "the cut's price in hryvnias, Ukrainian style");

        robot.clickOn("#service-new");
        robot.clickOn("#service-name").write("\u0411\u0430\u043b\u0430\u044f\u0436");
        robot.clickOn(robot.lookup("#service-category").queryAs(ComboBox.class).getEditor()).write("\u0412\u043e\u043b\u043e\u0441\u0441\u044f");
        robot.clickOn("#service-minutes").write("150");
        robot.clickOn("#service-price").write("2 400");
        robot.clickOn("#service-save");
        waitFor(() -> text(robot, "#services-message").equals("\u0411\u0430\u043b\u0430\u044f\u0436: \u0434\u043e\u0434\u0430\u043d\u043e."));
        var row = s.f.dsl.resultQuery("SELECT id, category, duration_min, price FROM services WHERE name = '\u0411\u0430\u043b\u0430\u044f\u0436'").fetchOne();
        long id = row.get(0, Long.class);
        assertEquals("\u0412\u043e\u043b\u043e\u0441\u0441\u044f", row.get(1, String.class));
        assertEquals(150, row.get(2, Integer.class));
        assertEquals(0, new BigDecimal("2400").compareTo(row.get(3, BigDecimal.class)));
        waitFor(() -> cell(robot, "2\u00a0400,00\u00a0\u20b4"));

        // Anna does it in 120 minutes, for 2 800
        waitFor(() -> line(robot, "Anna") != null);
        Node anna = line(robot, "Anna");
        robot.clickOn(robot.from(anna).lookup(".offer-check").queryAs(CheckBox.class));
        robot.clickOn(robot.from(anna).lookup(".offer-minutes").queryAs(TextField.class)).write("120");
        robot.clickOn(robot.from(anna).lookup(".offer-price").queryAs(TextField.class)).write("2800");
        robot.clickOn("#offers-save");
        waitFor(() -> text(robot, "#offers-message").equals("\u0417\u0431\u0435\u0440\u0435\u0436\u0435\u043d\u043e."));
        var offer = s.f.dsl.resultQuery("SELECT duration_min, price FROM master_services WHERE master_id = " + s.f.anna
                + " AND service_id = " + id).fetchOne();
        assertEquals(120, offer.get(0, Integer.class));
        assertEquals(0, new BigDecimal("2800").compareTo(offer.get(1, BigDecimal.class)));
        waitFor(() -> robot.from(line(robot, "Anna")).lookup(".offer-price").queryAs(TextField.class).getText().equals("2\u00a0800,00\u00a0\u20b4"));

        // the name of another service: the database's unique key, in one sentence
        robot.clickOn("#service-name").push(KeyCode.CONTROL, KeyCode.A).write("Cut");
        robot.clickOn("#service-save");
        waitFor(() -> text(robot, "#services-message").equals(
                "\u041d\u0435 \u0437\u0431\u0435\u0440\u0435\u0436\u0435\u043d\u043e: \u043f\u043e\u0441\u043b\u0443\u0433\u0430 \u0437 \u0442\u0430\u043a\u043e\u044e "
                        + "\u043d\u0430\u0437\u0432\u043e\u044e \u0432 \u0441\u0430\u043b\u043e\u043d\u0456 \u0432\u0436\u0435 \u0454."));
        assertEquals(1, s.f.count("SELECT count(*) FROM services WHERE id = " + id + " AND name = '\u0411\u0430\u043b\u0430\u044f\u0436'"));

        robot.clickOn("#service-deactivate");
        waitFor(() -> !s.f.dsl.resultQuery("SELECT active FROM services WHERE id = " + id).fetchOne(0, Boolean.class));
        waitFor(() -> table(robot).getItems().stream().anyMatch(x -> x.id() == id && !x.active()));
        assertTrue(cell(robot, "\u0431\u0456\u043b\u044c\u0448\u0435 \u043d\u0435 \u043d\u0430\u0434\u0430\u0454\u0442\u044c\u0441\u044f"));
        assertFalse(robot.lookup("#service-reactivate").tryQuery().isEmpty());
    }

    @SuppressWarnings("unchecked")
    private static TableView<ServiceDetails> table(FxRobot robot) {
        return robot.lookup("#services-table").queryAs(TableView.class);
    }

    private static boolean cell(FxRobot robot, String text) {
        return robot.lookup((Node n) -> n instanceof TableCell<?, ?> c && text.equals(c.getText())).tryQuery().isPresent();
    }

    private static Node line(FxRobot robot, String label) {
        return robot.lookup((Node n) -> n.getStyleClass().contains("offer-line") && label.equals(n.getUserData())).tryQuery().orElse(null);
    }
}
