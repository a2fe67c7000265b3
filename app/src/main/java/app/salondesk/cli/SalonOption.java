package app.salondesk.cli;

import picocli.CommandLine.Option;

/** {@code --tenant ID}: which salon, for every setup command (the staff's own, else given). */
final class SalonOption {

    @Option(names = "--tenant", paramLabel = "ID", descriptionKey = "setup.tenant",
            description = "The salon (needed when the database holds several).")
    Long tenant;
}
