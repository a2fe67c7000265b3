package app.salondesk.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.Properties;

/**
 * The server and login of the last sign-in, in the user's {@code settings.properties}. The
 * password is never written anywhere.
 */
public final class SignInMemory {

    private static final Logger log = LoggerFactory.getLogger(SignInMemory.class);

    private final Path file;

    public SignInMemory(Path homeDir) {
        this.file = homeDir.resolve("settings.properties");
    }

    public Optional<String> server() {
        return value("server");
    }

    public Optional<String> login() {
        return value("login");
    }

    public void remember(String server, String login) {
        Properties p = load();
        p.setProperty("server", server);
        p.setProperty("login", login);
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            try (OutputStream out = Files.newOutputStream(tmp)) {
                p.store(out, "SalonDesk settings of this user");
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            log.warn("could not remember the server and login in {}", file, e);
        }
    }

    private Optional<String> value(String key) {
        String v = load().getProperty(key, "").strip();
        return v.isEmpty() ? Optional.empty() : Optional.of(v);
    }

    private Properties load() {
        Properties p = new Properties();
        if (Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            } catch (IOException e) {
                log.warn("could not read {}", file, e);
            }
        }
        return p;
    }
}
