package app.salondesk.gui.common;

import app.salondesk.i18n.Messages;
import app.salondesk.runtime.StartupException;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.stage.Window;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;

/**
 * The one place where errors become dialogs. The dialog says what happened in the person's
 * words with a reference they can quote; the stack trace goes to the log once, under that
 * reference ({@link Failures}) — never onto the screen (no SQL, no stack trace, no class name).
 */
public final class ErrorDialogs {

    private static final Logger log = LoggerFactory.getLogger(ErrorDialogs.class);

    private ErrorDialogs() {
    }

    /** Last resort: anything uncaught is logged once and shown with its reference. */
    public static void installUncaughtHandler(Messages messages, Path logFile) {
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> {
            Failures.logged(log, "uncaught exception in " + thread.getName(), error);
            Runnable show = () -> showUnexpected(null, messages, error, logFile);
            if (Platform.isFxApplicationThread()) {
                show.run();
            } else {
                Platform.runLater(show);
            }
        });
    }

    public static void showStartupFailure(Window owner, Messages messages, Throwable failure, Path logFile) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.initOwner(owner);
        alert.setTitle("SalonDesk");
        alert.setHeaderText(messages.get("app.cannotStart"));
        alert.setContentText(failure instanceof StartupException
                ? Failures.describe(messages, failure)
                : unexpected(messages, failure, logFile));
        DeskWindows.showAndWait(alert);
    }

    private static void showUnexpected(Window owner, Messages messages, Throwable error, Path logFile) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        if (owner != null) {
            alert.initOwner(owner);
        }
        alert.setTitle("SalonDesk");
        alert.setHeaderText(messages.get("app.unexpectedError"));
        alert.setContentText(unexpected(messages, error, logFile));
        DeskWindows.show(alert);
    }

    /** "An unexpected error occurred (reference 7F3A2C). SalonDesk wrote the details to its log: …" */
    static String unexpected(Messages messages, Throwable error, Path logFile) {
        return messages.format("app.unexpectedErrorReference", logFile, Failures.reference(error));
    }
}
