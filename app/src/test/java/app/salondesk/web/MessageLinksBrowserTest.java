package app.salondesk.web;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.logic.messages.MailCredentials;
import app.salondesk.logic.messages.MessageSender;
import app.salondesk.logic.messages.MessageTexts;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.logic.messages.SmtpChannel;
import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.JoinOutcome;
import app.salondesk.model.waitlist.NewWaitlistEntry;
import app.salondesk.logic.waitlist.WaitlistRepository;
import app.salondesk.logic.waitlist.WaitlistWorker;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A message's private link in Chromium (issue 33): the client confirms (the desk's booking becomes
 * confirmed, recorded as the online road's), cancels (and the waitlist books the freed time for the
 * next client), is shown the free times of the booking's service for another time; in the three languages, without
 * JavaScript; a used link says so and does nothing again, an expired one says so, and forged or
 * other salons' tokens are the 404 of any unknown address.
 */
class MessageLinksBrowserTest {

    private static final Pattern LINK = Pattern.compile("/m/(\\d+\\.[0-9a-f]{64})");
    private static WebFixture web;
    private static EngineFixture f;
    private static GreenMail mail;
    private static LocalDate day;

    @BeforeAll
    static void salon() {
        web = new WebFixture("msglinks");
        f = web.salon;
        mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        mail.start();
        MessagesRepository repo = new MessagesRepository(f.dsl);
        repo.saveSettings(f.tenant, new MessageSettings(true, true, true, null, null, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, 120, "en",
                "127.0.0.1", mail.getSmtp().getPort(), false, "desk@bloom.test", "", ""));
        repo.setClientContact(f.tenant, f.client, "iryna@client.test", List.of(Channel.EMAIL), true, "en", Source.FORM);
        day = WebFixture.tomorrow();
    }

    @AfterAll
    static void close() {
        mail.stop();
        web.close();
    }

    private static Instant at(int hour) {
        return day.atTime(hour, 0).atZone(EngineFixture.ZONE).toInstant();
    }

    /** Books, sends the due messages through the SMTP server, and answers the link in the mail the client got. */
    private static String linkOf(Booking b) throws Exception {
        int before = mail.getReceivedMessages().length;
        new MessageSender(f.dsl, new MessageTexts(web.base), List.of(new SmtpChannel(MailCredentials.NONE, Duration.ofSeconds(5))))
                .sendDue(10);
        MimeMessage[] got = mail.getReceivedMessages();
        assertEquals(before + 1, got.length, "the confirmation of booking " + b.id());
        Matcher m = LINK.matcher(text(got[got.length - 1]));
        assertTrue(m.find(), "a private link in the mail");
        return m.group(1);
    }

    private static String text(MimeMessage msg) throws Exception {
        MimeMultipart mixed = (MimeMultipart) msg.getContent();
        Object first = mixed.getBodyPart(0).getContent();
        return first instanceof MimeMultipart alt ? String.valueOf(alt.getBodyPart(0).getContent()) : String.valueOf(first);
    }

    @Test
    void theClientConfirmsAndTheLinkIsUsedOnce() throws Exception {
        Booking b = f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, f.client, null, f.cut, at(12), null, "", UUID.randomUUID(),
                Source.FORM, false), BookingStatus.PENDING));
        String token = linkOf(b);
        try (Browser browser = new Browser("en", 1280, 900)) {
            browser.open(web.base + "/m/" + token);
            assertEquals("Your booking", browser.find("h1").getText());
            assertEquals("waiting for the salon to confirm", browser.find("#status").getText());
            assertTrue(browser.text().contains("Cut") && browser.text().contains("Anna"), browser.text());
            browser.navigate(browser.find("#confirm"));
            assertEquals("Thank you! The salon sees that you will come.", browser.find("#notice").getText());
            assertEquals("confirmed by you", browser.find("#status").getText());
            assertTrue(browser.driver.findElements(org.openqa.selenium.By.cssSelector("#confirm, #cancel")).isEmpty(), "used: nothing more to do");
            browser.open(web.base + "/m/" + token);
            // the fixture's salon has no phone: it is not told to call (issue 37, NoCallWithoutAPhoneTest)
            assertEquals("This link has been used already.", browser.find("#notice").getText());
        }
        assertEquals("confirmed|t|online", f.dsl.resultQuery("SELECT b.status || '|' || (b.client_confirmed_at IS NOT NULL) || '|' || h.source "
                + "FROM bookings b JOIN booking_history h ON h.booking_id = b.id WHERE b.id = " + b.id() + " ORDER BY h.id DESC LIMIT 1")
                .fetchOne(0, String.class).replace("true", "t"));
        // replayed: the database refuses a second use, whatever the page shows
        assertEquals("used", f.dsl.resultQuery("SELECT salondesk_message_link_act('" + token + "', 'cancel')").fetchOne(0, String.class));
        assertEquals("confirmed", f.dsl.resultQuery("SELECT status FROM bookings WHERE id = " + b.id()).fetchOne(0, String.class));
    }

    @Test
    void theClientCancelsInUkrainianAndTheWaitlistBooksTheFreedTime() throws Exception {
        // a client who reads Ukrainian: her message and her link's page speak it
        f.dsl.execute("UPDATE clients SET language = 'uk' WHERE id = " + f.client);
        Booking b = f.booked(f.engine.book(f.cutWith(f.bohdan, at(15))));
        String token = linkOf(b);
        long entry = ((JoinOutcome.Joined) new WaitlistRepository(f.dsl).add(new NewWaitlistEntry(f.tenant, null, "Maks Novak", "+380501234567",
                f.cut, null, f.bohdan, day, day, new DailyWindow(15 * 60, 16 * 60), ""), Source.FORM)).entryId();
        try (WaitlistWorker worker = WaitlistWorker.start(f.dsl, f.backend.database().settings(), f.tenant, Duration.ofSeconds(1));
             Browser browser = new Browser("uk", 390, 844)) {
            browser.open(web.base + "/m/" + token);
            assertEquals("Ваш запис", browser.find("h1").getText());
            browser.navigate(browser.find("#cancel"));
            assertEquals("cancelled", f.dsl.resultQuery("SELECT status FROM bookings WHERE id = " + b.id()).fetchOne(0, String.class));
            assertTrue(browser.find("#notice").getText().length() > 0);
            long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            String state = "";
            while (System.nanoTime() < until && !(state = f.dsl.resultQuery("SELECT state FROM waitlist_entries WHERE id = " + entry)
                    .fetchOne(0, String.class)).equals("fulfilled")) {
                Thread.sleep(200);
            }
            assertEquals("fulfilled", state, "the freed time went to the waitlist");
            assertEquals(at(15), f.dsl.resultQuery("SELECT b.starts_at FROM waitlist_entries w JOIN bookings b ON b.id = w.booking_id WHERE w.id = "
                    + entry).fetchOne(0, java.time.OffsetDateTime.class).toInstant());
        }
        assertEquals(0, f.overlappingPairs());
        f.dsl.execute("UPDATE clients SET language = 'en' WHERE id = " + f.client);
    }

    @Test
    void anotherTimeLeadsToTheFreeTimesOfTheBookingsServiceWithItsMasterChosenInRussian() throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(17))));
        String token = linkOf(b);
        try (Browser browser = new Browser("en", 1280, 900)) {
            browser.open(web.base + "/m/" + token + "?lang=ru");
            assertEquals("Ваша запись", browser.find("h1").getText());
            browser.navigate(browser.find("#other-time"));
            assertEquals(web.base + "/m/" + token + "/move", browser.driver.getCurrentUrl());
            assertEquals("Выберите другое время", browser.find("h1").getText());
            assertEquals("Anna", browser.find("#move-masters a.selected .row-main").getText(), "the booking's master chosen");
            assertTrue(browser.text().contains("Cut"), browser.text());
        }
        // the move itself, the race and the road's rights: MessageLinkMoveBrowserTest, MessagesAttackTest
    }

    @Test
    void expiredForgedAndOtherSalonsTokensAreRefused() throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(19))));
        String token = linkOf(b);
        f.dsl.execute("UPDATE message_tokens SET expires_at = now() - interval '1 minute' WHERE booking_id = " + b.id());
        try (Browser browser = new Browser("en", 1280, 900)) {
            browser.open(web.base + "/m/" + token);
            assertEquals("This link has expired: the booking is over.", browser.find("#notice").getText());
            assertTrue(browser.driver.findElements(org.openqa.selenium.By.cssSelector("form")).isEmpty(), "nothing to do with it");
        }
        assertEquals("expired", f.dsl.resultQuery("SELECT salondesk_message_link_act('" + token + "', 'cancel')").fetchOne(0, String.class));
        String secret = token.substring(token.indexOf('.') + 1);
        String forged = f.tenant + "." + "0123456789abcdef".repeat(4);
        String otherSalon = web.closedTenant + "." + secret;
        for (String t : List.of(forged, otherSalon, "not-a-token", f.tenant + "." + secret.toUpperCase())) {
            assertEquals(404, status(web.base + "/m/" + t), t);
        }
        assertEquals("not_found", f.dsl.resultQuery("SELECT salondesk_message_link_act('" + otherSalon + "', 'cancel')").fetchOne(0, String.class));
        assertEquals("confirmed", f.dsl.resultQuery("SELECT status FROM bookings WHERE id = " + b.id()).fetchOne(0, String.class));
    }

    private static int status(String url) throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
