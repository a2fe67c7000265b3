package app.salondesk.launcher;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The commands of the README's "A shared server for a chain" and "Backups of the shared server"
 * are the ones the chain's tests run: {@code installer/server/failover-test.sh} and
 * {@code pitr-test.sh}, the scripts they run (up.sh, control-plane-test.sh, chain-action.sh,
 * backup.sh, restore.sh) and {@code .ci/run}, which runs both. They need root, Patroni, etcd and
 * minutes, so they are not run here; instead every command of the sections' fenced sh blocks must
 * be one of those scripts runs — the same program, subcommand and options, and the same value where
 * the README's is a plain word (a login, a role, a stanza) — so that the README and the scripts
 * cannot drift. A value that is the trial's own (a path, a port, a time) may differ; the real
 * machines' commands (certificates, etcd's users, the relay's login, serve) are matched to the
 * trial's, with the machines' values.
 *
 * <p>What no script runs is checked otherwise, and a README command of a kind this test does not
 * know fails it: the packages to install against {@code .ci/run}'s; the desk the trial opens
 * against the URLs the failover test's desks use (chain-env.sh's) and the line up.sh prints;
 * {@code . secrets.env} against what up.sh writes there; the backup timers, which need a running
 * systemd ({@code cp}, {@code systemctl enable}), against the files {@code .ci/run} verifies with
 * {@code systemd-analyze verify}.
 */
class ChainReadmeCommandsTest {

    private static final List<String> SECTIONS = List.of("## A shared server for a chain", "### Backups of the shared server");
    private static final List<String> RUNNERS = List.of("installer/server/failover-test.sh", "installer/server/pitr-test.sh",
            "installer/server/up.sh", "installer/server/control-plane-test.sh", "installer/server/chain-action.sh",
            "installer/server/backup.sh", "installer/server/restore.sh", ".ci/run");
    /** Options that take no value, so that the word after one is not taken for it. */
    private static final Set<String> FLAGS = Set.of("--password", "--password-stdin", "--force", "--clean", "--yes",
            "--behind-proxy", "--now", "--keep", "-y", "-q", "-qq", "-B", "-am", "-ntp");
    private static final Set<String> STOPS = Set.of("|", "||", "&&", ";", "&", ")", "}");
    private static final Pattern ENV = Pattern.compile("[A-Z_][A-Z0-9_]*=.*");

    /** One program's run: its subcommand words, options (with their values) and the environment set on its line. */
    private record Call(String program, List<String> keywords, Map<String, String> options, Set<String> env, String line) {
    }

    private final Path repo = ReadmeBlocks.repo();
    private final Map<String, String> chain = new HashMap<>();

    @Test
    void everyCommandOfTheChainSectionsIsOneTheirTestsRun() throws Exception {
        List<Call> runs = new ArrayList<>();
        for (String runner : RUNNERS) {
            runs.addAll(calls(runner, Files.readString(repo.resolve(runner), StandardCharsets.UTF_8)));
        }
        chainEnvironment();
        String readme = ReadmeBlocks.readme();
        Set<String> checked = new LinkedHashSet<>();
        for (String heading : SECTIONS) {
            for (ReadmeBlocks.Block block : ReadmeBlocks.blocks(ReadmeBlocks.section(readme, heading))) {
                assertEquals("sh", block.language(), "the chain's sections show shell commands: " + block.text());
                for (String command : ReadmeBlocks.commands(block.text())) {
                    checked.add(check(command, runs));
                }
            }
        }
        assertTrue(checked.containsAll(List.of("up.sh", "failover-test.sh", "pitr-test.sh", "backup.sh", "restore.sh",
                "pgbackrest", "patronictl", "salondesk serve", "salondesk users", "desk", "systemctl")),
                "what the README must keep showing, checked: " + checked);
    }

    /** Checks one README command; says which kind it was. */
    private String check(String command, List<Call> runs) throws IOException {
        Call shown = call(ReadmeBlocks.words(command), command, "README");
        assertTrue(shown != null, "a README command this test does not know: " + command);
        switch (shown.program()) {
            case "apt-get" -> {
                Call ci = runs.stream().filter(r -> r.program().equals("apt-get") && r.keywords().contains("install")
                        && r.line().contains("patroni")).findFirst().orElseThrow(() -> new AssertionError(".ci/run installs the chain's packages"));
                for (String pkg : ReadmeBlocks.words(command).subList(ReadmeBlocks.words(command).indexOf("install") + 1, ReadmeBlocks.words(command).size())) {
                    assertTrue(pkg.startsWith("-") || ReadmeBlocks.words(ci.line()).contains(pkg),
                            "the README's package " + pkg + " is one .ci/run installs before the chain's tests: " + ci.line());
                }
                return "apt-get";
            }
            case "." -> {
                String file = ReadmeBlocks.words(command).get(1);
                assertEquals(chain.get("CHAIN_DIR") + "/secrets.env", file, "the README reads the trial's passwords");
                String up = Files.readString(repo.resolve("installer/server/up.sh"));
                assertTrue(up.contains("secrets.env"), "up.sh writes secrets.env");
                Matcher used = Pattern.compile("\\$([A-Z][A-Z_]*_PASSWORD)").matcher(String.join("\n", readmeChainCommands()));
                while (used.find()) {
                    assertTrue(up.contains(used.group(1) + "=") || up.contains(used.group(1) + " "),
                            "the README uses $" + used.group(1) + " from secrets.env, which up.sh makes");
                }
                return "secrets.env";
            }
            case "cp" -> {
                String ci = Files.readString(repo.resolve(".ci/run"));
                for (String unit : braces(ReadmeBlocks.words(command).get(1))) {
                    assertTrue(Files.isRegularFile(repo.resolve(unit)), unit + " exists");
                    assertTrue(ci.contains(unit), ".ci/run verifies " + unit + " with systemd-analyze");
                }
                return "cp";
            }
            case "systemctl" -> {
                // a running systemd is needed to enable a timer: the units are the ones .ci/run verifies
                for (String unit : shown.keywords().stream().filter(k -> k.endsWith(".timer")).toList()) {
                    assertTrue(Files.isRegularFile(repo.resolve("installer/server").resolve(unit)), "installer/server/" + unit + " exists");
                }
                return "systemctl";
            }
            case "salondesk" -> {
                if (shown.keywords().isEmpty()) {
                    desk(shown);
                    return "desk";
                }
            }
            default -> {
            }
        }
        List<Call> candidates = runs.stream().filter(r -> r.program().equals(shown.program())).toList();
        assertTrue(!candidates.isEmpty(), "no test script runs " + shown.program() + ", which the README shows: " + command);
        for (Call run : candidates) {
            if (covers(run, shown)) {
                return shown.program() + (shown.program().equals("salondesk") ? " " + shown.keywords().get(0) : "");
            }
        }
        return fail("the README's " + command + "\nis run by no test script with the same subcommand and options; they run:\n"
                + String.join("\n", candidates.stream().map(Call::line).toList()));
    }

    private boolean covers(Call run, Call shown) {
        if (!run.keywords().containsAll(shown.keywords()) || !run.env().containsAll(shown.env())) {
            return false;
        }
        for (var o : shown.options().entrySet()) {
            if (o.getKey().equals("--password")) {
                // asked at the terminal in the README; a script gives it in the environment
                if (!run.options().containsKey("--password") && !run.env().contains("SALONDESK_DB_PASSWORD")) {
                    return false;
                }
                continue;
            }
            if (!run.options().containsKey(o.getKey())) {
                return false;
            }
            String value = o.getValue();
            if (value != null && value.matches("[a-z]+") && !value.equals(run.options().get(o.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** The desk the trial opens: the URLs are those of the failover test's desks, and up.sh prints the same line. */
    private void desk(Call shown) throws IOException {
        assertEquals(chain.get("DESK_URL"), shown.options().get("--db-url"), "the desk goes through the trial's PgBouncers (chain-env.sh's DESK_URL)");
        String printed = Files.readString(repo.resolve("installer/server/up.sh"));
        assertTrue(printed.contains("SALONDESK_LIVE_URL='$DIRECT_URL' SALONDESK_DB_PASSWORD=\\$ADMIN_PASSWORD java -jar $jar --user "
                + shown.options().get("--user")), "up.sh prints the README's desk");
        assertTrue(Files.readString(repo.resolve("installer/server/failover-test.sh")).contains("CHAIN_DESK_URL=\"$DESK_URL\" CHAIN_DIRECT_URL=\"$DIRECT_URL\""),
                "the failover test's desks use the same URLs");
        assertTrue(shown.env().containsAll(Set.of("SALONDESK_LIVE_URL", "SALONDESK_DB_PASSWORD")), shown.line());
        Matcher live = Pattern.compile("SALONDESK_LIVE_URL='([^']*)'").matcher(shown.line());
        assertTrue(live.find(), shown.line());
        assertEquals(chain.get("DIRECT_URL"), live.group(1), "the desk listens straight on PostgreSQL (chain-env.sh's DIRECT_URL)");
    }

    // ---- reading commands ---------------------------------------------------------------------

    /** The runs of programs in a script: continued lines joined, heredocs (printed hints, Python) and comments left out. */
    private static List<Call> calls(String name, String script) {
        List<Call> calls = new ArrayList<>();
        String end = null;
        for (String line : script.replace("\\\n", " ").lines().toList()) {
            if (end != null) {
                if (line.strip().equals(end)) {
                    end = null;
                }
                continue;
            }
            Matcher heredoc = Pattern.compile("<<-?'?(\\w+)'?").matcher(line);
            if (heredoc.find()) {
                end = heredoc.group(1);
            }
            String command = line.strip();
            if (command.startsWith("#")) {
                continue;
            }
            // chain-env.sh's and up.sh's wrappers, written out (the test checks below that they still say so)
            command = command.replaceAll("\\bpatronictl_chain\\b", "patronictl -c \\$CHAIN_DIR/node1.yml")
                    .replaceAll("\\bchain_pgbackrest \"?\\$\\w+\"?", "pgbackrest --config=\\$CHAIN_DIR/\\$node/pgbackrest.conf --stanza=salondesk")
                    .replaceAll("(^|\\|\\s*)salondesk (\\S+) \"?\\$\\w+\"?", "$1SALONDESK_DB_PASSWORD=x java -jar \\$jar --user $2");
            List<String> words = new ArrayList<>(ReadmeBlocks.words(command).stream().map(w -> w.replace("\"", "")).toList());
            for (int i = 0; i < words.size(); i++) {
                Call c = call(words.subList(i, words.size()), command, name);
                if (c != null) {
                    Set<String> env = new LinkedHashSet<>(c.env());
                    for (int j = i - 1; j >= 0 && ENV.matcher(words.get(j)).matches(); j--) {
                        env.add(words.get(j).substring(0, words.get(j).indexOf('=')));
                    }
                    calls.add(new Call(c.program(), c.keywords(), c.options(), env, command));
                }
            }
        }
        return calls;
    }

    /** The call that starts at words' first word (after its environment), or null when no program starts there. */
    private static Call call(List<String> words, String line, String where) {
        int at = 0;
        Set<String> env = new LinkedHashSet<>();
        while (at < words.size() && (ENV.matcher(words.get(at)).matches() || words.get(at).equals("sudo"))) {
            if (!words.get(at).equals("sudo")) {
                env.add(words.get(at).substring(0, words.get(at).indexOf('=')));
            }
            at++;
        }
        if (at >= words.size()) {
            return null;
        }
        String word = words.get(at);
        String program;
        if (word.equals("java") || word.equals("SalonDesk")) {
            int jar = words.indexOf("-jar");
            if (word.equals("java") && (jar < 0 || !(words.get(jar + 1).endsWith("salondesk.jar") || words.get(jar + 1).equals("$jar")))) {
                return null;
            }
            program = "salondesk";
            at = word.equals("java") ? jar + 1 : at;
        } else if (word.matches("(\\$\\w+/|installer/server/|\\$\\(\\$\\w+/)?[a-z-]+\\.sh") || word.matches("out=\\$\\(\\$CHAIN_SRC/[a-z-]+\\.sh")) {
            program = word.substring(word.lastIndexOf('/') + 1);
            if (where.equals("README")) {
                assertTrue(word.startsWith("installer/server/"), "the README runs the scripts from a checkout: " + line);
                assertTrue(Files.isExecutable(ReadmeBlocks.repo().resolve(word)), word + " is an executable script");
            }
        } else if (Set.of("apt-get", "mvn", "patronictl", "pgbackrest", "cp", "systemctl", ".").contains(word)) {
            program = word;
        } else {
            return null;
        }
        List<String> keywords = new ArrayList<>();
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = at + 1; i < words.size(); i++) {
            String w = words.get(i);
            if (STOPS.contains(w) || w.startsWith(">") || w.startsWith("2>") || w.startsWith("<") || w.startsWith("#")) {
                break;
            }
            if (w.startsWith("-")) {
                int eq = w.indexOf('=');
                String option = eq > 0 ? w.substring(0, eq) : w;
                String value = eq > 0 ? w.substring(eq + 1) : null;
                if (eq < 0 && !FLAGS.contains(w) && !w.startsWith("-D") && i + 1 < words.size() && !words.get(i + 1).startsWith("-")) {
                    value = words.get(++i);
                }
                options.put(option, value);
            } else if (w.matches("[a-z]+")) {
                keywords.add(w);
            } else if (program.equals("systemctl") && w.matches("[a-z-]+\\.timer")) {
                keywords.add(w);
            }
        }
        return new Call(program, keywords, options, env, line);
    }

    // ---- helpers --------------------------------------------------------------------------------

    private List<String> readmeChainCommands() throws IOException {
        String readme = ReadmeBlocks.readme();
        List<String> commands = new ArrayList<>();
        for (String heading : SECTIONS) {
            for (ReadmeBlocks.Block block : ReadmeBlocks.blocks(ReadmeBlocks.section(readme, heading))) {
                commands.addAll(ReadmeBlocks.commands(block.text()));
            }
        }
        return commands;
    }

    /** chain-env.sh's defaults, as bash computes them, and its wrappers as calls() writes them out. */
    private void chainEnvironment() throws Exception {
        String env = Files.readString(repo.resolve("installer/server/chain-env.sh"));
        assertTrue(env.contains("as_chain patronictl -c \"$CHAIN_DIR/node1.yml\" \"$@\""), "patronictl_chain as calls() writes it out");
        assertTrue(env.contains("as_chain pgbackrest --config=\"$CHAIN_DIR/$node/pgbackrest.conf\" --stanza=salondesk \"$@\""),
                "chain_pgbackrest as calls() writes it out");
        assertTrue(Files.readString(repo.resolve("installer/server/up.sh"))
                        .contains("SALONDESK_DB_PASSWORD=\"$password\" SALONDESK_HOME=\"$CHAIN_DIR/desk-home\" java -jar \"$jar\" --user \"$login\" \"$@\""),
                "up.sh's salondesk LOGIN PASSWORD as calls() writes it out");
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", "source installer/server/chain-env.sh >/dev/null 2>&1; "
                + "printf '%s\\n' \"$CHAIN_DIR\" \"$DESK_URL\" \"$DIRECT_URL\"").directory(repo.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("SALONDESK_"));
        Process p = pb.start();
        List<String> out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(3, out.size(), "chain-env.sh's defaults: " + out);
        chain.put("CHAIN_DIR", out.get(0));
        chain.put("DESK_URL", out.get(1));
        chain.put("DIRECT_URL", out.get(2));
    }

    /** A shell brace pattern such as {@code a-{x,y}.{s,t}}, expanded. */
    static List<String> braces(String pattern) {
        Matcher m = Pattern.compile("\\{([^{}]*)}").matcher(pattern);
        if (!m.find()) {
            return List.of(pattern);
        }
        List<String> out = new ArrayList<>();
        for (String alt : m.group(1).split(",")) {
            out.addAll(braces(pattern.substring(0, m.start()) + alt + pattern.substring(m.end())));
        }
        return out;
    }
}
