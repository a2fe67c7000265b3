package app.salondesk.ui;

import app.salondesk.demo.DemoSalon;
import app.salondesk.i18n.LanguageSetting;
import app.salondesk.i18n.Messages;
import app.salondesk.runtime.Backend;
import app.salondesk.setup.SalonSetup;
import app.salondesk.setup.SetupWizardView;
import app.salondesk.setup.SetupWizardViewModel;
import app.salondesk.setup.WelcomeView;
import app.salondesk.setup.WelcomeViewModel;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Modality;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * What the main window shows, and the moves between: the welcome screen of an empty database,
 * the set-up wizard, the desk of a salon — built again when the salon's settings or the
 * language change, or when a salon was just set up. Used by the application and by the GUI
 * tests alike. It owns the database once shown one, and closes it.
 */
public final class Shell implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Shell.class);

    private final Stage stage;
    private final TaskRunner tasks;
    private final Clock clock;
    private final Path home;
    private Messages messages;
    private Backend backend;
    private Session session;
    private FrontDesk desk;
    private BiConsumer<Scene, FrontDesk> onDeskShown = (scene, shown) -> { };
    private BackupScreens backups;

    /** @param home the user's SalonDesk folder (the language is remembered there) */
    public Shell(Stage stage, TaskRunner tasks, Messages messages, Clock clock, Path home) {
        this.stage = stage;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        this.home = home;
    }

    /** Shows what the database holds: the desk of its salon, or the welcome screen. */
    public void show(Opening opening) {
        this.backend = opening.backend();
        if (backups == null && backend.embedded()) {
            // the embedded database is this computer's to back up; a shared server's is its administrator's
            backups = BackupScreens.embedded(stage, backend, home, tasks, clock);
            backups.startSchedule(this::showBackupStatus);
        }
        if (opening instanceof Session s) {
            showDesk(s);
        } else {
            showWelcome();
        }
    }

    /** Told each desk put on screen (the application logs when the first day is painted). */
    public void setOnDeskShown(BiConsumer<Scene, FrontDesk> onDeskShown) {
        this.onDeskShown = onDeskShown;
    }

    /**
     * Offers Settings → Backups and the status bar's backup warning on this database (the
     * application does it by itself on the embedded one; tests give one on their own).
     */
    public void useBackups(app.salondesk.backup.Backups given) {
        backups = new BackupScreens(stage, given, tasks, clock);
    }

    /** The desk on screen now, if one is (for tests). */
    public FrontDesk desk() {
        return desk;
    }

    // ---- first start ------------------------------------------------------------------------------

    private void showWelcome() {
        WelcomeViewModel vm = new WelcomeViewModel(messages, tasks, () -> new DemoSalon(backend.dsl(), clock).seed());
        vm.setOnDemo(salon -> showDesk(new Session(backend, salon)));
        vm.setOnSetUp(() -> showWizard(null));
        stage.setTitle("SalonDesk");
        setScene(new WelcomeView(vm, messages).root(), 860, 520);
    }

    /**
     * The set-up wizard: in place of the welcome screen at first start, or in a window of its
     * own over the demo salon's desk. Either way it ends on the new salon's empty calendar.
     *
     * @param over the desk's window it opens over, or null at first start
     */
    private void showWizard(Stage over) {
        // the computer's region, as the system said it before SalonDesk chose its language
        SetupWizardViewModel vm = new SetupWizardViewModel(messages, tasks, LanguageSetting.SYSTEM_LOCALE.getCountry(),
                ZoneId.systemDefault(), new SalonSetup(backend.dsl())::create);
        SetupWizardView view = new SetupWizardView(vm, messages);
        if (over == null) {
            vm.setOnCreated(salon -> showDesk(new Session(backend, salon)));
            view.setOnCancel(this::showWelcome);
            stage.setTitle(messages.get("wizard.title"));
            setScene(view.root(), 900, 680);
            return;
        }
        Stage window = new Stage();
        window.initOwner(over);
        window.initModality(Modality.WINDOW_MODAL);
        window.setTitle(messages.get("wizard.title"));
        window.setScene(new Scene(view.root(), 900, 680));
        view.setOnCancel(window::close);
        vm.setOnCreated(salon -> {
            window.close();
            showDesk(new Session(backend, salon));
        });
        window.show();
    }

    // ---- the desk ---------------------------------------------------------------------------------

    private void showDesk(Session s) {
        showDesk(s, null);
    }

    /**
     * Reads what the desk needs in the background, then builds it in place of what is on screen.
     * The desk on screen keeps working (and its live updates) until the new one is ready; if the
     * reading fails it stays, and the person is told (issue 16: a failed language switch left the
     * old window without live updates, and the reading froze the window while the server was slow).
     */
    private void showDesk(Session s, LocalDate shown) {
        Messages words = messages;
        tasks.run(() -> FrontDesk.deskData(s),
                data -> showDesk(s, shown, data),
                failure -> {
                    javafx.scene.control.Alert alert = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR,
                            words.get("desk.loadFailed"), javafx.scene.control.ButtonType.OK);
                    alert.initOwner(stage);
                    alert.setHeaderText(null);
                    alert.show();
                });
    }

    private void showDesk(Session s, LocalDate shown, DeskData data) {
        // built again (language, salon settings, masters): keep the window's size and place
        boolean again = desk != null && stage.getScene() != null;
        double width = again ? stage.getScene().getWidth() : 1280;
        double height = again ? stage.getScene().getHeight() : 800;
        if (desk != null) {
            desk.close();
        }
        session = s;
        desk = FrontDesk.forSession(stage, s, data, tasks, messages, clock);
        desk.setOnSettings(this::changeLanguage);
        desk.setOnSalonChanged(changed -> showDesk(session.with(changed), desk.schedule().dateProperty().get()));
        desk.setOnSetUpSalon(() -> showWizard(stage));
        desk.setOnColumnsChanged(() -> showDesk(session, desk.schedule().dateProperty().get()));
        if (shown != null) {
            desk.schedule().dateProperty().set(shown);
        }
        showBackupStatus();
        stage.setTitle(messages.format("app.title", s.salon().name()));
        Scene scene = again ? new Scene(desk.window().root(), width, height) : null;
        if (scene != null) {
            stage.setScene(scene);
        }
        onDeskShown.accept(scene != null ? scene : setScene(desk.window().root(), width, height), desk);
    }

    private Scene setScene(Parent root, double width, double height) {
        Scene scene = new Scene(root, width, height);
        stage.setScene(scene);
        stage.centerOnScreen();
        return scene;
    }

    /**
     * Settings → language: remembered for this user, and the window is built again in the new
     * language at once (CalendarFX reads the default locale when its views are made).
     */
    private void changeLanguage() {
        LanguageSetting setting = new LanguageSetting(home);
        SettingsDialog.ask(stage, messages, setting.chosen(), backups == null ? null : this::openBackups).ifPresent(choice -> {
            try {
                setting.choose(choice);
            } catch (IOException e) {
                log.warn("could not remember the language", e);
            }
            Locale locale = choice.orElseGet(() -> setting.effective(LanguageSetting.SYSTEM_LOCALE));
            Locale.setDefault(locale);
            messages = new Messages(locale);
            showDesk(session, desk.schedule().dateProperty().get());
        });
    }

    // ---- backups (the embedded database) ------------------------------------------------------------

    /** Settings → Backups. */
    public void openBackups() {
        if (backups != null) {
            backups.open(messages, this::showBackupStatus, this::restore);
        }
    }

    private void showBackupStatus() {
        FrontDesk shownDesk = desk;
        if (backups != null && shownDesk != null) {
            backups.status(messages, text -> {
                if (desk == shownDesk) {
                    shownDesk.window().showBackupWarning(text, messages.get("status.backupHint"), this::openBackups);
                }
            });
        }
    }

    /**
     * Replaces the data with a backup's: the desk lets go of the database (live updates,
     * waitlist worker, pool), the backup is loaded and checked beside it and swapped in, and
     * the window is built again on what is there now — the restored data, or the old data when
     * the backup was refused (then with the reason).
     */
    private void restore(java.nio.file.Path file) {
        FrontDesk old = desk;
        desk = null;
        if (old != null) {
            old.close();
        }
        javafx.scene.control.Label label = new javafx.scene.control.Label(messages.get("backups.restoring"));
        javafx.scene.layout.VBox splash = new javafx.scene.layout.VBox(16, new javafx.scene.control.ProgressIndicator(), label);
        splash.setStyle("-fx-alignment: center;");
        stage.setScene(new Scene(splash, stage.getScene().getWidth(), stage.getScene().getHeight()));
        backups.restore(backend, file, this::show, (opening, failure) -> {
            show(opening);
            javafx.scene.control.Alert alert = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR,
                    app.salondesk.backup.BackupsViewModel.describe(messages, failure));
            alert.initOwner(stage);
            alert.setHeaderText(messages.get("backups.restoreFailed"));
            alert.show();
        });
    }

    /**
     * A clean exit of the application: the schedule stops and, when a salon is on screen,
     * one more backup is taken (and checked) before the database closes.
     */
    public void backUpOnExit() {
        if (backups != null) {
            backups.backUpOnExit(desk != null);
        }
    }

    /** Stops the desk's live updates and closes the database. */
    @Override
    public void close() {
        if (backups != null) {
            backups.close();
        }
        if (desk != null) {
            desk.close();
        }
        if (backend != null) {
            backend.close();
        }
    }
}
