package app.salondesk.gui.print;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.print.PdfFile;
import app.salondesk.model.print.DaySheet;
import app.salondesk.model.print.PrintOutcome;
import javafx.print.PageLayout;
import javafx.print.PrinterJob;
import javafx.scene.Group;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;
import javafx.scene.transform.Transform;
import javafx.stage.Window;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Prints the day sheet with JavaFX printing ({@link PrinterJob}: the system's printer dialog,
 * the chosen printer's paper and margins), or saves it as an A4 PDF (the pages drawn by JavaFX,
 * written by {@link PdfFile} off the FX thread). On a computer without a printer JavaFX makes no
 * job: that is {@link PrintOutcome.NoPrinter}, and the desk offers the PDF instead.
 */
public final class SheetPrinter implements SheetOutput {

    public static final float A4_WIDTH = 595.28f;
    public static final float A4_HEIGHT = 841.89f;
    public static final float MARGIN = 36;
    /** Pixels per point of a PDF page's picture: sharp on paper, a few hundred KB a page. */
    static final double PDF_SCALE = 2.5;

    private static final Logger log = LoggerFactory.getLogger(SheetPrinter.class);

    private final Messages messages;
    private final TaskRunner tasks;
    private final Supplier<PrinterJob> jobs;
    private final Supplier<Window> owner;

    /** The desk's printer: {@link PrinterJob#createPrinterJob()}, its dialog over {@code owner}. */
    public SheetPrinter(Messages messages, TaskRunner tasks, Supplier<Window> owner) {
        this(messages, tasks, owner, PrinterJob::createPrinterJob);
    }

    /** @param jobs makes the printer job (null: no printer); tests give their own */
    public SheetPrinter(Messages messages, TaskRunner tasks, Supplier<Window> owner, Supplier<PrinterJob> jobs) {
        this.messages = messages;
        this.tasks = tasks;
        this.jobs = jobs;
        this.owner = owner;
    }

    @Override
    public void print(DaySheet sheet, Consumer<PrintOutcome> done) {
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
        List<Region> pages = laidOut(sheet, layout.getPrintableWidth(), layout.getPrintableHeight());
        for (Region page : pages) {
            if (!job.printPage(layout, page)) {
                log.warn("the printer refused page {} of the day sheet ({})", pages.indexOf(page) + 1, job.getJobStatus());
                job.cancelJob();
                done.accept(new PrintOutcome.Failed(new IllegalStateException("printPage: " + job.getJobStatus())));
                return;
            }
        }
        job.endJob();
        done.accept(new PrintOutcome.Printed(pages.size()));
    }

    @Override
    public void savePdf(DaySheet sheet, Path file, Consumer<PrintOutcome> done) {
        List<PdfFile.Page> pictures = new ArrayList<>();
        for (Region page : laidOut(sheet, A4_WIDTH - 2 * MARGIN, A4_HEIGHT - 2 * MARGIN)) {
            pictures.add(new PdfFile.Page(picture(snapshot(page, PDF_SCALE)), words(page)));
        }
        tasks.run(() -> PdfFile.write(file, pictures, A4_WIDTH, A4_HEIGHT, MARGIN),
                pages -> done.accept(new PrintOutcome.Saved(file, pages)),
                failure -> done.accept(new PrintOutcome.Failed(failure)));
    }

    /** The sheet's pages, styled and laid out (each in a scene of its own, never shown). */
    public List<Region> laidOut(DaySheet sheet, double width, double height) {
        List<Region> pages = new DaySheetView(sheet, messages).pages(width, height);
        for (Region page : pages) {
            new Scene(new Group(page));
            page.applyCss();
            page.autosize();   // its fixed size: a Group does not size what it holds until it is laid out itself
            page.layout();
        }
        return pages;
    }

    /**
     * The words drawn on a laid-out page, where they are drawn: each text as shown (cut short
     * with "…" where it did not fit, so the PDF's text says what its picture does).
     */
    public static List<PdfFile.Words> words(Region page) {
        List<PdfFile.Words> out = new ArrayList<>();
        collect(page, page, out);
        return out;
    }

    private static void collect(javafx.scene.Node n, Region page, List<PdfFile.Words> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof javafx.scene.text.Text t && t.getText() != null && !t.getText().isBlank()) {
            javafx.geometry.Bounds b = page.sceneToLocal(t.localToScene(t.getLayoutBounds()));
            out.add(new PdfFile.Words(t.getText().replace('\n', ' '), (float) b.getMinX(),
                    (float) (b.getMinY() + t.getBaselineOffset()), (float) t.getFont().getSize()));
        }
        if (n instanceof javafx.scene.Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, page, out));
        }
    }

    /** A laid-out page as a PDF page: its picture at the PDF's scale, and its words (a receipt's, too). */
    public static PdfFile.Page pdfPage(Region page) {
        return new PdfFile.Page(picture(snapshot(page, PDF_SCALE)), words(page));
    }

    /** A page drawn at {@code scale} pixels per point. */
    public static WritableImage snapshot(Region page, double scale) {
        SnapshotParameters p = new SnapshotParameters();
        p.setTransform(Transform.scale(scale, scale));
        return page.snapshot(p, null);
    }

    private static BufferedImage picture(WritableImage image) {
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        PixelReader pixels = image.getPixelReader();
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            pixels.getPixels(0, y, w, 1, javafx.scene.image.PixelFormat.getIntArgbInstance(), row, 0, w);
            out.setRGB(0, y, w, 1, row, 0, w);
        }
        return out;
    }
}
