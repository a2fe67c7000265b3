package app.salondesk.gui.common;

/**
 * Runs an action once things have gone quiet: each submit replaces the action waiting and
 * restarts the wait ({@link FxDebouncer} in the app; tests run it when they choose).
 */
@FunctionalInterface
public interface Debouncer {
    /** Runs {@code action} on the UI thread after the delay, unless submit is called again first. */
    void submit(Runnable action);
}
