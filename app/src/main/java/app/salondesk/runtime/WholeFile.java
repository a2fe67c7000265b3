package app.salondesk.runtime;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file written whole or not at all: into a file beside it first, then moved into place, so a
 * failure halfway (a full USB stick, a refusal by the database) never leaves half a file under
 * the name the person chose, nor spoils an older file of that name. UTF-8.
 */
public final class WholeFile {

    /** What is written into the file; answers what the caller wants to know (e.g. how many rows). */
    @FunctionalInterface
    public interface Content<T> {
        T writeTo(Writer out) throws IOException;
    }

    private WholeFile() {
    }

    public static <T> T write(Path file, Content<T> content) throws IOException {
        Path target = file.toAbsolutePath();
        Path part = target.resolveSibling(target.getFileName() + ".part");
        T answer;
        try (Writer out = Files.newBufferedWriter(part, StandardCharsets.UTF_8)) {
            answer = content.writeTo(out);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(part);
            throw e;
        }
        moveIntoPlace(part, target);
        return answer;
    }

    /** A finished file written beside its target takes the target's place, at once where the file system can. */
    public static void moveIntoPlace(Path part, Path target) throws IOException {
        try {
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
