package app.salondesk.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The online page and a service that needs a patch test (issue 36), in a real browser against a real
 * server: the service's row and every step before a time is picked say so, a client without a passed
 * test is refused with the page's sentence (and nothing is booked), one with a passed test is booked.
 * The page never tells a stranger typing a phone what that client's last result was.
 */
class PatchTestOnlineBrowserTest {

    private static WebFixture f;
    private static long dye;

    @BeforeAll
    static void start() {
        f = new WebFixture("web_patch_test");
        // made before the page is first read (the server keeps its services 3 s)
        dye = f.salon.phasedService("Dye", null, 0, f.salon.anna);
        f.salon.dsl.execute("UPDATE services SET duration_min = 60, price = 700, patch_test_days = 90 WHERE id = " + dye);
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @BeforeEach
    void clear() {
        f.salon.clearSchedule();
    }

    private static void chooseDyeAt(Browser b, String time, String name, String phone) {
        b.open(f.base + "/" + WebFixture.SLUG);
        b.click("Dye");
        b.click("Anna");
        b.navigate(b.driver.findElement(By.cssSelector("a.day[href$='day=" + WebFixture.tomorrow() + "']")));
        assertTrue(b.find("#patch-test").isDisplayed(), "the time step says so before a time is picked");
        b.click(time);
        b.type("name", name);
        b.type("phone", phone);
        b.find("#consent").click();
    }

    @Test
    void theRequirementIsShownBeforeATimeIsPicked() throws Exception {
        try (Browser b = new Browser("en", 390, 1000)) {
            b.open(f.base + "/" + WebFixture.SLUG);
            String row = b.driver.findElements(By.cssSelector("a.row")).stream().map(e -> e.getText().replace('\n', ' '))
                    .filter(t -> t.startsWith("Dye")).findFirst().orElseThrow();
            assertTrue(row.contains("patch test needed"), row);
            String cut = b.driver.findElements(By.cssSelector("a.row")).stream().map(e -> e.getText().replace('\n', ' '))
                    .filter(t -> t.startsWith("Cut")).findFirst().orElseThrow();
            assertFalse(cut.contains("patch test"), "a service without the need says nothing: " + cut);
            assertTrue(b.driver.findElements(By.id("patch-test")).isEmpty(), "no notice before a service is chosen");

            b.click("Dye");
            String notice = b.find("#patch-test").getText();
            assertTrue(notice.contains("patch test") && notice.contains("90 days"), notice);
            b.click("Anna");
            assertEquals(notice, b.find("#patch-test").getText(), "the master step keeps it");
            b.screenshot(Path.of("target", "screenshots", "online-patch-test.png"));
        }
        try (Browser b = new Browser("uk", 390, 1000)) {
            b.open(f.base + "/" + WebFixture.SLUG + "?service=" + dye);
            assertTrue(b.find("#patch-test").getText().contains("проба на алергію"), b.find("#patch-test").getText());
        }
    }

    @Test
    void aClientWithoutAPassedTestIsRefusedWithTheReasonAndNothingIsBooked() throws Exception {
        // a client the salon knows, whose last test failed: the page says only what the rule is
        long client = f.salon.id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + f.salon.tenant
                + ", 'Halyna Boyko', '+380671110001') RETURNING id");
        f.salon.dsl.execute("INSERT INTO patch_tests (tenant_id, client_id, tested_on, result) VALUES (" + f.salon.tenant + ", " + client
                + ", current_date - 5, 'fail')");
        try (Browser b = new Browser("en", 390, 1000)) {
            chooseDyeAt(b, "10:00", "Halyna Boyko", "067 111 0001");
            b.navigate(b.find("#book"));
            String page = b.text();
            assertTrue(page.contains("This service needs a patch test at the salon first."), page);
            assertFalse(page.toLowerCase().contains("fail"), "the page never tells the last result: " + page);
            assertFalse(page.contains("You are booked!"), page);
        }
        try (Browser b = new Browser("en", 390, 1000)) {
            chooseDyeAt(b, "11:00", "Olha Newcomer", "067 111 0002");
            b.navigate(b.find("#book"));
            assertTrue(b.text().contains("This service needs a patch test at the salon first."), b.text());
        }
        assertEquals(0, f.onlineBookings("service_id = " + dye));
    }

    @Test
    void aClientWithAPassedTestIsBooked() throws Exception {
        long client = f.salon.id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + f.salon.tenant
                + ", 'Maria Lysenko', '+380671110003') RETURNING id");
        f.salon.dsl.execute("INSERT INTO patch_tests (tenant_id, client_id, tested_on, result) VALUES (" + f.salon.tenant + ", " + client
                + ", current_date - 10, 'pass')");
        try (Browser b = new Browser("en", 390, 1000)) {
            chooseDyeAt(b, "12:00", "Maria Lysenko", "067 111 0003");
            b.navigate(b.find("#book"));
            assertTrue(b.text().contains("You are booked!"), b.text());
        }
        assertEquals(1, f.onlineBookings("service_id = " + dye + " AND client_id = " + client + " AND status IN ('pending','confirmed')"));
    }
}
