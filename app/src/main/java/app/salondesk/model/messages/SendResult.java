package app.salondesk.model.messages;

/** What a channel said of one message. */
public sealed interface SendResult {

    /** The channel accepted it (the mail server's 250, the gateway's OK). */
    record Accepted() implements SendResult {
    }

    /** It may go later (SMTP 4xx, no answer, connection refused): tried again with backoff. */
    record Temporary(String reason) implements SendResult {
    }

    /** It will never go by this channel (SMTP 5xx, a number the gateway refuses, no server set up). */
    record Permanent(String reason) implements SendResult {
    }
}
