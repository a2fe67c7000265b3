package app.salondesk.web;

import io.javalin.http.Context;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * The address clients reach the server at, and what "our origin" means for a POST (issue 29).
 * Links in pages and calendar files start with it, and it never comes from the request: a
 * request's {@code Host} header is whatever the sender typed, so a link built from it could point
 * a client's calendar at another site.
 *
 * <p>With {@code --base-url} (every real deployment: {@code serve} refuses to start without it),
 * the address is that URL, and a POST whose {@code Origin} differs from it in scheme, host or
 * port is not ours. Without it ({@code serve --demo}, tests) the server is on this computer: the
 * address is the loopback name it listens on and the port it listens on (its socket's, not a
 * header's), and an Origin is ours when it is a loopback name with that scheme and port.
 */
final class PublicAddress {

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    /** Null: no --base-url, the server is reached on this computer. */
    private final URI base;
    private final String loopbackHost;
    private final boolean https;
    /** The port the server listens on, once it does (asked per request: port 0 is chosen at start). */
    private final java.util.function.IntSupplier port;

    /**
     * @param baseUrl      {@code --base-url} without a trailing slash, or null
     * @param listenHost   the address the server listens on (null: every address)
     * @param https        whether the server itself serves https (a keystore)
     * @param port         the port the server listens on
     */
    PublicAddress(String baseUrl, String listenHost, boolean https, java.util.function.IntSupplier port) {
        this.base = baseUrl == null ? null : check(baseUrl);
        this.https = https;
        this.port = port;
        this.loopbackHost = listenHost == null || listenHost.isBlank() || listenHost.equals("0.0.0.0") || listenHost.equals("::")
                ? "localhost" : listenHost.contains(":") && !listenHost.startsWith("[") ? "[" + listenHost + "]" : listenHost;
    }

    /**
     * A base URL {@code serve} can use: http or https, a host, no query or fragment. The
     * message says what is wrong (the command line turns it into its sentence).
     */
    static URI check(String baseUrl) {
        URI u;
        try {
            u = URI.create(baseUrl);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a URL: " + baseUrl, e);
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || u.getHost() == null || u.getRawQuery() != null
                || u.getRawFragment() != null || u.getRawUserInfo() != null) {
            throw new IllegalArgumentException("an http or https URL with a host and nothing after the path: " + baseUrl);
        }
        return u;
    }

    /** Whether links are made from {@code --base-url} (false: the demo's loopback address). */
    boolean fixed() {
        return base != null;
    }

    /** What links in pages and calendar files start with: never from the request's headers. */
    String baseUrl(Context ctx) {
        if (base != null) {
            return base.toString();
        }
        return (https ? "https" : "http") + "://" + loopbackHost + ":" + port.getAsInt();
    }

    /**
     * Whether a browser's {@code Origin} header names this server: the same scheme, host and
     * port as the base URL (a default port written or not); without one, a loopback name with
     * the scheme and the port the request came in on.
     */
    boolean isOurs(String origin, Context ctx) {
        URI o;
        try {
            o = URI.create(origin);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (o.getScheme() == null || o.getHost() == null) {
            return false;
        }
        String scheme = o.getScheme().toLowerCase(Locale.ROOT);
        String host = o.getHost().toLowerCase(Locale.ROOT);
        if (base != null) {
            return scheme.equals(base.getScheme().toLowerCase(Locale.ROOT)) && host.equals(base.getHost().toLowerCase(Locale.ROOT))
                    && port(o) == port(base);
        }
        return scheme.equals(https ? "https" : "http") && LOOPBACK.contains(host) && port(o) == port.getAsInt();
    }

    private static int port(URI u) {
        if (u.getPort() >= 0) {
            return u.getPort();
        }
        return "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
    }
}
