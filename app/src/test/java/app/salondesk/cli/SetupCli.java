package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.runtime.AppHome;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line in this JVM against one test database, as its owner or as a staff login. */
final class SetupCli {

    record Run(int exit, String out, String err) {
        /** The lines printed, each as it is (a list's empty last column keeps its tab). */
        List<String> lines() {
            return out.lines().toList();
        }

        /** The one line a refusal or a simple change prints. */
        String line() {
            return out.strip();
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n" + out + err;
        }
    }

    private final ConnectionSettings db;
    private final Path home;

    SetupCli(ConnectionSettings db) {
        this.db = db;
        try {
            this.home = Files.createTempDirectory("salondesk-setup-cli");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Run owner(String... args) {
        return as(db.user(), db.password(), args);
    }

    Run as(String login, String password, String... args) {
        CommandLine cl = SalonDeskCommand.commandLine(new AppHome(home));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of("--db-url", db.url(), "--user", login, "--password", password));
        all.addAll(List.of(args));
        int exit = cl.execute(all.toArray(String[]::new));
        return new Run(exit, out.toString(), err.toString());
    }
}
