package app.salondesk.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "import", mixinStandardHelpOptions = true, description = "Import data from files.",
        subcommands = {ImportSetupCommands.Clients.class, ImportSetupCommands.Services.class, ImportSetupCommands.Masters.class,
                ImportBookingsCommand.class})
final class ImportCommand implements Runnable {

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
