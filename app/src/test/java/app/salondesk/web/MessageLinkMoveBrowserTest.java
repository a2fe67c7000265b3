package app.salondesk.web;

import app.salondesk.cli.OnlineServer;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.messages.MailCredentials;
import app.salondesk.logic.messages.MessageSender;
import app.salondesk.logic.messages.MessageTexts;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.logic.messages.SmtpChannel;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Another time" by a message's private link moves the booking itself (issue 33, migration 31), in
 * Chromium, against a server signed in as a real online login (the least-privileged road, as
 * {@code serve} runs): the link's page leads to the free times of the booking's service with its
 * master chosen; a time pressed moves the booking through the engine — the master's named lock,
 * the version the page showed, the rule book — recorded as the online road's in the login's name,
 * and the link is spent; a time taken between showing and pressing answers with the nearest free
 * times, one of which moves it; a change the salon made meanwhile is shown, not overwritten; another
 * master is one link away; a used link says so. English, Ukrainian and Russian, no JavaScript needed.
 */
class MessageLinkMoveBrowserTest {

    private static final Pattern LINK = Pattern.compile("/m/(\\d+\\.[0-9a-f]{64})");
    private static final String PASSWORD = "move-Link-pass-42";
    private static EngineFixture f;
    private static Backend online;
    private static WebServer server;
    private static String base;
    private static String webLogin;
    private static GreenMail mail;
    private static LocalDate day;

    @BeforeAll
    static void salonAndServer() {
        f = new EngineFixture("msgmove", 8);
        f.dsl.execute("INSERT INTO online_settings (tenant_id, enabled, slug, days_ahead, min_notice_min, cancel_cutoff_min) "
                + "VALUES (" + f.tenant + ", true, 'fixture', 14, 0, 60)");
        mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        mail.start();
        MessagesRepository repo = new MessagesRepository(f.dsl);
        repo.saveSettings(f.tenant, new MessageSettings(true, true, true, null, null, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, 120, "en",
                "127.0.0.1", mail.getSmtp().getPort(), false, "desk@bloom.test", "", ""));
        repo.setClientContact(f.tenant, f.client, "iryna@client.test", List.of(Channel.EMAIL), true, "en", Source.FORM);
        webLogin = "move_web_" + (System.nanoTime() % 1_000_000_000L);
        new StaffRepository(f.dsl).addOnlineLogin(webLogin, PASSWORD.toCharArray());
        online = Backend.openShared(new DbOptions(f.backend.database().settings().url(), webLogin, PASSWORD), false);
        server = OnlineServer.start(online, new WebSettings("127.0.0.1", 0, null, false, null, null, Duration.ofSeconds(10),
                WebFixture.generous(), null), Clock.systemUTC());
        base = "http://127.0.0.1:" + server.port();
        day = LocalDate.now(EngineFixture.ZONE).plusDays(1);
    }

    @AfterAll
    static void close() {
        server.stop();
        online.close();
        mail.stop();
        f.close();
    }

    @BeforeEach
    void bare() {
        f.dsl.execute("DELETE FROM bookings WHERE tenant_id = " + f.tenant);
        f.dsl.execute("UPDATE clients SET language = 'en' WHERE id = " + f.client);
    }

    private static Instant at(int hour) {
        return day.atTime(hour, 0).atZone(EngineFixture.ZONE).toInstant();
    }

    /** Sends the due messages through the SMTP server and answers the link in the mail the client got. */
    private static String linkOf(Booking b) throws Exception {
        int before = mail.getReceivedMessages().length;
        new MessageSender(f.dsl, new MessageTexts(base), List.of(new SmtpChannel(MailCredentials.NONE, Duration.ofSeconds(5)))).sendDue(10);
        MimeMessage[] got = mail.getReceivedMessages();
        assertEquals(before + 1, got.length, "the confirmation of booking " + b.id());
        MimeMultipart mixed = (MimeMultipart) got[got.length - 1].getContent();
        Object first = mixed.getBodyPart(0).getContent();
        String text = first instanceof MimeMultipart alt ? String.valueOf(alt.getBodyPart(0).getContent()) : String.valueOf(first);
        Matcher m = LINK.matcher(text);
        assertTrue(m.find(), "a private link in the mail");
        return m.group(1);
    }

    /** The button of the move page's form that moves to this master at this time. */
    private static WebElement timeButton(Browser browser, long master, Instant start) {
        return browser.driver.findElement(By.cssSelector("#move-times button[value='" + master + "." + start.getEpochSecond() + "']"));
    }

    private static String row(long booking) {
        return f.dsl.resultQuery("SELECT b.master_id || '|' || b.starts_at::timestamptz(0) || '|' || b.version || '|' "
                + "|| (b.client_confirmed_at IS NOT NULL) FROM bookings b WHERE b.id = " + booking).fetchOne(0, String.class);
    }

    private static String expected(long master, Instant start, int version, boolean clientConfirmed) {
        return master + "|" + f.dsl.resultQuery("SELECT {0}::timestamptz(0)::text", OffsetDateTime.ofInstant(start, java.time.ZoneOffset.UTC))
                .fetchOne(0, String.class) + "|" + version + "|" + clientConfirmed;
    }

    /** A time as the page writes it in that language, in the salon's zone. */
    private static String timeIn(String language, Instant at) {
        return new WebText(java.util.Locale.forLanguageTag(language), EngineFixture.ZONE, java.util.Currency.getInstance("UAH")).time(at);
    }

    @Test
    void anotherTimeMovesTheBookingThroughTheEngineAndSpendsTheLink() throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(12))));
        String token = linkOf(b);
        try (Browser browser = new Browser("en", 1280, 900)) {
            browser.open(base + "/m/" + token);
            browser.navigate(browser.find("#other-time"));
            assertEquals(base + "/m/" + token + "/move", browser.driver.getCurrentUrl());
            assertEquals("Choose another time", browser.find("h1").getText());
            assertTrue(browser.text().contains("Cut") && browser.text().contains("Anna"), browser.text());
            assertTrue(browser.driver.findElements(By.cssSelector("script")).isEmpty(), "no JavaScript");
            // today's free times are shown first: go to the booking's own day
            browser.navigate(browser.driver.findElement(By.cssSelector("nav.days a[href$='day=" + day + "']")));
            assertTrue(browser.driver.findElements(By.cssSelector("#move-times button[value='" + f.anna + "." + at(12).getEpochSecond() + "']"))
                    .isEmpty(), "the booking's own time is not offered: it is busy");
            browser.navigate(timeButton(browser, f.anna, at(15)));
            assertEquals(base + "/m/" + token + "?done=move", browser.driver.getCurrentUrl());
            assertEquals("Done: your booking is moved. The salon has your new time.", browser.find("#notice").getText());
            assertTrue(browser.text().contains(timeIn("en", at(15))), "the page shows the new time: " + browser.text());
            // spent: the same link moves nothing again
            browser.open(base + "/m/" + token + "/move");
            assertEquals(base + "/m/" + token + "?done=used", browser.driver.getCurrentUrl());
            // the fixture's salon has no phone: it is not told to call (issue 37, NoCallWithoutAPhoneTest)
            assertEquals("This link has been used already.", browser.find("#notice").getText());
        }
        assertEquals(expected(f.anna, at(15), b.version() + 1, true), row(b.id()), "moved once, marked as the client's word");
        assertEquals("online|" + webLogin, f.dsl.resultQuery("SELECT source || '|' || changed_by FROM booking_history WHERE booking_id = " + b.id()
                + " ORDER BY id DESC LIMIT 1").fetchOne(0, String.class), "recorded as the online road's, in its login's name");
        assertEquals("move", f.dsl.resultQuery("SELECT used_for FROM message_tokens WHERE booking_id = " + b.id()).fetchOne(0, String.class));
        assertEquals("changed", f.dsl.resultQuery("SELECT kind FROM messages WHERE booking_id = " + b.id() + " AND about_start = '"
                + OffsetDateTime.ofInstant(at(15), java.time.ZoneOffset.UTC) + "'").fetchOne(0, String.class),
                "the client is told the new time, with a new link");
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void aTimeTakenBetweenShowingAndPressingAnswersWithTheNearestFreeTimesInUkrainian() throws Exception {
        f.dsl.execute("UPDATE clients SET language = 'uk' WHERE id = " + f.client);
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10))));
        String token = linkOf(b);
        try (Browser browser = new Browser("uk", 390, 844)) {
            browser.open(base + "/m/" + token + "/move?day=" + day);
            assertEquals("Оберіть інший час", browser.find("h1").getText());
            WebElement fourteen = timeButton(browser, f.anna, at(14));
            // the desk books 14:00 for another client while the page is on the client's screen
            long other = f.id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + f.tenant + ", 'Olha', '+380679998877') RETURNING id");
            Booking taken = f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, other, null, f.cut, at(14), null, "", UUID.randomUUID(),
                    Source.FORM, false)));
            browser.navigate(fourteen);
            assertEquals("Цей час щойно зайняли. Ось найближчі вільні \u2014 одне натискання переносить ваш запис туди:",
                    browser.find("#notice").getText());
            List<WebElement> offers = browser.driver.findElements(By.cssSelector("#move-times button"));
            assertFalse(offers.isEmpty(), "the nearest free times are offered");
            assertEquals(expected(f.anna, at(10), b.version(), false), row(b.id()), "nothing moved yet");
            assertEquals(null, f.dsl.resultQuery("SELECT used_for FROM message_tokens WHERE booking_id = " + b.id()).fetchOne(0, String.class),
                    "the link is not spent by a move that was not made");
            String value = offers.get(0).getAttribute("value");
            long master = Long.parseLong(value.substring(0, value.indexOf('.')));
            Instant start = Instant.ofEpochSecond(Long.parseLong(value.substring(value.indexOf('.') + 1)));
            browser.navigate(offers.get(0));
            assertEquals(base + "/m/" + token + "?done=move", browser.driver.getCurrentUrl());
            assertEquals("Готово: ваш запис перенесено. Салон бачить новий час.", browser.find("#notice").getText());
            assertEquals(expected(master, start, b.version() + 1, true), row(b.id()));
            assertEquals(expected(f.anna, at(14), taken.version(), false), row(taken.id()), "the other client's booking is untouched");
        }
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void aChangeTheSalonMadeMeanwhileIsShownNotOverwrittenInRussian() throws Exception {
        f.dsl.execute("UPDATE clients SET language = 'ru' WHERE id = " + f.client);
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(11))));
        String token = linkOf(b);
        try (Browser browser = new Browser("ru", 1280, 900)) {
            browser.open(base + "/m/" + token + "/move?day=" + day);
            assertEquals("Выберите другое время", browser.find("h1").getText());
            WebElement sixteen = timeButton(browser, f.anna, at(16));
            // the desk drags the booking to 13:00 meanwhile
            f.booked(f.engine.reschedule(new Reschedule(f.tenant, b.id(), b.version(), f.anna, f.anna, at(13), 60, Source.DRAG, false)));
            browser.navigate(sixteen);
            assertEquals(base + "/m/" + token + "?done=changed", browser.driver.getCurrentUrl());
            assertTrue(browser.find("#notice").getText().startsWith("Салон только что изменил вашу запись"), browser.find("#notice").getText());
            assertTrue(browser.text().contains(timeIn("ru", at(13))), "the booking as it is now: " + browser.text());
        }
        assertEquals(expected(f.anna, at(13), b.version() + 1, false), row(b.id()), "the salon's move stands");
        assertEquals(null, f.dsl.resultQuery("SELECT used_for FROM message_tokens WHERE booking_id = " + b.id()).fetchOne(0, String.class));
    }

    @Test
    void anotherMasterIsOneLinkAwayAndBothMastersAreLocked() throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(9))));
        String token = linkOf(b);
        try (Browser browser = new Browser("en", 1280, 900)) {
            browser.open(base + "/m/" + token + "/move?day=" + day);
            assertEquals("Anna", browser.find("#move-masters a.selected .row-main").getText(), "the booking's master is chosen");
            browser.navigate(browser.driver.findElement(By.cssSelector("#move-masters a[href*='master=" + f.bohdan + "']")));
            assertEquals("Bohdan", browser.find("#move-masters a.selected .row-main").getText());
            browser.navigate(timeButton(browser, f.bohdan, at(9)));
            assertEquals("Done: your booking is moved. The salon has your new time.", browser.find("#notice").getText());
        }
        assertEquals(expected(f.bohdan, at(9), b.version() + 1, true), row(b.id()));
    }

    @Test
    void aClientConfirmationOfTheOldTimeGoesWhenTheSalonMovesTheBooking() throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(17))));
        String token = linkOf(b);
        assertEquals("done", online.dsl().resultQuery("SELECT salondesk_message_link_act('" + token + "', 'confirm')").fetchOne(0, String.class));
        Booking confirmed = f.engine.find(f.tenant, b.id()).orElseThrow();
        assertEquals(expected(f.anna, at(17), confirmed.version(), true), row(b.id()));
        f.booked(f.engine.reschedule(new Reschedule(f.tenant, b.id(), confirmed.version(), f.anna, f.anna, at(18), 60, Source.DRAG, false)));
        assertEquals(expected(f.anna, at(18), confirmed.version() + 1, false), row(b.id()), "she confirmed 17:00, not 18:00");
    }
}
