package app.salondesk.logic.messages;

import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.ClaimedMessage;
import app.salondesk.model.messages.MessageKind;
import org.jooq.DSLContext;
import org.jooq.Record;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;

import static org.jooq.impl.DSL.val;

/**
 * A sender's two calls into the database (migration 30, ADR 33): claim due messages — locked with
 * {@code FOR UPDATE SKIP LOCKED}, leased, re-checked against their bookings, each with a new private
 * link — and record what the channel said. Plain SQL on purpose: both are set-returning or
 * scalar definer functions whose whole contract is their SQL signature, and the sender's login may
 * call nothing else (it has no right on any table).
 */
public final class MessageClaims {

    /** The outcomes the database records. */
    public enum Outcome {
        SENT("sent"), RETRY("retry"), FALLBACK("fallback"), FAILED("failed");

        final String dbValue;

        Outcome(String dbValue) {
            this.dbValue = dbValue;
        }
    }

    private final DSLContext dsl;

    public MessageClaims(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Up to {@code batch} due messages of any salon, this caller's for {@code lease}. */
    public List<ClaimedMessage> claim(int batch, Duration lease) {
        return dsl.resultQuery("SELECT * FROM salondesk_messages_claim({0}, {1})", val(batch), val((int) lease.toSeconds()))
                .fetch(MessageClaims::toClaimed);
    }

    /**
     * Records one message's outcome while it is still this claim's; false when the lease ran out and
     * another sender holds it now (then that sender's record counts).
     */
    public boolean record(ClaimedMessage m, Outcome outcome, Channel used, String reason, Duration retryIn) {
        String why = reason == null ? "" : reason.length() > 500 ? reason.substring(0, 500) : reason;
        Integer millis = outcome == Outcome.RETRY ? (int) Math.max(1, Math.min(86_400_000L, retryIn.toMillis())) : null;
        return Boolean.TRUE.equals(dsl.resultQuery("SELECT salondesk_messages_record({0}, {1}, {2}, {3}, {4}, {5}, {6})",
                val(m.tenantId()), val(m.messageId()), val(m.claim()), val(outcome.dbValue), val(used.dbValue()), val(why),
                val(millis, Integer.class)).fetchOne(0, Boolean.class));
    }

    private static ClaimedMessage toClaimed(Record r) {
        String fallback = r.get("fallback", String.class);
        return new ClaimedMessage(r.get("tenant_id", Long.class), r.get("message_id", Long.class), r.get("claim", UUID.class),
                r.get("message_key", UUID.class), MessageKind.of(r.get("kind", String.class)), r.get("lead_min", Integer.class),
                r.get("attempts", Integer.class), Channel.of(r.get("channel", String.class)),
                fallback == null ? null : Channel.of(fallback), r.get("recipient", String.class), r.get("language", String.class),
                r.get("client_name", String.class), r.get("salon_name", String.class), nn(r.get("salon_address", String.class)),
                nn(r.get("salon_phone", String.class)), ZoneId.of(r.get("time_zone", String.class)), r.get("service_name", String.class),
                r.get("master_name", String.class), r.get("starts_at", OffsetDateTime.class).toInstant(),
                r.get("duration_min", Integer.class), r.get("booking_status", String.class), r.get("subject_template", String.class),
                r.get("body_template", String.class), r.get("link_token", String.class),
                r.get("link_expires", OffsetDateTime.class) == null ? null : r.get("link_expires", OffsetDateTime.class).toInstant(),
                new ClaimedMessage.MailServer(r.get("smtp_host", String.class), r.get("smtp_port", Integer.class),
                        r.get("smtp_starttls", Boolean.class), r.get("smtp_from", String.class)),
                nn(r.get("sms_gateway", String.class)), nn(r.get("sms_sender", String.class)), r.get("online_slug", String.class));
    }

    private static String nn(String s) {
        return s == null ? "" : s;
    }
}
