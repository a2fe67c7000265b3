package app.salondesk.model.booking;

import app.salondesk.i18n.Messages;

import java.time.LocalDate;
import java.time.Period;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a client's patch tests let her be booked for a service that needs one, as the database's rule
 * book sees them on a booking's salon day ({@code salondesk_patch_test_state}, migration 41): fine
 * ({@code problem} null), or why not, with the last test's day and result.
 */
public record PatchTestState(Problem problem, LocalDate lastOn, PatchResult lastResult) {

    /** Why a client may not be booked for such a service. */
    public enum Problem {
        /** No patch test on the card. */
        NONE,
        /** The last test read failed. */
        FAILED,
        /** Only tests not read yet. */
        PENDING,
        /** The last pass is older than the service allows. */
        EXPIRED;

        public String dbValue() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Problem fromDb(String value) {
            return value == null ? null : valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    public boolean fine() {
        return problem == null;
    }

    /**
     * The refusal's detail as the engine carries it in {@code Invalid(PATCH_TEST_NEEDED, detail)}: the
     * problem, then the last test's ISO day ({@code "failed 2026-03-01"}, {@code "none"}).
     */
    public String detail() {
        if (problem == null) {
            return "";
        }
        return lastOn == null ? problem.dbValue() : problem.dbValue() + " " + lastOn;
    }

    /** The state a {@link #detail()} names; empty for anything else. */
    public static Optional<PatchTestState> fromDetail(String detail) {
        if (detail == null || detail.isBlank()) {
            return Optional.empty();
        }
        String[] parts = detail.strip().split(" ");
        try {
            Problem p = Problem.fromDb(parts[0]);
            LocalDate on = parts.length > 1 ? LocalDate.parse(parts[1]) : null;
            return Optional.of(new PatchTestState(p, on, null));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * "none", "failed on 3 Mar 2026", "not read yet (3 Mar 2026)", "3 months ago (12 Jan 2026)": what
     * the desk and the command line say after "needs a patch test — last:".
     */
    public String lastWords(Messages messages, LocalDate today) {
        if (problem == null || problem == Problem.NONE || lastOn == null) {
            return messages.get("patchTest.last.none");
        }
        String day = lastOn.format(DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale()));
        return switch (problem) {
            case FAILED -> messages.format("patchTest.last.failed", day);
            case PENDING -> messages.format("patchTest.last.pending", day);
            default -> messages.format("patchTest.last.ago", ago(messages, today), day);
        };
    }

    private String ago(Messages messages, LocalDate today) {
        Period p = Period.between(lastOn, today);
        long months = p.toTotalMonths();
        if (months >= 1) {
            return messages.plural("patchTest.monthsAgo", months);
        }
        return messages.plural("patchTest.daysAgo", Math.max(0, today.toEpochDay() - lastOn.toEpochDay()));
    }
}
