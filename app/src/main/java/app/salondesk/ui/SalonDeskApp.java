package app.salondesk.ui;

import app.salondesk.i18n.Messages;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.SignInMemory;
import app.salondesk.runtime.StartupException;
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

import app.salondesk.i18n.LanguageSetting;

import java.time.Clock;
import java.time.LocalDate;
import java.util.Locale;

/**
 * The composition root of the window: opens the database off the FX thread behind a small
 * "starting" window, then builds repositories, services, view models and views and passes
 * them down. Closing the window stops the embedded server.
 */
public final class SalonDeskApp extends Application {

    private static final Logger log = LoggerFactory.getLogger(SalonDeskApp.class);

    // Application.launch() instantiates this class itself; the command line leaves its choices here.
    private static AppHome home;
    private static DbOptions options;
    private static Long salonId;

    private Messages messages = Messages.forDefaultLocale();
    private final BackgroundTasks tasks = new BackgroundTasks();
    private volatile Session session;
    private FrontDesk desk;

    public static void launch(AppHome home, DbOptions options, Long salonId) {
        SalonDeskApp.home = home;
        SalonDeskApp.options = options;
        SalonDeskApp.salonId = salonId;
        Application.launch(SalonDeskApp.class);
    }

    @Override
    public void start(Stage stage) {
        ErrorDialogs.installUncaughtHandler(messages, home.logs().resolve("salondesk.log"));
        stage.setTitle("SalonDesk");
        SignInMemory memory = new SignInMemory(home.dir());
        boolean shared = options.shared() || memory.server().isPresent();
        if (shared && (options.password() == null || options.password().isEmpty())) {
            // a shared server: each person signs in as their own login (the embedded default does not ask)
            SignInViewModel signIn = new SignInViewModel(memory, tasks, messages, options.url(),
                    o -> Session.open(home, o, salonId, Clock.systemUTC()));
            signIn.setOnSignedIn(opened -> {
                session = opened;
                showMain(stage, opened);
            });
            stage.setScene(new Scene(new SignInView(signIn, messages).root(), 620, 320));
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

        tasks.run(() -> Session.open(home, options, salonId, Clock.systemUTC()),
                opened -> {
                    session = opened;
                    showMain(stage, opened);
                },
                failure -> {
                    ErrorDialogs.showStartupFailure(stage, messages, failure, home.logs().resolve("salondesk.log"));
                    Platform.exit();
                });
    }

    private void showMain(Stage stage, Session s) {
        // built again (language, masters): keep the window's size and place; the first time it replaces the splash
        boolean again = this.desk != null && stage.getScene() != null;
        FrontDesk desk = FrontDesk.forSession(stage, s, tasks, messages, Clock.systemUTC());
        desk.setOnSettings(() -> changeLanguage(stage, s));
        desk.setOnColumnsChanged(() -> rebuild(stage, s));
        this.desk = desk;
        stage.setTitle(messages.format("app.title", s.salon().name()));
        Scene scene = again ? new Scene(desk.window().root(), stage.getScene().getWidth(), stage.getScene().getHeight())
                : new Scene(desk.window().root(), 1280, 800);
        FirstPaint.logWhenPainted(scene, desk.schedule());
        stage.setScene(scene);
        if (!again) {
            stage.centerOnScreen();
        }
    }

    /**
     * Settings → language: remembered for this user, and the window is built again in the new
     * language at once (CalendarFX reads the default locale when its views are made).
     */
    private void changeLanguage(Stage stage, Session s) {
        LanguageSetting setting = new LanguageSetting(home.dir());
        SettingsDialog.ask(stage, messages, setting.chosen()).ifPresent(choice -> {
            try {
                setting.choose(choice);
            } catch (java.io.IOException e) {
                log.warn("could not remember the language", e);
            }
            Locale locale = choice.orElseGet(() -> setting.effective(LanguageSetting.SYSTEM_LOCALE));
            Locale.setDefault(locale);
            messages = new Messages(locale);
            rebuild(stage, s);
        });
    }

    /** The window built again on the same day (a new language; masters added, reordered or deactivated). */
    private void rebuild(Stage stage, Session s) {
        if (desk != null) {
            desk.close();
        }
        LocalDate shown = desk != null ? desk.schedule().dateProperty().get() : null;
        showMain(stage, s);
        if (shown != null) {
            desk.schedule().dateProperty().set(shown);
        }
    }

    @Override
    public void stop() {
        if (desk != null) {
            desk.close();
        }
        tasks.close();
        Session s = session;
        if (s != null) {
            s.close();
        }
        log.info("SalonDesk closed");
    }

    /** For tests: the startup exception's text in the user's words. */
    static String describe(Messages messages, Throwable failure) {
        if (failure instanceof StartupException se) {
            return messages.format(se.reason().messageKey, se.detail());
        }
        return failure.getMessage();
    }
}
