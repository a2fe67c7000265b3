package app.salondesk.launcher;

import app.salondesk.db.EmbeddedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.util.PasswordUtil;

import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The README's shared-server instructions, run word for word against a PostgreSQL cluster of
 * the test's own, with the packaged launcher ({@code java -jar target/salondesk.jar}, after
 * {@code package}): whoever follows them ends with a server where the owner did only the
 * set-up and every desk signs in as a person.
 *
 * <p>The fenced {@code sql} and {@code sh} blocks of "The shared server the desks point at"
 * (setting the server up) run first, then those of "Pointing it at a shared server" (the
 * desks and the admin's work), each section's in the order it gives them. Only what must
 * differ on a test machine is replaced: the host, the launcher's path, the pid of the
 * session the README ends, and the passwords a person would type (fed through standard
 * input, as a pipe does) or keep in a script's variables. An sql block's first line says as
 * whom and in which database it runs. psql's {@code \password} is done as psql does it: the
 * SCRAM verifier is computed here and only it is sent.
 *
 * <p>A README command this test does not know how to check fails it: change the README and
 * teach the test, never the other way round.
 */
class SharedServerReadmeIT {

    private static final String SETUP_SECTION = "### The shared server the desks point at";
    private static final String DESKS_SECTION = "## Pointing it at a shared server";
    private static final Pattern SQL_MARKER = Pattern.compile("-- as (?:the superuser \\((\\w+)\\)|(\\w+)), in the database (\\w+)");
    private static final Pattern LAUNCHER = Pattern.compile("(?m)(^|\\|\\s*)(?:SalonDesk|java -jar app/target/salondesk\\.jar)(?=\\s)");
    private static final Pattern SCRIPT_PASSWORD = Pattern.compile("\\$([A-Z][A-Z0-9_]*)_PASSWORD\\b");
    private static final Pattern PROMPT = Pattern.compile("(Password for \\w+|New password for \\w+|Again):");
    private static final Set<String> SUBCOMMANDS = Set.of("db", "demo", "salons", "book", "import", "users", "locks");
    private static final String README_PID = "4242";

    @TempDir
    Path tmp;

    private EmbeddedServer server;
    private String superuser;
    /** The current password of every login the README made, as the person who chose it knows it. */
    private final Map<String, String> passwords = new HashMap<>();
    private final Map<String, String> roles = new LinkedHashMap<>();
    private final Set<String> done = new LinkedHashSet<>();
    private final List<Connection> sessions = new ArrayList<>();
    private int chosen;
    private Connection lockHolder;
    private int lockHolderPid;
    private String lockedMaster;

    private record Run(int exit, String out, String err) {
        List<String> lines() {
            return out.strip().lines().toList();
        }

        /** Standard error without the questions asked (no console here, so they are printed there). */
        List<String> errLines() {
            return err.lines().map(l -> PROMPT.matcher(l).replaceAll("").strip()).filter(l -> !l.isEmpty()).toList();
        }
    }

    @AfterEach
    void stop() throws SQLException {
        for (Connection c : sessions) {
            c.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theSharedServerSetUpRunsAsWritten() throws Exception {
        assertTrue(Files.exists(jar()), "package the app first");
        server = EmbeddedServer.start(tmp.resolve("pg"), EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY);
        superuser = EmbeddedServer.SUPERUSER;
        passwords.put(superuser, server.settings().password());
        // EmbeddedServer makes the embedded mode's database on every start; a new server has none
        try (Connection c = connect(superuser, "postgres"); Statement st = c.createStatement()) {
            st.execute("DROP DATABASE salondesk");
        }

        String readme = ReadmeBlocks.readme();
        List<ReadmeBlocks.Block> blocks = new ArrayList<>(ReadmeBlocks.blocks(ReadmeBlocks.section(readme, SETUP_SECTION)));
        blocks.addAll(ReadmeBlocks.blocks(ReadmeBlocks.section(readme, DESKS_SECTION)));
        for (ReadmeBlocks.Block block : blocks) {
            if (block.language().equals("sql")) {
                runSql(block.text());
            } else {
                runSh(block.text());
            }
        }
        assertTrue(done.containsAll(List.of("sql as the superuser", "db migrate", "users add", "users set-password",
                "locks", "locks end", "users disable")), "what the README must keep showing, done: " + done);
        assertTrue(done.contains("demo") && done.contains("own salon"), "the demo and an own salon were added: " + done);

        afterTheReadme();
    }

    /** What the README's steps must have led to. */
    private void afterTheReadme() throws Exception {
        String admin = roles.entrySet().stream().filter(e -> e.getValue().equals("admin")).map(Map.Entry::getKey)
                .findFirst().orElseThrow(() -> new AssertionError("the README adds no admin"));
        long salon = salonOf(admin);
        String master = firstMaster(salon);

        Run booked = launch(pipe(passwords.get(admin)), Map.of(), "--user", admin, "--password",
                "book", "--master", master, "--start", "2030-01-07T10:00", "--duration", "30", "--client", "Nina", "--outside-hours");
        assertEquals(0, booked.exit(), booked.out() + booked.err());
        assertTrue(booked.out().startsWith("booked #"), booked.out());
        assertEquals(List.of(), booked.errLines(), "an admin at a desk gets no warning");

        Run asOwner = launch(pipe(passwords.get("salondesk")), Map.of(), "--user", "salondesk", "--password",
                "book", "--tenant", Long.toString(salon), "--master", master, "--start", "2030-01-07T11:00", "--duration", "30",
                "--client", "Oksana", "--outside-hours");
        assertEquals(0, asOwner.exit(), asOwner.out() + asOwner.err());
        assertEquals(List.of("Warning: salondesk is the database owner's login (or a superuser). It is for migrations and the "
                + "first admin only and must never be used at a desk: sign in with your own login."), asOwner.errLines());

        String disabled = roles.keySet().stream().filter(l -> !active(l)).findFirst()
                .orElseThrow(() -> new AssertionError("the README disables nobody"));
        Run refused = launch(pipe(passwords.get(disabled)), Map.of(), "--user", disabled, "--password",
                "users", "list", "--tenant", Long.toString(salon));
        assertEquals(1, refused.exit(), refused.out() + refused.err());
        assertEquals(1, refused.errLines().size(), refused.err());
        assertTrue(refused.errLines().get(0).contains("does not let this login in"), refused.err());
        assertEquals("28000", assertThrows(SQLException.class, () -> connect(disabled, "salondesk").close()).getSQLState());

        Run fromEnvironment = launch("", Map.of("SALONDESK_DB_PASSWORD", passwords.get(admin)), "--user", admin,
                "users", "list", "--tenant", Long.toString(salon));
        assertEquals(0, fromEnvironment.exit(), fromEnvironment.out() + fromEnvironment.err());
        assertTrue(fromEnvironment.lines().stream().anyMatch(l -> l.startsWith(admin + "\tadmin\tactive\t")), fromEnvironment.out());
        assertEquals("", fromEnvironment.err(), "nothing asked");

        String log = Files.readString(tmp.resolve("home/logs/salondesk.log"), StandardCharsets.UTF_8);
        for (var e : passwords.entrySet()) {
            assertFalse(log.contains(e.getValue()), "the password of " + e.getKey() + " is in the log");
        }
    }

    // ---- sql blocks ---------------------------------------------------------------------------

    private void runSql(String block) throws SQLException {
        List<String> lines = block.lines().toList();
        Matcher where = SQL_MARKER.matcher(lines.get(0));
        assertTrue(where.matches(), "an sql block says as whom and where it runs: " + lines.get(0));
        String login = where.group(1) != null ? where.group(1) : where.group(2);
        String database = where.group(3);
        assertNotNull(passwords.get(login), "the README has not given " + login + " a password yet");
        try (Connection c = connect(login, database); Statement st = c.createStatement()) {
            StringBuilder statement = new StringBuilder();
            for (String line : lines.subList(1, lines.size())) {
                if (line.isBlank() || line.strip().startsWith("--")) {
                    continue;
                }
                if (line.startsWith("\\password ")) {
                    // psql asks twice, computes the SCRAM verifier and sends only that
                    String role = line.substring("\\password ".length()).strip();
                    String password = choose(role);
                    st.execute("ALTER ROLE " + role + " PASSWORD '" + PasswordUtil.encodeScramSha256(password.toCharArray()) + "'");
                    passwords.put(role, password);
                    continue;
                }
                assertFalse(line.startsWith("\\"), "a psql command this test does not know: " + line);
                statement.append(line).append('\n');
                // a statement ends with ; outside a $$-quoted body (the superuser's DO block has ;s inside)
                boolean inBody = statement.toString().split("\\$\\$", -1).length % 2 == 0;
                if (line.strip().endsWith(";") && !inBody) {
                    st.execute(statement.toString().strip().replaceAll(";$", ""));
                    statement.setLength(0);
                }
            }
            assertEquals("", statement.toString().strip(), "every statement ends with ;");
        }
        done.add(login.equals(superuser) ? "sql as the superuser" : "sql as the owner");
    }

    // ---- sh blocks ----------------------------------------------------------------------------

    private void runSh(String block) throws Exception {
        String command = block.replace("\\\n", " ").strip();
        assertFalse(command.contains("\n"), "one command per block, so that its questions are known: " + block);
        List<String> words = ReadmeBlocks.words(command);
        int launcherAt = Math.max(words.indexOf("SalonDesk"), words.indexOf("app/target/salondesk.jar"));
        assertTrue(launcherAt >= 0, "a SalonDesk command: " + command);
        List<String> args = words.subList(launcherAt + 1, words.size());
        boolean piped = words.subList(0, launcherAt).contains("|");
        String user = valueOf(args, "--user");
        String subcommand = args.stream().filter(SUBCOMMANDS::contains).findFirst().orElse(null);
        int sub = subcommand == null ? args.size() : args.indexOf(subcommand);
        String what = subcommand == null ? "window" : subcommand + (sub + 1 < args.size() && !args.get(sub + 1).startsWith("-") ? " " + args.get(sub + 1) : "");
        boolean signInAsked = args.contains("--password") && args.indexOf("--password") + 1 >= sub;
        String login = valueOf(args, "--login");

        if (what.equals("window")) {
            // a window cannot open here: that the login in it signs in is what matters
            assertNotNull(passwords.get(user), "the README's desk signs in as a login it made: " + user);
            connect(user, "salondesk").close();
            done.add(what);
            return;
        }

        StringBuilder stdin = new StringBuilder();
        Map<String, String> env = new HashMap<>();
        String newPassword = null;
        if (piped) {
            Matcher m = SCRIPT_PASSWORD.matcher(command);
            while (m.find()) {
                String who = m.group(1).toLowerCase();
                String password = passwords.containsKey(who) && !who.equals(login) ? passwords.get(who) : choose(who);
                env.put(m.group(1) + "_PASSWORD", password);
                if (who.equals(login)) {
                    newPassword = password;
                }
            }
        } else {
            if (signInAsked) {
                stdin.append(passwords.get(user)).append('\n');
            }
            if ((what.equals("users add") || what.equals("users set-password")) && !args.contains("--password-stdin")) {
                newPassword = choose(login);
                stdin.append(newPassword).append('\n').append(newPassword).append('\n');
            }
        }

        String script = LAUNCHER.matcher(command).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + launcher()))
                .replace("jdbc:postgresql://db.salon.lan/", "jdbc:postgresql://localhost:" + server.port() + "/");
        Connection leaver = null;
        if (what.equals("locks")) {
            holdALock(salonOf(user));
        } else if (what.equals("locks end")) {
            assertEquals(README_PID, valueOf(args, "--pid"), "the README ends the session its list showed");
            script = script.replace("--pid " + README_PID, "--pid " + lockHolderPid);
        } else if (what.equals("users disable")) {
            leaver = connect(login, "salondesk");
        }

        Run run = bash(script, stdin.toString(), env);
        assertEquals(0, run.exit(), command + "\n" + run.out() + run.err());
        assertEquals(List.of(), run.errLines(), "no warning, no error: " + command);
        for (String password : passwords.values()) {
            assertFalse(run.out().contains(password) || run.err().contains(password), "a password is printed: " + command);
        }

        switch (what) {
            case "db migrate" -> {
                assertTrue(run.out().matches("(?s).*schema_version=\\d+.*"), run.out());
                try (Connection c = connect(superuser, "salondesk"); Statement st = c.createStatement();
                     ResultSet rs = st.executeQuery("SELECT tableowner FROM pg_tables WHERE tablename = 'bookings'")) {
                    assertTrue(rs.next());
                    assertEquals(user, rs.getString(1), "the owner's tables");
                }
            }
            case "demo" -> assertTrue(run.lines().contains("salon_id=1"), run.out());
            case "salons add" -> {
                assertEquals(1, run.lines().stream().filter(l -> l.matches("salon_id=\\d+")).count(), run.out());
                done.add("own salon");
            }
            case "users add" -> {
                String role = valueOf(args, "--role");
                assertEquals(List.of("added " + login + " " + role + " tenant=" + valueOf(args, "--tenant")), run.lines());
                passwords.put(login, newPassword);
                roles.put(login, role);
                connect(login, "salondesk").close();
            }
            case "users set-password" -> {
                assertEquals(List.of("password set " + login), run.lines());
                String old = passwords.put(login, newPassword);
                assertFalse(newPassword.equals(old));
                connect(login, "salondesk").close();
                assertEquals("28P01", assertThrows(SQLException.class,
                        () -> DriverManager.getConnection(server.jdbcUrl("salondesk"), login, old).close(),
                        "the old password is gone").getSQLState());
            }
            case "locks" -> {
                // the salon's rooms lock, which every booking shares, then the master's
                assertEquals(2, run.lines().size(), run.out());
                String holder = lockHolder.getMetaData().getUserName();
                assertTrue(run.lines().get(0).matches(Pattern.quote("rooms\t" + holder + "\t" + lockHolderPid + "\t") + "\\d+s shared"),
                        run.out());
                assertTrue(run.lines().get(1).matches(Pattern.quote(lockedMaster + "\t" + holder + "\t" + lockHolderPid + "\t") + "\\d+s"),
                        run.out());
            }
            case "locks end" -> {
                assertEquals(List.of("ended " + lockHolderPid), run.lines());
                assertThrows(SQLException.class, () -> lockHolder.createStatement().execute("SELECT 1"), "the session ended");
            }
            case "users disable" -> {
                assertEquals(List.of("disabled " + login), run.lines());
                Connection gone = leaver;
                assertThrows(SQLException.class, () -> gone.createStatement().execute("SELECT 1"), "its open session ended");
                assertEquals("28000", assertThrows(SQLException.class, () -> connect(login, "salondesk").close()).getSQLState());
            }
            default -> fail("a README command this test does not know how to check: " + command);
        }
        done.add(what);
    }

    /** A receptionist in the middle of a booking: the first master's lock, held until the session ends. */
    private void holdALock(long salon) throws SQLException {
        String receptionist = roles.entrySet().stream().filter(e -> e.getValue().equals("receptionist") && active(e.getKey()))
                .map(Map.Entry::getKey).findFirst().orElseThrow(() -> new AssertionError("the README adds no receptionist before locks"));
        lockedMaster = firstMaster(salon);
        lockHolder = connect(receptionist, "salondesk");
        // a staff session idle in a transaction ends after 60 s (README); the README's next two commands
        // each start a JVM, which on a loaded machine takes longer than that between them
        try (Statement st = lockHolder.createStatement()) {
            st.execute("SET idle_in_transaction_session_timeout = '10min'");
        }
        lockHolder.setAutoCommit(false);
        try (Statement st = lockHolder.createStatement();
             ResultSet rs = st.executeQuery("SELECT pg_backend_pid(), salondesk_lock_master(" + salon + ", "
                     + "(SELECT id FROM masters WHERE tenant_id = " + salon + " ORDER BY id LIMIT 1))")) {
            rs.next();
            lockHolderPid = rs.getInt(1);
        }
    }

    // ---- helpers ------------------------------------------------------------------------------

    /** A new password for a login, as its owner would choose one. */
    private String choose(String login) {
        return "Pw-" + login + "-" + (++chosen) + "-long";
    }

    private static String valueOf(List<String> args, String option) {
        int at = args.indexOf(option);
        return at >= 0 && at + 1 < args.size() ? args.get(at + 1) : null;
    }

    private Connection connect(String login, String database) throws SQLException {
        Connection c = DriverManager.getConnection(server.jdbcUrl(database), login, passwords.get(login));
        sessions.add(c);
        return c;
    }

    private long salonOf(String login) throws SQLException {
        try (Connection c = connect(superuser, "salondesk"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT tenant_id FROM staff WHERE login = '" + login + "'")) {
            assertTrue(rs.next(), login + " has a salon");
            return rs.getLong(1);
        }
    }

    private boolean active(String login) {
        try (Connection c = connect(superuser, "salondesk"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT active FROM staff WHERE login = '" + login + "'")) {
            return rs.next() && rs.getBoolean(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The salon's first master; one is added when the README's salon has none yet (its own, not the demo). */
    private String firstMaster(long salon) throws SQLException {
        try (Connection c = connect(superuser, "salondesk"); Statement st = c.createStatement()) {
            st.execute("INSERT INTO masters (tenant_id, name, sort_order) SELECT " + salon + ", 'Test master', 1 "
                    + "WHERE NOT EXISTS (SELECT 1 FROM masters WHERE tenant_id = " + salon + ")");
            try (ResultSet rs = st.executeQuery("SELECT name FROM masters WHERE tenant_id = " + salon + " ORDER BY id LIMIT 1")) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    private static Path jar() {
        return Path.of("target", "salondesk.jar").toAbsolutePath();
    }

    private static String launcher() {
        return "'" + Path.of(System.getProperty("java.home"), "bin", "java") + "' -jar '" + jar() + "'";
    }

    private static String pipe(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    /** The launcher with these arguments, on this server. */
    private Run launch(String stdin, Map<String, String> env, String... args) throws Exception {
        StringBuilder script = new StringBuilder(launcher()).append(" --db-url jdbc:postgresql://localhost:")
                .append(server.port()).append("/salondesk");
        for (String arg : args) {
            script.append(" '").append(arg.replace("'", "'\\''")).append('\'');
        }
        return bash(script.toString(), stdin, env);
    }

    private Run bash(String script, String stdin, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", script);
        pb.environment().keySet().removeIf(k -> k.startsWith("SALONDESK_"));
        pb.environment().put("SALONDESK_HOME", tmp.resolve("home").toString());
        // the words the assertions expect: English, whatever this machine's language
        pb.environment().put("LC_ALL", "C.UTF-8");
        pb.environment().put("LANG", "C.UTF-8");
        pb.environment().putAll(env);
        File out = tmp.resolve("out.txt").toFile();
        File err = tmp.resolve("err.txt").toFile();
        pb.redirectOutput(out).redirectError(err);
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "finished: " + script);
        return new Run(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }
}
