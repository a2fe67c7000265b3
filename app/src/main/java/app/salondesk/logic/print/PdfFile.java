package app.salondesk.logic.print;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The day sheet's pages as a PDF: each page's picture (drawn by JavaFX, which writes no PDF of
 * its own) on a page of paper, inside its margins, with the words of the page laid over it as
 * invisible text where they are drawn — so a PDF viewer finds and copies them, and a test reads
 * them back (issue 31), as a scanned page with its recognised text does. The text is set in the
 * Liberation Sans that PDFBox ships (Latin and Cyrillic), embedded as a subset. Written whole or
 * not at all, like every file the desk saves: a full stick leaves no half PDF under the name
 * chosen. No JavaFX here.
 */
public final class PdfFile {

    private static final String FONT = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";

    /** A run of words drawn on a page: from its left edge and its baseline, in points from the picture's top left. */
    public record Words(String text, float x, float baseline, float size) {
    }

    /** A page: its picture, and the words drawn on it. */
    public record Page(BufferedImage picture, List<Words> words) {
        public Page {
            words = List.copyOf(words);
        }
    }

    private PdfFile() {
    }

    /**
     * @param pageWidth  the paper's width in points (A4: 595.28)
     * @param pageHeight the paper's height in points
     * @param margin     the margin around each page's picture, in points; the picture is drawn at one point per point of its page
     * @return how many pages were written
     */
    public static int write(Path file, List<Page> pages, float pageWidth, float pageHeight, float margin) throws IOException {
        Path target = file.toAbsolutePath();
        Path part = target.resolveSibling(target.getFileName() + ".part");
        try (PDDocument pdf = new PDDocument()) {
            PDType0Font font = font(pdf);
            Map<Integer, Boolean> drawable = new HashMap<>();
            for (Page sheet : pages) {
                PDPage page = new PDPage(new PDRectangle(pageWidth, pageHeight));
                pdf.addPage(page);
                PDImageXObject image = LosslessFactory.createFromImage(pdf, sheet.picture());
                try (PDPageContentStream content = new PDPageContentStream(pdf, page)) {
                    content.drawImage(image, margin, margin, pageWidth - 2 * margin, pageHeight - 2 * margin);
                    content.beginText();
                    content.setRenderingMode(RenderingMode.NEITHER);
                    for (Words w : sheet.words()) {
                        String text = drawableText(font, w.text(), drawable);
                        if (text.isBlank()) {
                            continue;
                        }
                        content.setFont(font, w.size());
                        // a new line's matrix each time: absolute, not moved from the last run's place
                        content.setTextMatrix(new org.apache.pdfbox.util.Matrix(1, 0, 0, 1, margin + w.x(), pageHeight - margin - w.baseline()));
                        content.showText(text);
                    }
                    content.endText();
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

    private static PDType0Font font(PDDocument pdf) throws IOException {
        try (InputStream in = PDDocument.class.getResourceAsStream(FONT)) {
            if (in == null) {
                throw new IOException("PDFBox's own font is missing: " + FONT);
            }
            return PDType0Font.load(pdf, in);
        }
    }

    /** The text with every character the font has no glyph for as a space (a line break, an emoji), never a failed save. */
    private static String drawableText(PDType0Font font, String text, Map<Integer, Boolean> drawable) {
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> {
            boolean ok = drawable.computeIfAbsent(c, k -> {
                try {
                    return font.encode(new String(Character.toChars(k))).length > 0;   // throws for a character without a glyph
                } catch (IOException | IllegalArgumentException e) {
                    return false;
                }
            });
            out.append(ok ? new String(Character.toChars(c)) : " ");
        });
        return out.toString();
    }
}
