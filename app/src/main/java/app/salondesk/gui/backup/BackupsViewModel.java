package app.salondesk.gui.backup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.backup.BackupFolder;
import app.salondesk.logic.backup.BackupRefused;
import app.salondesk.logic.backup.Backups;
import app.salondesk.model.backup.BackupSettings;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Settings → Backups: the folder, the daily time and how many to keep; "Back up now"; the
 * backups in the folder with their age and whether they were checked; and "Restore…", which
 * reads the chosen file first (a damaged one is refused before anyone is asked) and then asks.
 * The restore itself is the application's (it closes the desk's connections and builds the
 * window again): {@link #setOnRestore}.
 */
public final class BackupsViewModel {

    /** One backup in the list: its file, and the line the list shows. */
    public record Row(Path path, String text, boolean verified) {
    }

    private final Backups backups;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;
    private final StringProperty folder = new SimpleStringProperty(this, "folder", "");
    private final StringProperty time = new SimpleStringProperty(this, "time", "");
    private final IntegerProperty keepDaily = new SimpleIntegerProperty(this, "keepDaily", BackupSettings.DEFAULT_DAILY);
    private final IntegerProperty keepWeekly = new SimpleIntegerProperty(this, "keepWeekly", BackupSettings.DEFAULT_WEEKLY);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private Consumer<Path> onRestore = p -> { };
    private Runnable onChanged = () -> { };

    public BackupsViewModel(Backups backups, TaskRunner tasks, Messages messages, Clock clock) {
        this.backups = backups;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
    }

    /** What "Restore" does once the person has said yes: the application replaces the data and rebuilds the window. */
    public void setOnRestore(Consumer<Path> onRestore) {
        this.onRestore = Objects.requireNonNull(onRestore);
    }

    /** Told after a backup was taken (the status bar looks again). */
    public void setOnChanged(Runnable onChanged) {
        this.onChanged = Objects.requireNonNull(onChanged);
    }

    public void load() {
        busy.set(true);
        tasks.run(() -> new Loaded(backups.settings(), backups.folder(null).list()), loaded -> {
            busy.set(false);
            BackupSettings s = loaded.settings();
            folder.set(s.folder().toString());
            time.set(s.dailyAt().toString());
            keepDaily.set(s.keepDaily());
            keepWeekly.set(s.keepWeekly());
            show(loaded.entries());
        }, this::failed);
    }

    private record Loaded(BackupSettings settings, List<BackupFolder.Entry> entries) {
    }

    private record Done(Backups.Made made, List<BackupFolder.Entry> entries) {
    }

    public void save() {
        BackupSettings s;
        try {
            s = new BackupSettings(Path.of(folder.get().strip()), LocalTime.parse(time.get().strip()), keepDaily.get(), keepWeekly.get());
        } catch (DateTimeParseException e) {
            message.set(messages.get("backups.badTime"));
            return;
        } catch (IllegalArgumentException e) {
            message.set(messages.get("backups.badFolder"));
            return;
        }
        if (folder.get().isBlank()) {
            message.set(messages.get("backups.badFolder"));
            return;
        }
        busy.set(true);
        tasks.run(() -> {
            backups.save(s);
            return backups.folder(null).list();
        }, entries -> {
            busy.set(false);
            message.set(messages.get("backups.saved"));
            show(entries);
            onChanged.run();
        }, this::failed);
    }

    public void backUpNow() {
        if (busy.get()) {
            return;
        }
        busy.set(true);
        message.set(messages.get("backups.working"));
        tasks.run(() -> {
            Backups.Made made = backups.create(null);
            return new Done(made, backups.folder(null).list());
        }, done -> {
            busy.set(false);
            message.set(messages.format("backups.made", done.made().path().getFileName()));
            show(done.entries());
            onChanged.run();
        }, failure -> {
            failed(failure);
            onChanged.run();
        });
    }

    /** Reads the chosen backup whole, then hands the question to ask to {@code ask}: (question, confirmed action). */
    public void prepareRestore(Row row, BiConsumer<String, Runnable> ask) {
        if (busy.get() || row == null) {
            return;
        }
        busy.set(true);
        message.set("");
        tasks.run(() -> Backups.inspect(row.path()), manifest -> {
            busy.set(false);
            String taken = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale())
                    .format(manifest.createdAt().atZone(clock.getZone()));
            ask.accept(messages.format("backups.restoreQuestion", taken, String.join(", ", manifest.salons()), manifest.totalRows()),
                    () -> onRestore.accept(row.path()));
        }, this::failed);
    }

    private void show(List<BackupFolder.Entry> entries) {
        ZoneId zone = clock.getZone();
        DateTimeFormatter when = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale());
        rows.setAll(entries.stream().map(e -> new Row(e.path(), messages.format("backups.entry", when.format(e.takenAt().atZone(zone)),
                age(e.takenAt()), size(e.size()), messages.get(e.verified() ? "backups.verified" : "backups.notVerified")), e.verified())).toList());
    }

    private String age(Instant then) {
        return age(messages, clock.instant(), then);
    }

    /** "just now", "5 hours ago", "3 days ago", in the language's plural. */
    public static String age(Messages messages, Instant now, Instant then) {
        Duration d = Duration.between(then, now);
        if (d.toHours() < 1) {
            return messages.get("backups.ageNow");
        }
        if (d.toDays() < 1) {
            return messages.plural("backups.ageHours", d.toHours());
        }
        return messages.plural("backups.ageDays", d.toDays());
    }

    private String size(long bytes) {
        return bytes < 1024 * 1024 ? messages.format("backups.sizeKb", Math.max(1, bytes / 1024))
                : messages.format("backups.sizeMb", bytes / (1024.0 * 1024.0));
    }

    private void failed(Throwable failure) {
        busy.set(false);
        message.set(describe(messages, failure));
    }

    /** What the status bar says about backups: "" when all is well. */
    public static String warning(Messages messages, Instant now, Backups.Status status) {
        // Java 17: no patterns in switch yet
        if (status instanceof Backups.Status.Stale stale) {
            return stale.lastBackup().map(t -> messages.format("status.backupStale", age(messages, now, t)))
                    .orElseGet(() -> messages.get("status.backupNone"));
        }
        return status instanceof Backups.Status.Failed ? messages.get("status.backupFailed") : "";
    }

    /** A failure in one sentence: a refusal says why; anything else, that it failed and where the details are. */
    public static String describe(Messages messages, Throwable failure) {
        if (failure instanceof BackupRefused r) {
            return messages.format(r.reason().messageKey, r.args());
        }
        // never the exception's own text (a statement, a class name): its reference, the details in the log
        return app.salondesk.gui.common.Failures.say(messages, "backup.failedReference", failure);
    }

    public StringProperty folderProperty() {
        return folder;
    }

    public StringProperty timeProperty() {
        return time;
    }

    public IntegerProperty keepDailyProperty() {
        return keepDaily;
    }

    public IntegerProperty keepWeeklyProperty() {
        return keepWeekly;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ObservableList<Row> rows() {
        return rows;
    }
}
