package app.salondesk.ui;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Runs work away from the UI thread and reports back on it ({@link BackgroundTasks} in the app). */
@FunctionalInterface
public interface TaskRunner {
    <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure);
}
