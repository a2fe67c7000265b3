package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.BookingSeries;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.Backend;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * What the changes of existing bookings on the command line share ({@code bookings}, {@code series},
 * {@code visits}): the salon (as every command finds it: {@code --tenant}, else the only one the
 * login sees), the booking as it is now or as the person saw it ({@code --version}), the one
 * engine the desk writes through, and one line per answer with its exit code — 0 done, 3 time
 * taken or changed by someone else, 4 try again, 2 invalid (nothing written), 1 another failure
 * (the command line's failure handler: one sentence, the details in the log).
 */
final class BookingChange {

    /** What {@code --version V} of a change says (the bundles' {@code change.version}). */
    static final String VERSION_HELP = "The version the booking had when you looked (bookings show): if it has changed since, nothing "
            + "is written and the answer is \"changed by someone else\" (default: as it is now).";

    /** A command's work once the salon is known; may refuse its input before anything is written. */
    interface Work {
        int run(BookingChange change) throws CliInvalid;
    }

    final Messages messages;
    final BookingTools tools;
    final Salon salon;
    final BookingEngine engine;
    final Backend backend;
    final PrintWriter out;

    private BookingChange(Messages messages, BookingTools tools, Backend backend, PrintWriter out) {
        this.messages = messages;
        this.tools = tools;
        this.salon = tools.salon;
        this.backend = backend;
        this.engine = new BookingEngine(backend.dsl());
        this.out = out;
    }

    static int run(SalonDeskCommand root, PrintWriter out, Long tenant, Work work) {
        Messages messages = Messages.forDefaultLocale();
        try (Backend backend = root.openBackend()) {
            return work.run(new BookingChange(messages, new BookingTools(backend, messages, tenant), backend, out));
        } catch (CliInvalid e) {
            out.println("invalid: " + e.getMessage());
            return BookingTools.EXIT_INVALID;
        }
    }

    /** The salon's booking with this id as it is now; another salon's is no booking. */
    Booking booking(long id) throws CliInvalid {
        return engine.find(salon.id(), id)
                .orElseThrow(() -> new CliInvalid(messages.format("invalid.unknown_booking", Long.toString(id))));
    }

    /**
     * The booking as the person saw it: at {@code version} when they gave one (a change then
     * answers "changed by someone else" if the booking has moved on), else as it was just read.
     */
    static Booking seen(Booking now, Integer version) {
        if (version == null) {
            return now;
        }
        return new Booking(now.id(), now.tenantId(), now.masterId(), now.clientId(), now.serviceId(), now.start(), now.durationMin(),
                now.status(), version, now.requestId(), now.source(), now.note(), now.outsideHours(), now.seriesId());
    }

    /** Prints the answer's line ({@code done} words a booking changed) and gives its exit code. */
    int answer(BookingOutcome outcome, Instant wished, Function<Booking, String> done) {
        out.println(tools.line(outcome, wished, done));
        return BookingTools.exitCode(outcome);
    }

    /** "moved #12 Olena Kovalenko 2030-01-07 15:00-16:00 version 2". */
    String changed(String word, Booking b) {
        return word + " " + tools.booking(b) + " version " + b.version();
    }

    /**
     * A change of a series from one booking on: one line per occurrence, in time order, then the
     * counts; the exit code as {@code book}'s series has it — 0 when every one was done, 3 when a
     * time was taken or an occurrence changed by someone else, else 4 when a schedule was busy,
     * else 2 when one was refused as invalid.
     */
    int series(List<BookingSeries.Occurrence> answers, String word, Function<Booking, String> done) {
        int[] counts = new int[5];   // done, time taken, changed, try again, invalid
        List<BookingSeries.Occurrence> inOrder = answers.stream().sorted(Comparator.comparingInt(BookingSeries.Occurrence::index)).toList();
        for (BookingSeries.Occurrence o : inOrder) {
            out.println((o.index() + 1) + "/" + answers.size() + " " + tools.dayTime(o.wished()) + ": " + tools.line(o.outcome(), o.wished(), done));
            counts[o.outcome().<Integer>fold(b -> 0, t -> 1, a -> 3, c -> 2, i -> 4)]++;
        }
        out.println(word + "=" + counts[0] + " time-taken=" + counts[1] + " changed=" + counts[2] + " try-again=" + counts[3]
                + " invalid=" + counts[4]);
        if (counts[1] > 0 || counts[2] > 0) {
            return BookingTools.EXIT_TIME_TAKEN;
        }
        if (counts[3] > 0) {
            return BookingTools.EXIT_TRY_AGAIN;
        }
        return counts[4] > 0 ? BookingTools.EXIT_INVALID : BookingTools.EXIT_BOOKED;
    }
}
