package app.salondesk.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * {@code settings.properties} in the user's SalonDesk folder: the little a desk remembers per
 * person (language, last server and login — never a password). Written whole, atomically.
 */
public final class SettingsFile {

    private static final Logger log = LoggerFactory.getLogger(SettingsFile.class);

    private final Path file;

    public SettingsFile(Path homeDir) {
        this.file = homeDir.resolve("settings.properties");
    }

    public Optional<String> get(String key) {
        String v = load().getProperty(key, "").strip();
        return v.isEmpty() ? Optional.empty() : Optional.of(v);
    }

    /** Sets the given keys (a null value removes the key), keeping the others. */
    public void put(Map<String, String> values) throws IOException {
        Properties p = load();
        values.forEach((k, v) -> {
            if (v == null) {
                p.remove(k);
            } else {
                p.setProperty(k, v);
            }
        });
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        p.store(bytes, "SalonDesk settings of this user");
        // A power cut must leave the old file or the new one, never a half-written or empty one:
        // the content reaches the disk before the rename makes it the file (ADR 16).
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer content = ByteBuffer.wrap(bytes.toByteArray());
            while (content.hasRemaining()) {
                ch.write(content);
            }
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private Properties load() {
        Properties p = new Properties();
        if (Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            } catch (IOException e) {
                log.warn("could not read {}; using defaults", file, e);
            }
        }
        return p;
    }
}
