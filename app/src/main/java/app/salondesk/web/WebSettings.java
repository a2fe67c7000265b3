package app.salondesk.web;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How {@code salondesk serve} listens.
 *
 * @param baseUrl     how clients reach this server ("https://book.salon.example"), for links in
 *                    pages and calendar files and the origin a POST must come from; null: on this
 *                    computer only (serve --demo, tests), at the loopback name it listens on
 *                    ({@link PublicAddress}) — never the host a request names
 * @param behindProxy trust X-Forwarded-For/-Proto from a reverse proxy (that terminates TLS)
 * @param keystore    a PKCS#12 keystore to serve https itself; null: plain http (TLS at the proxy)
 * @param stopTimeout how long a stop waits for requests in flight to finish
 * @param capacity    what one salon and one slow client may hold of the server ({@link Capacity})
 */
public record WebSettings(String host, int port, String baseUrl, boolean behindProxy, Path keystore,
                          String keystorePassword, Duration stopTimeout, Limits limits, String csrfSecret, Capacity capacity) {

    /** The settings with the default {@link Capacity}. */
    public WebSettings(String host, int port, String baseUrl, boolean behindProxy, Path keystore,
                       String keystorePassword, Duration stopTimeout, Limits limits, String csrfSecret) {
        this(host, port, baseUrl, behindProxy, keystore, keystorePassword, stopTimeout, limits, csrfSecret, Capacity.defaults());
    }

    /**
     * What one salon and one slow client may hold of the server (issue 29, item 5), so that no
     * salon can slow another's page.
     *
     * @param perSalon          a salon's questions to the database at once ({@link SalonLanes}); of
     *                          serve's 8 connections, 3 leave room for two salons' rushes and the rest
     * @param waitingPerSalon   how many more may wait for a place, each at most {@code laneWait};
     *                          beyond, "busy, try again" at once
     * @param lockWait          how long a booking or cancellation waits for a master's lock before
     *                          "busy, try again": shorter than the desk's 5 s, a visitor is waiting
     * @param idleTimeout       a connection silent this long is closed (Jetty's default is 30 s)
     * @param minBodyRate       bytes a second a request body must arrive at after {@code bodyGrace}
     *                          ({@link SlowBodies}); a body trickled slower is dropped
     * @param maxConnections    open connections at once; past it Jetty accepts no more until some close
     */
    public record Capacity(int perSalon, int waitingPerSalon, Duration laneWait, Duration lockWait, Duration idleTimeout,
                           int minBodyRate, Duration bodyGrace, int maxConnections) {
        public static Capacity defaults() {
            return new Capacity(3, 3, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(10), 100, Duration.ofSeconds(2),
                    2000);
        }
    }

    /**
     * Rate limits: per client address (every POST; pages), per phone (booking attempts).
     * Each is a token bucket: {@code burst} at once, then one per {@code every}.
     */
    public record Limits(int postsPerAddress, Duration postRefill, int pagesPerAddress, Duration pageRefill,
                         int bookingsPerPhone, Duration phoneRefill) {
        public static Limits defaults() {
            return new Limits(20, Duration.ofSeconds(6), 120, Duration.ofMillis(500), 5, Duration.ofMinutes(10));
        }
    }

    public static WebSettings defaults(int port) {
        return new WebSettings(null, port, null, false, null, null, Duration.ofSeconds(30), Limits.defaults(), null);
    }

    public WebSettings withCapacity(Capacity other) {
        return new WebSettings(host, port, baseUrl, behindProxy, keystore, keystorePassword, stopTimeout, limits, csrfSecret, other);
    }

    public WebSettings {
        if (capacity == null) {
            capacity = Capacity.defaults();
        }
        if (baseUrl != null) {
            baseUrl = baseUrl.replaceAll("/+$", "");
        }
    }

    public WebSettings withLimits(Limits other) {
        return new WebSettings(host, port, baseUrl, behindProxy, keystore, keystorePassword, stopTimeout, other, csrfSecret, capacity);
    }
}
