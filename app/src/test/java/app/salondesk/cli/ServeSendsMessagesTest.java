package app.salondesk.cli;

import app.salondesk.model.booking.Booking;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Source;
import app.salondesk.db.ConnectionSettings;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.logic.staff.StaffRepository;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 33 as the README runs it on a shared server: a real {@code serve} process signed in as the
 * online login, sending as a sender's own login ({@code --sender-login}, its password in
 * {@code SALONDESK_SENDER_PASSWORD}). A booking made at the desk gets its confirmation through the
 * mail server within seconds, and the link in it opens on that same serve, as the online login.
 */
class ServeSendsMessagesTest {

    @Test
    void serveSendsAsTheSendersLoginAndServesTheLinks(@TempDir Path home) throws Exception {
        GreenMail mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        mail.start();
        try (EngineFixture f = new EngineFixture("servesends", 2)) {
            ConnectionSettings db = f.backend.database().settings();
            String s = Long.toString(System.nanoTime(), 36);
            StaffRepository owner = new StaffRepository(f.dsl);
            owner.addOnlineLogin("web_" + s, "web-password".toCharArray());
            owner.addSenderLogin("mailer_" + s, "mailer-password".toCharArray());
            MessagesRepository repo = new MessagesRepository(f.dsl);
            repo.saveSettings(f.tenant, new MessageSettings(true, true, true, null, null, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, 120, "en",
                    "127.0.0.1", mail.getSmtp().getPort(), false, "desk@bloom.test", "", ""));
            repo.setClientContact(f.tenant, f.client, "iryna@client.test", List.of(Channel.EMAIL), true, "en", Source.FORM);
            int port;
            try (ServerSocket probe = new ServerSocket(0)) {
                port = probe.getLocalPort();
            }
            String base = "http://127.0.0.1:" + port;
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "app.salondesk.Main",
                    "--db-url", db.url(), "--user", "web_" + s, "--password", "web-password",
                    "serve", "--host", "127.0.0.1", "--port", Integer.toString(port), "--base-url", base, "--sender-login", "mailer_" + s));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(home.resolve("serve.out").toFile());
            pb.environment().put("SALONDESK_HOME", home.resolve("home").toString());
            pb.environment().put("SALONDESK_SENDER_PASSWORD", "mailer-password");
            pb.environment().remove("SALONDESK_MESSAGE_SECRETS");
            Process serve = pb.start();
            try {
                Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
                long until = System.nanoTime() + Duration.ofSeconds(120).toNanos();
                while (mail.getReceivedMessages().length == 0 && System.nanoTime() < until && serve.isAlive()) {
                    Thread.sleep(200);
                }
                assertEquals(1, mail.getReceivedMessages().length, "serve sent the confirmation: "
                        + java.nio.file.Files.readString(home.resolve("serve.out")));
                // the sender records "sent" after the mail server's answer, which the test can see first
                String state = null;
                while (System.nanoTime() < until && !"sent".equals(state = f.dsl.resultQuery(
                        "SELECT state FROM messages WHERE kind = 'confirmation' AND booking_id = " + b.id()).fetchOne(0, String.class))) {
                    Thread.sleep(100);
                }
                assertEquals("sent", state);
                MimeMessage msg = mail.getReceivedMessages()[0];
                MimeMultipart mixed = (MimeMultipart) msg.getContent();
                String text = String.valueOf(((MimeMultipart) mixed.getBodyPart(0).getContent()).getBodyPart(0).getContent());
                Matcher m = Pattern.compile(Pattern.quote(base) + "/m/\\d+\\.[0-9a-f]{64}").matcher(text);
                assertTrue(m.find(), text);
                HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(m.group())).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, page.statusCode(), page.body());
                assertTrue(page.body().contains("Your booking") && page.body().contains("Anna"), page.body());
            } finally {
                serve.destroy();
                serve.waitFor(30, TimeUnit.SECONDS);
                serve.destroyForcibly();
            }
        } finally {
            mail.stop();
        }
    }
}
