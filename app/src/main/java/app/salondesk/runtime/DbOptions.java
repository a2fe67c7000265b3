package app.salondesk.runtime;

/**
 * Which database to use: a shared server when {@code url} is given (from {@code --db-url} or
 * {@code SALONDESK_DB_URL}), otherwise the embedded one in the home folder.
 */
public record DbOptions(String url, String user, String password) {

    public static DbOptions embedded() {
        return new DbOptions(null, null, null);
    }

    public boolean shared() {
        return url != null && !url.isBlank();
    }

    @Override
    public String toString() {
        return shared() ? "DbOptions[url=" + url + ", user=" + user + "]" : "DbOptions[embedded]";
    }
}
