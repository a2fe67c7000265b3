package app.salondesk.gui.shell;

import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import org.testfx.api.FxRobot;
import org.testfx.util.NodeQueryUtils;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Replacing what a field holds by typing, as a person does, for the TestFX tests. {@code doubleClickOn(field).eraseText(n)}
 * flaked under load: the double click arrived as two clicks, selected nothing, and the erasing left part of the old text
 * before the new. Here: a click, select all, type, and a wait until the field holds exactly the new text.
 */
final class Typing {

    private Typing() {
    }

    /** The field {@code query} finds (the first visible one, as a click on it would) now holds {@code text}, typed. */
    static void retype(FxRobot robot, String query, String text) throws TimeoutException {
        retype(robot, robot.lookup(query).match(NodeQueryUtils.isVisible()).queryAs(TextInputControl.class), text);
    }

    /** {@code field} now holds {@code text}, typed; waits (20 s at most) until it does. */
    static void retype(FxRobot robot, TextInputControl field, String text) throws TimeoutException {
        robot.clickOn(field);
        robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        robot.write(text);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> text.equals(field.getText()));
        WaitForAsyncUtils.waitForFxEvents();
    }
}
