package app.salondesk.ui;

import javafx.application.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Database work never runs on the FX thread: a task runs here, and its result or failure
 * is handed back on the FX thread.
 */
public final class BackgroundTasks implements TaskRunner, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BackgroundTasks.class);

    private final ExecutorService executor;

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
        executor.execute(() -> {
            try {
                T result = work.call();
                Platform.runLater(() -> onSuccess.accept(result));
            } catch (Exception | Error e) {
                log.error("background task failed", e);
                Platform.runLater(() -> onFailure.accept(e));
            }
        });
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
