package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * What the setup commands (masters, services, hours, time off, the imports) share: the salon
 * they work on, finding a master or service by id or name, the one sentence for what the
 * database refused, and the warnings about bookings a change leaves in the way.
 */
final class Setup {

    private static final Logger log = LoggerFactory.getLogger(Setup.class);

    /** "From now on, for good": bookings are looked for up to here. */
    static final Instant FAR_FUTURE = LocalDate.of(9999, 1, 1).atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
    static final DateTimeFormatter DAY_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    /** A command's work once the salon is known; may refuse its input. */
    interface Work {
        int run(Setup setup) throws CliInvalid;
    }

    final DSLContext dsl;
    final Messages messages;
    final SetupInput input;
    final Salon salon;
    final PrintWriter out;

    private Setup(DSLContext dsl, Messages messages, Salon salon, PrintWriter out) {
        this.dsl = dsl;
        this.messages = messages;
        this.input = new SetupInput(messages);
        this.salon = salon;
        this.out = out;
    }

    /**
     * Opens the database for an admin's work, finds the salon ({@code --tenant}, else the
     * only one this login sees) and runs {@code work}. Refused input and refusals by the
     * database are one line, {@code invalid: …}, and exit code 2; anything else goes on to
     * the command line's failure handler (exit code 1, the details in the log).
     */
    static int run(SalonDeskCommand root, PrintWriter out, Long tenant, Work work) {
        return run(root, out, tenant, false, work);
    }

    /** {@link #run(SalonDeskCommand, PrintWriter, Long, Work)}, the first of several salons taken when {@code firstOfSeveral}. */
    static int run(SalonDeskCommand root, PrintWriter out, Long tenant, boolean firstOfSeveral, Work work) {
        Messages messages = Messages.forDefaultLocale();
        try (Backend backend = root.openBackend()) {
            Salon salon = new BookingTools(backend, messages, tenant, firstOfSeveral).salon;
            return work.run(new Setup(backend.dsl(), messages, salon, out));
        } catch (CliInvalid e) {
            out.println("invalid: " + e.getMessage());
            return BookingTools.EXIT_INVALID;
        } catch (DataAccessException e) {
            Optional<String> sentence = refusal(e, messages);
            if (sentence.isEmpty()) {
                throw e;
            }
            out.println("invalid: " + sentence.get());
            return BookingTools.EXIT_INVALID;
        }
    }

    /**
     * The database's refusal in one sentence, by its SQLSTATE; empty for what is not a
     * refusal of the input (a lost connection, a bug), which must not pass for one.
     */
    static Optional<String> refusal(DataAccessException e, Messages messages) {
        String key = switch (String.valueOf(e.sqlState())) {
            case "42501" -> "invalid.no_permission";
            case "23505" -> "cli.refused.duplicate";
            case "23514" -> "cli.refused.check";
            case "23P01" -> "cli.refused.overlap";
            case "22023" -> "cli.refused.badValue";
            case "22003" -> "cli.refused.tooBig";
            case "23503" -> "cli.refused.gone";
            default -> null;
        };
        if (key == null) {
            return Optional.empty();
        }
        // the server's own words, for whoever reads the log: the user gets the sentence
        log.info("the database refused a setup change ({}): {}", e.sqlState(), e.getMessage());
        return Optional.of(messages.get(key));
    }

    /** The same salon with its times shown in another zone (its new one, while it changes). */
    Setup inZone(java.time.ZoneId zone) {
        return new Setup(dsl, messages, new Salon(salon.id(), salon.name(), zone), out);
    }

    // ---- finding what the command names -------------------------------------------------------

    MasterDetails master(String idOrName) throws CliInvalid {
        return one(new MasterRepository(dsl).findAll(salon.id()), idOrName, MasterDetails::id, MasterDetails::name,
                "invalid.unknown_master", "cli.invalid.ambiguousMaster");
    }

    ServiceDetails service(String idOrName) throws CliInvalid {
        return one(new ServiceRepository(dsl).findAll(salon.id()), idOrName, ServiceDetails::id, ServiceDetails::name,
                "invalid.unknown_service", "cli.invalid.ambiguousService");
    }

    /** Every service of a comma-separated list, all or none. */
    List<ServiceDetails> services(String commaList) throws CliInvalid {
        List<ServiceDetails> all = new ServiceRepository(dsl).findAll(salon.id());
        List<ServiceDetails> found = new java.util.ArrayList<>();
        for (String name : SetupInput.list(commaList)) {
            found.add(one(all, name, ServiceDetails::id, ServiceDetails::name, "invalid.unknown_service", "cli.invalid.ambiguousService"));
        }
        return found;
    }

    /**
     * The one row whose id is the text, else whose name is it ignoring case. Matched here in
     * Java, not with SQL's lower(): a database created with the C locale folds only ASCII,
     * and "ОЛЕНА" must find "Олена".
     */
    <T> T one(List<T> rows, String idOrName, ToLongFunction<T> id, Function<T, String> name,
              String unknownKey, String ambiguousKey) throws CliInvalid {
        String text = idOrName == null ? "" : idOrName.strip();
        if (text.matches("\\d{1,18}")) {
            long wanted = Long.parseLong(text);
            Optional<T> byId = rows.stream().filter(r -> id.applyAsLong(r) == wanted).findFirst();
            if (byId.isPresent()) {
                return byId.get();
            }
        }
        List<T> byName = named(rows, text, name);
        if (byName.isEmpty()) {
            throw new CliInvalid(messages.format(unknownKey, text));
        }
        if (byName.size() > 1) {
            throw new CliInvalid(messages.format(ambiguousKey, text));
        }
        return byName.get(0);
    }

    static <T> List<T> named(List<T> rows, String name, Function<T, String> nameOf) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        return rows.stream().filter(r -> nameOf.apply(r).strip().toLowerCase(Locale.ROOT).equals(wanted)).toList();
    }

    // ---- what a change leaves behind ----------------------------------------------------------

    /** The salon's "now" as a date, for what starts "today". */
    LocalDate today() {
        return LocalDate.now(salon.zone());
    }

    Instant startOf(LocalDate day) {
        return day.atStartOfDay(salon.zone()).toInstant();
    }

    /**
     * Prints the master's bookings from {@code from} to {@code to} that the rule book now
     * refuses, one {@code warning:} line each, then how many; returns how many. They are never
     * moved: that is for a person, through the calendar or the engine. Past bookings are
     * history and left out. The caller ends with {@link #inTheWay(int)}.
     */
    int warnInTheWay(MasterDetails master, Instant from, Instant to) {
        Instant now = Instant.now();
        Instant start = from.isBefore(now) ? now : from;
        if (!start.isBefore(to)) {
            return 0;
        }
        List<BookingInTheWay> found = new ScheduleRepository(dsl).inTheWay(salon.id(), master.id(), start, to);
        for (BookingInTheWay b : found) {
            out.println("warning: " + booking(b.booking()) + ": " + messages.format("invalid." + b.rule(), master.name()));
        }
        if (!found.isEmpty()) {
            out.println("warning: " + messages.plural("cli.inTheWay", found.size(), master.name()));
        }
        return found.size();
    }

    /** The machine-readable count of bookings in the way, the last line of a change. */
    void inTheWay(int count) {
        out.println("in_the_way=" + count);
    }

    /** "#12 2026-12-08 15:00-16:00 Iryna Savchenko (Women's haircut)", in the salon's time. */
    String booking(ScheduledBooking b) {
        ZonedDateTime start = b.start().atZone(salon.zone());
        return "#" + b.id() + " " + start.format(DAY_TIME) + "-" + b.end().atZone(salon.zone()).format(TIME) + " "
                + b.clientName() + (b.serviceName() == null ? "" : " (" + b.serviceName() + ")");
    }
}
