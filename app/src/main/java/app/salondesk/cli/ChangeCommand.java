package app.salondesk.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * A change of existing bookings ({@code bookings move|status|note|show}, {@code series move|cancel},
 * {@code visits move}): {@code --tenant}, {@code -h} (their {@code --version} is the booking's, not
 * the program's, so the standard help options do not fit), and {@link BookingChange#run}, which
 * finds the salon, writes through the engine and turns each answer into its line and exit code.
 * A subcommand declares its options and writes only {@link #run(BookingChange)}.
 */
abstract class ChangeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    SalonOption salon;

    @Option(names = {"-h", "--help"}, usageHelp = true, descriptionKey = "help", description = "Show this help message and exit.")
    boolean help;

    @Override
    public final Integer call() {
        return BookingChange.run((SalonDeskCommand) spec.root().userObject(), spec.commandLine().getOut(), salon.tenant, this::run);
    }

    /** The command's own change, once the salon is known; its exit code. */
    abstract int run(BookingChange change) throws CliInvalid;
}
