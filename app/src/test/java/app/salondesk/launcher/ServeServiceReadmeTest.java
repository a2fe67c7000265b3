package app.salondesk.launcher;

import app.salondesk.cli.SalonDeskCommand;
import app.salondesk.runtime.AppHome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The README's "serve as a service" against what runs: its options against serve's own, its
 * install by hand run in a scratch root, and its install from the package against what
 * {@code .ci/run} checks after {@code apt-get install}.
 *
 * <p>What runs here: the by-hand block's {@code install} lines, word for word, with only
 * {@code sudo} dropped, {@code /etc/} moved into a scratch folder and, for a test that is not root,
 * {@code -o root -g root} left out (the modes are checked, the owner cannot be). What needs root
 * or a running systemd is checked against the files it acts on: {@code adduser}'s user, group and
 * home against the unit's {@code User=}, {@code Group=} and {@code StateDirectory=};
 * {@code systemctl}'s unit against the file installed; the package's {@code apt-get install},
 * {@code sudoedit} and {@code systemctl enable} against {@code .ci/run}'s .deb part, which installs
 * the package, finds the unit disabled, the two files, serve.env {@code 600 root root}, and
 * verifies the unit with {@code systemd-analyze}. Running serve as the unit does — {@code --config},
 * {@code --log-format json}, {@code /metrics}, its home — is ServeAsAServiceTest's, with the
 * installer's own serve.properties. A command this test does not know fails it.
 */
class ServeServiceReadmeTest {

    private static final String SECTION = "### serve as a service";
    /** The options every command takes (the database's), which serve's table leaves to "Command line". */
    private static final Set<String> GLOBAL = Set.of("--db-url", "--user", "--password", "--help", "--version");

    @TempDir
    Path tmp;

    @Test
    void theReadmeListsEveryOptionOfServeAndNoOther() throws Exception {
        List<String> section = ReadmeBlocks.section(ReadmeBlocks.readme(), SECTION);
        int table = section.indexOf("Every option of `serve`:");
        assertTrue(table >= 0, "the section has the table of serve's options");
        Set<String> listed = new TreeSet<>();
        for (String row : section.subList(table + 1, section.size())) {
            if (row.startsWith("| `--")) {
                listed.addAll(options(row.substring(0, row.indexOf('|', 1))));
            }
        }
        CommandLine serve = SalonDeskCommand.commandLine(new AppHome(tmp)).getSubcommands().get("serve");
        assertTrue(serve != null, "salondesk has serve");
        Set<String> known = new TreeSet<>();
        serve.getCommandSpec().options().forEach(o -> known.add(o.longestName()));
        known.removeAll(GLOBAL);
        assertEquals(known, listed, "the README's table of serve's options is serve's own");

        // the prose names no option serve lacks (the shell blocks' are adduser's and systemctl's), and the
        // settings file sets only options
        Set<String> named = new TreeSet<>();
        boolean inFence = false;
        for (String line : section.subList(0, table)) {
            inFence ^= line.strip().startsWith("```");
            if (!inFence) {
                named.addAll(options(line));
            }
        }
        named.removeAll(GLOBAL);
        assertTrue(known.containsAll(named), "options the section names that serve lacks: " + minus(named, known));
        Path settings = ReadmeBlocks.repo().resolve("installer/server").resolve("serve.properties");
        for (String line : Files.readAllLines(settings)) {
            if (!line.isBlank() && !line.startsWith("#")) {
                String name = "--" + line.substring(0, line.indexOf('=')).strip();
                assertTrue(known.contains(name) || GLOBAL.contains(name), "serve.properties sets " + name + ", which serve lacks");
            }
        }
    }

    @Test
    void theInstallByHandPutsTheFilesWhereTheUnitReadsThem() throws Exception {
        List<String> unit = Files.readAllLines(ReadmeBlocks.repo().resolve("installer/server").resolve("salondesk-serve.service"));
        String user = value(unit, "User"), group = value(unit, "Group"), home = "/var/lib/" + value(unit, "StateDirectory");
        Path root = Files.createDirectories(tmp.resolve("root"));
        // a systemd machine has these; the README's install -d makes /etc/salondesk
        Files.createDirectories(root.resolve("etc/systemd/system"));
        boolean asRoot = "root".equals(System.getProperty("user.name"));
        Set<String> done = new TreeSet<>();
        for (String command : byHand()) {
            List<String> words = new ArrayList<>(ReadmeBlocks.words(command));
            assertEquals("sudo", words.remove(0), "the by-hand install runs as root: " + command);
            switch (words.get(0)) {
                case "adduser" -> {
                    assertEquals(List.of("adduser", "--system", "--group", "--home", home, "--no-create-home", user), words,
                            "a system user and group as the unit names them, its home the unit's StateDirectory=");
                    assertEquals(user, group, "adduser --group makes a group of the user's name");
                }
                case "install" -> {
                    String script = String.join(" ", words.stream().map(w -> "'" + w + "'").toList())
                            .replace("'/etc/", "'" + root + "/etc/");
                    if (!asRoot) {
                        script = script.replace("'-o' 'root' '-g' 'root' ", "");
                    }
                    ProcessBuilder pb = new ProcessBuilder("bash", "-c", script).directory(ReadmeBlocks.repo().toFile())
                            .redirectErrorStream(true).redirectOutput(tmp.resolve("install.txt").toFile());
                    Process p = pb.start();
                    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
                    assertEquals(0, p.exitValue(), command + ": " + Files.readString(tmp.resolve("install.txt")));
                }
                case "systemctl" -> {
                    List<String> want = words.get(1).equals("daemon-reload") ? List.of("systemctl", "daemon-reload")
                            : List.of("systemctl", "enable", "--now", "salondesk-serve");
                    assertEquals(want, words, "a running systemd is needed: the unit's name is checked");
                }
                default -> fail("a README command this test does not know: " + command);
            }
            done.add(words.get(0) + (words.get(0).equals("systemctl") ? " " + words.get(1) : ""));
        }
        assertEquals(Set.of("adduser", "install", "systemctl daemon-reload", "systemctl enable"), done);
        assertEquals("rwxr-xr-x", mode(root.resolve("etc/salondesk")));
        assertEquals("rw-r--r--", mode(root.resolve("etc/salondesk/serve.properties")));
        assertEquals("rw-------", mode(root.resolve("etc/salondesk/serve.env")), "the passwords root's alone");
        assertEquals("rw-r--r--", mode(root.resolve("etc/systemd/system/salondesk-serve.service")));
        // the unit reads what the README put there
        assertTrue(unit.contains("EnvironmentFile=/etc/salondesk/serve.env"));
        assertTrue(value(unit, "ExecStart").endsWith(" serve --config /etc/salondesk/serve.properties"), value(unit, "ExecStart"));
        assertTrue(unit.contains("Environment=SALONDESK_HOME=" + home), "its home is the user's");
    }

    @Test
    void theInstallFromThePackageIsWhatCiChecksAfterAptGetInstall() throws Exception {
        List<ReadmeBlocks.Block> blocks = ReadmeBlocks.blocks(ReadmeBlocks.section(ReadmeBlocks.readme(), SECTION));
        String ci = Files.readString(ReadmeBlocks.repo().resolve(".ci/run"));
        Set<String> done = new TreeSet<>();
        for (String command : ReadmeBlocks.commands(blocks.get(0).text())) {
            switch (command) {
                case "sudo apt-get install ./salondesk_*.deb" -> {
                    assertTrue(ci.contains("deb=\"$(ls installer/target/jpackage/salondesk_*_amd64.deb)\""), "CI installs the package built");
                    assertTrue(ci.contains("apt-get install -y \"./$deb\""), "CI installs it with apt-get, from the file");
                }
                case "sudoedit /etc/salondesk/serve.properties" ->
                        assertTrue(ci.contains("test -f /etc/salondesk/serve.properties"), "CI finds the settings the README edits");
                case "sudoedit /etc/salondesk/serve.env" -> {
                    assertTrue(ci.contains("stat -c '%a %U %G' /etc/salondesk/serve.env)\" = \"600 root root\""), "CI finds serve.env root's, 0600");
                    assertTrue(Files.readString(ReadmeBlocks.repo().resolve("installer/server").resolve("serve.env")).contains("\nSALONDESK_DB_PASSWORD=\n"),
                            "the README's SALONDESK_DB_PASSWORD=… is the template's line");
                }
                case "sudo systemctl enable --now salondesk-serve" -> {
                    assertTrue(ci.contains("unit=/lib/systemd/system/salondesk-serve.service"), "CI finds the unit the README enables");
                    assertTrue(ci.contains("systemd-analyze verify \"$unit\""), "and verifies it");
                    assertTrue(ci.contains("= disabled || fail"), "installed disabled, until this command");
                }
                default -> fail("a README command this test does not know: " + command);
            }
            done.add(command);
        }
        assertEquals(4, done.size(), "the package's four steps: " + done);
    }

    // ---- helpers --------------------------------------------------------------------------------

    /** The commands of the block that installs without the package, a line of {@code a && b} as two. */
    private static List<String> byHand() throws Exception {
        for (ReadmeBlocks.Block block : ReadmeBlocks.blocks(ReadmeBlocks.section(ReadmeBlocks.readme(), SECTION))) {
            if (block.text().contains("adduser")) {
                List<String> commands = new ArrayList<>();
                for (String command : ReadmeBlocks.commands(block.text())) {
                    for (String part : command.split("\\s*&&\\s*")) {
                        commands.add(part.startsWith("sudo ") ? part : "sudo " + part);
                    }
                }
                return commands;
            }
        }
        return fail("the section installs by hand too");
    }

    private static Set<String> options(String text) {
        Set<String> found = new TreeSet<>();
        Matcher m = Pattern.compile("(?<![\\w-])--[a-z][a-z-]*[a-z]").matcher(text);
        while (m.find()) {
            found.add(m.group());
        }
        return found;
    }

    private static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> d = new TreeSet<>(a);
        d.removeAll(b);
        return d;
    }

    private static String value(List<String> unit, String key) {
        return unit.stream().filter(l -> l.startsWith(key + "=")).map(l -> l.substring(key.length() + 1)).findFirst()
                .orElseGet(() -> fail("the unit has " + key + "="));
    }

    private static String mode(Path p) throws Exception {
        assertTrue(Files.exists(p), p + " was installed");
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
