package app.salondesk.print;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The day sheet's pages as a PDF: each page's picture (drawn by JavaFX, which writes no PDF of
 * its own) on a page of paper, inside its margins. Written whole or not at all, like every file
 * the desk saves: a full stick leaves no half PDF under the name chosen. No JavaFX here.
 */
public final class PdfFile {

    private PdfFile() {
    }

    /**
     * @param pageWidth  the paper's width in points (A4: 595.28)
     * @param pageHeight the paper's height in points
     * @param margin     the margin around each page's picture, in points
     * @return how many pages were written
     */
    public static int write(Path file, List<BufferedImage> pages, float pageWidth, float pageHeight, float margin) throws IOException {
        Path target = file.toAbsolutePath();
        Path part = target.resolveSibling(target.getFileName() + ".part");
        try (PDDocument pdf = new PDDocument()) {
            for (BufferedImage picture : pages) {
                PDPage page = new PDPage(new PDRectangle(pageWidth, pageHeight));
                pdf.addPage(page);
                PDImageXObject image = LosslessFactory.createFromImage(pdf, picture);
                try (PDPageContentStream content = new PDPageContentStream(pdf, page)) {
                    content.drawImage(image, margin, margin, pageWidth - 2 * margin, pageHeight - 2 * margin);
                }
            }
            pdf.save(part.toFile());
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(part);
            throw e;
        }
        app.salondesk.runtime.WholeFile.moveIntoPlace(part, target);
        return pages.size();
    }
}
