package app.salondesk;

import app.salondesk.runtime.FxThreadCalls;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.List;

/**
 * Every test of the app (registered for all of them through the service loader and
 * {@code junit-platform.properties}) fails when a database call was made on the JavaFX thread
 * while it ran, even if the app caught the guard's exception and showed something else (issue
 * 16: no database call on the FX thread, checked by the build). Calls made before a test's
 * set-up, by a test class before it, are that class's: checked after all of its tests.
 */
public final class NoDatabaseOnFxThread implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        FxThreadCalls.drain();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        check("while the class was set up");
    }

    @Override
    public void afterEach(ExtensionContext context) {
        check("during this test");
    }

    @Override
    public void afterAll(ExtensionContext context) {
        check("after its last test");
    }

    private static void check(String when) {
        List<IllegalStateException> calls = FxThreadCalls.drain();
        if (!calls.isEmpty()) {
            AssertionError e = new AssertionError(calls.size() + " database call(s) on the JavaFX application thread " + when
                    + "; the first from:");
            e.initCause(calls.get(0));
            throw e;
        }
    }
}
