package app.salondesk.model.messages;

import java.time.Instant;
import java.time.ZoneId;
import java.util.UUID;

/**
 * A message a sender holds (ADR 33): what {@code salondesk_messages_claim} handed out, re-checked
 * against its booking a moment ago. {@code channel} is the one to try; {@code fallback} the client's
 * next one, if any. {@code subjectTemplate}/{@code bodyTemplate} are the salon's own texts or null
 * (the defaults). {@code linkToken} is the message's private link, kept by the database only as a hash
 * (null for a thank-you: the booking is over); {@code onlineSlug} the salon's online page, or null.
 */
public record ClaimedMessage(long tenantId, long messageId, UUID claim, UUID messageKey, MessageKind kind, int leadMin,
                             int attempts, Channel channel, Channel fallback, String recipient, String language,
                             String clientName, String salonName, String salonAddress, String salonPhone, ZoneId zone,
                             String serviceName, String masterName, Instant start, int durationMin, String bookingStatus,
                             String subjectTemplate, String bodyTemplate, String linkToken, Instant linkExpires,
                             MailServer mailServer, String smsGateway, String smsSender, String onlineSlug) {

    /** The salon's mail server (host, port, STARTTLS, From); the password is the sending process's. */
    public record MailServer(String host, int port, boolean startTls, String from) {
        public boolean configured() {
            return host != null && !host.isBlank() && from != null && !from.isBlank();
        }
    }
}
