package app.salondesk.logic.messages;

import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Optional;
import java.util.regex.Pattern;

import static org.jooq.impl.DSL.val;

/**
 * A message's private link as the web road opens it (serve's online login, migration 30): what the
 * booking is and what the link may still do, and the client's answer — confirm, cancel, no more
 * messages — carried out by {@code salondesk_message_link_act} under the master's named lock (the
 * same lock and lock_timeout as the online page's cancel), recorded with source {@code online}.
 * Plain SQL: two definer functions, the only rights the online login has on messages.
 */
public final class MessageLinks {

    /** {@code <tenant>.<64 hex>}: anything else is not looked up at all. */
    public static final Pattern TOKEN = Pattern.compile("[1-9][0-9]{0,17}\\.[0-9a-f]{64}");
    private static final Logger log = LoggerFactory.getLogger(MessageLinks.class);

    /**
     * What a link shows. {@code usedFor} is null until it was used; {@code onlineSlug} null when the salon takes no online bookings;
     * {@code version} the booking's as it is now (a move by the link names it); {@code mayMove} whether "another time" may move
     * it here (migration 31: active, before the salon's cut-off, its service and master bookable online).
     */
    public record Link(long tenantId, long bookingId, String salonName, String salonPhone, ZoneId zone, String language, Long serviceId,
                       String serviceName, long masterId, String masterName, Instant start, int minutes, String status,
                       boolean clientConfirmed, boolean expired, String usedFor, boolean mayCancel, int cancelCutoffMin, String onlineSlug,
                       int version, boolean mayMove) {
    }

    public enum Action {
        CONFIRM("confirm"), CANCEL("cancel"), UNSUBSCRIBE("unsubscribe");

        final String dbValue;

        Action(String dbValue) {
            this.dbValue = dbValue;
        }

        public static Optional<Action> of(String text) {
            for (Action a : values()) {
                if (a.dbValue.equals(text)) {
                    return Optional.of(a);
                }
            }
            return Optional.empty();
        }
    }

    public enum Outcome { DONE, USED, EXPIRED, TOO_LATE, NOT_FOUND, TRY_AGAIN }

    private final DSLContext dsl;

    public MessageLinks(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Optional<Link> find(String token) {
        if (token == null || !TOKEN.matcher(token).matches()) {
            return Optional.empty();
        }
        return dsl.resultQuery("SELECT * FROM salondesk_message_link({0})", val(token)).fetchOptional(MessageLinks::toLink);
    }

    public Outcome act(String token, Action action) {
        if (token == null || !TOKEN.matcher(token).matches()) {
            return Outcome.NOT_FOUND;
        }
        try {
            return dsl.transactionResult(cfg -> {
                // the page's own wait for a master's lock (ADR 26): a visitor is not kept 5 s
                cfg.dsl().execute("SET LOCAL lock_timeout = '2s'");
                String answer = cfg.dsl().resultQuery("SELECT salondesk_message_link_act({0}, {1})", val(token), val(action.dbValue))
                        .fetchOne(0, String.class);
                return switch (answer) {
                    case "done" -> Outcome.DONE;
                    case "used" -> Outcome.USED;
                    case "expired" -> Outcome.EXPIRED;
                    case "too_late" -> Outcome.TOO_LATE;
                    default -> Outcome.NOT_FOUND;
                };
            });
        } catch (DataAccessException e) {
            if ("55P03".equals(e.sqlState()) || "40P01".equals(e.sqlState())) {
                log.info("a link's {} waited too long for the master's lock ({})", action, e.sqlState());
                return Outcome.TRY_AGAIN;
            }
            throw e;
        }
    }

    private static Link toLink(Record r) {
        return new Link(r.get("tenant_id", Long.class), r.get("booking_id", Long.class), r.get("salon_name", String.class),
                r.get("salon_phone", String.class), ZoneId.of(r.get("time_zone", String.class)), r.get("language", String.class),
                r.get("service_id", Long.class), r.get("service_name", String.class), r.get("master_id", Long.class),
                r.get("master_name", String.class), r.get("starts_at", OffsetDateTime.class).toInstant(), r.get("duration_min", Integer.class),
                r.get("status", String.class), r.get("client_confirmed", Boolean.class), r.get("expired", Boolean.class),
                r.get("used_for", String.class), r.get("may_cancel", Boolean.class), r.get("cancel_cutoff_min", Integer.class),
                r.get("online_slug", String.class), r.get("version", Integer.class), Boolean.TRUE.equals(r.get("may_move", Boolean.class)));
    }
}
