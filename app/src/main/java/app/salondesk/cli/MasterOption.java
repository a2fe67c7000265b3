package app.salondesk.cli;

import app.salondesk.model.staff.MasterDetails;
import picocli.CommandLine.Option;

/** {@code --master ID|NAME}: the master a setup command changes, by id or by name. */
final class MasterOption {

    @Option(names = "--master", required = true, paramLabel = "ID|NAME", descriptionKey = "setup.master",
            description = "The master, by id or by name.")
    String idOrName;

    /** The one master of the salon it names, or the one-line refusal (unknown, or two of that name). */
    MasterDetails in(Setup setup) throws CliInvalid {
        return setup.master(idOrName);
    }
}
