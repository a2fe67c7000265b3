package app.salondesk.logic.messages;

import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The sender a process runs beside its other work — {@code serve}, the embedded desk — built from
 * this process's own secrets ({@link MailCredentials#ofThisProcess()}) and channels: e-mail always
 * (a salon without a mail server set up gets "no mail server set up" on the desk), SMS and Viber
 * when this process holds a gateway token.
 */
public final class MessageSenders {

    private static final Logger log = LoggerFactory.getLogger(MessageSenders.class);

    private MessageSenders() {
    }

    /** The channels this process can send by, with its secrets. */
    public static List<MessageChannel> channels(MailCredentials secrets) {
        List<MessageChannel> channels = new ArrayList<>();
        channels.add(new SmtpChannel(secrets));
        if (secrets.smsToken() != null) {
            channels.add(new TurboSmsChannel(secrets.smsToken()));
            channels.add(TurboSmsChannel.viber(secrets.smsToken()));
        }
        return channels;
    }

    /**
     * Starts a sender on {@code dsl} (the owner's, or a sender login's pool), links starting with
     * {@code baseUrl} (null: none). A secrets file others may read is refused: the sender then runs
     * without credentials, and says why in the log.
     */
    public static MessageSenderWorker start(DSLContext dsl, String baseUrl, String name) {
        MailCredentials secrets;
        try {
            secrets = MailCredentials.ofThisProcess();
        } catch (MailCredentials.UnsafeFileException e) {
            log.warn("messages are sent without the mail server's password: {}", e.getMessage());
            secrets = MailCredentials.NONE;
        }
        return MessageSenderWorker.start(new MessageSender(dsl, new MessageTexts(baseUrl), channels(secrets)), MessageSender.BATCH,
                MessageSenderWorker.EVERY, name);
    }
}
