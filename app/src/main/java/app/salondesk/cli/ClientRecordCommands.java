package app.salondesk.cli;

import app.salondesk.logic.booking.ClientListRepository;
import app.salondesk.logic.booking.VisitRecords;
import app.salondesk.logic.clients.ClientMerges;
import app.salondesk.logic.clients.ClientRecordRepository;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.model.booking.PatchResult;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.CardFields;
import app.salondesk.model.clients.ClientDetails;
import app.salondesk.model.clients.ClientFilter;
import app.salondesk.model.clients.ClientListRow;
import app.salondesk.model.clients.ClientNote;
import app.salondesk.model.clients.ConsentSignature;
import app.salondesk.model.clients.Formula;
import app.salondesk.model.clients.FormulaLine;
import app.salondesk.model.clients.MergeOutcome;
import app.salondesk.model.clients.PatchTest;
import app.salondesk.model.clients.RecordOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * The client's record on the command line (issue 36): {@code clients show|note add|formula add|patch-test add|merge|list}.
 * Each writes through the same repositories as the desk ({@code logic.clients}, {@code VisitRecords}); the
 * database decides who may (a receptionist adds, an admin merges) and records who did, by the road {@code cli}.
 */
final class ClientRecordCommands {

    private ClientRecordCommands() {
    }

    /** The saved value, or the record's refusal as the one {@code invalid: …} line. */
    static <T> T saved(Setup setup, RecordOutcome<T> outcome) throws CliInvalid {
        if (outcome instanceof RecordOutcome.Saved<T> s) {
            return s.value();
        }
        throw new CliInvalid(setup.messages.get(((RecordOutcome.Refused<T>) outcome).problem().messageKey()));
    }

    static ClientDetails client(Setup setup, long id) throws CliInvalid {
        return new ClientRepository(setup.dsl).find(setup.salon.id(), id)
                .orElseThrow(() -> new CliInvalid(setup.messages.format("cli.invalid.unknownClient", id)));
    }

    static LocalDate date(Setup setup, String typed) throws CliInvalid {
        try {
            return LocalDate.parse(typed.strip());
        } catch (DateTimeParseException e) {
            throw new CliInvalid(setup.messages.format("cli.invalid.date", typed));
        }
    }

    static String day(Instant at, ZoneId zone) {
        return at == null ? "" : LocalDate.ofInstant(at, zone).toString();
    }

    static void printCard(PrintWriter out, long id, CardFields c) {
        out.println("client #" + id + " birthday=" + (c.birthday() == null ? "" : c.birthday()) + " tags=" + String.join(",", c.tags())
                + " source=" + c.source() + " marketing=" + String.join(",", c.marketing().stream().sorted().toList()));
    }

    static void printAlerts(PrintWriter out, List<String> alerts) {
        alerts.forEach(a -> out.println("alert: " + a.replace('\n', ' ')));
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = {"Show a client's card: contact, card fields, alerts, notes, formulas (newest first), patch tests, photos and signed consents.",
                    "Alerts come first, one line each: alert: TEXT."})
    static final class Show extends SalonCommand {
        @Option(names = "--id", required = true, paramLabel = "N", description = "The client's number.")
        long id;

        @Override
        int run(Setup setup) throws CliInvalid {
            long salon = setup.salon.id();
            ZoneId zone = setup.salon.zone();
            ClientDetails c = client(setup, id);
            PrintWriter out = setup.out;
            ClientRecordRepository record = new ClientRecordRepository(setup.dsl);
            out.println("client #" + c.id() + " " + c.name() + " phone=" + (c.phone() == null ? "" : c.phone()));
            printAlerts(out, record.alerts(salon, id).stream().map(ClientNote::body).toList());
            new MessagesRepository(setup.dsl).clientContact(salon, id).ifPresent(contact -> ClientsCommand.print(out, contact, id));
            record.cardFields(salon, id).ifPresent(fields -> printCard(out, id, fields));
            if (!c.notes().isBlank()) {
                out.println("notes: " + c.notes().replace('\n', ' '));
            }
            for (ClientNote n : record.notes(salon, id)) {
                out.println("note #" + n.id() + " " + day(n.createdAt(), zone) + (n.alert() ? " [alert]" : "")
                        + (n.bookingId() != null ? " booking #" + n.bookingId() : "") + " " + n.body().replace('\n', ' '));
            }
            for (Formula f : new VisitRecords(setup.dsl).formulas(salon, id)) {
                out.println("formula #" + f.id() + " booking #" + f.bookingId() + " " + day(f.bookingStart(), zone) + " " + formula(f.line()));
            }
            for (PatchTest t : record.patchTests(salon, id)) {
                out.println("patch-test #" + t.id() + " " + t.testedOn() + " " + t.result().dbValue()
                        + (t.products().isEmpty() ? "" : " products=" + t.products()));
            }
            record.photos(salon, id).forEach(p -> out.println("photo #" + p.id() + " " + p.kind().name().toLowerCase(Locale.ROOT)
                    + (p.bookingId() != null ? " booking #" + p.bookingId() : "")));
            for (ConsentSignature s : record.signatures(salon, id)) {
                out.println("consent #" + s.id() + " \"" + s.title() + "\" signed " + day(s.signedAt(), zone) + " by " + s.typedName());
            }
            return 0;
        }
    }

    static String formula(FormulaLine l) {
        StringBuilder b = new StringBuilder(l.product());
        if (!l.shade().isEmpty()) {
            b.append(" shade=").append(l.shade());
        }
        if (!l.developer().isEmpty()) {
            b.append(" developer=").append(l.developer());
        }
        if (!l.ratio().isEmpty()) {
            b.append(" ratio=").append(l.ratio());
        }
        if (l.minutes() != null) {
            b.append(" minutes=").append(l.minutes());
        }
        if (!l.zone().isEmpty()) {
            b.append(" zone=").append(l.zone());
        }
        return b.toString();
    }

    @Command(name = "note", mixinStandardHelpOptions = true, description = "Notes on a client's card; an alert is a note shown wherever she is booked.",
            subcommands = {NoteAdd.class})
    static final class Note implements Runnable {
        @Spec
        CommandSpec spec;

        @Override
        public void run() {
            spec.commandLine().usage(spec.commandLine().getOut());
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true, description = "Add a note to a client's card (with --alert: an alert).")
    static final class NoteAdd extends SalonCommand {
        @Option(names = "--id", required = true, paramLabel = "N", description = "The client's number.")
        long id;
        @Option(names = "--text", required = true, paramLabel = "TEXT", description = "The note (1 to 2000 characters).")
        String text;
        @Option(names = "--alert", description = "Mark it as an alert: the booking form, the calendar, the checkout and book show it.")
        boolean alert;
        @Option(names = "--booking", paramLabel = "N", description = "The visit the note is about (what was done), if any.")
        Long booking;

        @Override
        int run(Setup setup) throws CliInvalid {
            client(setup, id);
            ClientNote n = saved(setup, new ClientRecordRepository(setup.dsl).addNote(setup.salon.id(), id, booking, text, alert, Source.CLI));
            setup.out.println("added note #" + n.id() + " to client #" + id + (n.alert() ? " [alert]" : ""));
            return 0;
        }
    }

    @Command(name = "formula", mixinStandardHelpOptions = true, description = "The colour formulas of a client's visits.",
            subcommands = {FormulaAdd.class})
    static final class FormulaGroup implements Runnable {
        @Spec
        CommandSpec spec;

        @Override
        public void run() {
            spec.commandLine().usage(spec.commandLine().getOut());
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true, description = "Add a line of colour formula to a booking (the client is the booking's).")
    static final class FormulaAdd extends SalonCommand {
        @Option(names = "--booking", required = true, paramLabel = "N", description = "The booking (visit) the formula was used on.")
        long booking;
        @Option(names = "--product", required = true, paramLabel = "TEXT", description = "The product, e.g. Igora Royal.")
        String product;
        @Option(names = "--shade", paramLabel = "TEXT", description = "The shade, e.g. 7-1.")
        String shade;
        @Option(names = "--developer", paramLabel = "TEXT", description = "The developer, e.g. 6 percent.")
        String developer;
        @Option(names = "--ratio", paramLabel = "TEXT", description = "The mixing ratio, e.g. 1:1.")
        String ratio;
        @Option(names = "--minutes", paramLabel = "M", description = "Processing minutes (1 to 240).")
        Integer minutes;
        @Option(names = "--zone", paramLabel = "TEXT", description = "Where it went: roots, lengths, ends.")
        String zone;

        @Override
        int run(Setup setup) throws CliInvalid {
            FormulaLine line = new FormulaLine(product, shade, developer, ratio, minutes, zone, "");
            List<Formula> added = saved(setup, new VisitRecords(setup.dsl).addFormula(setup.salon.id(), booking, List.of(line), Source.CLI));
            for (Formula f : added) {
                setup.out.println("added formula #" + f.id() + " to booking #" + f.bookingId() + ": " + formula(f.line()));
            }
            return 0;
        }
    }

    @Command(name = "patch-test", mixinStandardHelpOptions = true, description = "A client's patch tests, as the rule book reads them.",
            subcommands = {PatchTestAdd.class})
    static final class PatchTestGroup implements Runnable {
        @Spec
        CommandSpec spec;

        @Override
        public void run() {
            spec.commandLine().usage(spec.commandLine().getOut());
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true, description = "Record a patch test of a client: its day and result.")
    static final class PatchTestAdd extends SalonCommand {
        @Option(names = "--id", required = true, paramLabel = "N", description = "The client's number.")
        long id;
        @Option(names = "--date", required = true, paramLabel = "DATE", description = "The day the test was applied, e.g. 2026-12-01.")
        String date;
        @Option(names = "--result", required = true, paramLabel = "pass|fail|pending", description = "Its result (pending: not read yet).")
        String result;
        @Option(names = "--products", paramLabel = "TEXT", description = "The products tested.")
        String products;

        @Override
        int run(Setup setup) throws CliInvalid {
            client(setup, id);
            PatchResult r;
            try {
                r = PatchResult.valueOf(result.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CliInvalid(setup.messages.format("cli.invalid.patchResult", result));
            }
            PatchTest t = saved(setup, new ClientRecordRepository(setup.dsl).addPatchTest(setup.salon.id(), id, date(setup, date), r, products,
                    "", Source.CLI));
            setup.out.println("added patch-test #" + t.id() + " to client #" + id + ": " + t.testedOn() + " " + t.result().dbValue());
            return 0;
        }
    }

    @Command(name = "merge", mixinStandardHelpOptions = true,
            description = {"Merge a duplicate client into the client she is (the salon's admins): her bookings, visits, record, sales and "
                    + "history move in one transaction; the duplicate stays as an empty card pointing at the survivor.",
                    "Prints how many of each kind moved."})
    static final class Merge extends SalonCommand {
        @Option(names = "--from", required = true, paramLabel = "N", description = "The duplicate, which is emptied.")
        long from;
        @Option(names = "--into", required = true, paramLabel = "M", description = "The client who stays.")
        long into;

        @Override
        int run(Setup setup) throws CliInvalid {
            MergeOutcome outcome = new ClientMerges(setup.dsl).merge(setup.salon.id(), from, into, Source.CLI);
            if (outcome instanceof MergeOutcome.Refused r) {
                throw new CliInvalid(setup.messages.get(r.why().messageKey()));
            }
            MergeOutcome.Merged m = (MergeOutcome.Merged) outcome;
            StringBuilder b = new StringBuilder("merged client #" + m.from() + " into #" + m.into() + ":");
            new TreeMap<>(m.moved()).forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
            setup.out.println(b);
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List the salon's clients by name, filtered: one line each, tab-separated:",
                    "id, name, phone, tags, last visit, no-shows, and alert when she has one."})
    static final class ListClients extends SalonCommand {
        @Option(names = "--search", paramLabel = "TEXT", description = "Name words or phone digits, as the desk's search finds them.")
        String search;
        @Option(names = "--tag", paramLabel = "TAG", description = "Only clients with this tag (any case).")
        String tag;
        @Option(names = "--no-show-since", paramLabel = "DATE", description = "Only clients who did not come to a booking on or after this day.")
        String noShowSince;
        @Option(names = "--birthday-month", paramLabel = "1-12", description = "Only clients whose birthday is in this month.")
        Integer birthdayMonth;

        @Override
        int run(Setup setup) throws CliInvalid {
            if (birthdayMonth != null && (birthdayMonth < 1 || birthdayMonth > 12)) {
                throw new CliInvalid(setup.messages.format("cli.invalid.month", birthdayMonth));
            }
            LocalDate since = noShowSince == null ? null : date(setup, noShowSince);
            ClientFilter filter = new ClientFilter(search, tag, null, null, since != null, since, birthdayMonth);
            String region = setup.salon.country();
            for (ClientListRow r : new ClientListRepository(setup.dsl).list(setup.salon.id(), setup.salon.zone(), region, filter, 0)) {
                setup.out.println(r.id() + "\t" + r.name() + "\t" + ClientListRepository.phoneShown(r, region) + "\t" + String.join(",", r.tags())
                        + "\t" + day(r.lastVisit(), setup.salon.zone()) + "\t" + r.noShows() + (r.alert() ? "\talert" : ""));
            }
            return 0;
        }
    }
}
