package app.salondesk.logic.messages;

import app.salondesk.model.booking.Booking;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.ClaimedMessage;
import app.salondesk.model.messages.MessageRow;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.model.messages.MessageState;
import jakarta.mail.internet.MimeMessage;
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
 * The mail server on a bad day — refusing for now (4xx), refusing for good (5xx), hanging, down —
 * and a sender that dies between the server's "accepted" and its record: each message is tried
 * again with backoff and the same Message-ID, then failed with the server's own words where the
 * desk reads them; nothing is lost, and a message goes at most twice only in that window (ADR 33).
 */
class MessageFaultsTest {

    private static MessagesFixture m;
    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        m = new MessagesFixture("messages_faults", 4);
        f = m.f;
    }

    @AfterAll
    static void close() {
        m.close();
    }

    @BeforeEach
    void bare() throws Exception {
        m.reset();
        m.repo.setClientContact(f.tenant, f.client, MessagesFixture.IRYNA, List.of(Channel.EMAIL), true, "en", app.salondesk.model.booking.Source.FORM);
        mailTo(m.mail.getSmtp().getPort());
    }

    /** The salon's mail server at this port; only confirmations (no reminders: one message per booking). */
    private static void mailTo(int port) {
        m.repo.saveSettings(f.tenant, new MessageSettings(true, true, true, null, null, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, 120, "en",
                "127.0.0.1", port, false, "desk@bloom.test", "", ""));
    }

    private static MessageSender sender(Duration timeout) {
        return new MessageSender(f.dsl, new MessageTexts("https://book.bloom.test"),
                List.of(new SmtpChannel(MailCredentials.NONE, timeout)), Duration.ofSeconds(30), Duration.ofMillis(50));
    }

    private static MessageRow only(long booking) {
        List<MessageRow> rows = m.repo.forBooking(f.tenant, booking);
        assertEquals(1, rows.size(), rows.toString());
        return rows.get(0);
    }

    /** Passes until the booking's message is no longer planned (or 10 s). */
    private static MessageRow sendUntilSettled(MessageSender s, long booking) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < until) {
            s.sendDue(10);
            MessageRow r = only(booking);
            if (r.state() != MessageState.PLANNED) {
                return r;
            }
            Thread.sleep(20);
        }
        return only(booking);
    }

    @Test
    void aServerThatSaysTryLaterIsTriedAgainWithGrowingWaitsThenTheMessageFailsWithItsWords() throws Exception {
        try (FaultySmtpServer later = new FaultySmtpServer(FaultySmtpServer.Mode.REFUSE_451)) {
            mailTo(later.port());
            Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
            MessageSender s = sender(Duration.ofSeconds(3));
            s.sendDue(10);
            MessageRow first = only(b.id());
            assertEquals(MessageState.PLANNED, first.state(), "tried again later");
            assertEquals(1, first.attempts());
            assertTrue(first.reason().contains("451"), first.reason());
            long waited1 = Duration.between(f.dsl.resultQuery("SELECT updated_at FROM messages WHERE booking_id = " + b.id())
                    .fetchOne(0, java.time.OffsetDateTime.class).toInstant(), first.dueAt()).toMillis();
            assertTrue(waited1 >= 40 && waited1 < 1000, "the first wait: " + waited1);
            MessageRow last = sendUntilSettled(s, b.id());
            assertEquals(MessageState.FAILED, last.state(), last.toString());
            assertEquals(6, last.attempts(), "six tries, then failed for good");
            assertTrue(last.reason().contains("try later"), "the server's words for the desk: " + last.reason());
            assertEquals(6, later.conversations.get());
            assertEquals(0, m.received().length);
            // the desk's Resend sends it again as a new message, now that the server is well
            mailTo(m.mail.getSmtp().getPort());
            assertTrue(m.repo.sendNow(f.tenant, last.id()));
            sender(Duration.ofSeconds(3)).sendDue(10);
            assertEquals(MessageState.SENT, only(b.id()).state());
            assertEquals(1, m.received().length);
        }
    }

    @Test
    void aServerThatSaysNeverFailsTheMessageAtOnceAndTheClientsNextChannelIsTried() throws Exception {
        try (FaultySmtpServer never = new FaultySmtpServer(FaultySmtpServer.Mode.REFUSE_550)) {
            mailTo(never.port());
            Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
            sender(Duration.ofSeconds(3)).sendDue(10);
            MessageRow r = only(b.id());
            assertEquals(MessageState.FAILED, r.state());
            assertEquals(1, r.attempts(), "no second try of what the server refused for good");
            assertTrue(r.reason().contains("mailbox does not exist"), r.reason());

            // Iryna also takes SMS; no gateway is set up in this process, so that fails too, and says so
            m.repo.setClientContact(f.tenant, f.client, MessagesFixture.IRYNA, List.of(Channel.EMAIL, Channel.SMS), true, null, app.salondesk.model.booking.Source.FORM);
            Booking other = f.booked(f.engine.book(f.cutWith(f.bohdan, EngineFixture.at(10, 0))));
            MessageSender s = sender(Duration.ofSeconds(3));
            s.sendDue(10);
            assertEquals(MessageState.PLANNED, only(other.id()).state(), "the next channel, at once");
            s.sendDue(10);
            MessageRow both = only(other.id());
            assertEquals(MessageState.FAILED, both.state());
            assertEquals("no SMS gateway set up", both.reason());
            assertEquals("{email,sms}", f.dsl.resultQuery("SELECT tried::text FROM messages WHERE id = " + both.id()).fetchOne(0, String.class));
        }
    }

    @Test
    void aHangingServerIsGivenUpOnWithinTheTimeoutAndTriedAgain() throws Exception {
        try (FaultySmtpServer hanging = new FaultySmtpServer(FaultySmtpServer.Mode.HANG)) {
            mailTo(hanging.port());
            Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
            long t0 = System.nanoTime();
            sender(Duration.ofMillis(800)).sendDue(10);
            long took = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            assertTrue(took < 5_000, "given up within the timeout: " + took + " ms");
            MessageRow r = only(b.id());
            assertEquals(MessageState.PLANNED, r.state());
            assertTrue(r.reason().contains("does not answer") || r.reason().toLowerCase().contains("timed out"), r.reason());
        }
    }

    @Test
    void aServerThatIsDownIsTriedAgainAndTheMessageGoesWhenItIsBackWithItsOwnId() throws Exception {
        mailTo(FaultySmtpServer.downPort());
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        MessageSender s = sender(Duration.ofSeconds(2));
        s.sendDue(10);
        s.sendDue(10);
        MessageRow r = only(b.id());
        assertEquals(MessageState.PLANNED, r.state());
        assertTrue(r.reason().contains("ConnectException"), r.reason());
        String key = f.dsl.resultQuery("SELECT message_key::text FROM messages WHERE id = " + r.id()).fetchOne(0, String.class);
        mailTo(m.mail.getSmtp().getPort());
        Thread.sleep(300);
        MessageRow sent = sendUntilSettled(s, b.id());
        assertEquals(MessageState.SENT, sent.state());
        MimeMessage[] got = m.received();
        assertEquals(1, got.length);
        assertEquals("<" + key + "@salondesk>", got[0].getMessageID());
    }

    @Test
    void aSenderThatDiesAfterTheServerAcceptedLeavesTheMessageToAnotherWhichSendsItOnceMoreWithTheSameId() throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        // the first sender claims and sends, then dies before its record
        MessageClaims dying = new MessageClaims(f.dsl);
        List<ClaimedMessage> claimed = dying.claim(10, Duration.ofSeconds(10));
        assertEquals(1, claimed.size());
        ClaimedMessage c = claimed.get(0);
        assertEquals(new app.salondesk.model.messages.SendResult.Accepted(),
                new SmtpChannel(MailCredentials.NONE, Duration.ofSeconds(3)).send(c, new MessageTexts("https://book.bloom.test").render(c)));
        // nobody else takes it while the lease runs
        assertEquals(0, sender(Duration.ofSeconds(3)).sendDue(10).claimed());
        // the lease runs out (as it does 2 minutes after a sender died)
        f.dsl.execute("UPDATE messages SET lease_until = now() - interval '1 second' WHERE id = " + c.messageId());
        MessageSender.Pass p = sender(Duration.ofSeconds(3)).sendDue(10);
        assertEquals(1, p.sent(), p.toString());
        MessageRow r = only(b.id());
        assertEquals(MessageState.SENT, r.state());
        assertEquals(2, r.attempts());
        MimeMessage[] got = m.received();
        assertEquals(2, got.length, "the window ADR 33 states: at most one duplicate");
        assertEquals(got[0].getMessageID(), got[1].getMessageID(), "with the same Message-ID");
        // and the dead sender's late record changes nothing
        assertTrue(!dying.record(c, MessageClaims.Outcome.FAILED, Channel.EMAIL, "late", null));
        assertEquals(MessageState.SENT, only(b.id()).state());
    }
}
