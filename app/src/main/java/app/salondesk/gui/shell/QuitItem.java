package app.salondesk.gui.shell;

import app.salondesk.i18n.Messages;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

import java.util.function.Supplier;

/**
 * ☰ → Quit, Ctrl+Q (issue 31: there was no Quit). It asks the window to close exactly as the
 * window's own close button does — a close request — so whatever guards that close (saves still
 * in flight: {@link SavesOnClose}) guards this one too, and the desk shuts down the same way.
 */
final class QuitItem {

    private QuitItem() {
    }

    static MenuItem of(Messages messages, Supplier<Window> window) {
        MenuItem quit = new MenuItem(messages.get("toolbar.quit"));
        quit.setId("quit");
        quit.setAccelerator(new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));
        quit.setOnAction(e -> {
            Window w = window.get();
            if (w != null) {
                // its handlers may consume the request (and close later); else the window closes
                w.fireEvent(new WindowEvent(w, WindowEvent.WINDOW_CLOSE_REQUEST));
            }
        });
        return quit;
    }
}
