package app.salondesk.logic.live;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.IteratingCallback;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One desk's stream from the {@link LiveRelay}: a request that waits for its ticket to be
 * redeemed, then a response of server-sent events, written without any thread waiting on the
 * desk. Jetty writes one buffer at a time; this queues the rest (at most {@value #QUEUE}: a desk
 * that far behind is ended, and reloads what it shows when it is back) and writes the next
 * when the last is done — Jetty's {@link IteratingCallback}, which keeps that loop flat whether a
 * write completes at once or later.
 *
 * <p>Its life: WAITING (the ticket is being redeemed) → refused with a status, or OPEN (200,
 * {@code : online}, then events) → ENDING (the last chunk) → DONE. A desk that goes away, or
 * stops reading for longer than the connector's idle timeout, fails the pending write, which
 * ends it too. Whatever way it ends, {@code release} runs once.
 */
final class RelayStream extends IteratingCallback {

    /** A desk this many events behind is ended (it reloads what it shows when it is back). */
    static final int QUEUE = 1_000;
    static final String ONLINE = ": online\n\n";
    static final String PING = ": ping\n\n";
    /** In place of a ping while the server announces no change (migration 24): the desk reloads instead. */
    static final String LAGGING = ": lagging\n\n";

    private enum State { WAITING, OPEN, ENDING, DONE }

    private final Response response;
    private final Callback done;
    private final String ticket;
    private final Runnable release;
    private final AtomicBoolean released = new AtomicBoolean();
    private final ArrayDeque<ByteBuffer> queue = new ArrayDeque<>();
    /** Guarded by {@code this}. */
    private State state = State.WAITING;
    private boolean lastWritten;
    private volatile Runnable unsubscribe = () -> { };
    private volatile long tenant;

    RelayStream(Response response, Callback done, String ticket, Runnable release) {
        this.response = response;
        this.done = done;
        this.ticket = ticket;
        this.release = release;
    }

    /** The ticket the desk handed over (a credential: never logged). */
    String ticket() {
        return ticket;
    }

    /** The salon whose channel this streams, once open (for the log, which never names the channel). */
    long tenant() {
        return tenant;
    }

    /** Answers {@code status} with no body, if the stream is still waiting; false when it is not. */
    boolean refuse(int status) {
        synchronized (this) {
            if (state != State.WAITING) {
                return false;
            }
            state = State.DONE;
        }
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONNECTION, "close");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        done.succeeded();
        releaseOnce();
        return true;
    }

    /**
     * Answers 200 and {@code : online}: the relay LISTENs on the salon's channel now. False when
     * the stream ended meanwhile (the desk went away); {@code unsubscribe} then runs at once.
     */
    boolean open(long tenantId, Runnable unsubscribe) {
        synchronized (this) {
            if (state != State.WAITING) {
                unsubscribe.run();
                return false;
            }
            state = State.OPEN;
            this.tenant = tenantId;
            this.unsubscribe = unsubscribe;
            response.setStatus(200);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream; charset=utf-8");
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
            queue.add(bytes(ONLINE));
        }
        iterate();
        return true;
    }

    /**
     * Queues an event (or a comment) for an open stream. False when this call gave up on the desk:
     * it is {@value #QUEUE} events behind, and its stream ends.
     */
    boolean send(String text) {
        boolean overflowed;
        synchronized (this) {
            if (state != State.OPEN) {
                return true;
            }
            if (queue.size() >= QUEUE) {
                queue.clear();
                state = State.ENDING;
                overflowed = true;
            } else {
                queue.add(bytes(text));
                overflowed = false;
            }
        }
        iterate();
        return !overflowed;
    }

    /** Ends the stream after what is queued (the relay lost PostgreSQL): the desk reconnects. */
    void end() {
        if (refuse(503)) {
            return;
        }
        synchronized (this) {
            if (state != State.OPEN) {
                return;
            }
            state = State.ENDING;
        }
        iterate();
    }

    /** The request failed: the desk went away, or its connection timed out. */
    void gone(Throwable why) {
        State was;
        synchronized (this) {
            was = state;
            if (was == State.WAITING) {
                state = State.DONE;
            }
        }
        switch (was) {
            case WAITING -> {
                done.failed(why);
                releaseOnce();
            }
            // the write in flight fails too; abort completes the stream once it has
            case OPEN, ENDING -> abort(why);
            case DONE -> {
                // answered already
            }
        }
    }

    @Override
    protected Action process() {
        ByteBuffer next;
        synchronized (this) {
            next = queue.poll();
            if (next == null) {
                if (state != State.ENDING) {
                    return Action.IDLE;
                }
                if (lastWritten) {
                    return Action.SUCCEEDED;
                }
                lastWritten = true;
            }
        }
        // outside the lock: a write may complete at once and call back into process()
        response.write(next == null, next == null ? BufferUtil.EMPTY_BUFFER : next, this);
        return Action.SCHEDULED;
    }

    @Override
    protected void onCompleteSuccess() {
        finish();
        done.succeeded();
    }

    @Override
    protected void onCompleteFailure(Throwable cause) {
        finish();
        done.failed(cause);
    }

    private void finish() {
        synchronized (this) {
            state = State.DONE;
            queue.clear();
        }
        unsubscribe.run();
        releaseOnce();
    }

    private void releaseOnce() {
        if (released.compareAndSet(false, true)) {
            release.run();
        }
    }

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    }
}
