package app.salondesk.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * A command that works on one salon, which is most of them: {@code --tenant}, the database
 * opened for it and closed after, its output, and what it refuses — input it cannot use
 * ({@link CliInvalid}) and what the database refused (a permission, a duplicate, a check) — as
 * one {@code invalid: …} line and exit code 2 ({@link Setup#run}). A subcommand extends it,
 * declares its own options and writes only {@link #run(Setup)}:
 *
 * <pre>{@code
 * @Command(name = "activate", mixinStandardHelpOptions = true, description = "Activate a master again.")
 * static final class Activate extends SalonCommand {
 *     @Mixin
 *     MasterOption master;
 *
 *     @Override
 *     int run(Setup setup) throws CliInvalid {
 *         MasterDetails m = master.in(setup);
 *         new MasterRepository(setup.dsl).setActive(setup.salon.id(), m.id(), true);
 *         setup.out.println("activated master #" + m.id() + " " + m.name());
 *         return 0;
 *     }
 * }
 * }</pre>
 */
abstract class SalonCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    SalonOption salon;

    @Override
    public final Integer call() {
        SalonDeskCommand root = (SalonDeskCommand) spec.root().userObject();
        return Setup.run(root, spec.commandLine().getOut(), tenant(), readsSeveralSalons(), this::run);
    }

    /** The salon asked for: {@code --tenant} (a command may name it otherwise too). */
    Long tenant() {
        return salon.tenant;
    }

    /**
     * Whether the command may run where the login sees several salons without one named (a chain's report):
     * the first of them is the setup's salon then, and the command reads the others itself.
     */
    boolean readsSeveralSalons() {
        return false;
    }

    /** The command's own work, on the salon found; its exit code. */
    abstract int run(Setup setup) throws CliInvalid;
}
