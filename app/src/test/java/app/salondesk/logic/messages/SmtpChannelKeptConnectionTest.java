package app.salondesk.logic.messages;

import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.ClaimedMessage;
import app.salondesk.model.messages.MessageKind;
import app.salondesk.model.messages.SendResult;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * The mail channel keeps its connection to a mail server open between messages (issue 33's
 * benchmark: a connection, greeting and EHLO a message were most of a send): several messages go on
 * one connection, each with its own Message-ID; a kept connection the server dropped meanwhile is
 * replaced at once (the message is not put off for a minute); {@code close()} lets go of what is
 * kept (a refusal closes its connection too: the bench's proxy and MessageFaultsTest's 4xx/5xx run it). A TCP front before GreenMail counts the
 * connections and can drop them.
 */
class SmtpChannelKeptConnectionTest {

    private GreenMail mail;
    private Front front;
    private SmtpChannel channel;
    private final MessageTexts texts = new MessageTexts("https://book.bloom.test");

    @BeforeEach
    void start() throws IOException {
        mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        mail.start();
        front = new Front(mail.getSmtp().getPort());
        channel = new SmtpChannel(MailCredentials.NONE, Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() throws IOException {
        channel.close();
        front.close();
        mail.stop();
    }

    @Test
    void messagesOneAfterAnotherShareOneConnectionEachWithItsOwnId() {
        for (int i = 0; i < 5; i++) {
            assertInstanceOf(SendResult.Accepted.class, send("iryna" + i + "@client.test"));
        }
        assertEquals(1, front.accepted.get(), "five messages, one connection");
        MimeMessage[] got = mail.getReceivedMessages();
        assertEquals(5, got.length);
        assertEquals(5, java.util.Arrays.stream(got).map(m -> {
            try {
                return m.getMessageID();
            } catch (jakarta.mail.MessagingException e) {
                throw new IllegalStateException(e);
            }
        }).distinct().count());
    }

    @Test
    void aKeptConnectionTheServerDroppedIsReplacedAtOnce() throws Exception {
        assertInstanceOf(SendResult.Accepted.class, send("iryna@client.test"));
        front.dropAll();
        Thread.sleep(100);   // the drop reaches the client's socket
        assertInstanceOf(SendResult.Accepted.class, send("olha@client.test"), "sent now on a new connection, not put off");
        assertEquals(2, front.accepted.get());
        assertEquals(2, mail.getReceivedMessages().length);
    }

    @Test
    void closeLetsGoOfTheKeptConnectionAndTheChannelSendsAgainAfter() throws Exception {
        assertInstanceOf(SendResult.Accepted.class, send("iryna@client.test"));
        assertEquals(1, front.open());
        channel.close();
        waitFor(() -> front.open() == 0);
        assertInstanceOf(SendResult.Accepted.class, send("oksana@client.test"), "a closed channel sends again");
        assertEquals(2, front.accepted.get());
        assertEquals(2, mail.getReceivedMessages().length);
    }

    private SendResult send(String to) {
        ClaimedMessage m = new ClaimedMessage(1, 1, UUID.randomUUID(), UUID.randomUUID(), MessageKind.of("reminder"), 1440, 1,
                Channel.EMAIL, null, to, "en", "Iryna", "Bloom", "Khreshchatyk 1", "+380441234567", ZoneId.of("Europe/Kyiv"),
                "Haircut", "Olena", Instant.now().plus(Duration.ofDays(1)), 60, "confirmed", null, null, "token", Instant.now().plus(Duration.ofDays(3)),
                new ClaimedMessage.MailServer("127.0.0.1", front.port(), false, "desk@bloom.test"), "", "", null);
        return channel.send(m, texts.render(m));
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 100 && !condition.getAsBoolean(); i++) {
            Thread.sleep(50);
        }
        assertEquals(true, condition.getAsBoolean());
    }

    /** Passes every connection to GreenMail, counting them; {@link #dropAll()} closes those open. */
    private static final class Front implements AutoCloseable {
        final AtomicInteger accepted = new AtomicInteger();
        private final List<Socket> sockets = new CopyOnWriteArrayList<>();
        private final ServerSocket socket;
        private final int target;

        Front(int target) throws IOException {
            this.target = target;
            this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread t = new Thread(this::accept, "smtp-front");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        int open() {
            return (int) sockets.stream().filter(s -> !s.isClosed()).count() / 2;
        }

        private void accept() {
            while (!socket.isClosed()) {
                try {
                    Socket c = socket.accept();
                    accepted.incrementAndGet();
                    Socket up = new Socket(InetAddress.getLoopbackAddress(), target);
                    sockets.add(c);
                    sockets.add(up);
                    pipe(c, up);
                    pipe(up, c);
                } catch (IOException e) {
                    return;
                }
            }
        }

        private static void pipe(Socket from, Socket to) {
            Thread t = new Thread(() -> {
                byte[] b = new byte[8192];
                try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                    for (int n; (n = in.read(b)) >= 0; ) {
                        out.write(b, 0, n);
                        out.flush();
                    }
                } catch (IOException e) {
                    // one side closed
                }
                closeQuietly(from);
                closeQuietly(to);
            }, "smtp-front-pipe");
            t.setDaemon(true);
            t.start();
        }

        void dropAll() {
            sockets.forEach(Front::closeQuietly);
        }

        private static void closeQuietly(Socket s) {
            try {
                s.close();
            } catch (IOException e) {
                // closed
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
            dropAll();
        }
    }
}
