package app.salondesk.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * {@code serve --config FILE} (issue 37): the same settings as serve's options, and the database's
 * ({@code db-url}, {@code user}), from a properties file — one {@code name = value} a line, the
 * option's long name without its dashes ({@code port = 8080}, {@code base-url = https://…},
 * {@code behind-proxy = true}). An option given on the command line wins over the file, the file
 * over the environment. Passwords stay in the environment (the unit's EnvironmentFile), never here.
 *
 * <p>picocli applies defaults before it reads the arguments, so the file is only known once they
 * are parsed: then the command line is parsed again with the file as the defaults' provider.
 */
final class ServeConfig {

    private ServeConfig() {
    }

    /** Runs the parsed command; a serve with --config runs again with the file's settings as defaults. */
    static int execute(ParseResult parsed, java.util.function.Supplier<CommandLine> fresh) {
        ParseResult serve = parsed.subcommand();
        if (serve == null || !"serve".equals(serve.commandSpec().name()) || !serve.hasMatchedOption("--config")
                || parsed.isUsageHelpRequested() || serve.isUsageHelpRequested() || serve.isVersionHelpRequested()) {
            return new CommandLine.RunLast().execute(parsed);
        }
        Path file = serve.matchedOptionValue("--config", null);
        Properties settings = read(serve.commandSpec().commandLine(), file);
        CommandLine first = parsed.commandSpec().commandLine();
        CommandLine again = fresh.get();
        again.setOut(first.getOut());
        again.setErr(first.getErr());
        CommandLine.PropertiesDefaultProvider fromFile = new CommandLine.PropertiesDefaultProvider(settings);
        again.setDefaultValueProvider(fromFile);
        again.getSubcommands().get("serve").setDefaultValueProvider(fromFile);
        again.setExecutionStrategy(new CommandLine.RunLast());
        return again.execute(parsed.originalArgs().toArray(String[]::new));
    }

    private static Properties read(CommandLine cl, Path file) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new CommandLine.ParameterException(cl, "--config: no such file: " + file);
        } catch (IOException e) {
            throw new UncheckedIOException("--config: cannot read " + file, e);
        }
        for (String name : p.stringPropertyNames()) {
            if (name.contains("password") || name.equals("config")) {
                throw new CommandLine.ParameterException(cl, "--config " + file + ": " + name
                        + " may not be set there (passwords come from the environment)");
            }
        }
        return p;
    }
}
