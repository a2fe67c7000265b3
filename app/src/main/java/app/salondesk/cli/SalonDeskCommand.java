package app.salondesk.cli;

import app.salondesk.gui.shell.SalonDeskApp;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.StartupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.concurrent.Callable;

/** The root of the command line; with no subcommand it opens the window. */
@Command(name = "salondesk",
        mixinStandardHelpOptions = true,
        // help in the user's language; English from the annotations when the bundle has no text
        resourceBundle = "app.salondesk.cli.help",
        versionProvider = VersionProvider.class,
        description = {"SalonDesk: bookings for beauty salons that never double-book a master.",
                "Without a command, opens the window. The embedded database in ~/.salondesk",
                "(or SALONDESK_HOME) is used unless --db-url or SALONDESK_DB_URL names a server."},
        subcommands = {DbCommand.class, DemoCommand.class, SalonsCommand.class, MastersCommand.class, ServicesCommand.class, ResourcesCommand.class,
                HoursCommand.class, TimeOffCommand.class, BookCommand.class, BookingsCommand.class, SeriesCommand.class, VisitsCommand.class,
                ImportCommand.class, UsersCommand.class, LocksCommand.class,
                ServeCommand.class, WaitlistCommand.class, ExportCommand.class, BackupCommand.class,
                ClientsCommand.class, ConsentsCommand.class, RemindersCommand.class,
                CheckoutCommand.class, SalesCommand.class, TillCommand.class, TakingsCommand.class, ReportCommand.class, ProductsCommand.class, CommissionsCommand.class})
public final class SalonDeskCommand implements Callable<Integer> {

    private static final Logger log = LoggerFactory.getLogger(SalonDeskCommand.class);

    @Option(names = "--db-url", paramLabel = "URL", defaultValue = "${env:SALONDESK_DB_URL}",
            description = "Shared PostgreSQL server, e.g. jdbc:postgresql://db.salon.lan/salondesk (default: $SALONDESK_DB_URL, else the embedded database).")
    String dbUrl;

    @Option(names = "--user", paramLabel = "NAME", defaultValue = "${env:SALONDESK_DB_USER}",
            description = "Database login (default: $SALONDESK_DB_USER or the one in the URL).")
    String user;

    // Not picocli's interactive option: that reads standard input by itself, past the lines a
    // later question (users add's new password) needs. Without a value it is empty: asked below.
    @Option(names = "--password", paramLabel = "PASSWORD", arity = "0..1",
            description = "Database password; give the option without a value to be asked for it (default: $SALONDESK_DB_PASSWORD).")
    char[] password;

    @Option(names = "--salon", paramLabel = "ID", description = "Which salon to show when the database holds several (default: the first).")
    Long salonId;

    @Spec
    CommandSpec spec;

    private final AppHome home;
    private PasswordInput passwords;
    private DbOptions options;

    SalonDeskCommand(AppHome home) {
        this.home = home;
    }

    public static CommandLine commandLine(AppHome home) {
        CommandLine cl = plain(home);
        // serve --config FILE: parsed once more with the file's settings as defaults (ServeConfig)
        cl.setExecutionStrategy(parsed -> ServeConfig.execute(parsed, () -> plain(home)));
        return cl;
    }

    private static CommandLine plain(AppHome home) {
        CommandLine cl = new CommandLine(new SalonDeskCommand(home));
        cl.setExecutionExceptionHandler(new FailureHandler(home));
        return cl;
    }

    @Override
    public Integer call() {
        SalonDeskApp.launch(home, dbOptions(), salonId);
        return 0;
    }

    /**
     * {@code salondesk} without arguments: the window, without building the command line
     * (issue 16: picocli's model of every command cost each start of the desk about 0.3 s of
     * CPU, and its classes are too old for class-data sharing). The database comes from where
     * the options' defaults come from, the environment; a failure is one sentence, as a command's.
     */
    public static int openWindow(AppHome home) {
        try {
            SalonDeskApp.launch(home, windowOptions(System.getenv()), null);
            return 0;
        } catch (RuntimeException e) {
            return new FailureHandler(home).report(e, new PrintWriter(System.err, true));
        }
    }

    /** What {@code --db-url}, {@code --user} and {@code --password} default to, without any of them given. */
    static DbOptions windowOptions(java.util.Map<String, String> env) {
        return new DbOptions(env.get("SALONDESK_DB_URL"), env.get("SALONDESK_DB_USER"), env.get("SALONDESK_DB_PASSWORD"));
    }

    /**
     * Where to connect and as whom. The first call asks for the password when {@code --password}
     * came without a value, so a command that asks for more (a new password) calls this first:
     * the sign-in password is always the first line a pipe gives.
     */
    DbOptions dbOptions() {
        if (options == null) {
            options = new DbOptions(dbUrl, user, signInPassword());
        }
        return options;
    }

    private String signInPassword() {
        if (password == null) {
            return System.getenv("SALONDESK_DB_PASSWORD");
        }
        char[] pw = password;
        if (pw.length == 0 && dbUrl != null && !dbUrl.isBlank()) {
            // the embedded database needs none, and asking would swallow a line meant for later
            pw = passwords().ask(Messages.forDefaultLocale().format("cli.passwordFor", user != null ? user : dbUrl));
        }
        // the pool and the driver take a String; the arrays are wiped at least
        String text = new String(pw);
        Arrays.fill(pw, '\0');
        Arrays.fill(password, '\0');
        return text;
    }

    /** Every password this run asks for comes from here, in the order asked. */
    PasswordInput passwords() {
        if (passwords == null) {
            passwords = new PasswordInput(() -> System.in, spec.commandLine().getErr());
        }
        return passwords;
    }

    AppHome home() {
        return home;
    }

    /**
     * The database for a desk's work (booking, importing, locks). On a shared server the
     * owner's login is refused nothing, so it gets a warning line on standard error.
     */
    Backend openBackend() {
        Backend backend = openBackendForSetup();
        try {
            warnIfOwner(backend);
            return backend;
        } catch (RuntimeException e) {
            backend.close();
            throw e;
        }
    }

    /** A line on standard error when a shared server's login is the owner's (refused nothing). */
    void warnIfOwner(Backend backend) {
        if (!backend.embedded() && new StaffRepository(backend.dsl()).signedInAsOwner()) {
            String login = backend.dsl().resultQuery("SELECT session_user").fetchOne(0, String.class);
            log.warn("the command line is signed in as {}, the database owner or a superuser", login);
            PrintWriter err = spec.commandLine().getErr();
            err.println(Messages.forDefaultLocale().format("cli.ownerWarning", login));
            err.flush();
        }
    }

    /** The database for what the owner's login is for: migrations, the demo salon, staff logins. */
    Backend openBackendForSetup() {
        return Backend.open(home, dbOptions());
    }

    /**
     * Expected failures (no server, wrong password…) become one sentence and exit code 1;
     * the stack trace goes to the log file only.
     */
    private record FailureHandler(AppHome home) implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
            return report(ex, cl.getErr());
        }

        int report(Exception ex, PrintWriter err) {
            Messages m = Messages.forDefaultLocale();
            if (ex instanceof StartupException se) {
                log.error("cannot start: {}", se.getMessage(), se);
                err.println(m.format(se.reason().messageKey, se.detail()));
            } else {
                log.error("command failed", ex);
                err.println(m.format("app.unexpectedErrorText", home.logs().resolve("salondesk.log")));
            }
            err.flush();
            return 1;
        }
    }
}
