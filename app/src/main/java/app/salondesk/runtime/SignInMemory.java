package app.salondesk.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** The server and login of the last sign-in. The password is never written anywhere. */
public final class SignInMemory {

    private static final Logger log = LoggerFactory.getLogger(SignInMemory.class);

    private final SettingsFile settings;

    public SignInMemory(Path homeDir) {
        this.settings = new SettingsFile(homeDir);
    }

    public Optional<String> server() {
        return settings.get("server");
    }

    public Optional<String> login() {
        return settings.get("login");
    }

    public void remember(String server, String login) {
        try {
            settings.put(Map.of("server", server, "login", login));
        } catch (IOException e) {
            log.warn("could not remember the server and login", e);
        }
    }
}
