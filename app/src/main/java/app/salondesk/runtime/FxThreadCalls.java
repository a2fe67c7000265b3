package app.salondesk.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The database calls {@link FxThreadGuard} refused on the JavaFX thread in strict mode (the
 * build's tests), kept until a test's end asks for them: the test suite fails the test during
 * which one was made even if the app caught the refusal and went on. Empty outside strict mode.
 */
public final class FxThreadCalls {

    private static final Queue<IllegalStateException> refused = new ConcurrentLinkedQueue<>();

    private FxThreadCalls() {
    }

    static void seen(IllegalStateException where) {
        refused.add(where);
    }

    /** The calls refused since the last time this was asked, oldest first; forgets them. */
    public static List<IllegalStateException> drain() {
        List<IllegalStateException> out = new ArrayList<>();
        for (IllegalStateException e; (e = refused.poll()) != null; ) {
            out.add(e);
        }
        return out;
    }
}
