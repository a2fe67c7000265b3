package app.salondesk.ui;

import app.salondesk.i18n.Messages;
import app.salondesk.runtime.StartupException;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.TextArea;
import javafx.stage.Window;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** The one place where errors become dialogs; the stack trace goes to the log, folded away on screen. */
public final class ErrorDialogs {

    private static final Logger log = LoggerFactory.getLogger(ErrorDialogs.class);

    private ErrorDialogs() {
    }

    /** Last resort: anything uncaught is logged once and shown with its details folded away. */
    public static void installUncaughtHandler(Messages messages, Path logFile) {
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> {
            log.error("uncaught exception in {}", thread.getName(), error);
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
                ? SalonDeskApp.describe(messages, failure)
                : messages.format("app.unexpectedErrorText", logFile));
        alert.getDialogPane().setExpandableContent(details(failure));
        alert.showAndWait();
    }

    private static void showUnexpected(Window owner, Messages messages, Throwable error, Path logFile) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        if (owner != null) {
            alert.initOwner(owner);
        }
        alert.setTitle("SalonDesk");
        alert.setHeaderText(messages.get("app.unexpectedError"));
        alert.setContentText(messages.format("app.unexpectedErrorText", logFile));
        alert.getDialogPane().setExpandableContent(details(error));
        alert.show();
    }

    private static TextArea details(Throwable t) {
        StringWriter sw = new StringWriter();
        t.printStackTrace(new PrintWriter(sw));
        TextArea area = new TextArea(sw.toString());
        area.setEditable(false);
        area.setPrefRowCount(12);
        return area;
    }
}
