package app.salondesk.gui.common;

import javafx.animation.PauseTransition;
import javafx.util.Duration;

/** A {@link Debouncer} on the FX animation timer: the action runs on the FX thread. Create it on the FX thread. */
public final class FxDebouncer implements Debouncer {

    private final PauseTransition pause;

    public FxDebouncer(java.time.Duration delay) {
        this.pause = new PauseTransition(Duration.millis(delay.toMillis()));
    }

    @Override
    public void submit(Runnable action) {
        pause.setOnFinished(e -> action.run());
        pause.playFromStart();
    }
}
