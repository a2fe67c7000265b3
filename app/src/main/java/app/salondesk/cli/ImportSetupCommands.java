package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.logic.clients.ClientRules;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.clients.ClientProblem;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.staff.MasterDetails;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * A salon's lists from its old system or spreadsheet: clients, services, masters. What exists
 * already (the same phone, the same name) is found and left as it is, so importing a file
 * twice, or a corrected file again, doubles nothing.
 */
final class ImportSetupCommands {

    private static final String ADDED = "added";
    private static final String EXISTS = "exists";

    private ImportSetupCommands() {
    }

    /**
     * An import of one CSV file into the salon (the setup commands' {@link SalonCommand}, with
     * the file first): the file is read and its header checked before the database is opened,
     * then each row is handled, one line each, and a summary; exit code 2 when a row was
     * refused. A subcommand names its columns and handles a row.
     */
    abstract static class CsvImport implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        SalonOption salon;
        @Parameters(index = "0", paramLabel = "FILE", descriptionKey = "setup.file", description = "The CSV file.")
        Path file;

        private final List<String> required;
        private final String headerKey;

        CsvImport(List<String> required, String headerKey) {
            this.required = required;
            this.headerKey = headerKey;
        }

        /** How a row of the file is handled in the salon (what is read once for every row, read here). */
        abstract CsvFile.RowHandler rows(Setup setup, CsvFile csv) throws CliInvalid;

        @Override
        public final Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (CsvFile csv = CsvFile.open(file, Messages.forDefaultLocale())) {
                csv.require(required, headerKey);
                return Setup.run((SalonDeskCommand) spec.root().userObject(), out, salon.tenant, setup -> {
                    Map<String, Integer> counts = csv.rows(out, List.of(ADDED, EXISTS), rows(setup, csv));
                    out.println(CsvFile.summary(counts));
                    return counts.get(CsvFile.INVALID) > 0 ? BookingTools.EXIT_INVALID : 0;
                });
            } catch (CliInvalid e) {
                out.println("invalid: " + e.getMessage());
                return BookingTools.EXIT_INVALID;
            }
        }
    }

    @Command(name = "clients", mixinStandardHelpOptions = true,
            description = {"Import clients from a CSV file.",
                    "Header: name,phone[,notes] (a phone may be empty). A client with the same phone (or, without one, "
                    + "the same name) is found, not made again. Phones without +code are read as the salon's country writes"
                    + " them. One line per row, then a summary; exit code 2 when a row was refused."})
    static final class Clients extends CsvImport {
        Clients() {
            super(List.of("name", "phone"), "cli.invalid.columns.clients");
        }

        @Override
        CsvFile.RowHandler rows(Setup setup, CsvFile csv) throws CliInvalid {
            String country = new SalonRepository(setup.dsl).settings(setup.salon.id()).orElseThrow().country();
            ClientRepository clients = new ClientRepository(setup.dsl);
            return row -> client(setup, clients, country, csv.value(row, "name"), csv.value(row, "phone"), csv.value(row, "notes"));
        }

        private static CsvFile.Outcome client(Setup setup, ClientRepository clients, String country, String name, String phone,
                                              String notes) throws CliInvalid {
            Messages m = setup.messages;
            Optional<ClientProblem> problem = ClientRules.checkName(name);
            if (problem.isPresent()) {
                throw new CliInvalid(m.get(problem.get() == ClientProblem.NAME_MISSING ? "invalid.client_name_missing" : "invalid.client_name_too_long"));
            }
            String e164 = null;
            if (!phone.isEmpty()) {
                e164 = PhoneNumbers.normalise(phone, country).orElseThrow(() -> new CliInvalid(m.format("invalid.phone_invalid", phone)));
            }
            if (ClientRules.checkNotes(notes).isPresent()) {
                throw new CliInvalid(m.format("cli.invalid.textTooLong", "notes", ClientRules.MAX_NOTES_LENGTH));
            }
            String clean = ClientRules.cleanName(name);
            Optional<Long> found = e164 != null ? clients.findByPhone(setup.salon.id(), e164) : clients.findByNameWithoutPhone(setup.salon.id(), clean);
            if (found.isEmpty()) {
                found = clients.add(setup.salon.id(), clean, e164, notes);
                if (found.isPresent()) {
                    return new CsvFile.Outcome(ADDED, "added client #" + found.get() + " " + clean);
                }
                // another desk gave this phone to a client between the look and the insert
                found = clients.findByPhone(setup.salon.id(), e164);
            }
            return exists(setup, clients, found.orElseThrow());
        }

        /** The client as the salon knows her: the row may spell the name another way. */
        private static CsvFile.Outcome exists(Setup setup, ClientRepository clients, long id) {
            String known = clients.find(setup.salon.id(), id).map(c -> c.name()).orElse("?");
            return new CsvFile.Outcome(EXISTS, "exists client #" + id + " " + known);
        }
    }

    @Command(name = "services", mixinStandardHelpOptions = true,
            description = {"Import services from a CSV file.",
                    "Header: name,duration_min,price[,category]. A service of the same name is found and left as it is "
                    + "(change it with services set). One line per row, then a summary; exit code 2 when a row was refused."})
    static final class Services extends CsvImport {
        Services() {
            super(List.of("name", "duration_min", "price"), "cli.invalid.columns.services");
        }

        @Override
        CsvFile.RowHandler rows(Setup setup, CsvFile csv) throws CliInvalid {
            ServiceRepository services = new ServiceRepository(setup.dsl);
            List<ServiceDetails> known = new ArrayList<>(services.findAll(setup.salon.id()));
            return row -> {
                SetupInput in = setup.input;
                String name = in.name(csv.required(row, "name"));
                int minutes = in.minutes(csv.required(row, "duration_min"));
                BigDecimal price = in.price(csv.required(row, "price"));
                String category = in.text(csv.value(row, "category"), "category", SetupInput.MAX_CATEGORY);
                List<ServiceDetails> same = Setup.named(known, name, ServiceDetails::name);
                if (!same.isEmpty()) {
                    return new CsvFile.Outcome(EXISTS, "exists service #" + same.get(0).id() + " " + same.get(0).name());
                }
                long id = services.add(setup.salon.id(), name, category, minutes, price);
                known.add(new ServiceDetails(id, name, category, minutes, price, true));
                return new CsvFile.Outcome(ADDED, "added service #" + id + " " + name);
            };
        }
    }

    @Command(name = "masters", mixinStandardHelpOptions = true,
            description = {"Import masters from a CSV file.",
                    "Header: name[,colour][,services] (services by name, comma-separated in the cell). A master of the "
                    + "same name is found and left as it is; a new one is written with their services or not at all. One "
                    + "line per row, then a summary; exit code 2 when a row was refused."})
    static final class Masters extends CsvImport {
        Masters() {
            super(List.of("name"), "cli.invalid.columns.masters");
        }

        @Override
        CsvFile.RowHandler rows(Setup setup, CsvFile csv) throws CliInvalid {
            MasterRepository masters = new MasterRepository(setup.dsl);
            List<MasterDetails> known = new ArrayList<>(masters.findAll(setup.salon.id()));
            return row -> {
                String name = setup.input.name(csv.required(row, "name"));
                List<MasterDetails> same = Setup.named(known, name, MasterDetails::name);
                if (!same.isEmpty()) {
                    return new CsvFile.Outcome(EXISTS, "exists master #" + same.get(0).id() + " " + same.get(0).name());
                }
                String colourCell = csv.value(row, "colour");
                String colour = colourCell.isEmpty() ? MastersCommand.nextColour(known) : setup.input.colour(colourCell);
                List<ServiceDetails> services = setup.services(csv.value(row, "services"));
                long id = MastersCommand.add(setup, name, colour, services);
                known.add(new MasterDetails(id, name, colour, 0, true));
                return new CsvFile.Outcome(ADDED, "added master #" + id + " " + name);
            };
        }
    }
}
