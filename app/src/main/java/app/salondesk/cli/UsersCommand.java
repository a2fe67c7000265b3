package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.staff.StaffMember;
import app.salondesk.runtime.Backend;
import org.jooq.exception.DataAccessException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.function.Function;

/** Staff logins: run by the database owner or by an admin of the salon. */
@Command(name = "users", mixinStandardHelpOptions = true, description = "Staff logins of a salon.",
        subcommands = {UsersCommand.Add.class, UsersCommand.ListUsers.class, UsersCommand.SetRole.class, UsersCommand.SetPassword.class,
                UsersCommand.Disable.class})
final class UsersCommand implements Runnable {

    /** The role of the online booking server's login (migration 13), which belongs to no salon. */
    static final String ONLINE = "online";
    /** The role of the live relay's login (migration 26), which belongs to no salon either. */
    static final String RELAY = "relay";
    /** The role of a chain manager's login (migration 51), which reads the report figures of its salons only. */
    static final String CHAIN_MANAGER = "chain-manager";
    /** The role of a message sender's login (migration 30), which belongs to no salon either. */
    static final String SENDER = "sender";

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

    /**
     * One staff change on a freshly opened database: its line on success, else the refusal.
     * Managing staff is one of the owner's jobs (the first admin), so no warning for it.
     */
    int change(PrintWriter out, Function<StaffRepository, String> change) {
        try (Backend backend = root.openBackendForSetup()) {
            out.println(change.apply(new StaffRepository(backend.dsl())));
            return 0;
        } catch (DataAccessException e) {
            return refused(out, e);
        }
    }

    /**
     * A login's new password: the next line of standard input for a script, else asked twice.
     * The sign-in password is settled first, so that a pipe gives that one first and this one
     * next, as a person at the console is asked.
     */
    char[] newPassword(String login, boolean fromStdin) throws CliInvalid {
        Messages messages = Messages.forDefaultLocale();
        root.dbOptions();
        PasswordInput input = root.passwords();
        char[] password;
        if (fromStdin) {
            password = input.nextLine();
        } else {
            password = input.ask(messages.format("cli.newPasswordFor", login));
            char[] again = input.ask(messages.get("cli.passwordAgain"));
            boolean same = Arrays.equals(password, again);
            Arrays.fill(again, '\0');
            if (!same) {
                Arrays.fill(password, '\0');
                throw new CliInvalid(messages.get("users.passwordsDiffer"));
            }
        }
        if (password.length < 8) {
            Arrays.fill(password, '\0');
            throw new CliInvalid(messages.get("users.shortPassword"));
        }
        return password;
    }

    /** Sets the password with {@code change}; the array is wiped whatever happens. */
    int withNewPassword(PrintWriter out, String login, boolean fromStdin, Function<char[], Integer> change) {
        char[] password;
        try {
            password = newPassword(login, fromStdin);
        } catch (CliInvalid e) {
            out.println("invalid: " + e.getMessage());
            return BookingTools.EXIT_INVALID;
        }
        try {
            return change.apply(password);
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Add a staff login to a salon. Its password is asked twice (or read from standard input",
                    "with --password-stdin), never taken from the command line.",
                    "--role online makes the online booking server's login instead (no --tenant: it serves every salon",
                    "that switched online booking on); --role relay the live relay's (serve --live-login: no --tenant, it reads",
                    "no salon's rows); --role sender a message sender's (serve --sender-login: no --tenant, it may only claim",
                    "and record messages); --role chain-manager a chain's manager, who reads the report figures of the salons",
                    "of --salons and nothing else (no --tenant); only the database owner may make these."})
    static final class Add implements Callable<Integer> {
        @ParentCommand
        UsersCommand users;
        @Spec
        CommandSpec spec;
        @Option(names = "--tenant", paramLabel = "ID", description = "The salon (for a staff login).")
        Long tenant;
        @Option(names = "--login", required = true, paramLabel = "NAME", description = "The new login (lower-case letters, digits, _).")
        String login;
        @Option(names = "--name", paramLabel = "TEXT", description = "How colleagues know them (default: the login).")
        String name;
        @Option(names = "--role", required = true, paramLabel = "ROLE", description = "receptionist, admin, manager, online (the booking server), relay (serve's live relay), sender (messages) or chain-manager (reports of --salons).")
        String role;
        @Option(names = "--salons", paramLabel = "ID,ID…", split = ",", description = "A chain manager's salons.")
        java.util.List<Long> salons;
        @Option(names = "--password-stdin",
                description = "Read the new password from the next line of standard input (after the sign-in password, when --password asks for it).")
        boolean passwordStdin;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            if (ONLINE.equals(role)) {
                return users.withNewPassword(out, login, passwordStdin, password -> users.change(out, staff -> {
                    staff.addOnlineLogin(login, password);
                    return "added " + login + " " + role;
                }));
            }
            if (RELAY.equals(role)) {
                return users.withNewPassword(out, login, passwordStdin, password -> users.change(out, staff -> {
                    staff.addRelayLogin(login, password);
                    return "added " + login + " " + role;
                }));
            }
            if (SENDER.equals(role)) {
                return users.withNewPassword(out, login, passwordStdin, password -> users.change(out, staff -> {
                    staff.addSenderLogin(login, password);
                    return "added " + login + " " + role;
                }));
            }
            if (CHAIN_MANAGER.equals(role)) {
                if (salons == null || salons.isEmpty()) {
                    out.println("invalid: " + Messages.forDefaultLocale().get("users.salonsMissing"));
                    return BookingTools.EXIT_INVALID;
                }
                return users.withNewPassword(out, login, passwordStdin, password -> users.change(out, staff -> {
                    staff.addChainManager(login, password, salons);
                    return "added " + login + " " + role + " salons=" + salons.stream().map(String::valueOf)
                            .collect(java.util.stream.Collectors.joining(","));
                }));
            }
            if (tenant == null) {
                out.println("invalid: " + Messages.forDefaultLocale().get("users.tenantMissing"));
                return BookingTools.EXIT_INVALID;
            }
            return users.withNewPassword(out, login, passwordStdin, password -> users.change(out, staff -> {
                staff.add(tenant, login, name == null ? login : name, role, password);
                return "added " + login + " " + role + " tenant=" + tenant;
            }));
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
            try (Backend backend = users.root.openBackendForSetup()) {
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

    @Command(name = "set-password", mixinStandardHelpOptions = true,
            description = {"Set a login's password: one's own (anyone), or a colleague's (an admin of that salon).",
                    "It is asked twice (or read from standard input with --password-stdin), never taken from the command line."})
    static final class SetPassword implements Callable<Integer> {
        @ParentCommand
        UsersCommand users;
        @Spec
        CommandSpec spec;
        @Option(names = "--login", required = true, paramLabel = "NAME", description = "The login.")
        String login;
        @Option(names = "--password-stdin",
                description = "Read the new password from the next line of standard input (after the sign-in password, when --password asks for it).")
        boolean passwordStdin;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            return users.withNewPassword(out, login, passwordStdin, password -> users.change(out, staff -> {
                staff.setPassword(login, password);
                return "password set " + login;
            }));
        }
    }

    @Command(name = "disable", mixinStandardHelpOptions = true,
            description = "Stop a login from signing in and end its open sessions (its name stays in the history).")
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
