package app.salondesk.model.booking;

import java.util.Locale;
import java.util.Optional;

/** A patch test's result: passed, failed, or applied and not read yet (a test is read 48 hours later). */
public enum PatchResult {
    PASS, FAIL, PENDING;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PatchResult fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** pass, fail or pending as typed (any case), else empty. */
    public static Optional<PatchResult> parse(String typed) {
        if (typed == null) {
            return Optional.empty();
        }
        for (PatchResult r : values()) {
            if (r.dbValue().equals(typed.strip().toLowerCase(Locale.ROOT))) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    public String messageKey() {
        return "patchTest.result." + dbValue();
    }
}
