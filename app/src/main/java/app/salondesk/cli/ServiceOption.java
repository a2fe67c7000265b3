package app.salondesk.cli;

import app.salondesk.model.catalog.ServiceDetails;
import picocli.CommandLine.Option;

/** {@code --service ID|NAME}: the service a setup command changes, by id or by name. */
final class ServiceOption {

    @Option(names = "--service", required = true, paramLabel = "ID|NAME", descriptionKey = "setup.service",
            description = "The service, by id or by name.")
    String idOrName;

    /** The one service of the salon it names, or the one-line refusal (unknown, or two of that name). */
    ServiceDetails in(Setup setup) throws CliInvalid {
        return setup.service(idOrName);
    }
}
