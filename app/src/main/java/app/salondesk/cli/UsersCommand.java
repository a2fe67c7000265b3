package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.runtime.Backend;
import app.salondesk.staff.StaffMember;
import app.salondesk.staff.StaffRepository;
import org.jooq.exception.DataAccessException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/** Staff logins: run by the database owner or by an admin of the salon. */
@Command(name = "users", mixinStandardHelpOptions = true, description = "Staff logins of a salon.",
        subcommands = {UsersCommand.Add.class, UsersCommand.ListUsers.class, UsersCommand.SetRole.class, UsersCommand.Disable.class})
final class UsersCommand implements Runnable {

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** One line for what the database refused; exit code 2. Other failures go on to the caller. */
    static int refused(PrintWriter out, DataAccessException e) {
        String key = StaffRepository.refusalKey(e).orElseThrow(() -> e);
        out.println("invalid: " + Messages.forDefaultLocale().get(key));
        return BookingTools.EXIT_INVALID;
    }

    /** One staff change on a freshly opened database: its line on success, else the refusal. */
    int change(PrintWriter out, java.util.function.Function<StaffRepository, String> change) {
        try (Backend backend = root.openBackend()) {
            out.println(change.apply(new StaffRepository(backend.dsl())));
            return 0;
        } catch (DataAccessException e) {
            return refused(out, e);
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = "Add a staff login to a salon. The password is read from standard input, never from the command line.")
    static final class Add implements Callable<Integer> {
        @ParentCommand
        UsersCommand users;
        @Spec
        CommandSpec spec;
        @Option(names = "--tenant", required = true, paramLabel = "ID", description = "The salon.")
        long tenant;
        @Option(names = "--login", required = true, paramLabel = "NAME", description = "The new login (lower-case letters, digits, _).")
        String login;
        @Option(names = "--name", paramLabel = "TEXT", description = "How colleagues know them (default: the login).")
        String name;
        @Option(names = "--role", required = true, paramLabel = "ROLE", description = "receptionist, admin or manager.")
        String role;
        @Option(names = "--password-stdin", required = true, description = "Read the password from the first line of standard input.")
        boolean passwordStdin;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            char[] password = readPassword();
            if (password.length < 8) {
                out.println("invalid: " + Messages.forDefaultLocale().get("users.shortPassword"));
                return BookingTools.EXIT_INVALID;
            }
            return users.change(out, staff -> {
                staff.add(tenant, login, name == null ? login : name, role, password);
                return "added " + login + " " + role + " tenant=" + tenant;
            });
        }

        private static char[] readPassword() throws IOException {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line = in.readLine();
            return line == null ? new char[0] : line.toCharArray();
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List a salon's staff logins.")
    static final class ListUsers implements Callable<Integer> {
        @ParentCommand
        UsersCommand users;
        @Spec
        CommandSpec spec;
        @Option(names = "--tenant", required = true, paramLabel = "ID", description = "The salon.")
        long tenant;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (Backend backend = users.root.openBackend()) {
                for (StaffMember m : new StaffRepository(backend.dsl()).list(tenant)) {
                    out.println(m.login() + "\t" + m.role() + "\t" + (m.active() ? "active" : "disabled") + "\t" + m.displayName());
                }
                return 0;
            }
        }
    }

    @Command(name = "set-role", mixinStandardHelpOptions = true, description = "Move a login to another of the three roles.")
    static final class SetRole implements Callable<Integer> {
        @ParentCommand
        UsersCommand users;
        @Spec
        CommandSpec spec;
        @Option(names = "--login", required = true, paramLabel = "NAME", description = "The login.")
        String login;
        @Option(names = "--role", required = true, paramLabel = "ROLE", description = "receptionist, admin or manager.")
        String role;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            return users.change(out, staff -> {
                staff.setRole(login, role);
                return "role " + login + " " + role;
            });
        }
    }

    @Command(name = "disable", mixinStandardHelpOptions = true,
            description = "Stop a login from signing in (its name stays in the history).")
    static final class Disable implements Callable<Integer> {
        @ParentCommand
        UsersCommand users;
        @Spec
        CommandSpec spec;
        @Option(names = "--login", required = true, paramLabel = "NAME", description = "The login.")
        String login;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            return users.change(out, staff -> {
                staff.disable(login);
                return "disabled " + login;
            });
        }
    }
}
