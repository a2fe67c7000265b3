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

    @Override
    public String toString() {
        return "ConnectionSettings[url=" + url + ", user=" + user + "]";
    }
}
