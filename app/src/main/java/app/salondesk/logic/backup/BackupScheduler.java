package app.salondesk.logic.backup;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The daily automatic backup of the embedded desk: every few minutes it asks
 * {@link Backups#dailyDue()} and, when due, takes and checks a backup on its own thread. Asking
 * rather than sleeping until 20:00 survives a computer that sleeps or is off at that time: the
 * backup is taken when it next runs.
 */
public final class BackupScheduler implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BackupScheduler.class);

    private final Backups backups;
    private final ScheduledExecutorService timer;
    private final Consumer<Backups.Status> onDone;

    private BackupScheduler(Backups backups, Consumer<Backups.Status> onDone) {
        this.backups = backups;
        this.onDone = onDone;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "salondesk-backup");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * @param firstCheckSeconds when to look first (the desk's first paint comes before a backup)
     * @param onDone            told the status after each automatic backup, on the scheduler's thread
     */
    public static BackupScheduler start(Backups backups, long firstCheckSeconds, Consumer<Backups.Status> onDone) {
        BackupScheduler s = new BackupScheduler(backups, onDone);
        s.timer.scheduleWithFixedDelay(s::tick, firstCheckSeconds, 300, TimeUnit.SECONDS);
        return s;
    }

    private void tick() {
        try {
            if (!backups.dailyDue()) {
                return;
            }
            log.info("taking the daily backup");
            try {
                backups.create(null);
            } catch (BackupRefused | java.io.IOException | java.sql.SQLException e) {
                log.error("the daily backup failed", e);   // noted in the journal: the status bar says so
            }
            onDone.accept(backups.status());
        } catch (RuntimeException | java.io.IOException e) {
            log.error("the backup schedule failed; it looks again in five minutes", e);
        }
    }

    /**
     * A clean exit: stops the schedule and, when {@code takeOne}, takes (and checks) one more
     * backup now, so the day's last changes are in one. A failure is logged and noted for the
     * next start's status bar; the exit goes on.
     */
    public void stopAndBackUp(boolean takeOne) {
        close();
        if (!takeOne) {
            return;
        }
        try {
            Backups.Made made = backups.create(null);
            log.info("backup on exit: {}", made.path());
        } catch (BackupRefused | java.io.IOException | java.sql.SQLException | RuntimeException e) {
            log.error("the backup on exit failed", e);
        }
    }

    /** Stops the schedule; a backup under way is finished first (up to a minute). */
    @Override
    public void close() {
        timer.shutdown();
        try {
            if (!timer.awaitTermination(60, TimeUnit.SECONDS)) {
                timer.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
