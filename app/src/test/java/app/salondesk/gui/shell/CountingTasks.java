package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.common.TaskRunner;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The real background executor, counting what is under way: a test can wait until every task
 * asked for so far has run and delivered its answer on the FX thread, and then assert that
 * something did not happen.
 */
final class CountingTasks implements TaskRunner, AutoCloseable {

    private final BackgroundTasks tasks = new BackgroundTasks();
    private final AtomicInteger underWay = new AtomicInteger();

    @Override
    public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        underWay.incrementAndGet();
        tasks.run(work, result -> {
            try {
                onSuccess.accept(result);
            } finally {
                underWay.decrementAndGet();
            }
        }, failure -> {
            try {
                onFailure.accept(failure);
            } finally {
                underWay.decrementAndGet();
            }
        });
    }

    /** Waits until no task is under way (and so none can start another), then for the FX queue. */
    void awaitIdle() throws TimeoutException {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> underWay.get() == 0);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Override
    public void close() {
        tasks.close();
    }
}
