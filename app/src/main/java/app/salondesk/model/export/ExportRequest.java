package app.salondesk.model.export;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/** What to export: the salon's bookings or clients, or one master's schedule. Dates are the salon's days, both included. */
public sealed interface ExportRequest {

    /** At most this many days in one export: a range typed wrong (2062 for 2026) stops here, not in the database. */
    int MAX_DAYS = 3 * 366;

    /** The file name suggested for it, without a folder: e.g. {@code bookings-2026-12-01-2026-12-31.csv}. */
    String fileName();

    /** Whether it is a CSV file (else an iCalendar file). */
    default boolean csv() {
        return true;
    }

    record Bookings(LocalDate from, LocalDate to) implements ExportRequest {
        @Override
        public String fileName() {
            return "bookings-" + from + "-" + to + ".csv";
        }
    }

    record Clients(LocalDate day) implements ExportRequest {
        @Override
        public String fileName() {
            return "clients-" + day + ".csv";
        }
    }

    record Schedule(long masterId, String masterName, LocalDate from, LocalDate to) implements ExportRequest {
        @Override
        public String fileName() {
            String name = masterName.strip().replaceAll("[^\\p{L}\\p{N}]+", "-").replaceAll("(^-+|-+$)", "");
            return "schedule-" + (name.isEmpty() ? Long.toString(masterId) : name) + "-" + from + "-" + to + ".ics";
        }

        @Override
        public boolean csv() {
            return false;
        }
    }

    /** The bundle key of what is wrong with a range of days (the first after the last, too long), if anything. */
    static Optional<String> rangeProblem(LocalDate from, LocalDate to) {
        if (from == null || to == null) {
            return Optional.of("export.invalid.noDates");
        }
        if (from.isAfter(to)) {
            return Optional.of("export.invalid.fromAfterTo");
        }
        if (ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
            return Optional.of("export.invalid.tooLong");
        }
        return Optional.empty();
    }
}
