package app.salondesk.db;

import java.util.Objects;

/**
 * Where the database is and who logs in. The password is never printed: {@link #toString()}
 * leaves it out, so these settings may appear in a log line.
 */
public record ConnectionSettings(String url, String user, String password) {

    public ConnectionSettings {
        Objects.requireNonNull(url, "url");
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("not a PostgreSQL JDBC URL (it must start with jdbc:postgresql://): " + url);
        }
    }

    /**
     * The servers and database a PostgreSQL JDBC URL names, without the scheme and the
     * parameters: {@code jdbc:postgresql://db1,db2:5433/salondesk?targetServerType=primary}
     * reads {@code db1,db2:5433/salondesk}.
     */
    public static String where(String url) {
        String rest = url.startsWith("jdbc:postgresql://") ? url.substring("jdbc:postgresql://".length())
                : url.substring("jdbc:postgresql:".length());
        int query = rest.indexOf('?');
        return query < 0 ? rest : rest.substring(0, query);
    }

    @Override
    public String toString() {
        return "ConnectionSettings[url=" + url + ", user=" + user + "]";
    }
}
