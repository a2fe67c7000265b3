package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.SalonSettings;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.runtime.Backend;
import org.jooq.exception.DataAccessException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** Salons (tenants): the owner adds them; a salon's admins change its settings. */
@Command(name = "salons", mixinStandardHelpOptions = true, description = "Salons: add one (the database owner), list them, change one's settings.",
        subcommands = {SalonsCommand.Add.class, SalonsCommand.ListSalons.class, SalonsCommand.Set.class})
final class SalonsCommand implements Runnable {

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs an owner's job (no warning about the owner's login: it is what the login is for). */
    int asOwner(PrintWriter out, OwnerWork work) {
        Messages messages = Messages.forDefaultLocale();
        try (Backend backend = root.openBackendForSetup()) {
            return work.run(new SalonRepository(backend.dsl()), messages);
        } catch (CliInvalid e) {
            out.println("invalid: " + e.getMessage());
            return BookingTools.EXIT_INVALID;
        } catch (DataAccessException e) {
            out.println("invalid: " + Setup.refusal(e, messages).orElseThrow(() -> e));
            return BookingTools.EXIT_INVALID;
        }
    }

    interface OwnerWork {
        int run(SalonRepository salons, Messages messages) throws CliInvalid;
    }

    /** "1	Lotus Nails	Europe/Kyiv	UAH	UA	+380441234567	Khreshchatyk 1[	demo]" */
    static String line(long id, SalonSettings s, boolean demo) {
        return id + "\t" + s.name() + "\t" + s.zone().getId() + "\t" + s.currency().getCurrencyCode() + "\t" + s.country()
                + "\t" + s.phone() + "\t" + s.address() + (demo ? "\tdemo" : "");
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Add a salon (the database owner only). Prints salon_id=N.",
                    "Then add its first admin with users add --tenant N."})
    static final class Add implements Callable<Integer> {
        @ParentCommand
        SalonsCommand salons;
        @Spec
        CommandSpec spec;
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "The salon's name (1 to 200 characters).")
        String name;
        @Option(names = "--time-zone", required = true, paramLabel = "ZONE", description = "Its IANA time zone, e.g. Europe/Kyiv: every time is shown in it.")
        String zone;
        @Option(names = "--currency", required = true, paramLabel = "CODE", description = "ISO 4217 currency of its prices, e.g. UAH.")
        String currency;
        @Option(names = "--country", required = true, paramLabel = "CC",
                description = "ISO 3166 country code, e.g. UA: how phone numbers without +code are read.")
        String country;
        @Option(names = "--address", paramLabel = "TEXT", description = "Its address.")
        String address;
        @Option(names = "--phone", paramLabel = "TEXT", description = "Its phone number.")
        String phone;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            return salons.asOwner(out, (repository, messages) -> {
                SetupInput in = new SetupInput(messages);
                SalonSettings settings = new SalonSettings(in.name(name), orEmpty(in.text(address, "--address", SetupInput.MAX_ADDRESS)),
                        orEmpty(in.text(phone, "--phone", SetupInput.MAX_PHONE)), in.zone(zone), in.currency(currency), in.country(country));
                // a script run twice must not make two salons of one
                List<Salon> same = Setup.named(repository.findAll(), settings.name(), Salon::name);
                if (!same.isEmpty()) {
                    throw new CliInvalid(messages.format("cli.invalid.salonExists", settings.name(), same.get(0).id()));
                }
                long id = repository.create(settings, false);
                out.println("salon_id=" + id);
                return 0;
            });
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List the salons this login sees (the owner: all).",
                    "One tab-separated line each: id, name, time zone, currency, country, phone, address ('demo' for the demo salon)."})
    static final class ListSalons implements Callable<Integer> {
        @ParentCommand
        SalonsCommand salons;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            return salons.asOwner(out, (repository, messages) -> {
                for (Salon salon : repository.findAll()) {
                    repository.settings(salon.id()).ifPresent(s -> out.println(line(salon.id(), s, repository.isDemo(salon.id()))));
                }
                return 0;
            });
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Change a salon's settings (its admins, or the owner); what is not given stays.",
                    "A new time zone keeps bookings at their instants: those now outside the hours are listed."})
    static final class Set extends SalonCommand {
        @Option(names = "--name", paramLabel = "NAME", description = "The salon's name (1 to 200 characters).")
        String name;
        @Option(names = "--time-zone", paramLabel = "ZONE", description = "Its IANA time zone, e.g. Europe/Kyiv: every time is shown in it.")
        String zone;
        @Option(names = "--currency", paramLabel = "CODE", description = "ISO 4217 currency of its prices, e.g. UAH.")
        String currency;
        @Option(names = "--country", paramLabel = "CC",
                description = "ISO 3166 country code, e.g. UA: how phone numbers without +code are read.")
        String country;
        @Option(names = "--address", paramLabel = "TEXT", description = "Its address.")
        String address;
        @Option(names = "--phone", paramLabel = "TEXT", description = "Its phone number.")
        String phone;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            if (name == null && zone == null && currency == null && country == null && address == null && phone == null) {
                throw new CliInvalid(setup.messages.get("cli.invalid.nothingToChange"));
            }
            SetupInput in = setup.input;
            SalonRepository repository = new SalonRepository(setup.dsl);
            SalonSettings was = repository.settings(setup.salon.id()).orElseThrow();
            SalonSettings now = new SalonSettings(name == null ? was.name() : in.name(name),
                    address == null ? was.address() : in.text(address, "--address", SetupInput.MAX_ADDRESS),
                    phone == null ? was.phone() : in.text(phone, "--phone", SetupInput.MAX_PHONE),
                    zone == null ? was.zone() : in.zone(zone),
                    currency == null ? was.currency() : in.currency(currency),
                    country == null ? was.country() : in.country(country));
            repository.update(setup.salon.id(), now);
            out.println("updated salon " + line(setup.salon.id(), now, repository.isDemo(setup.salon.id())));
            if (!now.zone().equals(was.zone())) {
                // the hours are wall-clock times: in another zone the same bookings may fall outside them
                Setup moved = setup.inZone(now.zone());
                int count = 0;
                for (MasterDetails m : new MasterRepository(setup.dsl).findAll(setup.salon.id())) {
                    count += m.active() ? moved.warnInTheWay(m, moved.startOf(moved.today()), Setup.FAR_FUTURE) : 0;
                }
                setup.inTheWay(count);
            }
            return 0;
        }
    }

    private static String orEmpty(String text) {
        return text == null ? "" : text;
    }
}
