package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.runtime.Backend;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "db", description = "Database maintenance.", mixinStandardHelpOptions = true,
        subcommands = DbCommand.Migrate.class)
final class DbCommand implements Runnable {

    @ParentCommand
    SalonDeskCommand root;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "migrate", description = "Bring the database schema up to date and exit.", mixinStandardHelpOptions = true)
    static final class Migrate implements Callable<Integer> {
        @ParentCommand
        DbCommand db;

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            // opening the backend runs the migrations
            try (Backend backend = db.root.openBackendForSetup()) {
                Integer version = backend.dsl().resultQuery(
                        "SELECT max(version::int) FROM flyway_schema_history WHERE success").fetchOne(0, Integer.class);
                Messages m = Messages.forDefaultLocale();
                spec.commandLine().getOut().println(m.format("cli.migrated", version));
                spec.commandLine().getOut().println("schema_version=" + version);
                if (!backend.embedded()) {
                    // the one step of a shared server's setup that no migration can make (README, step 2)
                    List<String> missing = SuperuserStep.missing(backend.dsl(), m);
                    if (!missing.isEmpty()) {
                        spec.commandLine().getErr().println(m.format("cli.superuserStepMissing", String.join("; ", missing)));
                        spec.commandLine().getErr().flush();
                    }
                }
            }
            return 0;
        }
    }
}
