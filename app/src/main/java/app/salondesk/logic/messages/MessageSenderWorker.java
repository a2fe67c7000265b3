package app.salondesk.logic.messages;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@link MessageSender} on a daemon thread of its own: a pass every {@code every}, and at
 * once again while passes come back full. Any number may run against one database — every
 * {@code serve}, every embedded desk — since the claim decides who sends what (ADR 33). A failing
 * pass (the database away) is logged and the next one tries again; it never ends the worker.
 */
public final class MessageSenderWorker implements AutoCloseable {

    public static final Duration EVERY = Duration.ofSeconds(5);
    /** A desk closing or serve stopping waits this long for the message in flight; what it holds returns after its lease. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);
    private static final Logger log = LoggerFactory.getLogger(MessageSenderWorker.class);

    private final MessageSender sender;
    private final int batch;
    private final ScheduledExecutorService thread;
    private volatile boolean closed;

    private MessageSenderWorker(MessageSender sender, int batch, String name) {
        this.sender = sender;
        this.batch = batch;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    public static MessageSenderWorker start(MessageSender sender) {
        return start(sender, MessageSender.BATCH, EVERY, "message-sender");
    }

    public static MessageSenderWorker start(MessageSender sender, int batch, Duration every, String name) {
        MessageSenderWorker w = new MessageSenderWorker(sender, batch, name);
        w.thread.scheduleWithFixedDelay(w::passes, 0, every.toMillis(), TimeUnit.MILLISECONDS);
        log.info("message sender {} started (a pass every {})", name, every);
        return w;
    }

    /** Look now rather than at the next pass (the desk's Send now). */
    public void wake() {
        if (!closed) {
            try {
                thread.execute(this::passes);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // closed meanwhile
            }
        }
    }

    private void passes() {
        try {
            while (!closed && sender.sendDue(batch).full(batch)) {
                // more are due: the next batch at once
            }
        } catch (RuntimeException e) {
            log.warn("a pass of the message sender failed: {}", e.getMessage());
            log.debug("the pass failed with", e);
        }
    }

    /** Stops after the message in flight is recorded (what it had claimed returns when its lease runs out). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        thread.shutdown();
        try {
            if (!thread.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            thread.shutdownNow();
            Thread.currentThread().interrupt();
        }
        sender.close();
        log.info("message sender stopped");
    }
}
