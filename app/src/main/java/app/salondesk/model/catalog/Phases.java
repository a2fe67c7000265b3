package app.salondesk.model.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A service's phases as the schema keeps them (migration 17): minutes with a sign — positive
 * while the master works, negative while the client waits and the master is free (processing) —
 * and as people write them, {@code busy:30,processing:40,busy:30}. The service lasts their sum.
 */
public record Phases(List<Integer> signedMinutes) {

    public static final int MAX_PHASES = 20;
    public static final int MAX_MINUTES = 720;
    public static final int MAX_CLEANUP = 120;

    public Phases {
        signedMinutes = List.copyOf(signedMinutes);
    }

    /** {@code busy:30,processing:40,busy:30}; empty when it is not that (unknown kind, a minute out of range, too many). */
    public static Optional<Phases> parse(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        List<Integer> out = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String[] kv = part.strip().toLowerCase(Locale.ROOT).split(":", -1);
            if (kv.length != 2) {
                return Optional.empty();
            }
            int minutes;
            try {
                minutes = Integer.parseInt(kv[1].strip());
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
            if (minutes < 1 || minutes > MAX_MINUTES) {
                return Optional.empty();
            }
            switch (kv[0].strip()) {
                case "busy" -> out.add(minutes);
                case "processing" -> out.add(-minutes);
                default -> {
                    return Optional.empty();
                }
            }
        }
        Phases p = new Phases(out);
        return out.size() <= MAX_PHASES && p.minutes() <= MAX_MINUTES ? Optional.of(p) : Optional.empty();
    }

    /** The schema's NULL (one busy phase) is no phases at all. */
    public static Phases of(Integer[] dbValue) {
        return dbValue == null ? null : new Phases(List.of(dbValue));
    }

    public int minutes() {
        return signedMinutes.stream().mapToInt(Math::abs).sum();
    }

    /** Whether the master is free at some time of it (another client may be booked then). */
    public boolean hasProcessing() {
        return signedMinutes.stream().anyMatch(m -> m < 0);
    }

    public Integer[] dbValue() {
        return signedMinutes.toArray(Integer[]::new);
    }

    /** {@code busy:30,processing:40,busy:30} */
    public String text() {
        return signedMinutes.stream().map(m -> (m > 0 ? "busy:" : "processing:") + Math.abs(m)).collect(Collectors.joining(","));
    }
}
