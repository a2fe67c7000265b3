package app.salondesk.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's commands as the README tests read them: a section by its heading, its fenced
 * {@code sql} and {@code sh} blocks in order, and a command line's words as the shell splits them.
 * Shared by {@link SharedServerReadmeIT}, {@link ChainReadmeCommandsTest} and
 * {@link ServeServiceReadmeTest}, so that the three read the README alike.
 */
final class ReadmeBlocks {

    record Block(String language, String text) {
    }

    private ReadmeBlocks() {
    }

    /** The checkout these tests run in (they run in {@code app/}). */
    static Path repo() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("installer/server")) && Files.exists(p.resolve(".ci/run"))) {
                return p;
            }
        }
        throw new IllegalStateException("no checkout above " + Path.of("").toAbsolutePath());
    }

    /** The README of that checkout. */
    static String readme() throws IOException {
        return Files.readString(repo().resolve("README.md"), StandardCharsets.UTF_8);
    }

    /** The lines of a section, up to the next heading of the same or a higher level. */
    static List<String> section(String readme, String heading) {
        List<String> lines = readme.lines().toList();
        int start = lines.indexOf(heading);
        assertTrue(start >= 0, "the README has the section " + heading);
        int level = heading.indexOf(' ');
        List<String> found = new ArrayList<>();
        boolean inFence = false;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.strip().startsWith("```")) {
                inFence = !inFence;
            } else if (!inFence && line.startsWith("#") && line.indexOf(' ') <= level && line.matches("#+ .*")) {
                break;
            }
            found.add(line);
        }
        return found;
    }

    /** The fenced sql and sh blocks, in order, without the indentation of a list item. */
    static List<Block> blocks(List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        String language = null;
        int indent = 0;
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            String stripped = line.strip();
            if (language == null && stripped.startsWith("```")) {
                language = stripped.substring(3).strip();
                indent = line.indexOf('`');
                text.setLength(0);
            } else if (language != null && stripped.equals("```")) {
                if (language.equals("sql") || language.equals("sh")) {
                    blocks.add(new Block(language, text.toString()));
                }
                language = null;
            } else if (language != null) {
                text.append(line.length() >= indent && line.substring(0, indent).isBlank() ? line.substring(indent) : line.strip())
                        .append('\n');
            }
        }
        assertTrue(blocks.size() > 0, "the section has commands");
        return blocks;
    }

    /** The commands of an sh block: continued lines joined, comments and blank lines dropped. */
    static List<String> commands(String block) {
        List<String> commands = new ArrayList<>();
        for (String line : block.replace("\\\n", " ").lines().toList()) {
            String command = line.replaceAll("\\s+#\\s.*$", "").strip();
            if (!command.isEmpty() && !command.startsWith("#")) {
                commands.add(command);
            }
        }
        return commands;
    }

    /** The words of a command line as the shell splits them (quotes only: the README needs no more). */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        Matcher m = Pattern.compile("\"([^\"]*)\"|'([^']*)'|(\\S+)").matcher(command);
        while (m.find()) {
            words.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return words;
    }
}
