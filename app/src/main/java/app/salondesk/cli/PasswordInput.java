package app.salondesk.cli;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The one source of every password a run of the command line asks for: the console when
 * there is one (nothing echoed), otherwise the lines of standard input, in the order they
 * are asked for.
 *
 * <p>One reader for the whole run, because a second one would lose whatever the first had
 * already buffered: {@code printf '%s\n' OWNERPW NEWPW | salondesk … --password users add …}
 * has both lines in the first read. (picocli's interactive options read standard input on
 * their own, which is how {@code users add} used to get an empty password.)
 *
 * <p>Passwords are {@code char[]} so that the caller can wipe them; a line is never a String.
 */
final class PasswordInput {

    private final Supplier<InputStream> stdin;
    private final PrintWriter prompts;
    private final Console console;
    private Reader lines;

    /**
     * @param stdin   standard input, opened only on the first line asked for (tests set System.in per run)
     * @param prompts where a prompt goes when there is no console: standard error, never the output a script reads
     */
    PasswordInput(Supplier<InputStream> stdin, PrintWriter prompts) {
        this.stdin = stdin;
        this.prompts = prompts;
        this.console = terminal();
    }

    /**
     * Asks for a password: on the console without echo, else the next line of standard input
     * (the prompt then goes to standard error, so that a person whose output is redirected
     * still sees what is asked). Empty at the end of the input.
     */
    char[] ask(String prompt) {
        if (console != null) {
            char[] typed = console.readPassword("%s ", prompt);
            return typed == null ? new char[0] : typed;
        }
        prompts.println(prompt);
        prompts.flush();
        return nextLine();
    }

    /** The next line of standard input, whether or not there is a console ({@code --password-stdin}). */
    char[] nextLine() {
        try {
            if (lines == null) {
                lines = new BufferedReader(new InputStreamReader(stdin.get(), StandardCharsets.UTF_8));
            }
            char[] buf = new char[64];
            int n = 0;
            int c;
            while ((c = lines.read()) != -1 && c != '\n') {
                if (n == buf.length) {
                    char[] bigger = Arrays.copyOf(buf, n * 2);
                    Arrays.fill(buf, '\0');
                    buf = bigger;
                }
                buf[n++] = (char) c;
            }
            if (n > 0 && buf[n - 1] == '\r') {
                n--;
            }
            char[] line = Arrays.copyOf(buf, n);
            Arrays.fill(buf, '\0');
            return line;
        } catch (IOException e) {
            throw new UncheckedIOException("standard input cannot be read", e);
        }
    }

    /**
     * The console, when a person is at one. Before Java 22 {@link System#console()} is null
     * unless input and output are a terminal; from 22 on it is there even when both are pipes,
     * and {@code Console.isTerminal()} (not in Java 17's API, hence the reflection) tells.
     */
    private static Console terminal() {
        Console console = System.console();
        if (console == null) {
            return null;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return Boolean.TRUE.equals(isTerminal.invoke(console)) ? console : null;
        } catch (ReflectiveOperationException olderJava) {
            return console;
        }
    }
}
