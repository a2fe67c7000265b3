package app.salondesk.gui.clients;

import app.salondesk.gui.common.TaskRunner;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Runs work when the test says so, in the order it says: the background executor, made deterministic. */
public final class ManualTasks implements TaskRunner {

    final List<Runnable> pending = new ArrayList<>();

    @Override
    public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        pending.add(() -> {
            T result;
            try {
                result = work.call();
            } catch (Exception e) {
                onFailure.accept(e);
                return;
            }
            onSuccess.accept(result);
        });
    }

    public void runAll() {
        while (!pending.isEmpty()) {
            List<Runnable> now = new ArrayList<>(pending);
            pending.clear();
            now.forEach(Runnable::run);
        }
    }

    /** Runs only the task queued at this position (0 = oldest) and removes it. */
    void runOne(int index) {
        pending.remove(index).run();
    }
}
