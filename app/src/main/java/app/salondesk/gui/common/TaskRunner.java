package app.salondesk.gui.common;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Runs work away from the UI thread and reports back on it ({@link BackgroundTasks} in the app). */
@FunctionalInterface
public interface TaskRunner {
    <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure);

    /**
     * A change the person just made (a booking saved, moved, cancelled): run like any task, but
     * the app does not close under it without saying so ({@link BackgroundTasks#awaitSaves}).
     *
     * @param what the change in the person's words, for "not finished" when the window closes
     */
    default <T> void save(String what, Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        run(work, onSuccess, onFailure);
    }
}
