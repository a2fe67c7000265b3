package app.salondesk.gui.common;

import javafx.application.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Database work never runs on the FX thread: a task runs here, and its result or failure
 * is handed back on the FX thread. Saves in flight are known by name, so that closing the
 * window can wait for them and name any that did not finish (issue 15).
 */
public final class BackgroundTasks implements TaskRunner, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BackgroundTasks.class);

    private final ExecutorService executor;
    private final Map<Long, String> saves = new ConcurrentHashMap<>();
    private final AtomicLong nextSave = new AtomicLong();

    public BackgroundTasks() {
        AtomicInteger n = new AtomicInteger();
        this.executor = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "salondesk-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        if (executor.isShutdown()) {
            // closed: the window it would answer is going (an answer that arrived meanwhile asks
            // for a day read ahead, say); nothing is begun any more
            log.debug("not started, the desk's tasks are closed");
            return;
        }
        executor.execute(() -> {
            try {
                T result = work.call();
                Platform.runLater(() -> onSuccess.accept(result));
            } catch (Exception | Error e) {
                // the details, once, under the reference the person is told (Failures)
                Failures.logged(log, "background task failed", e);
                Platform.runLater(() -> onFailure.accept(e));
            }
        });
    }

    @Override
    public <T> void save(String what, Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        long id = nextSave.incrementAndGet();
        saves.put(id, what);
        run(() -> {
            try {
                return work.call();
            } finally {
                synchronized (saves) {
                    saves.remove(id);
                    saves.notifyAll();
                }
            }
        }, onSuccess, onFailure);
    }

    /** The saves not finished yet, in the person's words. */
    public List<String> savesInFlight() {
        return new ArrayList<>(new TreeMap<>(saves).values());
    }

    /** Waits up to {@code max} for the saves in flight; the ones still not finished. */
    public List<String> awaitSaves(Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        synchronized (saves) {
            while (!saves.isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                saves.wait(Math.max(1, left / 1_000_000));
            }
        }
        return savesInFlight();
    }

    @Override
    public void close() {
        List<String> unfinished = savesInFlight();
        if (!unfinished.isEmpty()) {
            log.warn("closing with {} save(s) not finished: {}", unfinished.size(), unfinished);
        }
        executor.shutdownNow();
    }
}
