package app.salondesk.web;

import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Instant;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The salon's clients on the online page, in a real browser (headless Chromium) against a
 * real server on a real PostgreSQL: every step is a click or a keystroke, and every outcome is
 * checked in the database as well as on the page.
 */
class WebBrowserTest {

    private static WebFixture f;
    /** Colour and Fringe, made before the page is first read (the server keeps its services 3 s). */
    private static long[] phased;

    @BeforeAll
    static void start() {
        f = new WebFixture("web_browser");
        phased = phasedServices();
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

    /**
     * Colour for Anna (30 of work, 40 while it takes, 30 of finishing, then 10 of cleaning up)
     * and a 30-minute fringe. Made once, before any page is read: the server keeps a salon's
     * services for {@code OnlineServer.CATALOGUE_TTL}, so a service added after another test
     * had read the page could be missing from it for 3 s.
     */
    private static long[] phasedServices() {
        long colour = f.salon.phasedService("Colour", "{30,-40,30}", 10, f.salon.anna);
        long fringe = f.salon.phasedService("Fringe", null, 0, f.salon.anna);
        f.salon.dsl.execute("UPDATE services SET price = 900 WHERE id = " + colour);
        f.salon.dsl.execute("UPDATE services SET duration_min = 30, price = 200 WHERE id = " + fringe);
        return new long[]{colour, fringe};
    }

    /** The link or button on the page whose text starts with these words, as the client reads it. */
    private static String rowText(Browser b, String startsWith) {
        return b.driver.findElements(org.openqa.selenium.By.cssSelector("a, button")).stream()
                .map(e -> e.getText().replace('\n', ' ').strip()).filter(t -> t.startsWith(startsWith)).findFirst()
                .orElseThrow(() -> new AssertionError("no \"" + startsWith + "\" on the page:\n" + b.text()));
    }

    @Test
    void aServiceWithProcessingTimeIsShownAsTheTimeTheClientStays() throws Exception {
        long colour = phased[0];
        try (Browser b = new Browser("en", 390, 1000)) {
            b.open(f.base + "/" + WebFixture.SLUG);
            // 100 minutes in the salon: the work and the colour taking, never Anna's cleanup after
            String row = rowText(b, "Colour");
            assertTrue(row.contains("100 min, incl. 40 min processing \u00b7 "), row);
            assertFalse(row.contains("110") || row.contains("70 min"), row);
            b.click("Colour");
            row = rowText(b, "Anna");
            assertTrue(row.contains("100 min, incl. 40 min processing \u00b7 "), row);
            b.click("Anna");
            b.navigate(b.driver.findElement(org.openqa.selenium.By.cssSelector("a.day[href$='day=" + WebFixture.tomorrow() + "']")));
            b.click("2:00 PM");
            // the step taken says when the client is done
            assertTrue(b.text().contains(", 2:00 PM\u20133:40 PM"), b.text());
            b.type("name", "Oksana Petrenko");
            b.type("phone", "067 765 4321");
            b.find("#consent").click();
            b.navigate(b.find("#book"));
            assertTrue(b.text().contains("You are booked!"), b.text());
            assertTrue(b.text().contains("2:00 PM\u20133:40 PM"), "when, to when: " + b.text());
            assertTrue(b.text().contains("Length\n100 min"), b.text());
            b.screenshot(Path.of("target", "screenshots", "online-phased.png"));
        }
        assertEquals(1, f.onlineBookings("service_id = " + colour + " AND starts_at = '" + WebFixture.tomorrowAt(14, 0)
                + "'::timestamptz AND duration_min = 100 AND cleanup_min = 10 AND phases = '{30,-40,30}'"));
    }

    @Test
    void aClientBooksFromThePageIntoAnotherClientsProcessingGap() throws Exception {
        long[] services = phased;
        // the desk's colour for Iryna at 10:00: Anna works 10:00–10:30 and 11:10–11:40, cleans up until 11:50
        BookingOutcome desk = f.salon.engine.book(new NewBooking(f.salon.tenant, f.salon.anna, f.salon.client, null,
                services[0], WebFixture.tomorrowAt(10, 0), null, "", UUID.randomUUID(), Source.FORM, false));
        assertInstanceOf(BookingOutcome.Booked.class, desk);
        try (Browser b = new Browser("en", 390, 1000)) {
            b.open(f.base + "/" + WebFixture.SLUG);
            b.click("Fringe");
            b.click("Anna");
            b.navigate(b.driver.findElement(org.openqa.selenium.By.cssSelector("a.day[href$='day=" + WebFixture.tomorrow() + "']")));
            java.util.List<String> times = b.driver.findElements(org.openqa.selenium.By.cssSelector(".times a.time")).stream()
                    .map(e -> e.getText().strip()).toList();
            // in the gap, 10:30–11:00 fits; nothing meets her work or her cleanup
            assertTrue(times.contains("10:30 AM"), times.toString());
            for (String taken : java.util.List.of("9:45 AM", "10:00 AM", "10:15 AM", "10:45 AM", "11:00 AM", "11:15 AM", "11:30 AM", "11:45 AM")) {
                assertFalse(times.contains(taken), taken + " is offered: " + times);
            }
            assertTrue(times.contains("12:00 PM"), times.toString());
            b.click("10:30 AM");
            b.type("name", "Marta Gap");
            b.type("phone", "067 111 2233");
            b.find("#consent").click();
            b.navigate(b.find("#book"));
            assertTrue(b.text().contains("You are booked!"), b.text());
            assertTrue(b.text().contains("10:30 AM\u201311:00 AM"), b.text());
        }
        assertEquals(1, f.onlineBookings("service_id = " + services[1] + " AND master_id = " + f.salon.anna
                + " AND starts_at = '" + WebFixture.tomorrowAt(10, 30) + "'::timestamptz"));
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
