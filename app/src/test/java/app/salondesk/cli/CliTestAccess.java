package app.salondesk.cli;

import app.salondesk.runtime.AppHome;
import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs the command line in this JVM with a given standard input, for tests in other packages. */
public final class CliTestAccess {

    public record Run(int exit, String out, String err) {
    }

    private CliTestAccess() {
    }

    public static synchronized Run run(String[] args, String stdin) throws Exception {
        Path home = Files.createTempDirectory("salondesk-cli");
        CommandLine cl = SalonDeskCommand.commandLine(new AppHome(home));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            int exit = cl.execute(args);
            return new Run(exit, out.toString(), err.toString());
        } finally {
            System.setIn(saved);
        }
    }
}
