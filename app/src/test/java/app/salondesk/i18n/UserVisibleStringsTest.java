package app.salondesk.i18n;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Words on screen come from the bundles: no text is put into a control straight from the
 * code, and every key the code asks for exists (in all three languages, by MessageBundlesTest).
 */
class UserVisibleStringsTest {

    private static final Path SOURCES = Path.of("src/main/java/app/salondesk");

    /** Control constructors and setters whose argument a person reads. */
    private static final Pattern LITERAL_ON_SCREEN = Pattern.compile(
            "(new\\s+(Label|Button|CheckBox|ToggleButton|MenuItem|Menu|Tooltip|Text|Hyperlink|RadioButton|TitledPane|Tab)\\s*\\("
                    + "|\\.(setText|setTitle|setHeaderText|setContentText|setPromptText|setPlaceholder)\\s*\\()"
                    + "\\s*\"([^\"]*)\"");

    /** Keys asked for with a literal: messages.get("…"), .format("…", …), .plural("…", …). */
    private static final Pattern KEY = Pattern.compile("\\.(get|format|plural)\\(\"([a-z][a-zA-Z0-9_.]*)\"");

    /** Brand and symbols are the same in every language. */
    private static final Set<String> ALLOWED = Set.of("SalonDesk");

    @Test
    void noWordsAreHardCodedIntoControls() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : javaFiles(false)) {
            String code = Files.readString(file, StandardCharsets.UTF_8);
            Matcher m = LITERAL_ON_SCREEN.matcher(code);
            while (m.find()) {
                String text = unescape(m.group(4));
                if (text.codePoints().anyMatch(Character::isLetter) && !ALLOWED.contains(text)) {
                    found.add(SOURCES.relativize(file) + ": \"" + text + "\"");
                }
            }
        }
        assertEquals(List.of(), found, "put these words in messages*.properties");
    }

    @Test
    void everyKeyTheCodeAsksForIsInTheBundle() throws IOException {
        Properties bundle = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/app/salondesk/i18n/messages.properties")) {
            bundle.load(in);
        }
        Set<String> missing = new TreeSet<>();
        int checked = 0;
        // the command line's too: its outcome words are a contract, but its sentences come from the bundle
        for (Path file : javaFiles(true)) {
            Matcher m = KEY.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (m.find()) {
                String key = m.group(2);
                if (!key.contains(".")) {
                    continue;   // not a bundle key (e.g. map.get("offered"))
                }
                checked++;
                boolean plural = m.group(1).equals("plural");
                if (key.endsWith(".")) {
                    // a prefix completed at run time ("booking.status." + status): some key must start with it
                    if (bundle.stringPropertyNames().stream().noneMatch(k -> k.startsWith(key))) {
                        missing.add(file + ": " + key + "*");
                    }
                    continue;
                }
                if (plural ? !bundle.containsKey(key + ".other") : !bundle.containsKey(key)) {
                    missing.add(file + ": " + key);
                }
            }
        }
        assertTrue(checked > 50, "the scan found the keys (" + checked + ")");
        assertEquals(Set.of(), missing);
    }

    private static String unescape(String literal) {
        Matcher u = Pattern.compile("\\\\u([0-9a-fA-F]{4})").matcher(literal);
        StringBuilder out = new StringBuilder();
        while (u.find()) {
            u.appendReplacement(out, Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(u.group(1), 16))));
        }
        u.appendTail(out);
        return out.toString();
    }

    /** The online pages' templates ask for keys the same way: t.get("web.…"). */
    private static final Path TEMPLATES = Path.of("src/main/jte");

    private static List<Path> javaFiles(boolean withCommandLine) throws IOException {
        if (withCommandLine) {
            List<Path> all = new ArrayList<>(javaFiles(false, SOURCES));
            all.addAll(javaFiles(true, SOURCES).stream().filter(p -> p.toString().contains("/cli/")).toList());
            try (Stream<Path> walk = Files.walk(TEMPLATES)) {
                all.addAll(walk.filter(p -> p.toString().endsWith(".jte")).toList());
            }
            return all;
        }
        return javaFiles(false, SOURCES);
    }

    private static List<Path> javaFiles(boolean withCommandLine, Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().endsWith(".java"))
                    // the command line's help texts are picocli annotations; its outcome words are a contract
                    .filter(p -> withCommandLine || !p.toString().contains("/cli/"))
                    .toList();
        }
    }
}
