package app.salondesk.logic.history;

import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.HistoryEntry;
import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a change of a booking did, in the reader's words ("time: 30.11 10:00 → 11:00; status:
 * Confirmed → Arrived") and which road it came by: the one wording the desk's history window and
 * the command line's {@code bookings show} both print. No JavaFX.
 */
public final class HistoryText {

    /** Columns that change with every write and say nothing to a person. */
    private static final List<String> QUIET = List.of("version", "updated_at", "updated_by", "created_at", "created_by",
            "request_id", "id", "tenant_id", "source");

    private final Messages messages;
    private final ZoneId zone;
    private final Map<Long, String> masterNames;
    private final DateTimeFormatter when;

    /** @param when how a time the change moved a booking from or to is written, in the salon's {@code zone} */
    public HistoryText(Messages messages, ZoneId zone, Map<Long, String> masterNames, DateTimeFormatter when) {
        this.messages = messages;
        this.zone = zone;
        this.masterNames = masterNames;
        this.when = when;
    }

    /**
     * Who made the change, as the salon says it (issue 31: "Who: postgres"): the booking page's
     * client, the waiting list working by itself, the demo's data; else the person — the
     * login's staff name; for the owner's login (the embedded desk's, which no one person owns)
     * "the salon's admin"; an import without a person "import"; a login the salon does not
     * know, by the login.
     */
    public String who(HistoryEntry e) {
        return switch (e.source()) {
            case "online" -> messages.get("history.who.online");
            case "waitlist" -> messages.get("history.who.waitlist");
            case "demo" -> messages.get("history.who.demo");
            default -> e.byName() != null ? e.byName()
                    : e.byOwner() ? messages.get("history.who.owner")
                    : "import".equals(e.source()) ? messages.get("history.who.import")
                    : e.by();
        };
    }

    /** The road the change came by: "booking form", "command line"… */
    public String how(HistoryEntry e) {
        return messages.get("history.source." + e.source());
    }

    public String describe(HistoryEntry e) {
        if (e.operation().equals("INSERT")) {
            return messages.get("history.created");
        }
        if (e.operation().equals("FORGET")) {
            return messages.get("history.forgotten");
        }
        if (e.operation().equals("DELETE")) {
            return messages.get("history.deleted");
        }
        Map<String, Object> changes;
        try {
            changes = JSON.std.mapFrom(e.changesJson());
        } catch (IOException ex) {
            return e.changesJson();
        }
        List<String> parts = new ArrayList<>();
        changes.forEach((field, pair) -> {
            if (QUIET.contains(field) || !(pair instanceof List<?> values) || values.size() != 2) {
                return;
            }
            parts.add(messages.get("history.field." + field) + ": " + value(field, values.get(0)) + " \u2192 " + value(field, values.get(1)));
        });
        return parts.isEmpty() ? messages.get("history.touched") : String.join("; ", parts);
    }

    private String value(String field, Object v) {
        if (v == null || "".equals(v)) {
            return "\u2014";   // nothing (an empty note)
        }
        return switch (field) {
            case "starts_at" -> OffsetDateTime.parse(v.toString()).atZoneSameInstant(zone).format(when);
            case "status" -> messages.get("booking.status." + v);
            case "master_id" -> masterNames.getOrDefault(((Number) v).longValue(), v.toString());
            case "outside_hours" -> messages.get(Boolean.TRUE.equals(v) ? "history.yes" : "history.no");
            default -> v.toString();
        };
    }
}
