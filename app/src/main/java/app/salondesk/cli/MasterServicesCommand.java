package app.salondesk.cli;

import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.staff.MasterDetails;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Who does what: the services a master does, each with the master's own length and price
 * where they differ from the service's (a senior stylist's haircut: 45 minutes, dearer).
 */
@Command(name = "services", mixinStandardHelpOptions = true,
        description = {"The services a master does, with the master's own length and price.",
                "Lists them after any change (or without --add/--remove), one tab-separated line each: service id, "
                + "name, minutes, price, and 'own' where the master's differ from the service's, else 'default'. "
                + "--duration and --price with --add set the master's own length and price of those services (without "
                + "them: the service's). --phases and --cleanup with --add set her own phases and cleanup of them; "
                + "'--phases service' and '--cleanup service' give her the service's again."})
final class MasterServicesCommand extends SalonCommand {

    @Mixin
    MasterOption master;

    @Option(names = "--add", paramLabel = "A,B", description = "Services the master does from now on (or whose length or price changes), by name.")
    String add;

    @Option(names = "--remove", paramLabel = "A,B", description = "Services the master no longer does, by name.")
    String remove;

    @Option(names = "--duration", paramLabel = "MINUTES", description = "The master's own length of the services added (1 to 720).")
    String duration;

    @Option(names = "--price", paramLabel = "AMOUNT", description = "The master's own price of the services added, e.g. 650 or 650.50.")
    String price;

    @Option(names = "--phases", paramLabel = "KIND:MIN,...|service",
            description = {"The master's own phases of the services added, e.g. busy:20,processing:50,busy:20 (her length is their sum);",
                    "'service': the service's phases again, her own dropped (her length the service's, or --duration)."})
    String phases;

    @Option(names = "--cleanup", paramLabel = "MINUTES|service",
            description = "The master's own cleanup after the services added, 0 to 120 minutes; 'service': the service's again.")
    String cleanup;

    /** The word that gives a master the service's own phases or cleanup back. */
    static final String SERVICES = "service";

    @Override
    int run(Setup setup) throws CliInvalid {
        PrintWriter out = setup.out;
        MasterDetails m = master.in(setup);
        if (add == null && (duration != null || price != null || phases != null || cleanup != null)) {
            throw new CliInvalid(setup.messages.get("cli.invalid.ownWithoutAdd"));
        }
        Integer minutes = duration == null ? null : setup.input.minutes(duration);
        BigDecimal amount = price == null ? null : setup.input.price(price);
        List<ServiceDetails> adding = setup.services(add);
        List<ServiceDetails> removing = setup.services(remove);
        // "service": hers are dropped and the service's apply again (issue 31: there was no way back)
        boolean servicePhases = SERVICES.equalsIgnoreCase(phases == null ? "" : phases.strip());
        boolean serviceCleanup = SERVICES.equalsIgnoreCase(cleanup == null ? "" : cleanup.strip());
        app.salondesk.model.catalog.Phases own = phases == null || servicePhases ? null : setup.input.phases(phases);
        Integer clean = cleanup == null || serviceCleanup ? null : setup.input.cleanup(cleanup);
        if (own != null) {
            minutes = own.minutes();
        }
        if (!adding.isEmpty() || !removing.isEmpty()) {
            Integer length = minutes;
            // the offers and her own shape of them together, or none of it
            setup.dsl.transaction(cfg -> {
                ServiceRepository tx = new ServiceRepository(cfg.dsl());
                change(tx, setup.salon.id(), m, adding, removing, length, amount);
                for (ServiceDetails sv : adding) {
                    if (servicePhases) {
                        tx.useServicePhases(setup.salon.id(), m.id(), sv.id(), length, clean);
                    } else if (own != null || clean != null || serviceCleanup) {
                        tx.setOwnShape(setup.salon.id(), m.id(), sv.id(), own, clean);
                    }
                }
            });
        }
        list(setup, m, out);
        return 0;
    }

    /** Everything asked for, as one change: all of it or none (the repository's transaction). */
    private static void change(ServiceRepository repository, long salon, MasterDetails m, List<ServiceDetails> adding,
                               List<ServiceDetails> removing, Integer minutes, BigDecimal amount) {
        repository.saveOffers(salon,
                adding.stream().map(s -> new Offer(m.id(), s.id(), minutes, amount)).toList(),
                removing.stream().map(s -> new Offer(m.id(), s.id(), null, null)).toList());
    }

    /** What the master does now, with the length and price a booking gets. */
    private static void list(Setup setup, MasterDetails m, PrintWriter out) {
        ServiceRepository repository = new ServiceRepository(setup.dsl);
        Map<Long, ServiceDetails> services = repository.findAll(setup.salon.id()).stream()
                .collect(Collectors.toMap(ServiceDetails::id, Function.identity()));
        for (Offer o : repository.offers(setup.salon.id())) {
            if (o.masterId() != m.id()) {
                continue;
            }
            ServiceDetails s = services.get(o.serviceId());
            boolean own = o.durationMin() != null || o.price() != null;
            ServiceRepository.Shape shape = repository.ownShape(setup.salon.id(), m.id(), s.id());
            String extra = (shape.phases() == null ? "" : "\t" + shape.phases().text())
                    + (shape.cleanupMin() < 0 ? "" : "\tcleanup:" + shape.cleanupMin());
            out.println(s.id() + "\t" + s.name() + "\t" + (o.durationMin() != null ? o.durationMin() : s.durationMin()) + " min\t"
                    + (o.price() != null ? o.price() : s.price()).toPlainString() + "\t" + (own ? "own" : "default") + extra);
        }
    }
}
