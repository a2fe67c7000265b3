package app.salondesk.gui.shell;

import app.salondesk.db.StartupTimeline;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.common.ErrorDialogs;
import app.salondesk.gui.common.Failures;
import app.salondesk.i18n.Messages;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.SignInMemory;
import app.salondesk.runtime.WarmUp;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.concurrent.CompletableFuture;

/**
 * The application: opens the database off the FX thread — from before the toolkit starts, so
 * that the two overlap — behind a small "starting" window (or after signing in, on a shared
 * server) and hands what it found to the {@link Shell} — the welcome screen of an empty
 * database, or the desk of its salon. Closing the window stops the embedded server.
 */
public final class SalonDeskApp extends Application {

    private static final Logger log = LoggerFactory.getLogger(SalonDeskApp.class);

    // Application.launch() instantiates this class itself; the command line leaves its choices here.
    private static AppHome home;
    private static DbOptions options;
    private static Long salonId;
    /** The database being opened since before the toolkit started; null when a person signs in first. */
    private static volatile CompletableFuture<Opened> opening;

    private final Messages messages = Messages.forDefaultLocale();
    private final BackgroundTasks tasks = new BackgroundTasks();
    private volatile Shell shell;

    public static void launch(AppHome home, DbOptions options, Long salonId) {
        SalonDeskApp.home = home;
        SalonDeskApp.options = options;
        SalonDeskApp.salonId = salonId;
        WarmUp.inBackground();
        if (!signsIn(home, options)) {
            // the database opens while JavaFX starts and the splash is built: neither waits for
            // the other (issue 16: the embedded server's start came after the toolkit's)
            opening = CompletableFuture.supplyAsync(() -> Opened.read(home, options, salonId), r -> {
                Thread t = new Thread(r, "salondesk-open");
                t.setDaemon(true);
                t.start();
            });
        }
        Application.launch(SalonDeskApp.class);
    }

    /** A shared server where each person signs in as their own login (the embedded default does not ask). */
    private static boolean signsIn(AppHome home, DbOptions options) {
        boolean shared = options.shared() || new SignInMemory(home.dir()).server().isPresent();
        return shared && (options.password() == null || options.password().isEmpty());
    }

    @Override
    public void start(Stage stage) {
        StartupTimeline.mark("toolkit");
        ErrorDialogs.installUncaughtHandler(messages, home.logs().resolve("salondesk.log"));
        stage.setTitle("SalonDesk");
        SavesOnClose.install(stage, tasks, messages);
        shell = new Shell(stage, tasks, messages, Clock.systemUTC(), home.dir());
        shell.setOnDeskShown((scene, desk) -> FirstPaint.logWhenPainted(scene, desk.schedule(), shell::afterFirstPaint));
        shell.setOnWelcomeShown(FirstPaint::logWhenWelcomePainted);
        if (signsIn(home, options)) {
            SignInMemory memory = new SignInMemory(home.dir());
            SignInViewModel signIn = new SignInViewModel(memory, tasks, messages, options.url(),
                    o -> Session.start(home, o, salonId));
            signIn.setOnSignedIn(shell::show);
            stage.setScene(new Scene(new SignInView(signIn, messages).root(), 640, 470));
            stage.show();
            return;
        }
        ProgressIndicator spinner = new ProgressIndicator();
        Label label = new Label(messages.get(options.shared() ? "app.starting" : "app.startingDatabase"));
        VBox splash = new VBox(16, spinner, label);
        splash.setPadding(new Insets(32));
        splash.setStyle("-fx-alignment: center;");
        stage.setScene(new Scene(splash, 360, 200));
        stage.show();

        CompletableFuture<Opened> early = opening;
        tasks.run(() -> early != null ? Opened.await(early) : Opened.read(home, options, salonId),
                opened -> shell.show(opened.opening(), opened.desk()),
                failure -> {
                    ErrorDialogs.showStartupFailure(stage, messages, failure, home.logs().resolve("salondesk.log"));
                    Platform.exit();
                });
    }

    @Override
    public void stop() {
        tasks.close();
        Shell s = shell;
        if (s != null) {
            // a clean exit: one more backup of the embedded database, with the day's last changes
            s.backUpOnExit();
            s.close();
        }
        log.info("SalonDesk closed");
    }
}
