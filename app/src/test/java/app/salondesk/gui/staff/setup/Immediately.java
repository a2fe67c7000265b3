package app.salondesk.gui.staff.setup;

import app.salondesk.gui.common.TaskRunner;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Runs a view model's task at once on the calling thread: a view model test needs no FX toolkit. */
public final class Immediately implements TaskRunner {

    @Override
    public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        T result;
        try {
            result = work.call();
        } catch (Exception e) {
            onFailure.accept(e);
            return;
        }
        onSuccess.accept(result);
    }
}
