package app.salondesk.cli;

import app.salondesk.logic.booking.EngineFixture;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code reminders settings|list|booking|send-now|send-due}, {@code clients set} and {@code book --email} on the
 * fixture's salon, with mail to a real SMTP server (GreenMail): the settings are shown and changed,
 * a client's contact and consent recorded, a booking's messages listed for their day and the due
 * one sent; bad input is one line, exit code 2, and nothing written.
 */
class RemindersCommandTest {

    private static EngineFixture f;
    private static SetupCli cli;
    private static GreenMail mail;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("clireminders", 2);
        cli = new SetupCli(f.backend.database().settings());
        mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        mail.start();
    }

    @AfterAll
    static void close() {
        mail.stop();
        f.close();
    }

    @Test
    void theSalonSwitchesMessagesOnBooksWithAnEmailAndTheConfirmationGoesOut() throws Exception {
        SetupCli.Run shown = cli.owner("reminders", "settings");
        assertEquals(0, shown.exit(), shown.toString());
        assertTrue(shown.lines().containsAll(List.of("enabled=false", "email_before=24h", "sms_before=2h", "quiet=21:00-09:00")), shown.toString());

        SetupCli.Run bad = cli.owner("reminders", "settings", "--enabled", "true", "--email-before", "3 weeks");
        assertEquals(2, bad.exit(), bad.toString());
        assertEquals("invalid: --email-before takes a time such as 24h, 90m or 1d (at most 14 days), or none: 3 weeks", bad.line());
        assertEquals(0, f.count("SELECT count(*) FROM message_settings"), "nothing written");

        SetupCli.Run set = cli.owner("reminders", "settings", "--enabled", "true", "--email-before", "1d", "--sms-before", "none",
                "--quiet", "none", "--smtp-host", "127.0.0.1", "--smtp-port", Integer.toString(mail.getSmtp().getPort()),
                "--smtp-starttls", "false", "--smtp-from", "desk@bloom.test", "--language", "en");
        assertEquals(0, set.exit(), set.toString());
        assertTrue(set.lines().containsAll(List.of("enabled=true", "email_before=24h", "sms_before=none", "quiet=none",
                "smtp=127.0.0.1:" + mail.getSmtp().getPort(), "smtp_from=desk@bloom.test", "language=en")), set.toString());

        SetupCli.Run booked = cli.owner("book", "--master", "Anna", "--start", "2030-01-07T10:00", "--service", "Cut", "--client", "Olha",
                "--phone", "+380501112299", "--email", "olha@client.test");
        assertEquals(0, booked.exit(), booked.toString());
        long client = f.count("SELECT id FROM clients WHERE phone = '+380501112299'");
        assertEquals("olha@client.test|{email}|true|cli", f.dsl.resultQuery("SELECT email || '|' || channels::text || '|' || message_consent || '|' || consent_how "
                + "FROM clients WHERE id = " + client).fetchOne(0, String.class));
        long booking = f.count("SELECT id FROM bookings WHERE client_id = " + client);

        List<String> day = cli.owner("reminders", "list", "--day", "2030-01-06").lines();
        assertEquals(List.of("booking #" + booking + "\treminder 24h\temail\t2030-01-06 10:00\tplanned\t"), day);

        SetupCli.Run sent = cli.owner("reminders", "send-due");
        assertEquals(0, sent.exit(), sent.toString());
        assertEquals("sent=1 retried=0 failed=0", sent.line());
        assertEquals(1, mail.getReceivedMessages().length);
        assertEquals("olha@client.test", mail.getReceivedMessages()[0].getAllRecipients()[0].toString());

        // the booking's messages, and one sent again as a new message (the desk's Resend)
        List<String> messages = cli.owner("reminders", "booking", "--id", Long.toString(booking)).lines();
        assertEquals(2, messages.size(), messages.toString());
        assertTrue(messages.get(0).startsWith("booking #" + booking + "\tconfirmation\temail\t") && messages.get(0).contains("\tsent\t\tmessage #"),
                messages.toString());
        String confirmation = messages.get(0).substring(messages.get(0).lastIndexOf('#') + 1);
        SetupCli.Run again = cli.owner("reminders", "send-now", "--message", confirmation);
        assertEquals(0, again.exit(), again.toString());
        assertEquals("message #" + confirmation + " planned for now", again.line());
        assertEquals("sent=1 retried=0 failed=0", cli.owner("reminders", "send-due").line());
        assertEquals(2, mail.getReceivedMessages().length, "sent again, as a new message");
        assertTrue(!mail.getReceivedMessages()[0].getMessageID().equals(mail.getReceivedMessages()[1].getMessageID()), "with a new Message-ID");
        assertEquals("invalid: this salon has no message #999999, or it is being sent right now",
                cli.owner("reminders", "send-now", "--message", "999999").line());
        assertEquals(2, cli.owner("reminders", "booking", "--id", "999999").exit());

        // the thank-you after the visit
        SetupCli.Run thanks = cli.owner("reminders", "settings", "--thanks-after", "90m");
        assertTrue(thanks.lines().contains("thanks_after=1h30m"), thanks.toString());
        assertEquals("true|90", f.dsl.resultQuery("SELECT thanks || '|' || thanks_after_min FROM message_settings").fetchOne(0, String.class));
        assertTrue(cli.owner("reminders", "settings", "--thanks-after", "none").lines().contains("thanks_after=none"));
        assertEquals(2, cli.owner("reminders", "settings", "--thanks-after", "soon").exit());
    }

    @Test
    void aClientsContactIsSetWithConsentRecordedAndBadInputChangesNothing() {
        SetupCli.Run badMail = cli.owner("clients", "set", "--id", Long.toString(f.client), "--email", "not-an-address", "--consent", "yes");
        assertEquals(2, badMail.exit(), badMail.toString());
        assertEquals("invalid: not an e-mail address: not-an-address", badMail.line());
        SetupCli.Run badChannels = cli.owner("clients", "set", "--id", Long.toString(f.client), "--email", "iryna@client.test",
                "--channels", "email,fax");
        assertEquals(2, badChannels.exit(), badChannels.toString());
        assertEquals("|false", f.dsl.resultQuery("SELECT email || '|' || message_consent FROM clients WHERE id = " + f.client).fetchOne(0, String.class),
                "nothing written");
        SetupCli.Run ok = cli.owner("clients", "set", "--id", Long.toString(f.client), "--email", "iryna@client.test", "--channels", "email,sms",
                "--consent", "yes", "--language", "uk");
        assertEquals(0, ok.exit(), ok.toString());
        assertTrue(ok.line().startsWith("client #" + f.client + " email=iryna@client.test channels=email,sms consent=yes ("), ok.line());
        assertTrue(ok.line().contains(", cli, ") && ok.line().endsWith(" language=uk"), ok.line());
        SetupCli.Run viber = cli.owner("clients", "set", "--id", Long.toString(f.client), "--channels", "viber,email");
        assertEquals(0, viber.exit(), viber.toString());
        assertTrue(viber.line().contains(" channels=viber,email "), viber.line());
        long noPhone = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'No Phone') RETURNING id");
        SetupCli.Run withoutPhone = cli.owner("clients", "set", "--id", Long.toString(noPhone), "--email", "np@client.test", "--channels", "email,sms");
        assertEquals("invalid: SMS and Viber need the client's phone: the card has none", withoutPhone.line());
        SetupCli.Run nobody = cli.owner("clients", "set", "--id", "999999", "--consent", "no");
        assertEquals("invalid: there is no client 999999 in this salon", nobody.line());
    }
}
