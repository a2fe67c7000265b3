package app.salondesk.cli;

import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.model.catalog.ServiceDetails;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.math.BigDecimal;

/** The salon's price list. For its admins. */
@Command(name = "services", mixinStandardHelpOptions = true, description = "The salon's services: its price list (its admins).",
        subcommands = {ServicesCommand.Add.class, ServicesCommand.ListServices.class, ServicesCommand.SetService.class,
                ServicesCommand.Deactivate.class, ServicesCommand.Activate.class})
final class ServicesCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A service's name is unique in its salon (the schema says so too: 23505). */
    static void nameIsFree(Setup setup, String name, Long except) throws CliInvalid {
        for (ServiceDetails s : Setup.named(new ServiceRepository(setup.dsl).findAll(setup.salon.id()), name, ServiceDetails::name)) {
            if (except == null || s.id() != except) {
                throw new CliInvalid(setup.messages.format("cli.invalid.serviceExists", s.name(), s.id()));
            }
        }
    }

    /** "3	Women's haircut	Hair	60 min	450.00	active" (the shape is listed by {@code services list}) */
    static String line(ServiceDetails s) {
        return s.id() + "\t" + s.name() + "\t" + s.category() + "\t" + s.durationMin() + " min\t" + s.price().toPlainString() + "\t"
                + (s.active() ? "active" : "inactive");
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Add a service to the price list. Prints service_id=N.",
                    "Masters do it once it is given to them (masters services --add, or masters add --services)."})
    static final class Add extends SalonCommand {
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "The service's name (1 to 200 characters, unique in the salon).")
        String name;
        @Option(names = "--duration", paramLabel = "MINUTES", description = "How long it usually takes, 1 to 720 minutes (or give --phases).")
        String duration;
        @Option(names = "--phases", paramLabel = "KIND:MIN,...",
                description = "Its phases, e.g. busy:30,processing:40,busy:30: processing is the master's free time while the client stays. "
                        + "The service lasts their sum.")
        String phases;
        @Option(names = "--cleanup", paramLabel = "MINUTES", description = "The master's time after the client has gone, 0 to 120 minutes.")
        String cleanup;
        @Option(names = "--price", required = true, paramLabel = "AMOUNT", description = "Its usual price in the salon's currency, e.g. 450 or 450.50.")
        String price;
        @Option(names = "--category", paramLabel = "TEXT", description = "Its group on the price list, e.g. Hair or Nails.")
        String category;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            SetupInput in = setup.input;
            String n = in.name(name);
            app.salondesk.model.catalog.Phases shape = phases == null ? null : in.phases(phases);
            int minutes = shape != null ? shape.minutes() : in.minutes(duration);
            if (shape != null && duration != null && in.minutes(duration) != minutes) {
                throw new CliInvalid(setup.messages.format("cli.invalid.phasesNotDuration", shape.text(), minutes, in.minutes(duration)));
            }
            int clean = cleanup == null ? 0 : in.cleanup(cleanup);
            if (minutes + clean > app.salondesk.model.catalog.Phases.MAX_MINUTES) {
                throw new CliInvalid(setup.messages.format("cli.invalid.minutes", minutes + clean, app.salondesk.model.catalog.Phases.MAX_MINUTES));
            }
            BigDecimal amount = in.price(price);
            String c = in.text(category, "--category", SetupInput.MAX_CATEGORY);
            nameIsFree(setup, n, null);
            ServiceRepository repo = new ServiceRepository(setup.dsl);
            long[] id = new long[1];
            // the service and its shape in one transaction: a refused shape leaves no service
            setup.dsl.transaction(cfg -> {
                ServiceRepository tx = new ServiceRepository(cfg.dsl());
                id[0] = tx.add(setup.salon.id(), n, c, minutes, amount);
                if (shape != null || clean > 0) {
                    tx.setShape(setup.salon.id(), id[0], shape, clean);
                }
            });
            out.println("service_id=" + id[0]);
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List the services by category and name.",
                    "One tab-separated line each: id, name, category, minutes, price, active or inactive;",
                    "then its phases and cleanup, when it has them (busy:30,processing:40,busy:30, cleanup:10)."})
    static final class ListServices extends SalonCommand {
        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            ServiceRepository repo = new ServiceRepository(setup.dsl);
            for (ServiceDetails s : repo.findAll(setup.salon.id())) {
                // a service of phases or with a cleanup says so after the usual columns
                ServiceRepository.Shape shape = repo.shape(setup.salon.id(), s.id()).orElse(new ServiceRepository.Shape(null, 0));
                String extra = (shape.phases() == null ? "" : "\t" + shape.phases().text())
                        + (shape.cleanupMin() == 0 ? "" : "\tcleanup:" + shape.cleanupMin());
                out.println(line(s) + extra);
            }
            return 0;
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Change a service's name, length, price or category; what is not given stays.",
                    "Bookings made already keep their length."})
    static final class SetService extends SalonCommand {
        @Mixin
        ServiceOption service;
        @Option(names = "--name", paramLabel = "NAME", description = "The new name (1 to 200 characters, unique in the salon).")
        String name;
        @Option(names = "--duration", paramLabel = "MINUTES", description = "How long it usually takes, 1 to 720 minutes.")
        String duration;
        @Option(names = "--phases", paramLabel = "KIND:MIN,...",
                description = "Its phases, e.g. busy:30,processing:40,busy:30 (the service then lasts their sum), or busy:MIN for one.")
        String phases;
        @Option(names = "--cleanup", paramLabel = "MINUTES", description = "The master's time after the client has gone, 0 to 120 minutes.")
        String cleanup;
        @Option(names = "--price", paramLabel = "AMOUNT", description = "Its usual price in the salon's currency, e.g. 450 or 450.50.")
        String price;
        @Option(names = "--category", paramLabel = "TEXT", description = "Its group on the price list, e.g. Hair or Nails.")
        String category;
        @Option(names = "--needs-patch-test", paramLabel = "DAYS|none",
                description = "A booking needs the client's patch test passed within this many days (1 to 3650); none: no test needed.")
        String needsPatchTest;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            ServiceDetails s = service.in(setup);
            if (name == null && duration == null && price == null && category == null && phases == null && cleanup == null
                    && needsPatchTest == null) {
                throw new CliInvalid(setup.messages.get("cli.invalid.nothingToChange"));
            }
            Integer patchDays = null;
            if (needsPatchTest != null && !needsPatchTest.strip().equalsIgnoreCase("none")) {
                try {
                    patchDays = Integer.valueOf(needsPatchTest.strip());
                } catch (NumberFormatException e) {
                    patchDays = -1;
                }
                if (patchDays < 1 || patchDays > 3650) {
                    throw new CliInvalid(setup.messages.format("cli.invalid.patchTestDays", needsPatchTest));
                }
            }
            if (needsPatchTest != null && name == null && duration == null && price == null && category == null && phases == null
                    && cleanup == null) {
                new ServiceRepository(setup.dsl).setPatchTestDays(setup.salon.id(), s.id(), patchDays);
                out.println("updated service " + line(s) + patchTest(patchDays));
                return 0;
            }
            SetupInput in = setup.input;
            ServiceDetails now = new ServiceDetails(s.id(), name == null ? s.name() : in.name(name),
                    category == null ? s.category() : in.text(category, "--category", SetupInput.MAX_CATEGORY),
                    duration == null ? s.durationMin() : in.minutes(duration),
                    price == null ? s.price() : in.price(price), s.active());
            nameIsFree(setup, now.name(), s.id());
            app.salondesk.model.catalog.Phases shape = phases == null ? null : in.phases(phases);
            Integer clean = cleanup == null ? null : in.cleanup(cleanup);
            ServiceDetails[] after = {now};
            Integer days = patchDays;
            setup.dsl.transaction(cfg -> {
                ServiceRepository tx = new ServiceRepository(cfg.dsl());
                tx.update(setup.salon.id(), s.id(), now.name(), now.category(), now.durationMin(), now.price());
                if (needsPatchTest != null) {
                    tx.setPatchTestDays(setup.salon.id(), s.id(), days);
                }
                if (shape != null || clean != null) {
                    int c = clean != null ? clean : tx.shape(setup.salon.id(), s.id()).map(ServiceRepository.Shape::cleanupMin).orElse(0);
                    tx.setShape(setup.salon.id(), s.id(), shape, c);
                    after[0] = tx.findAll(setup.salon.id()).stream().filter(x -> x.id() == s.id()).findFirst().orElse(now);
                }
            });
            out.println("updated service " + line(after[0]) + (needsPatchTest == null ? "" : patchTest(days)));
            return 0;
        }

        private static String patchTest(Integer days) {
            return " needs_patch_test=" + (days == null ? "none" : days + "d");
        }
    }

    @Command(name = "deactivate", mixinStandardHelpOptions = true,
            description = "Stop selling a service: it is no longer offered; its bookings and history stay.")
    static final class Deactivate extends SalonCommand {
        @Mixin
        ServiceOption service;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            ServiceDetails s = service.in(setup);
            new ServiceRepository(setup.dsl).setActive(setup.salon.id(), s.id(), false);
            out.println("deactivated service #" + s.id() + " " + s.name());
            return 0;
        }
    }

    @Command(name = "activate", mixinStandardHelpOptions = true, description = "Sell a service again.")
    static final class Activate extends SalonCommand {
        @Mixin
        ServiceOption service;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            ServiceDetails s = service.in(setup);
            new ServiceRepository(setup.dsl).setActive(setup.salon.id(), s.id(), true);
            out.println("activated service #" + s.id() + " " + s.name());
            return 0;
        }
    }
}
