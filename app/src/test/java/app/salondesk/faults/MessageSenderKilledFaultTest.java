package app.salondesk.faults;

import app.salondesk.Main;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Source;
import app.salondesk.logic.messages.MailCredentials;
import app.salondesk.logic.messages.MessageSender;
import app.salondesk.logic.messages.MessageTexts;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.logic.messages.SmtpChannel;
import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.logic.staff.StaffRepository;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real sender process — {@code salondesk reminders send-due} in a child JVM, signed in as a
 * sender's own login — killed with SIGKILL in the middle of its batch: no message is lost, and at
 * most the messages in flight between the mail server's "accepted" and their record (one per
 * conversation, {@link MessageSender#CONVERSATIONS}) go twice, with the same Message-ID (ADR 33).
 */
class MessageSenderKilledFaultTest {

    private static final int MESSAGES = 500;

    @Test
    void aSenderKilledMidBatchLosesNothingAndDuplicatesAtMostTheMessagesInFlight(@TempDir Path dir) throws Exception {
        GreenMail mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        mail.start();
        try (EngineFixture f = new EngineFixture("msgkilled", 3)) {
            MessagesRepository repo = new MessagesRepository(f.dsl);
            repo.saveSettings(f.tenant, new MessageSettings(true, true, true, null, null, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, 120, "en",
                    "127.0.0.1", mail.getSmtp().getPort(), false, "desk@bloom.test", "", ""));
            repo.setClientContact(f.tenant, f.client, "iryna@client.test", List.of(Channel.EMAIL), true, "en", Source.FORM);
            f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) SELECT " + f.tenant + ", "
                    + f.anna + ", " + f.client + ", timestamptz '2031-01-01 00:00+00' + make_interval(mins => 30 * g), 30, 'confirmed' "
                    + "FROM generate_series(0, " + (MESSAGES - 1) + ") g");
            assertEquals(MESSAGES, f.count("SELECT count(*) FROM messages WHERE state = 'planned' AND due_at <= now()"));
            String login = "mailer_" + Long.toString(System.nanoTime(), 36);
            String password = "sender-pw-" + login;
            new StaffRepository(f.dsl).addSenderLogin(login, password.toCharArray());

            var db = f.backend.database().settings();
            ProcessBuilder pb = Processes.childJvm(Main.class, "--db-url", db.url(), "--user", login, "--password", password,
                    "reminders", "send-due");
            pb.environment().put("SALONDESK_HOME", dir.resolve("home").toString());
            pb.environment().remove("SALONDESK_DB_URL");
            pb.redirectError(dir.resolve("child.err").toFile());
            pb.redirectOutput(dir.resolve("child.out").toFile());
            Process child = pb.start();
            try {
                Processes.await("the child sending", Duration.ofSeconds(90),
                        () -> mail.getReceivedMessages().length >= 60 || !child.isAlive());
                assertTrue(child.isAlive(), "still sending when killed" + Processes.errorsOf(dir.resolve("child.err")));
                Processes.kill9(child.pid());
                assertTrue(child.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
            } finally {
                child.destroyForcibly();
            }
            int sentByChild = mail.getReceivedMessages().length;
            int leftSending = f.count("SELECT count(*) FROM messages WHERE state = 'sending'");
            assertTrue(sentByChild < MESSAGES, "killed mid-batch: " + sentByChild);
            assertTrue(leftSending > 0, "it held a claimed batch when it died");
            assertEquals(MESSAGES, f.count("SELECT count(*) FROM messages WHERE state IN ('planned', 'sending', 'sent')"), "none skipped or failed");

            // the dead sender's claims come back when their lease runs out (2 minutes; here at once, by the clock's hand)
            f.dsl.execute("UPDATE messages SET lease_until = now() - interval '1 second' WHERE state = 'sending'");
            MessageSender.Pass p = new MessageSender(f.dsl, new MessageTexts(null), List.of(new SmtpChannel(MailCredentials.NONE,
                    Duration.ofSeconds(5)))).sendAllDue(50, 100);
            assertEquals(0, p.failed() + p.retried(), p.toString());

            assertEquals(MESSAGES, f.count("SELECT count(*) FROM messages WHERE state = 'sent'"), "nothing lost");
            MimeMessage[] got = mail.getReceivedMessages();
            Map<String, Integer> byId = new HashMap<>();
            for (MimeMessage m : got) {
                byId.merge(m.getMessageID(), 1, Integer::sum);
            }
            assertEquals(MESSAGES, byId.size(), "every message arrived");
            long twice = byId.values().stream().filter(n -> n > 1).count();
            assertTrue(twice <= MessageSender.CONVERSATIONS, "at most the ones in flight went twice: " + twice);
            assertTrue(byId.values().stream().allMatch(n -> n <= 2));
            assertEquals(MESSAGES + twice, got.length);
        } finally {
            mail.stop();
        }
    }
}
