package app.salondesk.logic.clients;

import app.salondesk.i18n.Messages;
import app.salondesk.model.clients.ConsentSignature;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;

/**
 * A signed consent as an A4 PDF (issue 36): the salon, the client, the form's title and its text exactly
 * as signed, then the signature — her typed name, the tick, the day and time in the salon's zone, and who
 * recorded it. Text, not a picture: searchable and copyable, set in the Liberation Sans that PDFBox ships
 * (Latin and Cyrillic). Written whole or not at all (a {@code .part} file moved into place).
 */
public final class ConsentPdf {

    private static final String FONT = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";
    private static final float MARGIN = 56;
    private static final float BODY = 11;
    private static final float TITLE = 16;
    private static final float LEADING = 1.35f;

    private ConsentPdf() {
    }

    /** Writes the PDF of {@code signature} by {@code client} at salon {@code salon}. */
    public static void write(Path file, ConsentSignature signature, String salon, String client, ZoneId zone, Messages words)
            throws IOException {
        Path target = file.toAbsolutePath();
        Path part = target.resolveSibling(target.getFileName() + ".part");
        try (PDDocument pdf = new PDDocument()) {
            PDType0Font font;
            try (InputStream in = PDDocument.class.getResourceAsStream(FONT)) {
                if (in == null) {
                    throw new IOException("PDFBox's own font is missing: " + FONT);
                }
                font = PDType0Font.load(pdf, in);
            }
            Writer w = new Writer(pdf, font);
            w.line(salon, BODY);
            w.line(words.format("consent.pdf.client", client), BODY);
            w.gap();
            w.paragraph(signature.title(), TITLE);
            w.gap();
            for (String paragraph : signature.signedText().split("\\R", -1)) {
                w.paragraph(paragraph, BODY);
            }
            w.gap();
            String when = signature.signedAt().atZone(zone)
                    .format(DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(words.locale()));
            w.paragraph("[x] " + words.get("consent.pdf.agreed"), BODY);
            w.paragraph(words.format("consent.pdf.signed", signature.typedName(), when), BODY);
            w.paragraph(words.format("consent.pdf.recorded", signature.recordedBy()), BODY);
            w.close();
            pdf.save(part.toFile());
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(part);
            throw e;
        }
        app.salondesk.runtime.WholeFile.moveIntoPlace(part, target);
    }

    /** Lines down the page, a new page when one is full; a character the font lacks is written as a space. */
    private static final class Writer {
        private final PDDocument pdf;
        private final PDType0Font font;
        private final float width = PDRectangle.A4.getWidth() - 2 * MARGIN;
        private PDPageContentStream content;
        private float y;

        Writer(PDDocument pdf, PDType0Font font) throws IOException {
            this.pdf = pdf;
            this.font = font;
            newPage();
        }

        private void newPage() throws IOException {
            if (content != null) {
                content.close();
            }
            PDPage page = new PDPage(PDRectangle.A4);
            pdf.addPage(page);
            content = new PDPageContentStream(pdf, page);
            y = PDRectangle.A4.getHeight() - MARGIN;
        }

        void gap() {
            y -= BODY * LEADING;
        }

        void paragraph(String text, float size) throws IOException {
            if (text.isBlank()) {
                gap();
                return;
            }
            for (String l : wrap(drawable(text), size)) {
                line(l, size);
            }
        }

        void line(String text, float size) throws IOException {
            if (y - size * LEADING < MARGIN) {
                newPage();
            }
            y -= size * LEADING;
            content.beginText();
            content.setFont(font, size);
            content.newLineAtOffset(MARGIN, y);
            content.showText(drawable(text));
            content.endText();
        }

        private List<String> wrap(String text, float size) throws IOException {
            List<String> lines = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            for (String word : text.split(" ")) {
                String candidate = line.isEmpty() ? word : line + " " + word;
                if (font.getStringWidth(candidate) / 1000 * size <= width || line.isEmpty()) {
                    line.setLength(0);
                    line.append(candidate);
                } else {
                    lines.add(line.toString());
                    line.setLength(0);
                    line.append(word);
                }
            }
            lines.add(line.toString());
            return lines;
        }

        private String drawable(String text) {
            StringBuilder out = new StringBuilder();
            text.codePoints().forEach(c -> {
                String s = new String(Character.toChars(c));
                boolean ok;
                try {
                    ok = c >= 0x20 && font.encode(s).length > 0;
                } catch (IOException | IllegalArgumentException e) {
                    ok = false;
                }
                out.append(ok ? s : " ");
            });
            return out.toString();
        }

        void close() throws IOException {
            content.close();
        }
    }
}
