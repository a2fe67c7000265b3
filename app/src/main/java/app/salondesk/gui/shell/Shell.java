package app.salondesk.gui.shell;

import app.salondesk.db.StartupTimeline;
import app.salondesk.gui.common.DeskWindows;
import app.salondesk.gui.common.DiscardGuard;
import app.salondesk.gui.common.SaveFolder;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.gui.common.TextSize;
import app.salondesk.gui.setup.SetupWizardView;
import app.salondesk.gui.setup.SetupWizardViewModel;
import app.salondesk.gui.setup.WelcomeView;
import app.salondesk.gui.setup.WelcomeViewModel;
import app.salondesk.i18n.LanguageSetting;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.desk.DeskLogic;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DeskFigures;
import app.salondesk.runtime.WindowSettings;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * What the main window shows, and the moves between: the welcome screen of an empty database,
 * the set-up wizard, the desk of a salon — built again when the salon's settings or the
 * language change, or when a salon was just set up. Used by the application and by the GUI
 * tests alike. It owns the database once shown one, and closes it. It keeps the signed-in
 * person's window — size, place, maximised, text size — and puts it back on the next start.
 */
public final class Shell implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Shell.class);

    private final Stage stage;
    private final TaskRunner tasks;
    private final Clock clock;
    private final Path home;
    private Messages messages;
    private Backend backend;
    private DeskFigures figures;
    private Session session;
    private FrontDesk desk;
    private BiConsumer<Scene, FrontDesk> onDeskShown = (scene, shown) -> { };
    private java.util.function.Consumer<Scene> onWelcomeShown = scene -> { };
    private BackupScreens backups;
    private final TextSize textSize;
    private final WindowPlacement placement;
    /** The signed-in person's window and text size, once the database said who that is. */
    private WindowSettings windowSettings;
    /** Whether a desk was put on screen (only then is its window's place worth keeping). */
    private boolean deskShown;
    /** The set-up wizard in this window (first start) has something typed: closing the window asks first. */
    private final javafx.beans.property.BooleanProperty wizardChanged = new javafx.beans.property.SimpleBooleanProperty(this, "wizardChanged");
    private java.util.function.Supplier<String> wizardQuestion = () -> "";

    /** @param home the user's SalonDesk folder (the language is remembered there) */
    public Shell(Stage stage, TaskRunner tasks, Messages messages, Clock clock, Path home) {
        this.stage = stage;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        this.home = home;
        SaveFolder.shared().remembering(new app.salondesk.runtime.SettingsFile(home));
        this.textSize = new TextSize(stage);
        DeskWindows.watch();   // every window opened over the desk: whole, centred on it, inside the screen
        this.placement = new WindowPlacement(stage);
        stage.addEventHandler(javafx.stage.WindowEvent.WINDOW_HIDING, e -> rememberPlacement());
        // closing the window (its ✕, ☰ → Quit) asks first about what is typed and not saved (issue 31):
        // in a window over it, and in the wizard when that is this window's screen
        DiscardGuard.guardWindowsOver(stage);
        DiscardGuard.install(stage, wizardChanged, () -> wizardQuestion.get(), () -> this.messages);
    }

    /** Shows what the database holds: the desk of its salon, or the welcome screen. */
    public void show(Opening opening) {
        show(opening, null);
    }

    /**
     * As {@link #show(Opening)}, with what the salon's desk needs already read (off the FX
     * thread: the application reads it while JavaFX starts); null reads it first.
     */
    public void show(Opening opening, DeskData data) {
        this.backend = opening.backend();
        if (figures == null) {
            // bookings, lock waits and the pool in the desk's log every quarter of an hour (issue 37)
            figures = DeskFigures.start(() -> backend, DeskFigures.EVERY);
        }
        if (windowSettings == null) {
            windowSettings = new WindowSettings(home, backend.embedded() ? WindowSettings.user(null, null)
                    : WindowSettings.user(backend.user(), backend.location()));
            textSize.show(windowSettings.textSize());
            WindowSettings mine = windowSettings;
            // a small local file, written off the FX thread all the same: Ctrl + may be pressed a few times in a row
            textSize.setOnChange(size -> tasks.run(() -> {
                mine.rememberTextSize(size);
                return null;
            }, done -> { }, failure -> { }));
        }
        if (backups == null && backend.embedded()) {
            // the embedded database is this computer's to back up; a shared server's is its administrator's
            backups = BackupScreens.embedded(stage, backend, home, tasks, clock);
            backups.startSchedule(this::showBackupStatus);
        }
        if (!(opening instanceof Session)) {
            afterFirstPaint();   // the welcome screen: no day to wait for
        }
        if (opening instanceof Session s) {
            if (data != null) {
                showDesk(s, null, data);
            } else {
                showDesk(s);
            }
        } else {
            showWelcome();
        }
    }

    /**
     * What the start leaves until its first day is on screen (issue 16): Flyway's validation of a
     * schema that was at this build's migrations already, in the background.
     */
    public void afterFirstPaint() {
        Backend b = backend;
        if (b != null) {
            tasks.run(b::validateSchemaIfDeferred, valid -> { }, failure -> { });
        }
    }

    /** Told when the welcome screen is put on screen (the application logs a new PC's first start). */
    public void setOnWelcomeShown(java.util.function.Consumer<Scene> onWelcomeShown) {
        this.onWelcomeShown = onWelcomeShown;
    }

    /** Told each desk put on screen (the application logs when the first day is painted). */
    public void setOnDeskShown(BiConsumer<Scene, FrontDesk> onDeskShown) {
        this.onDeskShown = onDeskShown;
    }

    /**
     * Offers Settings → Backups and the status bar's backup warning on this database (the
     * application does it by itself on the embedded one; tests give one on their own).
     */
    public void useBackups(app.salondesk.logic.backup.Backups given) {
        backups = new BackupScreens(stage, given, tasks, clock);
    }

    /** The desk on screen now, if one is (for tests). */
    public FrontDesk desk() {
        return desk;
    }

    // ---- first start ------------------------------------------------------------------------------

    private void showWelcome() {
        noWizard();
        WelcomeViewModel vm = new WelcomeViewModel(messages, tasks, () -> new DeskLogic(backend).demo(clock, messages).seed());
        vm.setOnDemo(salon -> showDesk(new Session(backend, salon)));
        vm.setOnSetUp(() -> showWizard(null));
        stage.setTitle("SalonDesk");
        onWelcomeShown.accept(setScene(new WelcomeView(vm, messages).root(), 860, 520));
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
                ZoneId.systemDefault(), new DeskLogic(backend).salonSetup()::create);
        SetupWizardView view = new SetupWizardView(vm, messages);
        if (over == null) {
            vm.setOnCreated(salon -> {
                noWizard();
                showDesk(new Session(backend, salon));
            });
            // Cancel and Esc go back to the welcome screen, asking first when something was typed
            Messages words = messages;
            view.setOnCancel(() -> DiscardGuard.confirm(stage, vm.changedProperty(), vm::discardQuestion, words, this::showWelcome));
            wizardQuestion = vm::discardQuestion;
            wizardChanged.bind(vm.changedProperty());
            stage.setTitle(messages.get("wizard.title"));
            setScene(view.root(), 900, 680);
            return;
        }
        Stage window = new Stage();
        window.initOwner(over);
        window.setTitle(messages.get("wizard.title"));
        window.setScene(new Scene(view.root(), 900, 680));
        view.setOnCancel(() -> DiscardGuard.requestClose(window));
        DiscardGuard.install(window, vm.changedProperty(), vm::discardQuestion, messages);
        vm.setOnCreated(salon -> {
            window.close();
            showDesk(new Session(backend, salon));
        });
        DeskWindows.showModal(window);
    }

    /** The wizard is no longer this window's screen: closing it asks nothing more about it. */
    private void noWizard() {
        wizardChanged.unbind();
        wizardChanged.set(false);
        wizardQuestion = () -> "";
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
        // a chain manager's login has no desk (it reads no master's day): its window is the salons' reports
        tasks.run(() -> new app.salondesk.logic.desk.DeskLogic(s.backend()).staff().signedInAsChainManager() ? null : FrontDesk.deskData(s),
                data -> {
                    if (data == null) {
                        showChainReports(s);
                    } else {
                        showDesk(s, shown, data);
                    }
                },
                failure -> {
                    javafx.scene.control.Alert alert = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR,
                            words.get("desk.loadFailed"), javafx.scene.control.ButtonType.OK);
                    alert.initOwner(stage);
                    alert.setHeaderText(null);
                    DeskWindows.show(alert);
                });
    }

    /** A chain manager's only window (issue 35): the Reports window of its salons, side by side, in this stage. */
    private void showChainReports(Session s) {
        if (desk != null) {
            desk.close();
            desk = null;
        }
        session = s;
        noWizard();
        new ReportScreens(stage, new app.salondesk.logic.desk.DeskLogic(s.backend()).reports(), s.salon(), tasks, messages, true).reports();
        stage.centerOnScreen();
    }

    private void showDesk(Session s, LocalDate shown, DeskData data) {
        StartupTimeline.mark("desk-data");
        // built again (language, salon settings, masters, another salon, a backup restored): in the scene
        // on screen, so the window keeps its size and place
        boolean again = deskShown && stage.getScene() != null;
        double width = 1280;
        double height = 800;
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
        Scene scene;
        if (again) {
            // its root swapped, not a new Scene: under a window manager a new Scene in a maximised window
            // took the window's un-maximised size (a 1282x821 desk in a 1600x1000 window, the rest of it
            // the old desk's pixels) until the window was next resized (issue 31, the desktop suite)
            scene = stage.getScene();
            scene.setRoot(desk.window().root());
        } else {
            scene = setScene(desk.window().root(), width, height);
            if (!deskShown && windowSettings != null) {
                windowSettings.placement().ifPresentOrElse(placement::restore,   // as this person left it last time
                        () -> placement.firstOpening(width, height));   // inside the screen, status bar in sight
            }
        }
        deskShown = true;
        onDeskShown.accept(scene, desk);
    }

    /** The text size of this desk's windows (Ctrl +, Ctrl −, Ctrl 0, Settings). */
    public TextSize textSize() {
        return textSize;
    }

    /** The window's size and place, for the next start; only once a desk was on screen. */
    private void rememberPlacement() {
        if (deskShown && windowSettings != null) {
            windowSettings.remember(placement.current());
        }
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
        Optional<Locale> before = setting.chosen();
        SettingsDialog.ask(stage, messages, before, textSize.get(), backups == null ? null : this::openBackups).ifPresent(choice -> {
            textSize.set(choice.textSize());
            if (choice.language().equals(before)) {
                return;   // the same language: nothing to build again
            }
            try {
                setting.choose(choice.language());
            } catch (IOException e) {
                log.warn("could not remember the language", e);
            }
            Locale locale = choice.language().orElseGet(() -> setting.effective(LanguageSetting.SYSTEM_LOCALE));
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
        stage.getScene().setRoot(splash);   // in the scene on screen: see showDesk
        backups.restore(backend, file, this::show, (opening, failure) -> {
            show(opening);
            javafx.scene.control.Alert alert = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR,
                    app.salondesk.gui.backup.BackupsViewModel.describe(messages, failure));
            alert.initOwner(stage);
            alert.setHeaderText(messages.get("backups.restoreFailed"));
            DeskWindows.show(alert);
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
        rememberPlacement();
        textSize.close();
        if (backups != null) {
            backups.close();
        }
        if (desk != null) {
            desk.close();
        }
        if (figures != null) {
            figures.close();
        }
        if (backend != null) {
            backend.close();
        }
    }
}
