package app.salondesk.logic.messages;

import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.MessageKind;
import app.salondesk.model.messages.MessageRow;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.model.messages.MessageState;
import org.jooq.DSLContext;
import org.jooq.Record;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.MESSAGES;
import static app.salondesk.jooq.Tables.MESSAGE_SETTINGS;
import static app.salondesk.jooq.Tables.MESSAGE_TEMPLATES;

/**
 * The desk's and the command line's side of messages, for one salon at a time: its settings and
 * texts (admins write them: column grants, migration 30), its messages per booking and per day,
 * Send now / Resend, and a client's e-mail, channels and consent. Runs as the signed-in login; row
 * security keeps it in that login's salon.
 */
public final class MessagesRepository {

    private final DSLContext dsl;

    public MessagesRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public MessageSettings settings(long tenantId) {
        return dsl.selectFrom(MESSAGE_SETTINGS).where(MESSAGE_SETTINGS.TENANT_ID.eq(tenantId)).fetchOptional()
                .map(r -> new MessageSettings(r.getEnabled(), r.getConfirmations(), r.getChanges(), r.getEmailLeadMin(), r.getSmsLeadMin(),
                        r.getQuietFrom(), r.getQuietTo(), r.getCancelCutoffMin(), r.getLanguage(), r.getSmtpHost(), r.getSmtpPort(),
                        r.getSmtpStarttls(), r.getSmtpFrom(), r.getSmsGateway(), r.getSmsSender(),
                        r.getThanks() ? r.getThanksAfterMin() : null))
                .orElse(MessageSettings.defaults());
    }

    /** Writes the salon's settings whole (an admin's, or the owner's). */
    public void saveSettings(long tenantId, MessageSettings s) {
        dsl.insertInto(MESSAGE_SETTINGS)
                .set(MESSAGE_SETTINGS.TENANT_ID, tenantId)
                .set(MESSAGE_SETTINGS.ENABLED, s.enabled())
                .set(MESSAGE_SETTINGS.CONFIRMATIONS, s.confirmations())
                .set(MESSAGE_SETTINGS.CHANGES, s.changes())
                .set(MESSAGE_SETTINGS.EMAIL_LEAD_MIN, s.emailLeadMin())
                .set(MESSAGE_SETTINGS.SMS_LEAD_MIN, s.smsLeadMin())
                .set(MESSAGE_SETTINGS.QUIET_FROM, s.quietFrom())
                .set(MESSAGE_SETTINGS.QUIET_TO, s.quietTo())
                .set(MESSAGE_SETTINGS.CANCEL_CUTOFF_MIN, s.cancelCutoffMin())
                .set(MESSAGE_SETTINGS.LANGUAGE, s.language())
                .set(MESSAGE_SETTINGS.SMTP_HOST, s.smtpHost())
                .set(MESSAGE_SETTINGS.SMTP_PORT, s.smtpPort())
                .set(MESSAGE_SETTINGS.SMTP_STARTTLS, s.smtpStartTls())
                .set(MESSAGE_SETTINGS.SMTP_FROM, s.smtpFrom())
                .set(MESSAGE_SETTINGS.SMS_GATEWAY, s.smsGateway())
                .set(MESSAGE_SETTINGS.SMS_SENDER, s.smsSender())
                .set(MESSAGE_SETTINGS.THANKS, s.thanksAfterMin() != null)
                .set(MESSAGE_SETTINGS.THANKS_AFTER_MIN, thanksAfter(s))
                .onConflict(MESSAGE_SETTINGS.TENANT_ID).doUpdate()
                .set(MESSAGE_SETTINGS.ENABLED, s.enabled())
                .set(MESSAGE_SETTINGS.CONFIRMATIONS, s.confirmations())
                .set(MESSAGE_SETTINGS.CHANGES, s.changes())
                .set(MESSAGE_SETTINGS.EMAIL_LEAD_MIN, s.emailLeadMin())
                .set(MESSAGE_SETTINGS.SMS_LEAD_MIN, s.smsLeadMin())
                .set(MESSAGE_SETTINGS.QUIET_FROM, s.quietFrom())
                .set(MESSAGE_SETTINGS.QUIET_TO, s.quietTo())
                .set(MESSAGE_SETTINGS.CANCEL_CUTOFF_MIN, s.cancelCutoffMin())
                .set(MESSAGE_SETTINGS.LANGUAGE, s.language())
                .set(MESSAGE_SETTINGS.SMTP_HOST, s.smtpHost())
                .set(MESSAGE_SETTINGS.SMTP_PORT, s.smtpPort())
                .set(MESSAGE_SETTINGS.SMTP_STARTTLS, s.smtpStartTls())
                .set(MESSAGE_SETTINGS.SMTP_FROM, s.smtpFrom())
                .set(MESSAGE_SETTINGS.SMS_GATEWAY, s.smsGateway())
                .set(MESSAGE_SETTINGS.SMS_SENDER, s.smsSender())
                .set(MESSAGE_SETTINGS.THANKS, s.thanksAfterMin() != null)
                .set(MESSAGE_SETTINGS.THANKS_AFTER_MIN, thanksAfter(s))
                .set(MESSAGE_SETTINGS.UPDATED_AT, OffsetDateTime.now(ZoneOffset.UTC))
                .execute();
    }

    /** The thank-you's delay as stored: the salon's, or the default while it is off. */
    private static int thanksAfter(MessageSettings s) {
        return s.thanksAfterMin() != null ? s.thanksAfterMin() : MessageSettings.THANKS_AFTER_DEFAULT;
    }

    /** A booking's messages, in the order they go. */
    public List<MessageRow> forBooking(long tenantId, long bookingId) {
        return dsl.selectFrom(MESSAGES).where(MESSAGES.TENANT_ID.eq(tenantId).and(MESSAGES.BOOKING_ID.eq(bookingId)))
                .orderBy(MESSAGES.PLANNED_AT, MESSAGES.ID).fetch(MessagesRepository::toRow);
    }

    /** The messages planned for a salon day (the salon's wall clock), in time order. */
    public List<MessageRow> ofDay(long tenantId, LocalDate day, ZoneId zone) {
        OffsetDateTime from = day.atStartOfDay(zone).toOffsetDateTime();
        OffsetDateTime to = day.plusDays(1).atStartOfDay(zone).toOffsetDateTime();
        return dsl.selectFrom(MESSAGES).where(MESSAGES.TENANT_ID.eq(tenantId)
                        .and(MESSAGES.PLANNED_AT.ge(from)).and(MESSAGES.PLANNED_AT.lt(to)))
                .orderBy(MESSAGES.PLANNED_AT, MESSAGES.ID).fetch(MessagesRepository::toRow);
    }

    /** Send a planned message now, or a sent, failed or skipped one again (as a new message); false: not found or being sent. */
    public boolean sendNow(long tenantId, long messageId) {
        return Boolean.TRUE.equals(dsl.resultQuery("SELECT salondesk_message_send_now({0}, {1})",
                org.jooq.impl.DSL.val(tenantId), org.jooq.impl.DSL.val(messageId)).fetchOne(0, Boolean.class));
    }

    /**
     * A channel that keeps failing: the newest reason of a message of this salon tried and not
     * accepted at least {@code tries} times since {@code since} with nothing sent by that channel
     * since; empty when all is well (the desk's status-bar warning).
     */
    public Optional<Failing> failing(long tenantId, Instant since, int tries) {
        OffsetDateTime from = since.atOffset(ZoneOffset.UTC);
        return dsl.select(MESSAGES.CHANNEL, MESSAGES.REASON, MESSAGES.UPDATED_AT).from(MESSAGES)
                .where(MESSAGES.TENANT_ID.eq(tenantId).and(MESSAGES.UPDATED_AT.ge(from)).and(MESSAGES.REASON.ne(""))
                        .and(MESSAGES.STATE.in("planned", "failed")).and(MESSAGES.ATTEMPTS.ge(tries))
                        .andNotExists(dsl.selectOne().from(MESSAGES.as("ok")).where(MESSAGES.as("ok").TENANT_ID.eq(tenantId)
                                .and(MESSAGES.as("ok").STATE.eq("sent")).and(MESSAGES.as("ok").SENT_AT.ge(from))
                                .and(MESSAGES.as("ok").CHANNEL.eq(MESSAGES.CHANNEL)))))
                .orderBy(MESSAGES.UPDATED_AT.desc()).limit(1)
                .fetchOptional(r -> new Failing(r.value1() == null ? Channel.EMAIL : Channel.of(r.value1()), r.value2(),
                        r.value3().toInstant()));
    }

    public record Failing(Channel channel, String reason, Instant at) {
    }

    /**
     * The client's e-mail, channels (order of preference), consent and language (null: unchanged);
     * the database records who gave consent, when, and by which road ({@code source}).
     */
    public boolean setClientContact(long tenantId, long clientId, String email, List<Channel> channels, Boolean consent, String language,
                                    app.salondesk.model.booking.Source source) {
        return dsl.transactionResult(cfg -> {
            DSLContext tx = cfg.dsl();
            tx.resultQuery("SELECT set_config('salondesk.source', ?, true)", source.dbValue()).fetch();
            var update = tx.update(CLIENTS).set(CLIENTS.EMAIL, email == null ? "" : email.strip());
            if (channels != null) {
                update = update.set(CLIENTS.CHANNELS, channels.stream().map(Channel::dbValue).toArray(String[]::new));
            }
            if (consent != null) {
                update = update.set(CLIENTS.MESSAGE_CONSENT, consent);
            }
            if (language != null) {
                // "": back to the salon's language
                update = update.set(CLIENTS.LANGUAGE, language.isEmpty() ? null : language);
            }
            return update.where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.ID.eq(clientId))).execute() == 1;
        });
    }

    /**
     * The address a client gave for her booking's messages ({@code book --email}): her e-mail, e-mail
     * first among her channels, and her consent (recorded by the database as this login's, with the
     * road's source).
     */
    public void setClientContactForMessages(long tenantId, long clientId, String email, app.salondesk.model.booking.Source source) {
        List<Channel> channels = new java.util.ArrayList<>(List.of(Channel.EMAIL));
        clientContact(tenantId, clientId).ifPresent(c -> c.channels().stream().filter(ch -> ch != Channel.EMAIL).forEach(channels::add));
        setClientContact(tenantId, clientId, email, channels, true, null, source);
    }

    /** The client's contact for messages: e-mail, channels, consent, and who/when/how consent was recorded. */
    public Optional<ClientContact> clientContact(long tenantId, long clientId) {
        return dsl.select(CLIENTS.EMAIL, CLIENTS.PHONE, CLIENTS.CHANNELS, CLIENTS.MESSAGE_CONSENT, CLIENTS.CONSENT_AT, CLIENTS.CONSENT_BY,
                        CLIENTS.CONSENT_HOW, CLIENTS.LANGUAGE)
                .from(CLIENTS).where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.ID.eq(clientId)))
                .fetchOptional(r -> new ClientContact(r.value1(), r.value2(),
                        java.util.Arrays.stream(r.value3()).map(Channel::of).toList(), r.value4(),
                        r.value5() == null ? null : r.value5().toInstant(), r.value6(), r.value7(), r.value8()));
    }

    public record ClientContact(String email, String phone, List<Channel> channels, boolean consent, Instant consentAt, String consentBy,
                                String consentHow, String language) {
    }

    /** The salon's own text of a kind and language, or empty (the default). */
    public Optional<Template> template(long tenantId, MessageKind kind, String language) {
        return dsl.selectFrom(MESSAGE_TEMPLATES).where(MESSAGE_TEMPLATES.TENANT_ID.eq(tenantId).and(MESSAGE_TEMPLATES.KIND.eq(kind.dbValue()))
                        .and(MESSAGE_TEMPLATES.LANGUAGE.eq(language)))
                .fetchOptional(r -> new Template(r.getSubject(), r.getBody()))
                .filter(t -> !t.subject().isEmpty() || !t.body().isEmpty());
    }

    public record Template(String subject, String body) {
    }

    /** Writes the salon's text of a kind and language ('' and '': back to the default). */
    public void saveTemplate(long tenantId, MessageKind kind, String language, String subject, String body) {
        dsl.insertInto(MESSAGE_TEMPLATES)
                .set(MESSAGE_TEMPLATES.TENANT_ID, tenantId).set(MESSAGE_TEMPLATES.KIND, kind.dbValue())
                .set(MESSAGE_TEMPLATES.LANGUAGE, language).set(MESSAGE_TEMPLATES.SUBJECT, subject).set(MESSAGE_TEMPLATES.BODY, body)
                .onConflict(MESSAGE_TEMPLATES.TENANT_ID, MESSAGE_TEMPLATES.KIND, MESSAGE_TEMPLATES.LANGUAGE).doUpdate()
                .set(MESSAGE_TEMPLATES.SUBJECT, subject).set(MESSAGE_TEMPLATES.BODY, body)
                .set(MESSAGE_TEMPLATES.UPDATED_AT, OffsetDateTime.now(ZoneOffset.UTC))
                .execute();
    }

    /** Bookings of a salon day that are still pending, with the client's name and phone (☰ → Tomorrow). */
    public List<ToCall> notConfirmed(long tenantId, LocalDate day, ZoneId zone) {
        OffsetDateTime from = day.atStartOfDay(zone).toOffsetDateTime();
        OffsetDateTime to = day.plusDays(1).atStartOfDay(zone).toOffsetDateTime();
        return dsl.select(BOOKINGS.ID, BOOKINGS.STARTS_AT, CLIENTS.NAME, CLIENTS.PHONE, BOOKINGS.STATUS, BOOKINGS.CLIENT_CONFIRMED_AT)
                .from(BOOKINGS).join(CLIENTS).on(CLIENTS.TENANT_ID.eq(BOOKINGS.TENANT_ID).and(CLIENTS.ID.eq(BOOKINGS.CLIENT_ID)))
                .where(BOOKINGS.TENANT_ID.eq(tenantId).and(BOOKINGS.STARTS_AT.ge(from)).and(BOOKINGS.STARTS_AT.lt(to))
                        .and(BOOKINGS.STATUS.eq("pending").or(BOOKINGS.STATUS.eq("confirmed").and(BOOKINGS.CLIENT_CONFIRMED_AT.isNull()))))
                .orderBy(BOOKINGS.STARTS_AT, BOOKINGS.ID)
                .fetch(r -> new ToCall(r.value1(), r.value2().toInstant(), r.value3(), r.value4(), r.value5()));
    }

    public record ToCall(long bookingId, Instant start, String clientName, String phone, String status) {
    }

    static MessageRow toRow(Record r) {
        var m = r.into(MESSAGES);
        return new MessageRow(m.getId(), m.getBookingId(), MessageKind.of(m.getKind()), m.getLeadMin(),
                m.getChannel() == null ? null : Channel.of(m.getChannel()), m.getAboutStart().toInstant(), m.getPlannedAt().toInstant(),
                m.getDueAt().toInstant(), MessageState.of(m.getState()), m.getAttempts(), m.getRecipient(), m.getReason(),
                m.getSentAt() == null ? null : m.getSentAt().toInstant());
    }
}
