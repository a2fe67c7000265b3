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
 * {@code reminders settings|list|send-due}, {@code clients set} and {@code book --email} on the
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
        SetupCli.Run nobody = cli.owner("clients", "set", "--id", "999999", "--consent", "no");
        assertEquals("invalid: there is no client 999999 in this salon", nobody.line());
    }
}
