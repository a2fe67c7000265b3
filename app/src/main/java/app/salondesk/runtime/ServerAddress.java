package app.salondesk.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shared server as a receptionist names it — {@code db.salon.lan}, {@code db.salon.lan:5433},
 * or a cluster's hosts, {@code db1,db2:5433} — and a database, turned into the JDBC URL the
 * driver wants ({@code jdbc:postgresql://db1:5432,db2:5433/salondesk?targetServerType=primary}),
 * and back. A cluster's URL asks for the primary, so a desk reconnects to the new primary after
 * a failover (DESIGN.md, "Growing past one server"). IPv6 literals are written in brackets.
 * Bad input is one {@link Problem}, never an exception.
 */
public final class ServerAddress {

    public static final int DEFAULT_PORT = 5432;
    public static final String DEFAULT_DATABASE = "salondesk";

    private static final String PREFIX = "jdbc:postgresql://";
    private static final String PRIMARY = "targetServerType=primary";
    private static final Pattern HOST_NAME = Pattern.compile("[A-Za-z0-9_]([A-Za-z0-9_.-]{0,252})?");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]+(%[A-Za-z0-9_.-]+)?");
    private static final Pattern DATABASE = Pattern.compile("[\\p{L}\\p{N}_.-]{1,63}");
    private static final Pattern PLAIN_URL = Pattern.compile("jdbc:postgresql://([^/?#]+)/([^/?#]+)(?:\\?(.*))?");

    private ServerAddress() {
    }

    /** One host of a server entry; {@code name} is an IPv6 literal without its brackets where it is one. */
    public record Host(String name, int port) {

        boolean ipv6() {
            return name.indexOf(':') >= 0;
        }

        /** As the URL writes it: {@code db1:5432}, {@code [fe80::1]:5433}. */
        String inUrl() {
            return (ipv6() ? "[" + name + "]" : name) + ":" + port;
        }

        /** As a person writes it: the usual port left out. */
        String typed() {
            String host = ipv6() ? "[" + name + "]" : name;
            return port == DEFAULT_PORT ? host : host + ":" + port;
        }
    }

    /** What is wrong with an entry; each is one sentence in the bundles, {@code {0}} the part at fault. */
    public enum Problem {
        NO_SERVER("signin.invalid.noServer"),
        EMPTY_HOST("signin.invalid.emptyHost"),
        BAD_HOST("signin.invalid.host"),
        BAD_PORT("signin.invalid.port"),
        BAD_DATABASE("signin.invalid.database"),
        NOT_A_URL("signin.invalid.url");

        public final String messageKey;

        Problem(String messageKey) {
            this.messageKey = messageKey;
        }
    }

    /** The URL for an entry, or why there is none. */
    public sealed interface Built permits Url, Refused {
    }

    /** @param hosts every host, in the order typed */
    public record Url(String url, List<Host> hosts, String database) implements Built {
        public Url {
            hosts = List.copyOf(hosts);
        }
    }

    public record Refused(Problem problem, String detail) implements Built {
    }

    /** A server entry and a database, as the sign-in form holds them. */
    public record Entry(String server, String database) {
    }

    /**
     * The JDBC URL of the hosts typed (comma-separated, each {@code host}, {@code host:port},
     * {@code [ipv6]:port} or a bare IPv6 literal) and the database (blank: {@value #DEFAULT_DATABASE}).
     */
    public static Built build(String servers, String database) {
        String typed = servers == null ? "" : servers.strip();
        if (typed.isEmpty()) {
            return new Refused(Problem.NO_SERVER, "");
        }
        List<Host> hosts = new ArrayList<>();
        for (String part : typed.split(",", -1)) {
            String p = part.strip();
            if (p.isEmpty()) {
                return new Refused(Problem.EMPTY_HOST, typed);
            }
            Object host = host(p);
            if (host instanceof Refused r) {
                return r;
            }
            hosts.add((Host) host);
        }
        String db = database == null || database.isBlank() ? DEFAULT_DATABASE : database.strip();
        if (!DATABASE.matcher(db).matches()) {
            return new Refused(Problem.BAD_DATABASE, db);
        }
        StringBuilder url = new StringBuilder(PREFIX);
        for (int i = 0; i < hosts.size(); i++) {
            url.append(i == 0 ? "" : ",").append(hosts.get(i).inUrl());
        }
        url.append('/').append(db);
        if (hosts.size() > 1) {
            url.append('?').append(PRIMARY);
        }
        return new Url(url.toString(), hosts, db);
    }

    /** A URL typed under "Advanced": taken as it is, once it is a PostgreSQL one. */
    public static Built advanced(String url) {
        String u = url == null ? "" : url.strip();
        if (!u.startsWith(PREFIX) || u.length() == PREFIX.length()) {
            return new Refused(Problem.NOT_A_URL, u);
        }
        return new Url(u, List.of(), "");
    }

    /**
     * The entry of a URL the form could have built (hosts and a database, and nothing more but
     * a cluster's {@code targetServerType=primary}); empty for any other URL, which the form
     * then shows under "Advanced" as it is.
     */
    public static Optional<Entry> entryOf(String url) {
        Matcher m = url == null ? null : PLAIN_URL.matcher(url.strip());
        if (m == null || !m.matches() || m.group(3) != null && !m.group(3).equals(PRIMARY)) {
            return Optional.empty();
        }
        if (!(build(m.group(1), m.group(2)) instanceof Url built)) {
            return Optional.empty();
        }
        List<String> typed = built.hosts().stream().map(Host::typed).toList();
        return Optional.of(new Entry(String.join(",", typed), built.database()));
    }

    /** One host, or why it is not one. */
    private static Object host(String p) {
        String name;
        String port = null;
        if (p.startsWith("[")) {
            int close = p.indexOf(']');
            if (close < 0) {
                return new Refused(Problem.BAD_HOST, p);
            }
            name = p.substring(1, close);
            String rest = p.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    return new Refused(Problem.BAD_HOST, p);
                }
                port = rest.substring(1);
            }
            if (name.indexOf(':') < 0 || !IPV6.matcher(name).matches()) {
                return new Refused(Problem.BAD_HOST, p);
            }
        } else if (p.indexOf(':') != p.lastIndexOf(':')) {
            // two colons or more: an IPv6 literal without brackets, so without a port
            if (!IPV6.matcher(p).matches()) {
                return new Refused(Problem.BAD_HOST, p);
            }
            name = p;
        } else {
            int colon = p.indexOf(':');
            name = colon < 0 ? p : p.substring(0, colon);
            port = colon < 0 ? null : p.substring(colon + 1);
            if (!HOST_NAME.matcher(name).matches()) {
                return new Refused(Problem.BAD_HOST, p);
            }
        }
        int number = DEFAULT_PORT;
        if (port != null) {
            if (!port.matches("\\d{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65_535) {
                return new Refused(Problem.BAD_PORT, p);
            }
            number = Integer.parseInt(port);
        }
        return new Host(name, number);
    }
}
