package app.salondesk.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A consent form signed on the online page before a service that has one is booked (issue 36, item 5;
 * migration 60), in a real browser against a real server: the booking step shows the form's title and
 * text in the page's language with a typed full name and an "I agree" tick; without both nothing is
 * written; with both, the booking and its signature (the words exactly as shown, the language, the
 * name, recorded by the online road) are written together; a form rewritten while she read it is shown
 * again and nothing is booked until she signs the new words; a form added after the page's check but
 * before the booking's commit is caught by the database's deferred check and shown the same way.
 */
class ConsentOnlineBrowserTest {

    private static final String BODY_EN = "Henna may cause a reaction.\nI have told the salon about my allergies.";
    private static final String BODY_UK = "Хна може викликати реакцію.\nЯ повідомила салон про свої алергії.";
    private static final String BODY_RU = "Хна может вызвать реакцию.\nЯ сообщила салону о своих аллергиях.";

    private static WebFixture f;
    private static long brows;
    private static long form;

    @BeforeAll
    static void start() {
        f = new WebFixture("web_consent");
        // made before the page is first read (the server keeps its services 3 s)
        brows = f.salon.phasedService("Brow henna", null, 0, f.salon.anna);
        f.salon.dsl.execute("UPDATE services SET duration_min = 45, price = 400 WHERE id = " + brows);
        form = f.salon.id("INSERT INTO consent_templates (tenant_id, service_id, title_uk, title_ru, title_en, body_uk, body_ru, body_en) "
                + "VALUES (" + f.salon.tenant + ", " + brows + ", 'Згода на фарбування хною', 'Согласие на окрашивание хной', "
                + "'Henna consent', " + sql(BODY_UK) + ", " + sql(BODY_RU) + ", " + sql(BODY_EN) + ") RETURNING id");
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @BeforeEach
    void clear() {
        f.salon.dsl.execute("DELETE FROM consent_signatures");
        f.salon.clearSchedule();
        f.salon.dsl.execute("UPDATE consent_templates SET body_en = " + sql(BODY_EN) + " WHERE id = " + form);
    }

    /** A text as an SQL literal, its line breaks kept. */
    private static String sql(String text) {
        return "E'" + text.replace("\n", "\\n") + "'";
    }

    private static void chooseBrowsAt(Browser b, String time, String name, String phone) {
        b.open(f.base + "/" + WebFixture.SLUG);
        b.click("Brow henna");
        b.click("Anna");
        b.navigate(b.driver.findElement(By.cssSelector("a.day[href$='day=" + WebFixture.tomorrow() + "']")));
        b.click(time);
        b.type("name", name);
        b.type("phone", phone);
        b.find("#consent").click();
    }

    private static int signatures() {
        return f.salon.count("SELECT count(*) FROM consent_signatures");
    }

    @Test
    void theFormIsShownInThePagesLanguageAndABookingWithoutNameAndTickIsRefusedWritingNothing() throws Exception {
        try (Browser b = new Browser("en", 390, 1200)) {
            chooseBrowsAt(b, "10:00", "Iryna Koval", "067 222 0001");
            String shown = b.find("#consent-forms").getText();
            assertTrue(shown.contains("Henna consent"), shown);
            assertTrue(shown.contains("Henna may cause a reaction.") && shown.contains("I have told the salon about my allergies."), shown);
            assertTrue(shown.contains("Your full name"), shown);
            b.screenshot(Path.of("target", "screenshots", "online-consent-form.png"));
            b.navigate(b.find("#book"));
            assertTrue(b.find("#signName-error").getText().contains("type your full name"), b.text());
            assertTrue(b.find("#signAgree-error").getText().contains("tick this box"), b.text());
            assertFalse(b.text().contains("You are booked!"));

            // the name alone is not enough either
            b.type("signName", "Iryna Koval");
            b.navigate(b.find("#book"));
            assertTrue(b.driver.findElements(By.id("signName-error")).isEmpty(), b.text());
            assertTrue(b.find("#signAgree-error").isDisplayed(), b.text());
        }
        assertEquals(0, f.onlineBookings("service_id = " + brows));
        assertEquals(0, signatures());

        try (Browser b = new Browser("uk", 390, 1200)) {
            b.open(f.base + "/" + WebFixture.SLUG + "?service=" + brows);
            b.click("Anna");
            b.navigate(b.driver.findElement(By.cssSelector("a.day[href$='day=" + WebFixture.tomorrow() + "']")));
            b.click("11:00");
            String shown = b.find("#consent-forms").getText();
            assertTrue(shown.contains("Згода на фарбування хною") && shown.contains("Хна може викликати реакцію."), shown);
        }
        try (Browser b = new Browser("ru", 390, 1200)) {
            b.open(f.base + "/" + WebFixture.SLUG + "?service=" + brows);
            b.click("Anna");
            b.navigate(b.driver.findElement(By.cssSelector("a.day[href$='day=" + WebFixture.tomorrow() + "']")));
            b.click("11:00");
            String shown = b.find("#consent-forms").getText();
            assertTrue(shown.contains("Согласие на окрашивание хной") && shown.contains("Хна может вызвать реакцию."), shown);
        }
        // a service without a form asks for no signature
        try (Browser b = new Browser("en", 390, 1200)) {
            b.open(f.base + "/" + WebFixture.SLUG);
            b.click("Cut");
            b.click("Anna");
            b.navigate(b.driver.findElement(By.cssSelector("a.day[href$='day=" + WebFixture.tomorrow() + "']")));
            b.click("12:00");
            assertTrue(b.driver.findElements(By.id("consent-forms")).isEmpty(), "no form for a cut");
        }
    }

    @Test
    void aSignedBookingKeepsTheWordsShownWithTheNameLanguageAndRoad() throws Exception {
        try (Browser b = new Browser("uk", 390, 1200)) {
            chooseBrowsAt(b, "12:00", "Olena Shevchenko", "067 222 0002");
            b.type("signName", "Олена Шевченко");
            b.find("#signAgree").click();
            b.navigate(b.find("#book"));
            assertTrue(b.find("#booking").isDisplayed(), b.text());
        }
        assertEquals(1, f.onlineBookings("service_id = " + brows));
        long booking = f.salon.id("SELECT id FROM bookings WHERE source = 'online' AND service_id = " + brows);
        assertEquals(1, signatures());
        assertEquals(1, f.salon.count("SELECT count(*) FROM consent_signatures s JOIN bookings b ON b.id = s.booking_id "
                + "WHERE s.booking_id = " + booking + " AND s.client_id = b.client_id AND s.template_id = " + form
                + " AND s.language = 'uk' AND s.typed_name = 'Олена Шевченко' AND s.agreed AND s.source = 'online'"
                + " AND s.title = 'Згода на фарбування хною' AND s.signed_text = " + sql(BODY_UK)));
    }

    @Test
    void aFormRewrittenWhileSheReadsIsShownAgainAndOnlyTheNewWordsAreSigned() throws Exception {
        try (Browser b = new Browser("en", 390, 1200)) {
            chooseBrowsAt(b, "11:30", "Marta Bondar", "067 222 0003");
            b.type("signName", "Marta Bondar");
            b.find("#signAgree").click();
            // the admin rewrites the form while the page is open
            f.salon.dsl.execute("UPDATE consent_templates SET body_en = 'Henna may stain the skin for two days.' WHERE id = " + form);
            b.navigate(b.find("#book"));
            String page = b.text();
            assertTrue(page.contains("The salon has just changed its consent form."), page);
            assertTrue(b.find("#consent-forms").getText().contains("Henna may stain the skin for two days."), page);
            assertFalse(b.find("#signAgree").isSelected(), "she ticks again for the new words");
            assertEquals(0, f.onlineBookings("service_id = " + brows));
            assertEquals(0, signatures());

            b.find("#signAgree").click();
            b.navigate(b.find("#book"));
            assertTrue(b.find("#booking").isDisplayed(), b.text());
        }
        assertEquals(1, f.salon.count("SELECT count(*) FROM consent_signatures WHERE signed_text = 'Henna may stain the skin for two days.'"
                + " AND typed_name = 'Marta Bondar' AND language = 'en'"));
        assertEquals(1, f.onlineBookings("service_id = " + brows));
    }

    /**
     * A second form added for the service while her booking waits for the master's lock — after the page checked
     * what she signed, before the booking's commit: the deferred check (migration 60) refuses the commit, nothing is
     * written, and the page shows the forms again in the same words as for a rewritten one, never an error page.
     */
    @Test
    void aFormAddedBetweenThePagesCheckAndTheCommitIsShownAgainAndNothingIsBooked() throws Exception {
        long added = 0;
        try (Browser b = new Browser("en", 390, 1200)) {
            chooseBrowsAt(b, "9:15", "Daria Melnyk", "067 222 0004");
            b.type("signName", "Daria Melnyk");
            b.find("#signAgree").click();
            CompletableFuture<Void> booking = new CompletableFuture<>();
            long[] made = new long[1];
            f.salon.dsl.transaction(cfg -> {
                // someone holds Anna's named lock: the booking waits inside the server, past the page's check
                cfg.dsl().execute("SELECT salondesk_lock_master(" + f.salon.tenant + ", " + f.salon.anna + ")");
                CompletableFuture.runAsync(() -> b.navigate(b.find("#book"))).whenComplete((v, e) -> {
                    if (e == null) {
                        booking.complete(null);
                    } else {
                        booking.completeExceptionally(e);
                    }
                });
                waitUntilWaitingForTheLock();
                // the new form commits as the lock is let go: the page's check did not see it, the booking's commit does
                made[0] = cfg.dsl().resultQuery("INSERT INTO consent_templates (tenant_id, service_id, title_uk, title_ru, title_en, body_uk, body_ru, "
                        + "body_en) VALUES (" + f.salon.tenant + ", " + brows + ", 'Фото до і після', 'Фото до и после', 'Before and after photos', "
                        + "'Салон може фотографувати.', 'Салон может фотографировать.', 'The salon may take photos.') RETURNING id").fetchOne(0, Long.class);
            });
            added = made[0];
            booking.get(40, TimeUnit.SECONDS);
            try {
                String page = b.text();
                assertTrue(page.contains("The salon has just changed its consent form."), page);
                assertTrue(b.find("#consent-forms").getText().contains("The salon may take photos."), page);
                assertEquals(0, f.onlineBookings("service_id = " + brows), "the commit was refused: no booking");
                assertEquals(0, signatures(), "nor the first form's signature");

                b.find("#signAgree").click();
                b.navigate(b.find("#book"));
                assertTrue(b.find("#booking").isDisplayed(), b.text());
                assertEquals(1, f.onlineBookings("service_id = " + brows));
                assertEquals(2, signatures(), "both forms signed with the booking");
            } finally {
                f.salon.dsl.execute("DELETE FROM consent_signatures");
                f.salon.dsl.execute("DELETE FROM consent_templates WHERE id = " + added);
            }
        }
    }

    private static void waitUntilWaitingForTheLock() throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (f.salon.count("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted") == 0) {
            if (System.nanoTime() > until) {
                throw new AssertionError("the booking never reached the master's lock");
            }
            Thread.sleep(50);
        }
    }
}
