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
 */
public record WebSettings(String host, int port, String baseUrl, boolean behindProxy, Path keystore,
                          String keystorePassword, Duration stopTimeout, Limits limits, String csrfSecret) {

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

    public WebSettings {
        if (baseUrl != null) {
            baseUrl = baseUrl.replaceAll("/+$", "");
        }
    }

    public WebSettings withLimits(Limits other) {
        return new WebSettings(host, port, baseUrl, behindProxy, keystore, keystorePassword, stopTimeout, other, csrfSecret);
    }
}
