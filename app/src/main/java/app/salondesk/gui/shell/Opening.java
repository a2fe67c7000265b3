package app.salondesk.gui.shell;

import app.salondesk.runtime.Backend;

/**
 * What opening the database found: a salon to show ({@link Session}), or an empty database
 * that the signed-in login may set up — the first start, which opens on the welcome screen.
 */
public sealed interface Opening extends AutoCloseable permits Session, Opening.Empty {

    Backend backend();

    @Override
    default void close() {
        backend().close();
    }

    /** No salon yet, and this login is the database's owner (the embedded desk always is): it may make one. */
    record Empty(Backend backend) implements Opening {
    }
}
