package app.salondesk.gui.checkout;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.gui.print.SheetPrinter;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.print.PdfFile;
import app.salondesk.model.checkout.Receipt;
import app.salondesk.model.print.PrintOutcome;
import javafx.print.PageLayout;
import javafx.print.PrinterJob;
import javafx.scene.Group;
import javafx.scene.Scene;
import javafx.scene.layout.Region;
import javafx.stage.Window;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Prints a receipt as the day sheet is printed (ADR 21): JavaFX's {@link PrinterJob} — the system's
 * printer dialog, the chosen printer's paper (a receipt printer's narrow roll too) — or a PDF of A5
 * pages, drawn by JavaFX and written by PDFBox off the FX thread, with its words as text.
 */
public final class ReceiptPrinter {

    /** A5, in points: a receipt on paper a person keeps. */
    public static final float A5_WIDTH = 419.53f;
    public static final float A5_HEIGHT = 595.28f;
    public static final float MARGIN = 28;

    private final Messages messages;
    private final TaskRunner tasks;
    private final Supplier<Window> owner;
    private final Supplier<PrinterJob> jobs;
    private final ZoneId zone;

    public ReceiptPrinter(Messages messages, TaskRunner tasks, Supplier<Window> owner, ZoneId zone) {
        this(messages, tasks, owner, zone, PrinterJob::createPrinterJob);
    }

    public ReceiptPrinter(Messages messages, TaskRunner tasks, Supplier<Window> owner, ZoneId zone, Supplier<PrinterJob> jobs) {
        this.messages = messages;
        this.tasks = tasks;
        this.owner = owner;
        this.jobs = jobs;
        this.zone = zone;
    }

    public void print(Receipt receipt, Consumer<PrintOutcome> done) {
        PrinterJob job = jobs.get();
        if (job == null) {
            done.accept(new PrintOutcome.NoPrinter());
            return;
        }
        Window over = owner.get();
        if (over != null && !job.showPrintDialog(over)) {
            job.cancelJob();
            done.accept(new PrintOutcome.Cancelled());
            return;
        }
        PageLayout layout = job.getJobSettings().getPageLayout();
        List<Region> pages = laidOut(receipt, layout.getPrintableWidth(), layout.getPrintableHeight());
        for (Region page : pages) {
            if (!job.printPage(layout, page)) {
                job.cancelJob();
                done.accept(new PrintOutcome.Failed(new IllegalStateException("printPage: " + job.getJobStatus())));
                return;
            }
        }
        job.endJob();
        done.accept(new PrintOutcome.Printed(pages.size()));
    }

    public void savePdf(Receipt receipt, Path file, Consumer<PrintOutcome> done) {
        savePdf(laidOut(receipt, A5_WIDTH - 2 * MARGIN, A5_HEIGHT - 2 * MARGIN), A5_WIDTH, A5_HEIGHT, file, done);
    }

    /**
     * Pages laid out already (a receipt's, the pay report's) as a PDF of {@code width} × {@code height}
     * points: drawn now on the FX thread, written by PDFBox off it, whole or not at all.
     */
    public void savePdf(List<Region> laidOut, float width, float height, Path file, Consumer<PrintOutcome> done) {
        List<PdfFile.Page> pictures = new ArrayList<>();
        for (Region page : laidOut) {
            pictures.add(SheetPrinter.pdfPage(page));
        }
        tasks.run(() -> PdfFile.write(file, pictures, width, height, MARGIN),
                pages -> done.accept(new PrintOutcome.Saved(file, pages)),
                failure -> done.accept(new PrintOutcome.Failed(failure)));
    }

    /** Nodes cut into pages, styled and laid out (each in a scene of its own, never shown). */
    public static List<Region> layOut(List<Region> pages) {
        for (Region page : pages) {
            new Scene(new Group(page));
            page.applyCss();
            page.autosize();
            page.layout();
        }
        return pages;
    }

    /** The receipt's pages, styled and laid out (each in a scene of its own, never shown). */
    List<Region> laidOut(Receipt receipt, double width, double height) {
        return layOut(new ReceiptView(receipt, messages, zone).pages(width, height));
    }
}
