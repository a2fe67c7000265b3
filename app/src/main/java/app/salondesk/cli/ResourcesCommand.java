package app.salondesk.cli;

import app.salondesk.logic.catalog.ResourceRepository;
import app.salondesk.model.catalog.ServiceDetails;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The salon's rooms and equipment, and which services need them. For its admins. */
@Command(name = "resources", mixinStandardHelpOptions = true,
        description = "Rooms and equipment (a pedicure chair, two washing stations): never booked twice at once (its admins).",
        subcommands = {ResourcesCommand.Add.class, ResourcesCommand.ListResources.class, ResourcesCommand.Change.class,
                ResourcesCommand.Need.class})
final class ResourcesCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "add", mixinStandardHelpOptions = true, description = "Add a room or a piece of equipment. Prints resource_id=N.")
    static final class Add extends SalonCommand {
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "Its name (1 to 200 characters, unique in the salon).")
        String name;
        @Option(names = "--capacity", paramLabel = "N", description = "How many of it there are: N bookings at once (1 to 50, default 1).")
        String capacity;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            String n = setup.input.name(name);
            int cap = capacity == null ? 1 : setup.input.capacity(capacity);
            boolean taken = new ResourceRepository(setup.dsl).findAll(setup.salon.id()).stream()
                    .anyMatch(r -> r.name().equalsIgnoreCase(n));
            if (taken) {
                throw new CliInvalid(setup.messages.format("cli.invalid.resourceExists", n));
            }
            out.println("resource_id=" + new ResourceRepository(setup.dsl).add(setup.salon.id(), n, cap));
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List the rooms and equipment.",
                    "One tab-separated line each: id, name, capacity, the services that need it, on (in use) or off."})
    static final class ListResources extends SalonCommand {
        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            var services = new app.salondesk.logic.catalog.ServiceRepository(setup.dsl).findAll(setup.salon.id()).stream()
                    .collect(Collectors.toMap(ServiceDetails::id, ServiceDetails::name));
            for (ResourceRepository.Resource r : new ResourceRepository(setup.dsl).findAll(setup.salon.id())) {
                out.println(r.id() + "\t" + r.name() + "\t" + r.capacity() + "\t"
                        + r.neededBy().stream().map(id -> services.getOrDefault(id, "#" + id)).collect(Collectors.joining(","))
                        + "\t" + (r.active() ? "on" : "off"));
            }
            return 0;
        }
    }

    @Command(name = "change", mixinStandardHelpOptions = true,
            description = {"Rename a room or a piece of equipment, change how many of it there are, or switch it off or on.",
                    "Refused, nothing changed, when future bookings hold a unit it would take away (or would find none free)."})
    static final class Change extends SalonCommand {
        @Option(names = "--resource", required = true, paramLabel = "ID|NAME", description = "The room or equipment, by id or by name.")
        String resource;
        @Option(names = "--name", paramLabel = "NAME", description = "Its new name (1 to 200 characters, unique in the salon).")
        String name;
        @Option(names = "--capacity", paramLabel = "N", description = "How many of it there are from now on (1 to 50).")
        String capacity;
        @Option(names = "--off", description = "Switch it off: no booking takes it any more (refused while future bookings hold it).")
        boolean off;
        @Option(names = "--on", description = "Switch it on again: the future bookings that need it each take a unit.")
        boolean on;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            if (off && on) {
                throw new CliInvalid(setup.messages.get("cli.invalid.onAndOff"));
            }
            ResourceRepository repo = new ResourceRepository(setup.dsl);
            List<ResourceRepository.Resource> all = repo.findAll(setup.salon.id());
            ResourceRepository.Resource r = find(setup, all, resource);
            String n = name == null ? r.name() : setup.input.name(name);
            if (all.stream().anyMatch(x -> x.id() != r.id() && x.name().equalsIgnoreCase(n))) {
                throw new CliInvalid(setup.messages.format("cli.invalid.resourceExists", n));
            }
            int cap = capacity == null ? r.capacity() : setup.input.capacity(capacity);
            boolean active = on || (!off && r.active());
            Optional<ResourceRepository.Refused> refused = repo.change(setup.salon.id(), r.id(), n, cap, active);
            if (refused.isPresent()) {
                throw new CliInvalid(refusal(setup, refused.get(), r.name(), cap, active, active && !r.active()));
            }
            out.println("resource #" + r.id() + " " + n + "\t" + cap + "\t" + (active ? "on" : "off"));
            return 0;
        }
    }

    /** A resource by id or by name. */
    static ResourceRepository.Resource find(Setup setup, List<ResourceRepository.Resource> all, String idOrName) throws CliInvalid {
        return all.stream()
                .filter(x -> Long.toString(x.id()).equals(idOrName.strip()) || x.name().equalsIgnoreCase(idOrName.strip()))
                .findFirst().orElseThrow(() -> new CliInvalid(setup.messages.format("cli.invalid.unknownResource", idOrName.strip())));
    }

    /** The database's refusal of a change of rooms, as the desk says it (migration 22). */
    static String refusal(Setup setup, ResourceRepository.Refused refused, String name, int capacity, boolean active, boolean switchingOn) {
        if (refused.why() == ResourceRepository.Refused.Why.WITHOUT_UNIT) {
            return setup.messages.format(switchingOn ? "resources.refused.on" : "resources.refused.need", name, refused.bookings());
        }
        return active ? setup.messages.format("resources.refused.count", name, refused.bookings(), capacity)
                : setup.messages.format("resources.refused.off", name, refused.bookings());
    }

    @Command(name = "need", mixinStandardHelpOptions = true,
            description = {"Say that a service needs a resource (or, with --remove, no longer does).",
                    "Its bookings each take a unit of it, future ones made already too (refused, nothing changed, when one would",
                    "find none free); with --remove, bookings made already keep theirs."})
    static final class Need extends SalonCommand {
        @Mixin
        ServiceOption service;
        @Option(names = "--resource", required = true, paramLabel = "ID|NAME", description = "The room or equipment, by id or by name.")
        String resource;
        @Option(names = "--remove", description = "The service no longer needs it.")
        boolean remove;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            ServiceDetails s = service.in(setup);
            ResourceRepository repo = new ResourceRepository(setup.dsl);
            ResourceRepository.Resource r = find(setup, repo.findAll(setup.salon.id()), resource);
            if (remove) {
                repo.unneed(setup.salon.id(), s.id(), r.id());
                out.println("service #" + s.id() + " " + s.name() + " no longer needs " + r.name());
            } else {
                Optional<ResourceRepository.Refused> refused = repo.need(setup.salon.id(), s.id(), r.id());
                if (refused.isPresent()) {
                    throw new CliInvalid(refusal(setup, refused.get(), r.name(), r.capacity(), true, false));
                }
                out.println("service #" + s.id() + " " + s.name() + " needs " + r.name());
            }
            return 0;
        }
    }
}
