package app.salondesk.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the sign-in remembers between starts: the last server's URL, login and database, and
 * the last few servers as they were typed (the form offers them). The password is never
 * written anywhere.
 */
public final class SignInMemory {

    /** How many servers the form offers to choose from. */
    public static final int RECENT = 5;

    private static final Logger log = LoggerFactory.getLogger(SignInMemory.class);
    private static final String RECENT_KEY = "server.recent.";

    private final SettingsFile settings;

    public SignInMemory(Path homeDir) {
        this.settings = new SettingsFile(homeDir);
    }

    /** The JDBC URL of the last sign-in. */
    public Optional<String> server() {
        return settings.get("server");
    }

    public Optional<String> login() {
        return settings.get("login");
    }

    /** The database of the last sign-in, as typed. */
    public Optional<String> database() {
        return settings.get("database");
    }

    /** The servers signed in to lately, as typed, the latest first. */
    public List<String> recentServers() {
        List<String> recent = new ArrayList<>();
        for (int i = 0; i < RECENT; i++) {
            settings.get(RECENT_KEY + i).ifPresent(recent::add);
        }
        return recent;
    }

    public void remember(String server, String login) {
        remember(server, login, null, null);
    }

    /**
     * A sign-in that worked.
     *
     * @param url      the JDBC URL it used
     * @param typed    the server entry as typed, or null when the URL was typed under "Advanced"
     * @param database the database as typed, or null (the same)
     */
    public void remember(String url, String login, String typed, String database) {
        Map<String, String> values = new HashMap<>();
        values.put("server", url);
        values.put("login", login);
        if (typed != null) {
            values.put("database", database);
            List<String> recent = new ArrayList<>(recentServers());
            recent.removeIf(s -> s.equalsIgnoreCase(typed));
            recent.add(0, typed);
            for (int i = 0; i < RECENT; i++) {
                values.put(RECENT_KEY + i, i < recent.size() ? recent.get(i) : null);
            }
        }
        try {
            settings.put(values);
        } catch (IOException e) {
            log.warn("could not remember the server and login", e);
        }
    }
}
