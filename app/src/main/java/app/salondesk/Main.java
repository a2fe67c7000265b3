package app.salondesk;

import app.salondesk.cli.SalonDeskCommand;
import app.salondesk.db.StartupTimeline;
import app.salondesk.i18n.LanguageSetting;
import app.salondesk.runtime.AppHome;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

import java.util.Locale;

/**
 * {@code java -jar salondesk.jar}: the window without arguments, the command line with them.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        StartupTimeline.mark("main");
        AppHome home = AppHome.fromEnvironment();
        // Before the first logger exists: logback.xml writes to the home's log folder.
        System.setProperty("salondesk.logs", home.logs().toString());
        // SLF4J's own notices (e.g. "calls during initialisation were replayed") go to the
        // console, which belongs to the command line's output: only its errors may appear there.
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        LoggerFactory.getILoggerFactory();
        // JavaFX and CalendarFX log through java.util.logging: into our log file, not the console
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        // the language chosen in Settings (else the system's, if SalonDesk speaks it) for
        // every window, dialog and line of output, and for CalendarFX's own words
        Locale.setDefault(new LanguageSetting(home.dir()).effective(Locale.getDefault()));
        System.exit(run(home, args));
    }

    static int run(AppHome home, String... args) {
        if (args.length == 0) {
            return SalonDeskCommand.openWindow(home);
        }
        return SalonDeskCommand.commandLine(home).execute(args);
    }
}
