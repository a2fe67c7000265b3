package app.salondesk.gui.common;

import app.salondesk.i18n.Messages;
import app.salondesk.runtime.StartupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a person is told of a failure: a sentence of the bundle with a short reference they can
 * quote ("Could not load the day — reference 7F3A2C"), never the exception's own text — a
 * driver's message holds the whole SQL statement, others a class name or a stack trace. The
 * details go to the log once, under the same reference: {@link BackgroundTasks} logs a task's
 * failure under its reference ({@link #logged}); a failure nobody logged is logged here the
 * first time its reference is asked for. No JavaFX: view models use it off the toolkit too.
 */
public final class Failures {

    private static final Logger log = LoggerFactory.getLogger(Failures.class);

    /** Each failure's reference, for as long as the failure is around (identity: Throwable keeps Object's equals). */
    private static final Map<Throwable, String> references = Collections.synchronizedMap(new WeakHashMap<>());

    private Failures() {
    }

    /**
     * Logs {@code failure} with its details as {@code what} — once: a failure logged before is
     * not logged again — and answers its reference.
     */
    public static String logged(Logger to, String what, Throwable failure) {
        String[] made = new String[1];
        String reference = references.computeIfAbsent(failure, f -> made[0] = newReference());
        if (made[0] != null) {
            to.error("{} (reference {})", what, reference, failure);
        }
        return reference;
    }

    /** The reference of {@code failure}, logging it (with its details) if nobody did yet. */
    public static String reference(Throwable failure) {
        return logged(log, "failed", failure);
    }

    /**
     * The bundle's sentence {@code key} for {@code failure}, its reference as the last argument
     * (after {@code args}): "Could not load the day — reference {0}".
     */
    public static String say(Messages messages, String key, Throwable failure, Object... args) {
        Object[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = reference(failure);
        return messages.format(key, all);
    }

    private static String newReference() {
        return String.format("%06X", ThreadLocalRandom.current().nextInt(1 << 24));
    }

    /** A failure to start in the user's words (the reason's sentence), any other with its reference. */
    public static String describe(Messages messages, Throwable failure) {
        if (failure instanceof StartupException se) {
            return messages.format(se.reason().messageKey, se.detail());
        }
        return say(messages, "failure.withReference", failure);
    }
}
