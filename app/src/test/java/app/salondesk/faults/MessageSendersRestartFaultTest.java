package app.salondesk.faults;

import app.salondesk.model.booking.Source;
import app.salondesk.db.EmbeddedServer;
import app.salondesk.db.EmbeddedServer.Durability;
import app.salondesk.logic.messages.MailCredentials;
import app.salondesk.logic.messages.MessageSender;
import app.salondesk.logic.messages.MessageSenderWorker;
import app.salondesk.logic.messages.MessageTexts;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.logic.messages.SmtpChannel;
import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.runtime.Backend;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The database killed (SIGKILL to the postmaster) and started again under two running senders:
 * they keep going once it is back, every message goes, none is lost, and a message goes twice
 * only where a sender had it accepted and lost its record with the connection (at most the
 * conversations in flight per sender), with the same Message-ID (ADR 33).
 */
class MessageSendersRestartFaultTest {

    private static final int MESSAGES = 400;
    private static final Duration WITHIN = Duration.ofSeconds(90);

    @Test
    void sendersKeepGoingAcrossARestartAndNoMessageIsLost(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        GreenMail mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        mail.start();
        EmbeddedServer server = EmbeddedServer.start(dir, EmbeddedServer.sharedBinaryCache(), Durability.DURABLE, port);
        List<Backend> pools = new ArrayList<>();
        List<MessageSenderWorker> senders = new ArrayList<>();
        try {
            Backend owner = Backend.connect(server.settings(), 2);
            pools.add(owner);
            FaultSalon salon = FaultSalon.create(owner.dsl(), 1);
            MessagesRepository repo = new MessagesRepository(owner.dsl());
            repo.saveSettings(salon.tenant, new MessageSettings(true, true, true, null, null, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, 120, "en",
                    "127.0.0.1", mail.getSmtp().getPort(), false, "desk@bloom.test", "", ""));
            repo.setClientContact(salon.tenant, salon.client, "iryna@client.test", List.of(Channel.EMAIL), true, "en", Source.FORM);
            owner.dsl().execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) SELECT " + salon.tenant
                    + ", " + salon.masters.get(0) + ", " + salon.client + ", timestamptz '2031-01-01 00:00+00' + make_interval(mins => 30 * g), 30, "
                    + "'confirmed' FROM generate_series(0, " + (MESSAGES - 1) + ") g");
            for (int i = 0; i < 2; i++) {
                Backend pool = Backend.connect(server.settings(), 2);
                pools.add(pool);
                // the shortest lease the database allows, so that the test need not wait two minutes
                senders.add(MessageSenderWorker.start(new MessageSender(pool.dsl(), new MessageTexts(null),
                        List.of(new SmtpChannel(MailCredentials.NONE, Duration.ofSeconds(5))), Duration.ofSeconds(10), Duration.ofMillis(200)),
                        5, Duration.ofMillis(100), "sender-" + i));
            }
            Processes.await("messages before the restart", WITHIN, () -> mail.getReceivedMessages().length >= 40);
            long postmaster = Processes.postmasterPid(server.dataDirectory());
            Processes.kill9(postmaster);
            Processes.await("the postmaster is gone", WITHIN, () -> !Processes.alive(postmaster));
            int duringOutage = mail.getReceivedMessages().length;
            assertTrue(duringOutage < MESSAGES, "killed mid-way: " + duringOutage);
            Thread.sleep(1000);
            server.close();
            server = EmbeddedServer.start(dir, EmbeddedServer.sharedBinaryCache(), Durability.DURABLE, port);

            Backend check = Backend.connect(server.settings(), 1);
            pools.add(check);
            Processes.await("every message sent after the restart", WITHIN,
                    () -> check.dsl().fetchCount(app.salondesk.jooq.Tables.MESSAGES, app.salondesk.jooq.Tables.MESSAGES.STATE.eq("sent")) == MESSAGES);
            Map<String, Integer> byId = new HashMap<>();
            for (MimeMessage m : mail.getReceivedMessages()) {
                byId.merge(m.getMessageID(), 1, Integer::sum);
            }
            assertEquals(MESSAGES, byId.size(), "every message arrived");
            long twice = byId.values().stream().filter(n -> n > 1).count();
            assertTrue(twice <= 2L * MessageSender.CONVERSATIONS, "at most the ones in flight per sender went twice: " + twice);
        } finally {
            senders.forEach(MessageSenderWorker::close);
            pools.forEach(Backend::close);
            server.close();
            mail.stop();
        }
    }
}
