package app.salondesk.web;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Debian's chromium, headless, driven through Debian's chromium-driver (both installed by
 * .ci/run): a real browser without a display. Nothing is downloaded: Selenium is given both
 * programs, so Selenium Manager has nothing to fetch.
 */
final class Browser implements AutoCloseable {

    static final String CHROMIUM = "/usr/bin/chromium";
    static final String DRIVER = "/usr/bin/chromedriver";

    final WebDriver driver;

    /**
     * @param language the browser's language (its Accept-Language), e.g. "en" or "uk"
     * @param width    the window's width in CSS pixels: 390 is a phone, 1280 a desktop
     */
    Browser(String language, int width, int height) {
        if (!Files.isExecutable(Path.of(CHROMIUM)) || !Files.isExecutable(Path.of(DRIVER))) {
            throw new IllegalStateException("the browser tests need Debian's chromium and chromium-driver: "
                    + "apt-get install chromium chromium-driver (.ci/run does)");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--hide-scrollbars", "--window-size=" + width + "," + height, "--lang=" + language,
                "--force-device-scale-factor=1");
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", language));
        if (width < 500) {
            // headless Chromium keeps a window at least 500 px wide: a phone's width is emulated
            options.setExperimentalOption("mobileEmulation", Map.of("deviceMetrics",
                    Map.of("width", width, "height", height, "pixelRatio", 2.0, "mobile", true, "touch", true)));
        }
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(DRIVER)).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
    }

    void open(String url) {
        driver.get(url);
    }

    WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    /** Clicks the link or button whose visible text starts with these words, and waits for the next page. */
    void click(String text) {
        navigate(driver.findElements(By.cssSelector("a, button")).stream()
                .filter(e -> e.getText().strip().startsWith(text))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no link or button \"" + text + "\" on " + driver.getCurrentUrl()
                        + ":\n" + driver.findElement(By.tagName("body")).getText())));
    }

    /** Clicks a link or a form's button and waits until the page it leads to has loaded. */
    void navigate(WebElement target) {
        WebElement before = driver.findElement(By.tagName("html"));
        target.click();
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        try {
            while (true) {
                try {
                    before.getTagName();
                } catch (StaleElementReferenceException gone) {
                    break;
                } catch (org.openqa.selenium.WebDriverException e) {
                    // asked while the documents are swapped, chromedriver may say the same thing in
                    // other words: the old page's node "does not belong to the document" any more
                    if (e.getMessage() == null || !e.getMessage().contains("does not belong to the document")) {
                        throw e;
                    }
                    break;
                }
                if (System.nanoTime() > until) {
                    throw new AssertionError("the click loaded no page: " + driver.getCurrentUrl());
                }
                Thread.sleep(25);
            }
            while (!"complete".equals(((JavascriptExecutor) driver).executeScript("return document.readyState"))) {
                if (System.nanoTime() > until) {
                    throw new AssertionError("the page never finished loading: " + driver.getCurrentUrl());
                }
                Thread.sleep(25);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    void type(String id, String text) {
        WebElement e = driver.findElement(By.id(id));
        e.clear();
        e.sendKeys(text);
    }

    String text() {
        return driver.findElement(By.tagName("body")).getText();
    }

    void screenshot(Path to) throws IOException {
        Files.createDirectories(to.toAbsolutePath().getParent());
        byte[] png = ((ChromeDriver) driver).getScreenshotAs(OutputType.BYTES);
        Files.write(to, png);
    }

    @Override
    public void close() {
        driver.quit();
    }
}
