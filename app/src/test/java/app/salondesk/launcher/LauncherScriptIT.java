package app.salondesk.launcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's command (issue 38, ADR 38): {@code app/target/salondesk}, the launcher {@code package}
 * writes beside the jar, starts the desk with the class-data sharing archive the build dumped, so
 * that the desk's own classes come from that archive and not from the jars.
 */
class LauncherScriptIT {

    @TempDir
    Path home;

    @Test
    void theLauncherAnswersHelpWithTheDesksClassesMappedFromTheBuildsArchive() throws Exception {
        Path script = Path.of("target", "salondesk").toAbsolutePath();
        assertTrue(Files.isExecutable(script), "package writes target/salondesk");
        assertTrue(Files.isRegularFile(Path.of("target", "salondesk.jsa")), "package dumps target/salondesk.jsa");
        Path classes = home.resolve("classes.txt");
        Path out = home.resolve("help.out");
        ProcessBuilder pb = new ProcessBuilder(List.of(script.toString(), "--help"));
        pb.environment().put("SALONDESK_HOME", home.resolve("home").toString());
        pb.environment().remove("SALONDESK_DB_URL");
        // how .ci/run checks the installed desk: the class loading log names where each class came from
        pb.environment().put("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + classes);
        pb.redirectErrorStream(true).redirectOutput(out.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished");
        String help = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), help);
        assertTrue(help.contains("Usage: salondesk"), help);
        String loaded = Files.readString(classes, StandardCharsets.UTF_8);
        assertTrue(loaded.contains("app.salondesk.Main source: shared objects file"),
                "the desk's Main came from the build's archive, not its jar: "
                        + loaded.lines().filter(l -> l.contains("app.salondesk.Main ")).toList());
        assertTrue(loaded.contains("org.slf4j.LoggerFactory source: shared objects file"),
                "the libraries' classes too (lib/, by the jar's Class-Path)");
    }

    @Test
    void theReadmesQuickStartIsTheLauncher() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("Build and open the app on the embedded database:\\s*```sh\\n([^\\n]*)\\n```").matcher(readme);
        assertTrue(m.find(), "the README's quick start");
        assertEquals("mvn -q -DskipTests package && app/target/salondesk", m.group(1));
    }
}
