package app.salondesk.web;

import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.NanoTime;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * The minimum rate a request body must arrive at (issue 29, item 5): after {@code grace}, a body
 * that has come slower than {@code minBytesPerSecond} on average is failed, and Jetty answers and
 * closes the connection. A client trickling a form a byte at a time is dropped within seconds
 * rather than kept for as long as it likes.
 *
 * <p>Jetty 12 keeps {@code HttpConfiguration.setMinRequestDataRate} and enforces it only for a
 * servlet's own reads; the page's bodies are read before the servlet, without a thread
 * ({@code EagerContentHandler}, {@link WebServer}), so the rate is checked here, on each demand
 * for more of a body, as Jetty's own {@code MinimumDataRateHandler} does — but per request (that
 * handler counts the bytes of every request together). A body that stops altogether is ended by
 * the connection's idle timeout.
 */
final class SlowBodies extends Handler.Wrapper {

    private final long minBytesPerSecond;
    private final long graceNanos;

    SlowBodies(long minBytesPerSecond, Duration grace) {
        this.minBytesPerSecond = minBytesPerSecond;
        this.graceNanos = grace.toNanos();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        return super.handle(minBytesPerSecond > 0 ? new Timed(request) : request, response, callback);
    }

    /** A request whose body is counted as it is read. */
    private final class Timed extends Request.Wrapper {
        private final long started = NanoTime.now();
        private long bytes;
        private Content.Chunk tooSlow;

        Timed(Request wrapped) {
            super(wrapped);
        }

        @Override
        public Content.Chunk read() {
            if (tooSlow != null) {
                return tooSlow;
            }
            Content.Chunk chunk = super.read();
            if (chunk != null && chunk.hasRemaining()) {
                bytes += chunk.getByteBuffer().remaining();
            }
            return chunk;
        }

        @Override
        public void demand(Runnable more) {
            long elapsed = NanoTime.since(started);
            if (elapsed > graceNanos && bytes * 1_000_000_000L < minBytesPerSecond * elapsed) {
                tooSlow = Content.Chunk.from(new TimeoutException("request body slower than " + minBytesPerSecond + " bytes/s"), true);
                more.run();   // the reader reads the failure and ends the request
                return;
            }
            super.demand(more);
        }
    }
}
