package app.salondesk.web;

import app.salondesk.booking.BookingOutcome;
import app.salondesk.booking.NewBooking;
import app.salondesk.booking.Source;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Instant;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The salon's clients on the online page, in a real browser (headless Chromium) against a
 * real server on a real PostgreSQL: every step is a click or a keystroke, and every outcome is
 * checked in the database as well as on the page.
 */
class WebBrowserTest {

    private static WebFixture f;

    @BeforeAll
    static void start() {
        f = new WebFixture("web_browser");
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @BeforeEach
    void clear() {
        f.salon.clearSchedule();
    }

    /** Service → master → tomorrow → a time: the form. */
    private static void chooseUpToTheForm(Browser b, String time) {
        b.open(f.base + "/" + WebFixture.SLUG);
        b.click("Cut");
        b.click("Anna");
        b.navigate(b.driver.findElement(org.openqa.selenium.By.cssSelector("a.day[href$='day=" + WebFixture.tomorrow() + "']")));
        b.click(time);
        b.type("name", "Oksana Petrenko");
        b.type("phone", "067 765 4321");
        b.find("#consent").click();
    }

    @Test
    void aClientBooksAFreeTime() throws Exception {
        try (Browser b = new Browser("en", 390, 1000)) {
            chooseUpToTheForm(b, "10:00");
            b.screenshot(Path.of("target", "screenshots", "online-form.png"));
            b.navigate(b.find("#book"));
            assertTrue(b.text().contains("You are booked!"), b.text());
            assertTrue(b.text().contains("Anna") && b.text().contains("Cut"), b.text());
            assertTrue(b.driver.getCurrentUrl().matches(".*/fixture/b/[A-Za-z0-9_-]{16,}\\?new=1"), b.driver.getCurrentUrl());
            assertTrue(b.find("#ics").getAttribute("href").endsWith("/calendar.ics"));
        }
        Instant ten = WebFixture.tomorrowAt(10, 0);
        assertEquals(1, f.onlineBookings("master_id = " + f.salon.anna + " AND service_id = " + f.salon.cut
                + " AND starts_at = '" + ten + "'::timestamptz AND status IN ('pending','confirmed')"));
        assertEquals("+380677654321", f.salon.dsl.resultQuery("SELECT c.phone FROM bookings b JOIN clients c ON c.id = b.client_id "
                + "WHERE b.source = 'online'").fetchOne(0, String.class));
    }

    @Test
    void aClientCancelsByThePrivateLink() throws Exception {
        String link;
        try (Browser b = new Browser("en", 390, 1000)) {
            chooseUpToTheForm(b, "12:00");
            b.navigate(b.find("#book"));
            link = b.find("#private-link").getAttribute("href");
        }
        assertEquals(1, f.onlineBookings("status <> 'cancelled'"));
        // later, another day, the link from the confirmation
        try (Browser b = new Browser("en", 390, 1000)) {
            b.open(link);
            assertTrue(b.text().contains("Your booking"), b.text());
            b.navigate(b.find("#cancel"));
            assertTrue(b.text().contains("Your booking has been cancelled."), b.text());
            assertEquals("cancelled", b.find("#status").getText());
        }
        assertEquals(1, f.onlineBookings("status = 'cancelled'"));
        assertEquals(0, f.onlineBookings("status <> 'cancelled'"));
    }

    @Test
    void aBrowserInUkrainianGetsTheUkrainianPage() throws Exception {
        try (Browser b = new Browser("uk", 390, 900)) {
            b.open(f.base + "/" + WebFixture.SLUG);
            assertEquals("uk", b.find("html").getAttribute("lang"));
            assertTrue(b.text().contains("Оберіть послугу"), b.text());
            assertTrue(b.text().contains("500,00"), "hryvnias as Ukrainian writes them: " + b.text());
            b.click("Русский");
            assertTrue(b.text().contains("Выберите услугу"), b.text());
            b.open(f.base + "/" + WebFixture.SLUG);
            assertTrue(b.text().contains("Выберите услугу"), "the switch is remembered: " + b.text());
        }
    }

    @Test
    void aTimeTakenByTheDeskOffersAlternativesAndOneTapBooksThere() throws Exception {
        try (Browser b = new Browser("en", 390, 1000)) {
            chooseUpToTheForm(b, "11:00");
            // between the page and the tap on Book, the front desk books Anna at 11:00
            Instant eleven = WebFixture.tomorrowAt(11, 0);
            BookingOutcome desk = f.salon.engine.book(new NewBooking(f.salon.tenant, f.salon.anna, f.salon.client, null,
                    f.salon.cut, eleven, null, "", UUID.randomUUID(), Source.FORM, false));
            assertInstanceOf(BookingOutcome.Booked.class, desk);
            b.navigate(b.find("#book"));
            assertTrue(b.text().contains("This time was just taken"), b.text());
            b.screenshot(Path.of("target", "screenshots", "online-taken.png"));
            var first = b.driver.findElement(org.openqa.selenium.By.cssSelector(".alternatives button"));
            String offered = first.getText();
            b.navigate(first);
            assertTrue(b.text().contains("You are booked!"), b.text());
            assertTrue(b.text().contains("Oksana Petrenko"), "the name was kept: " + b.text());
            assertTrue(b.text().contains(", " + offered.lines().findFirst().orElseThrow().strip()), offered + " / " + b.text());
        }
        assertEquals(1, f.onlineBookings("status <> 'cancelled'"));
        assertEquals(0, f.onlineBookings("starts_at = '" + WebFixture.tomorrowAt(11, 0) + "'::timestamptz"), "not on the desk's time");
        assertEquals(0, f.salon.overlappingPairs());
    }

    /** README's screenshot: the page on a phone and on a desktop. */
    @Test
    void screenshotsOfThePageOnAPhoneAndADesktop() throws Exception {
        try (Browser b = new Browser("en", 390, 844)) {
            b.open(f.base + "/" + WebFixture.SLUG + "?service=" + f.salon.cut + "&master=any&day=" + WebFixture.tomorrow());
            assertTrue(b.text().contains("Choose a day and time"), b.text());
            b.screenshot(Path.of("target", "screenshots", "online-page.png"));
        }
        try (Browser b = new Browser("en", 1280, 800)) {
            b.open(f.base + "/" + WebFixture.SLUG);
            assertTrue(b.text().contains("Choose a service"), b.text());
            b.screenshot(Path.of("target", "screenshots", "online-page-desktop.png"));
        }
    }
}
