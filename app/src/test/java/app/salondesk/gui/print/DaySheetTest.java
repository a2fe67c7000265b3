package app.salondesk.gui.print;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.gui.shell.TestDesks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingExportRepository;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.print.DaySheetService;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.print.DaySheet;
import app.salondesk.model.print.PrintOutcome;
import app.salondesk.model.print.SheetRequest;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import javafx.embed.swing.SwingFXUtils;
import javafx.print.Printer;
import javafx.print.PrinterJob;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The printed day sheet, read from a real database and laid out on real pages: every booking
 * of the day is on them (read back from the printed nodes' text), cancelled ones as the desk
 * shows them; a long day goes on over pages; a master's week; and a computer without a printer
 * is told so and saves a PDF instead.
 */
@ExtendWith(ApplicationExtension.class)
class DaySheetTest {

    private static final Messages EN = new Messages(Locale.ENGLISH);
    private static EngineFixture f;
    private static Salon salon;
    private static List<Master> masters;
    private static DaySheetService service;
    private static long oksana;
    private static long taras;
    private final BackgroundTasks tasks = new BackgroundTasks();
    private Stage stage;

    @BeforeAll
    static void aDayWithSeveralMastersAndBookings() {
        f = new EngineFixture("daysheet", 2);
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
        oksana = f.id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + f.tenant + ", 'Oksana Boyko', '+380501234567') RETURNING id");
        taras = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + f.tenant + ", 'Taras Hrytsenko') RETURNING id");
        book(f.anna, f.client, f.cut, "09:00", 60, "confirmed", "Allergic to ammonia dyes");
        book(f.anna, oksana, null, "11:30", 45, "pending", "");
        book(f.bohdan, taras, f.cut, "10:00", 60, "cancelled", "Called to cancel");
        book(f.bohdan, oksana, f.cut, "14:00", 60, "arrived", "");
        book(f.vira, taras, f.nails, "10:00", 90, "no_show", "");
        // the next day: on the week's sheet, not on the day's
        f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                + f.tenant + ", " + f.anna + ", " + taras + ", " + f.cut + ", '" + EngineFixture.DAY.plusDays(1).atTime(12, 0)
                .atZone(EngineFixture.ZONE).toInstant() + "', 60, 'confirmed')");
        // Bohdan's Monday: two stretches and an hour off between his bookings (issue 31)
        f.dsl.execute("INSERT INTO master_days (tenant_id, master_id, day) VALUES (" + f.tenant + ", " + f.bohdan + ", '" + EngineFixture.DAY + "')");
        f.dsl.execute("INSERT INTO master_day_hours (tenant_id, master_id, day, starts_at, ends_at) VALUES ("
                + f.tenant + ", " + f.bohdan + ", '" + EngineFixture.DAY + "', '09:00', '13:00'), ("
                + f.tenant + ", " + f.bohdan + ", '" + EngineFixture.DAY + "', '14:00', '19:00')");
        f.dsl.execute("INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at, reason) VALUES (" + f.tenant + ", " + f.bohdan
                + ", '" + EngineFixture.at(15, 30) + "', '" + EngineFixture.at(16, 30) + "', 'Dentist')");
        masters = new MasterRepository(f.dsl).findActive(f.tenant);
        service = new DaySheetService(new BookingExportRepository(f.dsl), new MasterRepository(f.dsl), salon, masters, EN,
                Clock.fixed(Instant.parse("2030-01-07T06:12:00Z"), ZoneOffset.UTC));
    }

    private static void book(long master, long client, Long service, String time, int minutes, String status, String note) {
        f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, note) VALUES ("
                + f.tenant + ", " + master + ", " + client + ", " + service + ", '"
                + EngineFixture.DAY.atTime(java.time.LocalTime.parse(time)).atZone(EngineFixture.ZONE).toInstant() + "', " + minutes
                + ", '" + status + "', '" + note + "')");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new Label("desk"), 300, 200));
        stage.show();
    }

    private static DaySheet sheet(SheetRequest request) {
        return TestDesks.offFx(() -> service.load(request));
    }

    /** The sheet on A4 pages, as a PDF has them. */
    private List<Region> pages(FxRobot robot, DaySheet sheet) {
        AtomicReference<List<Region>> pages = new AtomicReference<>();
        SheetPrinter printer = new SheetPrinter(EN, tasks, () -> stage, () -> null);
        robot.interact(() -> pages.set(printer.laidOut(sheet, SheetPrinter.A4_WIDTH - 2 * SheetPrinter.MARGIN,
                SheetPrinter.A4_HEIGHT - 2 * SheetPrinter.MARGIN)));
        return pages.get();
    }

    /** Every text printed on the pages, in order. */
    private static List<String> texts(List<Region> pages) {
        List<String> out = new ArrayList<>();
        pages.forEach(p -> collect(p, out));
        return out;
    }

    private static void collect(Node n, List<String> out) {
        if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
            out.add(l.getText());
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, out));
        }
    }

    private static boolean lineWith(List<Region> pages, String... cells) {
        List<String> all = new ArrayList<>();
        for (Region page : pages) {
            for (Node line : page.lookupAll(".sheet-line")) {
                List<String> texts = new ArrayList<>();
                collect(line, texts);
                all.add(String.join(" | ", texts));
                if (texts.containsAll(List.of(cells))) {
                    return true;
                }
            }
        }
        throw new AssertionError("no line with " + List.of(cells) + " among " + all);
    }

    @Test
    void theDaySheetHasEveryBookingOfTheDayAsTheDeskShowsIt(FxRobot robot) throws Exception {
        List<Region> pages = pages(robot, sheet(new SheetRequest(EngineFixture.DAY, null, false, false)));
        assertEquals(1, pages.size());
        List<String> texts = texts(pages);
        assertTrue(texts.contains("Day sheet \u00b7 Monday, January 7, 2030"), texts.toString());
        assertTrue(texts.contains("Fixture salon \u00b7 printed Jan 7, 2030, 8:12 AM"), texts.toString());
        assertTrue(texts.contains("page 1 of 1"));
        for (String master : List.of("Anna", "Bohdan", "Vira")) {
            assertTrue(texts.contains(master + " \u00b7 Monday, January 7, 2030"), master + ": " + texts);
        }
        assertTrue(texts.contains("Hours 10:00 AM\u20132:00 PM"), "Vira's hours: " + texts);
        assertTrue(lineWith(pages, "9:00 AM\u201310:00 AM", "Iryna", "067 111 2233", "Cut", "Confirmed", "UAH\u00a0500.00", "Allergic to ammonia dyes"));
        assertTrue(lineWith(pages, "11:30 AM\u201312:15 PM", "Oksana Boyko", "050 123 4567", "Custom", "Pending"));
        assertTrue(lineWith(pages, "2:00 PM\u20133:00 PM", "Oksana Boyko", "Cut", "Arrived", "UAH\u00a0500.00"));
        assertTrue(lineWith(pages, "10:00 AM\u201311:30 AM", "Taras Hrytsenko", "Nails", "No-show", "UAH\u00a0700.00"));
        assertEquals(4, pages.get(0).lookupAll(".sheet-line").size(), "the cancelled one is not on the desk, nor on its sheet");
        assertFalse(texts.contains("Called to cancel"));
        assertFalse(texts.contains("12:00 PM\u20131:00 PM"), "the next day's booking is not on this day's sheet");

        // the picture of the page has the ink of its words
        AtomicReference<WritableImage> picture = new AtomicReference<>();
        robot.interact(() -> picture.set(SheetPrinter.snapshot(pages.get(0), 1.5)));
        assertTrue(darkPixels(picture.get()) > 2_000, "a printed page, not a blank one");
        Path shots = Path.of(System.getProperty("salondesk.shots", "target/screenshots"));
        Files.createDirectories(shots);
        ImageIO.write(SwingFXUtils.fromFXImage(picture.get(), null), "png", shots.resolve("day-sheet.png").toFile());

        // "Show cancelled" at the desk: the sheet has the cancelled booking, marked as such
        List<Region> withCancelled = pages(robot, sheet(new SheetRequest(EngineFixture.DAY, null, false, true)));
        assertTrue(lineWith(withCancelled, "10:00 AM\u201311:00 AM", "Taras Hrytsenko", "Cut", "Cancelled", "Called to cancel"));
        assertEquals(1, withCancelled.get(0).lookupAll(".sheet-cancelled").size());
    }

    @Test
    void theSavedPdfHasEachMastersWholeHoursHerTimeOffAndEachBookingsPrice(FxRobot robot) throws Exception {
        // issue 31: "the day sheet cuts a master's hours ('2:00 PM-7:00...'), leaves out her time off and has no prices"
        DaySheet sheet = sheet(new SheetRequest(EngineFixture.DAY, null, false, false));
        Path pdf = Files.createTempDirectory("salondesk-sheet").resolve("day.pdf");
        AtomicReference<PrintOutcome> saved = new AtomicReference<>();
        robot.interact(() -> new SheetPrinter(EN, tasks, () -> stage, () -> null).savePdf(sheet, pdf, saved::set));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> saved.get() != null);
        assertTrue(saved.get() instanceof PrintOutcome.Saved, String.valueOf(saved.get()));
        String text;
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            text = new org.apache.pdfbox.text.PDFTextStripper().getText(doc).replace('\u00a0', ' ');
        }
        assertTrue(text.contains("Bohdan \u00b7 Monday, January 7, 2030"), text);
        assertTrue(text.contains("Hours 9:00 AM\u20131:00 PM, 2:00 PM\u20137:00 PM"), "his whole hours, not cut: " + text);
        assertTrue(text.contains("Time off 3:30 PM\u20134:30 PM (Dentist)"), "his time off: " + text);
        assertTrue(text.contains("Hours 10:00 AM\u20132:00 PM"), "Vira's: " + text);
        assertFalse(text.contains("\u2026"), "nothing cut short: " + text);
        assertTrue(text.contains("Price"), "a column for it: " + text);
        for (String price : List.of("UAH 500.00", "UAH 700.00")) {
            assertTrue(text.contains(price), price + " in " + text);
        }
        assertEquals(2, text.split("UAH 500\\.00", -1).length - 1, "Iryna's cut and Oksana's; the cancelled one is not on the sheet: " + text);
    }

    private static int darkPixels(WritableImage image) {
        PixelReader r = image.getPixelReader();
        int dark = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (r.getColor(x, y).getBrightness() < 0.5) {
                    dark++;
                }
            }
        }
        return dark;
    }

    @Test
    void aLongDayGoesOnOverPagesWithEveryBookingOnExactlyOneOfThem(FxRobot robot) {
        List<DaySheet.Line> lines = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            lines.add(new DaySheet.Line(String.format("%02d:%02d", 8 + i / 6, i % 6 * 10), "Client " + i, "067 000 00" + i, "Cut",
                    "Confirmed", i % 5 == 0 ? "A note long enough to take a second line of the page ".repeat(3) : "", false));
        }
        DaySheet busy = new DaySheet("Fixture salon", "Day sheet", "printed now", List.of(
                new DaySheet.Section("Anna", "08:00\u201320:00", lines), new DaySheet.Section("Bohdan", "day off", List.of())));
        List<Region> pages = pages(robot, busy);
        assertTrue(pages.size() >= 2, "pages: " + pages.size());
        List<String> texts = texts(pages);
        for (int i = 0; i < 70; i++) {
            String client = "Client " + i;
            assertEquals(1, texts.stream().filter(client::equals).count(), client);
        }
        assertTrue(texts.contains("page 1 of " + pages.size()) && texts.contains("page " + pages.size() + " of " + pages.size()));
        assertTrue(texts.contains("Anna (continued)"), "a section going on over a page says so");
        assertTrue(texts.contains("No bookings"), "Bohdan's day off, no bookings");
        for (Region page : pages) {
            double used = page.getChildrenUnmodifiable().stream().mapToDouble(n -> n.getLayoutBounds().getHeight()).sum();
            assertTrue(used <= page.getHeight() + 0.5, "nothing runs off the page: " + used + " > " + page.getHeight());
        }
    }

    @Test
    void aMastersWeekHasHerSevenDays(FxRobot robot) {
        DaySheet week = sheet(new SheetRequest(EngineFixture.DAY, f.anna, true, false));
        assertEquals("Anna \u00b7 Jan 7, 2030 \u2013 Jan 13, 2030", week.title());
        assertEquals(7, week.sections().size());
        assertTrue(week.sections().stream().allMatch(s -> s.heading().startsWith("Anna \u00b7 ")));
        assertEquals(List.of("Iryna", "Oksana Boyko", "Taras Hrytsenko"), week.lines().stream().map(DaySheet.Line::client).toList(),
                "her day's two and the next day's one");
        List<String> texts = texts(pages(robot, week));
        assertTrue(texts.contains("Anna \u00b7 Tuesday, January 8, 2030"));
    }

    @Test
    void aPrinterJobIsMadeHeadlessOrTheDeskSaysThereIsNoPrinter(FxRobot robot) {
        AtomicReference<PrinterJob> job = new AtomicReference<>();
        AtomicReference<Printer> printer = new AtomicReference<>();
        robot.interact(() -> {
            job.set(PrinterJob.createPrinterJob());
            printer.set(Printer.getDefaultPrinter());
        });
        if (job.get() != null) {
            assertNotNull(job.get().getPrinter());
            assertTrue(job.get().getJobSettings().getPageLayout().getPrintableWidth() > 0);
            robot.interact(() -> job.get().cancelJob());
        } else {
            assertNull(printer.get(), "no job where there is no printer, and the desk checks that way");
        }
    }

    @Test
    void withoutAPrinterTheWindowSaysSoInOneSentenceAndSavesAPdfInstead(FxRobot robot) throws Exception {
        Path pdf = Files.createTempDirectory("salondesk-sheet").resolve("sheet.pdf");
        AtomicReference<PrintViewModel> vm = new AtomicReference<>();
        robot.interact(() -> {
            // a computer without a printer: JavaFX makes no job
            SheetPrinter noPrinter = new SheetPrinter(EN, tasks, () -> stage, () -> null);
            PrintViewModel model = new PrintViewModel(masters, EngineFixture.DAY, false, service::load, noPrinter, false, tasks, EN);
            PrintView view = new PrintView(model, EN);
            view.setFileChooser((owner, name) -> {
                assertEquals("day-sheet-2030-01-07.pdf", name);
                return pdf.toFile();
            });
            view.show(stage);
            vm.set(model);
        });
        assertEquals("This computer has no printer: save the day sheet as a PDF instead, and print it where there is one.",
                robot.lookup("#print-message").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#print-print").queryAs(Button.class).isDisabled());
        assertTrue(robot.lookup("#print-pdf").queryAs(Button.class).isDefaultButton(), "Enter saves the PDF");
        robot.type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#print-message").queryAs(Label.class).getText()
                .matches("(Saved|The day sheet could not).*"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Saved " + pdf + " (1 page).", robot.lookup("#print-message").queryAs(Label.class).getText());
        long bytes = Files.size(pdf);
        System.out.println("day sheet PDF, 1 page: " + bytes + " bytes");   // ADR 21's measured price
        assertTrue(bytes < 2_000_000, bytes + " bytes for one page");
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            assertEquals(1, doc.getNumberOfPages());
            assertEquals(SheetPrinter.A4_WIDTH, doc.getPage(0).getMediaBox().getWidth(), 0.5, "A4");
        }
        assertFalse(Files.exists(pdf.resolveSibling("sheet.pdf.part")), "no half file left beside it");
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#print-message").tryQuery().isEmpty());
    }
}
