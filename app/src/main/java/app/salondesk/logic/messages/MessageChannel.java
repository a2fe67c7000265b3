package app.salondesk.logic.messages;

import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.ClaimedMessage;
import app.salondesk.model.messages.RenderedMessage;
import app.salondesk.model.messages.SendResult;

/**
 * One way of reaching a client (e-mail, SMS). A channel never throws for what the other side
 * said: a refusal is a {@link SendResult}; only a bug escapes.
 */
public interface MessageChannel {

    Channel channel();

    /** Sends {@code words} to {@code m.recipient()}, with {@code m.messageKey()} as its id on every try. */
    SendResult send(ClaimedMessage m, RenderedMessage words);

    /** Lets go of what the channel keeps open between messages (connections); it may be used again after. */
    default void close() {
    }
}
