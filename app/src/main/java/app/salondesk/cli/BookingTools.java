package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import app.salondesk.runtime.Backend;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What {@code book}, {@code import} and the changes of bookings share: finding the salon, master,
 * service; printing outcomes and their exit codes.
 */
final class BookingTools {

    static final int EXIT_BOOKED = 0;
    static final int EXIT_INVALID = 2;
    static final int EXIT_TIME_TAKEN = 3;
    /** Changed by someone else since it was read (or since the version given): as a taken time, what was seen is gone. */
    static final int EXIT_CHANGED = 3;
    static final int EXIT_TRY_AGAIN = 4;

    private static final DateTimeFormatter DAY_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    private final Backend backend;
    private final Messages messages;
    final Salon salon;
    private final Map<Long, String> masterNames;

    BookingTools(Backend backend, Messages messages, Long tenantId) throws CliInvalid {
        this(backend, messages, tenantId, false);
    }

    BookingTools(Backend backend, Messages messages, Long tenantId, boolean firstOfSeveral) throws CliInvalid {
        this.backend = backend;
        this.messages = messages;
        this.salon = salon(new SalonRepository(backend.dsl()), tenantId, firstOfSeveral);
        this.masterNames = new MasterRepository(backend.dsl()).names(salon.id());
    }

    private Salon salon(SalonRepository salons, Long tenantId, boolean firstOfSeveral) throws CliInvalid {
        if (tenantId != null) {
            return salons.find(tenantId).orElseThrow(() -> new CliInvalid(messages.format("cli.invalid.unknownSalon", tenantId)));
        }
        List<Salon> all = salons.findAll();
        if (all.isEmpty()) {
            throw new CliInvalid(messages.get("cli.invalid.noSalon"));
        }
        if (all.size() == 1 || firstOfSeveral) {
            return all.get(0);
        }
        // the demo salon next to the salon's own one (as the desk opens it) does not count
        List<Salon> real = salons.findReal();
        if (real.size() == 1) {
            return real.get(0);
        }
        throw new CliInvalid(messages.get("cli.invalid.severalSalons"));
    }

    long master(String idOrName) throws CliInvalid {
        if (idOrName == null || idOrName.isBlank()) {
            throw new CliInvalid(messages.format("cli.invalid.missingValue", "master"));
        }
        List<Master> found = new MasterRepository(backend.dsl()).findByIdOrName(salon.id(), idOrName);
        if (found.isEmpty()) {
            throw new CliInvalid(messages.format("invalid.unknown_master", idOrName.strip()));
        }
        if (found.size() > 1) {
            throw new CliInvalid(messages.format("cli.invalid.ambiguousMaster", idOrName.strip()));
        }
        return found.get(0).id();
    }

    Service service(String name) throws CliInvalid {
        List<Service> found = new ServiceRepository(backend.dsl()).findByName(salon.id(), name);
        if (found.isEmpty()) {
            throw new CliInvalid(messages.format("invalid.unknown_service", name.strip()));
        }
        if (found.size() > 1) {
            throw new CliInvalid(messages.format("cli.invalid.ambiguousService", name.strip()));
        }
        return found.get(0);
    }

    /** A wall-clock date-time in the salon's zone, whatever this computer's zone is. */
    Instant start(String text) throws CliInvalid {
        try {
            return LocalDateTime.parse(text.strip()).atZone(salon.zone()).toInstant();
        } catch (DateTimeParseException | NullPointerException e) {
            throw new CliInvalid(messages.format("cli.invalid.startFormat", text));
        }
    }

    /** A start as the command line writes it: 2030-01-07 10:00, the salon's wall clock. */
    String dayTime(Instant t) {
        return t.atZone(salon.zone()).format(DAY_TIME);
    }

    /** One line per outcome, as the issue's command-line contract says. */
    String line(BookingOutcome outcome, Instant wished) {
        return line(outcome, wished, b -> "booked " + booking(b));
    }

    /** One line per outcome; {@code done} words a booking made or changed ("moved #12 …"). */
    String line(BookingOutcome outcome, Instant wished, Function<Booking, String> done) {
        return outcome.fold(
                b -> done.apply(b.booking()),
                t -> "time-taken; nearest free: " + slots(t.nearestFree(), wished),
                a -> "try again: " + tryAgain(a.why()),
                c -> "changed by someone else: #" + c.current().id() + " is now version " + c.current().version(),
                i -> "invalid: " + i.reason().sentence(messages, i.detail()));
    }

    String tryAgain(BookingOutcome.TryAgain.Why why) {
        return messages.get(switch (why) {
            case BUSY -> "cli.tryAgain";
            case CONNECTION_LOST -> "cli.tryAgainLost";
            case CONNECTION_LOST_UNKNOWN -> "cli.tryAgainLostUnknown";
        });
    }

    /** "#12 Olena Kovalenko 2030-01-07 10:00-11:00": a booking as the command line names it, in the salon's time. */
    String booking(Booking b) {
        return "#" + b.id() + " " + masterNames.getOrDefault(b.masterId(), "?") + " " + dayTime(b.start()) + "-"
                + b.end().atZone(salon.zone()).format(TIME);
    }

    static int exitCode(BookingOutcome outcome) {
        return outcome.fold(b -> EXIT_BOOKED, t -> EXIT_TIME_TAKEN, a -> EXIT_TRY_AGAIN, c -> EXIT_CHANGED, i -> EXIT_INVALID);
    }

    String slots(List<FreeSlot> slots, Instant wished) {
        if (slots.isEmpty()) {
            return messages.get("cli.nearestNone");
        }
        LocalDate day = wished.atZone(salon.zone()).toLocalDate();
        return slots.stream().map(s -> {
            ZonedDateTime t = s.start().atZone(salon.zone());
            String when = t.toLocalDate().equals(day) ? t.format(TIME) : t.format(DAY_TIME);
            return s.sameMaster() ? when : when + " (" + s.masterName() + ")";
        }).collect(Collectors.joining(", "));
    }
}
