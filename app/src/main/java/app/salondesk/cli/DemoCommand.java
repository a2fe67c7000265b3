package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.Backend;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.time.Clock;
import java.util.concurrent.Callable;

@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Add the demo salon (masters, services, clients, two weeks of bookings) to the database. Running it again changes nothing.")
final class DemoCommand implements Callable<Integer> {

    @ParentCommand
    SalonDeskCommand root;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try (Backend backend = root.openBackendForSetup()) {
            Salon salon = new DemoSalon(backend.dsl(), Clock.systemUTC(), Messages.forDefaultLocale()).seed();
            var out = spec.commandLine().getOut();
            out.println(Messages.forDefaultLocale().format("cli.demoSeeded", salon.name(), salon.id()));
            out.println("salon_id=" + salon.id());
        }
        return 0;
    }
}
