package app.salondesk.model.messages;

/**
 * A message's words, ready for a channel: a subject (e-mail), plain text (both channels), a
 * simple HTML body (e-mail), and an iCalendar file for a confirmation (else null).
 */
public record RenderedMessage(String subject, String text, String html, String ics) {
}
