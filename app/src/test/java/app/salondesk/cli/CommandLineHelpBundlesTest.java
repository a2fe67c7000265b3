package app.salondesk.cli;

import app.salondesk.runtime.AppHome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command and option explains itself in Ukrainian and Russian, not only in the English
 * of the annotations: a command added without its help in help_uk and help_ru fails here. The
 * keys are picocli's: the command's qualified name, then the option's description key or its
 * longest name; an unqualified description key serves every command that shares the option.
 */
class CommandLineHelpBundlesTest {

    @TempDir
    Path home;

    @Test
    void everyCommandAndOptionHasUkrainianAndRussianHelp() {
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (String language : List.of("uk", "ru")) {
            ResourceBundle bundle = ResourceBundle.getBundle("app.salondesk.cli.help", Locale.forLanguageTag(language),
                    ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
            List<CommandLine> commands = new ArrayList<>();
            collect(SalonDeskCommand.commandLine(new AppHome(home)), commands);
            for (CommandLine cl : commands) {
                CommandSpec spec = cl.getCommandSpec();
                String q = spec.qualifiedName(".");
                checked++;
                if (!bundle.containsKey(q + ".usage.description") && !bundle.containsKey(q + ".usage.description.0")) {
                    missing.add(language + ": " + q + ".usage.description");
                }
                for (OptionSpec o : spec.options()) {
                    if (o.usageHelp() || o.versionHelp()) {
                        continue;
                    }
                    String key = o.descriptionKey().isEmpty() ? o.longestName().replaceFirst("^-+", "") : o.descriptionKey();
                    if (!bundle.containsKey(q + "." + key) && !bundle.containsKey(key)) {
                        missing.add(language + ": " + q + "." + key);
                    }
                }
                for (PositionalParamSpec p : spec.positionalParameters()) {
                    String key = p.descriptionKey();
                    if (key.isEmpty() || !bundle.containsKey(q + "." + key) && !bundle.containsKey(key)) {
                        missing.add(language + ": " + q + "." + (key.isEmpty() ? p.paramLabel() + " (give it a descriptionKey)" : key));
                    }
                }
            }
        }
        assertTrue(checked > 40, "the walk found the commands (" + checked + ")");
        assertEquals(List.of(), missing);
    }

    @Test
    void aSetupCommandsHelpIsUkrainian() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("uk"));
            CommandLine cl = SalonDeskCommand.commandLine(new AppHome(home));
            java.io.StringWriter out = new java.io.StringWriter();
            cl.setOut(new java.io.PrintWriter(out, true));
            assertEquals(0, cl.execute("hours", "set", "--help"));
            assertTrue(out.toString().startsWith("Використання: salondesk hours set"), out.toString());
            assertTrue(out.toString().contains("1 (понеділок) – 7 (неділя)"), out.toString());
        } finally {
            Locale.setDefault(saved);
        }
    }

    private static void collect(CommandLine cl, List<CommandLine> into) {
        into.add(cl);
        cl.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
    }
}
