package app.salondesk.gui.shell;

import javafx.scene.control.TextInputControl;
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

    /**
     * {@code field} now holds {@code text}, typed. A click, then the field's own select-all, then the keys; if the field
     * does not hold exactly the text within 10 s, once more (three tries). A clean-clone CI run at load 15–25 lost the
     * Ctrl+A chord (or the click landed while the dialog was still being laid out), the typing went beside the old value
     * and the field never held the text; the select-all on the FX thread is what the chord does, without the race.
     */
    static void retype(FxRobot robot, TextInputControl field, String text) throws TimeoutException {
        for (int attempt = 1; ; attempt++) {
            robot.clickOn(field);
            robot.interact(() -> {
                field.requestFocus();
                field.selectAll();
            });
            robot.write(text);
            try {
                WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> text.equals(field.getText()));
                WaitForAsyncUtils.waitForFxEvents();
                return;
            } catch (TimeoutException e) {
                if (attempt == 3) {
                    throw new TimeoutException("the field holds \"" + field.getText() + "\" after typing \"" + text + "\" three times");
                }
            }
        }
    }
}
