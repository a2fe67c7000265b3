package app.salondesk.model.live;

import com.fasterxml.jackson.jr.ob.JSON;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One booking changed somewhere (another desk, the command line, a script in psql): which
 * salon, which booking, and the masters and salon calendar days whose schedules must be
 * reloaded. A move announces both the old and the new master and day.
 *
 * <p>Announced by the {@code bookings_notify} trigger (migration V3) as
 * {@code {"op": "UPDATE", "tenant": 1, "booking": 42, "masters": [3, 5], "days": ["2030-01-07"]}}.
 * A change of the salon's rooms or equipment, or of what a service needs of them (migration 28),
 * is {@code {"op": "ROOMS", "tenant": 1}}: {@link Op#ROOMS}, no booking, masters or days — every
 * room column of every day may have changed.
 */
public record BookingChange(long tenantId, long bookingId, Op op, List<Long> masterIds, List<LocalDate> days) {

    public enum Op {
        INSERT, UPDATE, DELETE,
        /** The salon's rooms or equipment changed (a count, a name, switched off), or a service's needs of them. */
        ROOMS
    }

    private static final Logger log = LoggerFactory.getLogger(BookingChange.class);
    private static final int LOGGED_PAYLOAD_CHARS = 300;

    public BookingChange {
        Objects.requireNonNull(op, "op");
        masterIds = List.copyOf(masterIds);
        days = List.copyOf(days);
    }

    /**
     * Reads a notification payload. One unreadable payload (another writer on the channel, a
     * future trigger that says more) must not stop live updates, so it is logged and skipped
     * rather than thrown.
     */
    public static Optional<BookingChange> parse(String json) {
        if (json == null) {
            log.warn("skipping a booking_changed notification without a payload");
            return Optional.empty();
        }
        try {
            return Optional.of(read(JSON.std.mapFrom(json)));
        } catch (IOException | IllegalArgumentException | DateTimeException e) {
            log.warn("skipping an unreadable booking_changed payload ({}): {}", e.getMessage(), abbreviate(json));
            return Optional.empty();
        }
    }

    private static BookingChange read(Map<String, Object> m) {
        if (m == null) {
            throw new IllegalArgumentException("not a JSON object");
        }
        Op op = Op.valueOf(string(m, "op"));
        if (op == Op.ROOMS) {
            return new BookingChange(integral(m.get("tenant"), "tenant"), 0, op, List.of(), List.of());
        }
        List<Long> masters = new ArrayList<>();
        for (Object o : list(m, "masters")) {
            masters.add(integral(o, "masters"));
        }
        List<LocalDate> days = new ArrayList<>();
        for (Object o : list(m, "days")) {
            if (!(o instanceof String s)) {
                throw new IllegalArgumentException("days holds " + describe(o) + ", not a date");
            }
            days.add(LocalDate.parse(s));
        }
        return new BookingChange(integral(m.get("tenant"), "tenant"), integral(m.get("booking"), "booking"), op, masters, days);
    }

    private static String string(Map<String, Object> m, String key) {
        if (m.get(key) instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException(key + " is missing or not a string");
    }

    private static List<?> list(Map<String, Object> m, String key) {
        if (m.get(key) instanceof List<?> l) {
            return l;
        }
        throw new IllegalArgumentException(key + " is missing or not an array");
    }

    /** jackson-jr reads whole numbers as Integer, Long or BigInteger by size; 1.5 is refused. */
    private static long integral(Object o, String key) {
        if (o instanceof Integer || o instanceof Long) {
            return ((Number) o).longValue();
        }
        if (o instanceof BigInteger b) {
            try {
                return b.longValueExact();
            } catch (ArithmeticException tooBig) {
                throw new IllegalArgumentException(key + " is out of range: " + b);
            }
        }
        throw new IllegalArgumentException(key + " is missing or not a whole number: " + describe(o));
    }

    private static String describe(Object o) {
        return o == null ? "null" : o.getClass().getSimpleName() + " " + o;
    }

    private static String abbreviate(String s) {
        return s.length() <= LOGGED_PAYLOAD_CHARS ? s : s.substring(0, LOGGED_PAYLOAD_CHARS) + "…";
    }
}
