package app.salondesk.logic.messages;

import app.salondesk.model.booking.Booking;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Source;
import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.MessageRow;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.model.messages.MessageState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalTime;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SMS through a local server that speaks TurboSMS's API: the 2-hour reminder reaches the client's
 * phone with the time and the link; a client who prefers Viber gets it by TurboSMS's combined call
 * (a Viber part and an SMS part, one call); a number the gateway refuses falls back to the client's next
 * channel (e-mail, through GreenMail); a gateway that is down is tried again; a wrong token is the
 * salon's to fix, tried again with the gateway's words on the desk.
 */
class SmsThroughTurboSmsTest {

    private static MessagesFixture m;
    private static EngineFixture f;
    private static TurboSmsGatewayServer gateway;

    @BeforeAll
    static void salon() throws Exception {
        m = new MessagesFixture("messages_sms", 3);
        f = m.f;
        gateway = new TurboSmsGatewayServer();
    }

    @AfterAll
    static void close() {
        gateway.close();
        m.close();
    }

    @BeforeEach
    void bare() throws Exception {
        m.reset();
        gateway.sent.clear();
        gateway.refusedPhone = null;
        gateway.down = false;
        // SMS reminders 2 h before, no e-mail reminder, no confirmations: one SMS per booking
        m.repo.saveSettings(f.tenant, new MessageSettings(true, false, true, null, 120, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, 120, "en",
                "127.0.0.1", m.mail.getSmtp().getPort(), false, "desk@bloom.test", gateway.url(), "Bloom"));
        m.repo.setClientContact(f.tenant, f.client, MessagesFixture.IRYNA, List.of(Channel.SMS, Channel.EMAIL), true, "en", Source.FORM);
    }

    private static MessageSender sender(String token) {
        return new MessageSender(f.dsl, new MessageTexts("https://book.bloom.test"),
                List.of(new SmtpChannel(MailCredentials.NONE, Duration.ofSeconds(3)), new TurboSmsChannel(token, Duration.ofSeconds(3)),
                        new TurboSmsChannel(token, Duration.ofSeconds(3), Channel.VIBER)),
                Duration.ofSeconds(30), Duration.ofMillis(50));
    }

    private static MessageRow reminder(long booking) {
        return m.repo.forBooking(f.tenant, booking).stream().filter(r -> r.leadMin() == 120).findFirst().orElseThrow();
    }

    @Test
    void theSmsReminderReachesThePhoneWithTheTimeAndTheLink() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        assertEquals("2030-01-07T08:00", m.plannedLocal(b.id(), "reminder", 120));
        m.dueNow();
        assertEquals(1, sender(TurboSmsGatewayServer.TOKEN).sendDue(10).sent());
        assertEquals(1, gateway.sent.size());
        TurboSmsGatewayServer.Sent sms = gateway.sent.get(0);
        assertEquals("380671112233", sms.phone(), "the gateway's format: digits without the plus");
        assertEquals("Bloom", sms.sender());
        assertTrue(sms.text().contains("10:00 AM") && sms.text().matches(".*https://book\\.bloom\\.test/m/\\d+\\.[0-9a-f]{64}$"), sms.text());
        assertEquals(f.dsl.resultQuery("SELECT message_key::text FROM messages WHERE id = " + reminder(b.id()).id()).fetchOne(0, String.class),
                sms.messageKey());
        assertEquals(MessageState.SENT, reminder(b.id()).state());
        assertEquals(Channel.SMS, reminder(b.id()).channel());
        assertEquals(0, m.received().length);
    }

    @Test
    void aClientWhoPrefersViberGetsTheReminderByViberWithItsSmsPartInOneCall() {
        m.repo.setClientContact(f.tenant, f.client, MessagesFixture.IRYNA, List.of(Channel.VIBER, Channel.EMAIL), true, "en", Source.FORM);
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        m.dueNow();
        assertEquals(1, sender(TurboSmsGatewayServer.TOKEN).sendDue(10).sent());
        assertEquals(1, gateway.sent.size(), "one call to the gateway");
        TurboSmsGatewayServer.Sent call = gateway.sent.get(0);
        assertEquals("380671112233", call.phone());
        assertEquals("Bloom", call.viberSender());
        assertTrue(call.viberText().contains("Iryna") && call.viberText().contains("10:00 AM") && call.viberText().contains("/m/"),
                "Viber carries the letter: " + call.viberText());
        assertEquals(3600, ((Number) call.viberTtl()).intValue(), "the gateway tries Viber for an hour, then the SMS part");
        assertTrue(call.text().contains("10:00 AM") && call.text().matches(".*https://book\\.bloom\\.test/m/\\d+\\.[0-9a-f]{64}$"),
                "the SMS part stays short: " + call.text());
        assertEquals(Channel.VIBER, reminder(b.id()).channel(), "the reminder planned by phone went by the client's first phone channel");
        assertEquals(MessageState.SENT, reminder(b.id()).state());
        assertEquals(0, m.received().length);
    }

    @Test
    void aNumberTheGatewayRefusesFallsBackToTheClientsEmail() {
        gateway.refusedPhone = "380671112233";
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        m.dueNow();
        MessageSender s = sender(TurboSmsGatewayServer.TOKEN);
        s.sendDue(10);
        assertEquals(MessageState.PLANNED, reminder(b.id()).state(), "the next channel, due at once");
        s.sendDue(10);
        MessageRow r = reminder(b.id());
        assertEquals(MessageState.SENT, r.state(), r.toString());
        assertEquals(Channel.EMAIL, r.channel(), "the client's next channel");
        assertEquals(1, m.received().length);
        assertEquals("{sms,email}", f.dsl.resultQuery("SELECT tried::text FROM messages WHERE id = " + r.id()).fetchOne(0, String.class));
    }

    @Test
    void aGatewayThatIsDownOrAWrongTokenIsTriedAgainWithTheReasonOnTheDesk() throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        m.dueNow();
        gateway.down = true;
        sender(TurboSmsGatewayServer.TOKEN).sendDue(10);
        assertEquals(MessageState.PLANNED, reminder(b.id()).state());
        assertTrue(reminder(b.id()).reason().contains("HTTP 503"), reminder(b.id()).reason());
        gateway.down = false;
        Thread.sleep(150);
        sender("a-wrong-token").sendDue(10);
        assertEquals(MessageState.PLANNED, reminder(b.id()).state());
        assertTrue(reminder(b.id()).reason().contains("REQUIRED_TOKEN"), reminder(b.id()).reason());
        Thread.sleep(250);
        assertEquals(1, sender(TurboSmsGatewayServer.TOKEN).sendDue(10).sent());
        assertEquals(MessageState.SENT, reminder(b.id()).state());
        assertEquals(3, reminder(b.id()).attempts());
        assertEquals(1, gateway.sent.size());
    }
}
