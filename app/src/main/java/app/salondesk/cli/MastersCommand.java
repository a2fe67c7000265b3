package app.salondesk.cli;

import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.staff.MasterDetails;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The salon's masters: the calendar's columns. For its admins. */
@Command(name = "masters", mixinStandardHelpOptions = true, description = "The salon's masters (its admins).",
        subcommands = {MastersCommand.Add.class, MastersCommand.ListMasters.class, MastersCommand.SetMaster.class,
                MastersCommand.Deactivate.class, MastersCommand.Activate.class, MasterServicesCommand.class})
final class MastersCommand implements Runnable {

    /** Colours a new master gets, one not taken yet where there is one: columns told apart at a glance. */
    static final List<String> PALETTE = List.of("#e91e63", "#3f51b5", "#009688", "#ff9800", "#9c27b0", "#4caf50",
            "#795548", "#03a9f4", "#f44336", "#607d8b", "#cddc39", "#673ab7");

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** No two masters of a salon answer to one name: the command line and the imports find them by it. */
    static void nameIsFree(Setup setup, String name, Long except) throws CliInvalid {
        for (MasterDetails m : Setup.named(new MasterRepository(setup.dsl).findAll(setup.salon.id()), name, MasterDetails::name)) {
            if (except == null || m.id() != except) {
                throw new CliInvalid(setup.messages.format("cli.invalid.masterExists", m.name(), m.id()));
            }
        }
    }

    static String nextColour(List<MasterDetails> masters) {
        Set<String> taken = masters.stream().map(m -> m.colour().toLowerCase(java.util.Locale.ROOT)).collect(Collectors.toSet());
        return PALETTE.stream().filter(c -> !taken.contains(c)).findFirst().orElse(PALETTE.get(masters.size() % PALETTE.size()));
    }

    /**
     * A new master and the services they do, written whole or not at all (the repository's
     * transaction). Checked before: the name, the colour, that every service exists.
     */
    static long add(Setup setup, String name, String colour, List<ServiceDetails> services) {
        return new MasterRepository(setup.dsl).addWithServices(setup.salon.id(), name, colour,
                services.stream().map(ServiceDetails::id).toList());
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Add a master as the calendar's last column. Prints master_id=N.",
                    "They take bookings once they have working hours (hours set)."})
    static final class Add extends SalonCommand {
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "The master's name (1 to 200 characters).")
        String name;
        @Option(names = "--colour", paramLabel = "#RRGGBB", description = "Their colour in the calendar (default: one not taken yet).")
        String colour;
        @Option(names = "--services", paramLabel = "A,B", description = "The services they do, by name, comma-separated.")
        String services;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            String n = setup.input.name(name);
            nameIsFree(setup, n, null);
            String c = colour == null ? nextColour(new MasterRepository(setup.dsl).findAll(setup.salon.id())) : setup.input.colour(colour);
            long id = add(setup, n, c, setup.services(services));
            out.println("master_id=" + id);
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List the masters in the calendar's column order.",
                    "One tab-separated line each: id, name, colour, active or inactive, the services they do."})
    static final class ListMasters extends SalonCommand {
        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            ServiceRepository repository = new ServiceRepository(setup.dsl);
            Map<Long, String> serviceNames = repository.findAll(setup.salon.id()).stream()
                    .collect(Collectors.toMap(ServiceDetails::id, ServiceDetails::name));
            Map<Long, List<Offer>> offers = repository.offers(setup.salon.id()).stream().collect(Collectors.groupingBy(Offer::masterId));
            for (MasterDetails m : new MasterRepository(setup.dsl).findAll(setup.salon.id())) {
                String does = offers.getOrDefault(m.id(), List.of()).stream().map(o -> serviceNames.get(o.serviceId()))
                        .sorted().collect(Collectors.joining(", "));
                out.println(m.id() + "\t" + m.name() + "\t" + m.colour() + "\t" + (m.active() ? "active" : "inactive") + "\t" + does);
            }
            return 0;
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true, description = "Rename or recolour a master; what is not given stays.")
    static final class SetMaster extends SalonCommand {
        @Mixin
        MasterOption master;
        @Option(names = "--name", paramLabel = "NAME", description = "The new name (1 to 200 characters).")
        String name;
        @Option(names = "--colour", paramLabel = "#RRGGBB", description = "The new colour in the calendar.")
        String colour;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MasterDetails m = master.in(setup);
            if (name == null && colour == null) {
                throw new CliInvalid(setup.messages.get("cli.invalid.nothingToChange"));
            }
            String n = name == null ? m.name() : setup.input.name(name);
            String c = colour == null ? m.colour() : setup.input.colour(colour);
            nameIsFree(setup, n, m.id());
            new MasterRepository(setup.dsl).update(setup.salon.id(), m.id(), n, c);
            out.println("updated master #" + m.id() + " " + n + " " + c);
            return 0;
        }
    }

    @Command(name = "deactivate", mixinStandardHelpOptions = true,
            description = {"Deactivate a master who leaves: no new bookings, off the calendar; the history stays.",
                    "Their future bookings stay too and are listed, one line each: move or cancel them in the calendar."})
    static final class Deactivate extends SalonCommand {
        @Mixin
        MasterOption master;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MasterDetails m = master.in(setup);
            new MasterRepository(setup.dsl).setActive(setup.salon.id(), m.id(), false);
            out.println("deactivated master #" + m.id() + " " + m.name());
            setup.inTheWay(setup.warnInTheWay(m, Instant.now(), Setup.FAR_FUTURE));
            return 0;
        }
    }

    @Command(name = "activate", mixinStandardHelpOptions = true, description = "Activate a master again: they take bookings again.")
    static final class Activate extends SalonCommand {
        @Mixin
        MasterOption master;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MasterDetails m = master.in(setup);
            new MasterRepository(setup.dsl).setActive(setup.salon.id(), m.id(), true);
            out.println("activated master #" + m.id() + " " + m.name());
            return 0;
        }
    }
}
