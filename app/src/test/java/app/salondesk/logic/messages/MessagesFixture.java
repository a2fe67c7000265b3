package app.salondesk.logic.messages;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.MessageSettings;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.MimeMessage;
import org.jooq.DSLContext;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.util.List;

/**
 * {@link EngineFixture}'s salon with messages switched on and its mail going to a real SMTP server
 * in this JVM (GreenMail, on a port of its own): e-mail reminders 24 h before, SMS 2 h before,
 * quiet hours 21:00–09:00 (Kyiv). The fixture's client Iryna has an e-mail, prefers it, and said yes.
 */
final class MessagesFixture implements AutoCloseable {

    static final String IRYNA = "iryna@client.test";

    final EngineFixture f;
    final GreenMail mail;
    final MessagesRepository repo;

    MessagesFixture(String name, int poolSize) {
        f = new EngineFixture(name, poolSize);
        mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        mail.start();
        repo = new MessagesRepository(f.dsl);
        repo.saveSettings(f.tenant, settings(mail.getSmtp().getPort()));
        repo.setClientContact(f.tenant, f.client, IRYNA, List.of(Channel.EMAIL), true, "en", app.salondesk.model.booking.Source.FORM);
        f.dsl.execute("UPDATE tenants SET address = '1 Khreshchatyk St', phone = '+380440000000' WHERE id = " + f.tenant);
    }

    static MessageSettings settings(int smtpPort) {
        return new MessageSettings(true, true, true, 1440, 120, LocalTime.of(21, 0), LocalTime.of(9, 0), 120, "en",
                "127.0.0.1", smtpPort, false, "desk@bloom.test", "", "");
    }

    /** A sender on {@code dsl} with mail to this fixture's server, links to {@code https://book.bloom.test}. */
    MessageSender sender(DSLContext dsl) {
        return new MessageSender(dsl, new MessageTexts("https://book.bloom.test"),
                List.of(new SmtpChannel(MailCredentials.NONE, Duration.ofSeconds(3))), Duration.ofSeconds(30), Duration.ofSeconds(1));
    }

    /** Every planned message of the salon due now, as if its time had come (the planned time is kept). */
    void dueNow() {
        f.dsl.execute("UPDATE messages SET due_at = now() WHERE state = 'planned' AND tenant_id = " + f.tenant);
    }

    void reset() throws Exception {
        f.clearSchedule();
        mail.purgeEmailFromAllMailboxes();
    }

    /** The planned time of a booking's message, in the salon's wall clock ("2030-01-06T10:00"). */
    String plannedLocal(long booking, String kind, int lead) {
        Instant at = f.dsl.resultQuery("SELECT planned_at FROM messages WHERE booking_id = " + booking + " AND kind = '" + kind
                + "' AND lead_min = " + lead + " AND state <> 'skipped'").fetchOne(0, java.time.OffsetDateTime.class).toInstant();
        return at.atZone(EngineFixture.ZONE).toLocalDateTime().toString();
    }

    List<String> states(long booking) {
        return f.dsl.resultQuery("SELECT kind || '/' || lead_min || '/' || state FROM messages WHERE booking_id = " + booking
                + " ORDER BY planned_at, id").fetch(0, String.class);
    }

    MimeMessage[] received() {
        return mail.getReceivedMessages();
    }

    @Override
    public void close() {
        mail.stop();
        f.close();
    }
}
