package app.salondesk.model.messages;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a message reaches a client: e-mail, SMS, or Viber — TurboSMS's combined call, delivered by
 * Viber and by SMS where Viber does not reach the phone (migration 32).
 */
public enum Channel {
    EMAIL("email"), SMS("sms"), VIBER("viber");

    private final String dbValue;

    Channel(String dbValue) {
        this.dbValue = dbValue;
    }

    public String dbValue() {
        return dbValue;
    }

    public static Channel of(String dbValue) {
        return parse(dbValue).orElseThrow(() -> new IllegalArgumentException("unknown channel " + dbValue));
    }

    public static Optional<Channel> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.strip().toLowerCase(Locale.ROOT);
        for (Channel c : values()) {
            if (c.dbValue.equals(t)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * A list typed as {@code email,sms} or {@code viber,email} (order of preference, each once), or empty when any part is
     * not a channel or repeats one.
     */
    /** SMS or Viber: the client's phone. */
    public boolean byPhone() {
        return this != EMAIL;
    }

    public static Optional<List<Channel>> parseList(String text) {
        List<Channel> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return Optional.of(out);
        }
        for (String part : text.split(",")) {
            Optional<Channel> c = parse(part);
            if (c.isEmpty() || out.contains(c.get())) {
                return Optional.empty();
            }
            out.add(c.get());
        }
        return Optional.of(out);
    }
}
