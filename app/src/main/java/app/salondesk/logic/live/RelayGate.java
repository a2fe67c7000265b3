package app.salondesk.logic.live;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * The {@link LiveRelay}'s one route, {@code GET /live} with {@code Authorization: Bearer
 * <ticket>}: what can be refused without the database is refused here, at once and without a
 * body — another path (404), another method (405), no ticket or not one in the ticket's shape
 * (401), the relay not listening or {@code maxStreams} open already (503) — and the rest is
 * handed to {@link RelayDatabase} to be redeemed. Nothing here blocks: Jetty may run it on its
 * selector thread, and a stream holds no thread while it waits or streams.
 */
final class RelayGate extends Handler.Abstract.NonBlocking {

    /** What a ticket of {@code salondesk_live_ticket} looks like: {@code <salon>.<64 hex>}. */
    static final Pattern TICKET = Pattern.compile("[1-9][0-9]{0,17}\\.[0-9a-f]{64}");
    private static final String BEARER = "Bearer ";

    private final RelayDatabase db;
    private final int maxStreams;
    private final AtomicInteger streams = new AtomicInteger();

    RelayGate(RelayDatabase db, int maxStreams) {
        this.db = db;
        this.maxStreams = maxStreams;
    }

    /** Streams open or waiting for their ticket now. */
    int streams() {
        return streams.get();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        if (!"/live".equals(Request.getPathInContext(request))) {
            return answer(response, callback, 404);
        }
        if (!"GET".equals(request.getMethod())) {
            response.getHeaders().put(HttpHeader.ALLOW, "GET");
            return answer(response, callback, 405);
        }
        String ticket = ticketOf(request.getHeaders().get(HttpHeader.AUTHORIZATION));
        if (ticket == null) {
            response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer");
            return answer(response, callback, 401);
        }
        if (!db.up()) {
            return answer(response, callback, 503);
        }
        if (streams.incrementAndGet() > maxStreams) {
            streams.decrementAndGet();
            return answer(response, callback, 503);
        }
        RelayStream stream = new RelayStream(response, callback, ticket, streams::decrementAndGet);
        request.addFailureListener(stream::gone);
        if (!db.offer(stream)) {
            stream.refuse(503);
        }
        return true;
    }

    /** The ticket of an {@code Authorization: Bearer} header, or null when there is none of the right shape. */
    static String ticketOf(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return null;
        }
        String ticket = authorization.substring(BEARER.length()).strip();
        return TICKET.matcher(ticket).matches() ? ticket : null;
    }

    private static boolean answer(Response response, Callback callback, int status) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONNECTION, "close");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        callback.succeeded();
        return true;
    }
}
