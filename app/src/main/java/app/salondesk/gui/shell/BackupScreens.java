package app.salondesk.gui.shell;

import app.salondesk.gui.backup.BackupsView;
import app.salondesk.gui.backup.BackupsViewModel;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.backup.BackupScheduler;
import app.salondesk.logic.backup.Backups;
import app.salondesk.logic.backup.Cluster;
import app.salondesk.runtime.Backend;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The desk's side of backups: Settings → Backups, the status bar's warning, the daily
 * schedule and the backup on exit, and a restore while the window is open (ADR 14).
 */
final class BackupScreens implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BackupScreens.class);

    private final Stage stage;
    private final Backups backups;
    private final TaskRunner tasks;
    private final Clock clock;
    private BackupScheduler scheduler;

    BackupScreens(Stage stage, Backups backups, TaskRunner tasks, Clock clock) {
        this.stage = stage;
        this.backups = backups;
        this.tasks = tasks;
        // backup names and the daily time are the computer's local time: the person at it reads them
        this.clock = clock.withZone(ZoneId.systemDefault());
    }

    /** The embedded database's backups, in the home folder's settings. */
    static BackupScreens embedded(Stage stage, Backend backend, Path home, TaskRunner tasks, Clock clock) {
        Clock local = clock.withZone(ZoneId.systemDefault());
        return new BackupScreens(stage, new Backups(new Cluster(backend.database().settings()), home, local), tasks, local);
    }

    /** The daily backup, checked every five minutes from a minute after the start. */
    void startSchedule(Runnable onStatusChanged) {
        scheduler = BackupScheduler.start(backups, 60, status -> Platform.runLater(onStatusChanged));
    }

    void open(Messages messages, Runnable onChanged, Consumer<Path> onRestore) {
        BackupsViewModel vm = new BackupsViewModel(backups, tasks, messages, clock);
        vm.setOnChanged(onChanged);
        vm.setOnRestore(onRestore);
        BackupsView.show(stage, vm, messages);
    }

    /** The status bar's warning, "" when backups are fine; read off the FX thread (it lists the folder). */
    void status(Messages messages, Consumer<String> onText) {
        tasks.run(backups::status, status -> onText.accept(BackupsViewModel.warning(messages, clock.instant(), status)),
                failure -> onText.accept(messages.get("status.backupFailed")));
    }

    /**
     * Off the FX thread: the pool is closed (the desk has closed its own connections), the
     * backup restored, the pool opened again; then what the database holds now is chosen to
     * show. On failure the old data is still there: it is shown, with the reason.
     */
    void restore(Backend backend, Path file, Consumer<Opening> onRestored, BiConsumer<Opening, Throwable> onRefused) {
        tasks.run(() -> {
            backend.closePool();
            try {
                backups.restore(file);
            } finally {
                backend.reopenPool();
            }
            return Session.choose(backend, null);
        }, onRestored, failure -> tasks.run(() -> Session.choose(backend, null), opening -> onRefused.accept(opening, failure),
                again -> log.error("the database could not be opened again after a failed restore", again)));
    }

    void backUpOnExit(boolean takeOne) {
        if (scheduler != null) {
            scheduler.stopAndBackUp(takeOne);
        }
    }

    @Override
    public void close() {
        if (scheduler != null) {
            scheduler.close();
        }
    }
}
