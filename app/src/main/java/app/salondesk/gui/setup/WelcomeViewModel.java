package app.salondesk.gui.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.model.salon.Salon;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The first start on an empty database: explore the demo salon (made now, off the FX thread),
 * or set up one's own salon.
 */
public final class WelcomeViewModel {

    private final Messages messages;
    private final TaskRunner tasks;
    private final Callable<Salon> demo;
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private Consumer<Salon> onDemo = s -> { };
    private Runnable onSetUp = () -> { };

    /** @param demo makes (or finds) the demo salon: {@code DemoSalon#seed} in the app */
    public WelcomeViewModel(Messages messages, TaskRunner tasks, Callable<Salon> demo) {
        this.messages = messages;
        this.tasks = tasks;
        this.demo = demo;
    }

    public void setOnDemo(Consumer<Salon> onDemo) {
        this.onDemo = Objects.requireNonNull(onDemo);
    }

    public void setOnSetUp(Runnable onSetUp) {
        this.onSetUp = Objects.requireNonNull(onSetUp);
    }

    public void exploreDemo() {
        if (busy.get()) {
            return;
        }
        busy.set(true);
        error.set("");
        tasks.run(demo, salon -> {
            busy.set(false);
            onDemo.accept(salon);
        }, failure -> {
            busy.set(false);
            error.set(messages.get("welcome.demoFailed"));
        });
    }

    public void setUp() {
        if (!busy.get()) {
            onSetUp.run();
        }
    }

    /** The demo salon is being made (a few seconds: two weeks of bookings). */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }
}
