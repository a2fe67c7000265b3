package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.setup.SetupWizardView;
import app.salondesk.gui.setup.SetupWizardViewModel;
import app.salondesk.i18n.Messages;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.ZoneId;
import java.util.Currency;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31, through the wizard's real first step on a PC in UTC that names no region: the
 * country is asked first and proposes the zone, the currency and the phone's country; the long
 * lists take letters typed; each zone is listed under one name. (Nothing here is written to a
 * database: the wizard writes only at Finish, which {@link FirstStartTest} drives.)
 */
@ExtendWith(ApplicationExtension.class)
class WizardDefaultsTest {

    private final BackgroundTasks tasks = new BackgroundTasks();
    private SetupWizardViewModel vm;

    @Start
    void start(Stage stage) {
        vm = new SetupWizardViewModel(new Messages(Locale.ENGLISH), tasks, "", ZoneId.of("UTC"), plan -> {
            throw new AssertionError("nothing is made here");
        });
        stage.setScene(new Scene(new SetupWizardView(vm, new Messages(Locale.ENGLISH)).root(), 900, 680));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void close() {
        tasks.close();
    }

    @Test
    void withoutARegionTheCountryIsAskedFirstAndTypingItsNameProposesTheRest(FxRobot robot) throws Exception {
        ComboBox<?> country = robot.lookup("#salon-country").queryAs(ComboBox.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, country::isFocused);
        assertNull(country.getValue(), "no country guessed from nothing");
        assertEquals("", robot.lookup("#salon-phone").queryAs(TextField.class).getPromptText(), "no country's numbers proposed");

        robot.write("Ukr");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("UA", country.getValue(), "typing a country's first letters picks it");
        assertEquals("Europe/Kyiv", robot.lookup("#salon-zone").queryAs(TextField.class).getText());
        assertEquals(Currency.getInstance("UAH"), robot.lookup("#salon-currency").queryAs(ComboBox.class).getValue());
        assertEquals("e.g. 050 123 4567", robot.lookup("#salon-phone").queryAs(TextField.class).getPromptText());
    }

    /** The tester typed "UAH" in the currency list and nothing happened. */
    @Test
    void theCurrencyListTakesACodeTypedClosedOrOpen(FxRobot robot) {
        ComboBox<?> currency = robot.lookup("#salon-currency").queryAs(ComboBox.class);
        robot.clickOn("#salon-name").push(KeyCode.TAB);
        robot.interact(currency::requestFocus);
        robot.write("UAH");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Currency.getInstance("UAH"), currency.getValue(), "closed");
        robot.clickOn(currency);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(currency.isShowing());
        robot.sleep(1100); // a pause: a new prefix
        robot.write("PLN");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Currency.getInstance("PLN"), currency.getValue(), "open");
        robot.push(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Currency.getInstance("PLN"), currency.getValue());
    }

    /** "Europe/Kiev and Europe/Kyiv are both listed." */
    @Test
    void kyivIsListedOnceAndTheOldSpellingFindsIt(FxRobot robot) {
        ListView<?> zones = robot.lookup("#salon-zone-list").queryAs(ListView.class);
        assertTrue(zones.getItems().contains("Europe/Kyiv"));
        assertFalse(zones.getItems().contains("Europe/Kiev"));
        robot.clickOn("#salon-zone").push(KeyCode.CONTROL, KeyCode.A).write("kiev");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(java.util.List.of("Europe/Kyiv"), zones.getItems());
        // letters typed in the whole list jump to the zone
        robot.push(KeyCode.CONTROL, KeyCode.A).push(KeyCode.BACK_SPACE);
        robot.interact(zones::requestFocus);
        robot.write("Warsaw");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Europe/Warsaw", zones.getSelectionModel().getSelectedItem());
    }
}
