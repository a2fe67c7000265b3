package app.salondesk.logic.clients;

import app.salondesk.model.clients.RecordOutcome;
import app.salondesk.model.clients.RecordProblem;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;

/**
 * A photo on its way into the record (ADR 36): size-limited and resized before it reaches the database.
 * A file of at most {@value #MAX_FILE_BYTES} bytes whose header declares at most {@value #MAX_PIXELS}
 * pixels (read before decoding: a small file that unpacks into gigabytes is refused unread), or the
 * pixels of a picture pasted from the clipboard; scaled so its longer side is at most
 * {@value #LONG_SIDE} px and written as a JPEG of quality {@value #QUALITY}, with a thumbnail of
 * {@value #THUMB_SIDE} px. No JavaFX here: the desk hands over the clipboard's pixels as ARGB.
 */
public final class PhotoIntake {

    public static final long MAX_FILE_BYTES = 20L * 1024 * 1024;
    public static final long MAX_PIXELS = 40_000_000L;
    public static final int LONG_SIDE = 1280;
    public static final int THUMB_SIDE = 160;
    public static final float QUALITY = 0.82f;
    /** What the database accepts (migration 40): a JPEG of at most 1 MB, a thumbnail of at most 64 KB. */
    static final int MAX_JPEG = 1_048_576;
    static final int MAX_THUMB = 65_536;

    /** A photo ready for the database: its JPEG, its thumbnail's JPEG, and its size in pixels. */
    public record Prepared(byte[] jpeg, byte[] thumbnail, int width, int height) {
    }

    private PhotoIntake() {
    }

    public static RecordOutcome<Prepared> fromFile(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return RecordOutcome.refused(RecordProblem.PHOTO_UNREADABLE);
            }
            if (Files.size(file) > MAX_FILE_BYTES) {
                return RecordOutcome.refused(RecordProblem.PHOTO_TOO_LARGE);
            }
            try (InputStream in = Files.newInputStream(file)) {
                return fromStream(in);
            }
        } catch (IOException e) {
            return RecordOutcome.refused(RecordProblem.PHOTO_UNREADABLE);
        }
    }

    public static RecordOutcome<Prepared> fromBytes(byte[] bytes) {
        if (bytes == null || bytes.length == 0) {
            return RecordOutcome.refused(RecordProblem.PHOTO_UNREADABLE);
        }
        if (bytes.length > MAX_FILE_BYTES) {
            return RecordOutcome.refused(RecordProblem.PHOTO_TOO_LARGE);
        }
        try {
            return fromStream(new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            return RecordOutcome.refused(RecordProblem.PHOTO_UNREADABLE);
        }
    }

    /** A picture's pixels, row after row, each {@code 0xAARRGGBB} (what the desk reads off a pasted image). */
    public static RecordOutcome<Prepared> fromPixels(int width, int height, int[] argb) {
        if (width <= 0 || height <= 0 || argb == null || (long) width * height != argb.length) {
            return RecordOutcome.refused(RecordProblem.PHOTO_UNREADABLE);
        }
        if ((long) width * height > MAX_PIXELS) {
            return RecordOutcome.refused(RecordProblem.PHOTO_TOO_MANY_PIXELS);
        }
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        image.setRGB(0, 0, width, height, argb, 0, width);
        return prepare(image);
    }

    private static RecordOutcome<Prepared> fromStream(InputStream in) throws IOException {
        try (ImageInputStream iis = ImageIO.createImageInputStream(in)) {
            if (iis == null) {
                return RecordOutcome.refused(RecordProblem.PHOTO_UNREADABLE);
            }
            Iterator<ImageReader> readers = ImageIO.getImageReaders(iis);
            if (!readers.hasNext()) {
                return RecordOutcome.refused(RecordProblem.PHOTO_UNREADABLE);
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(iis, true, true);
                int w = reader.getWidth(0);
                int h = reader.getHeight(0);
                if (w <= 0 || h <= 0) {
                    return RecordOutcome.refused(RecordProblem.PHOTO_UNREADABLE);
                }
                if ((long) w * h > MAX_PIXELS) {
                    return RecordOutcome.refused(RecordProblem.PHOTO_TOO_MANY_PIXELS);
                }
                // decode no more than twice the size kept: a 12-megapixel photo is read at a quarter of its pixels
                ImageReadParam param = reader.getDefaultReadParam();
                int step = Math.max(1, Math.max(w, h) / (2 * LONG_SIDE));
                param.setSourceSubsampling(step, step, 0, 0);
                return prepare(reader.read(0, param));
            } catch (IOException | RuntimeException e) {
                return RecordOutcome.refused(RecordProblem.PHOTO_UNREADABLE);
            } finally {
                reader.dispose();
            }
        }
    }

    private static RecordOutcome<Prepared> prepare(BufferedImage source) {
        try {
            BufferedImage big = scaled(source, LONG_SIDE);
            byte[] jpeg = jpeg(big, QUALITY);
            // a picture of noise may not fit in a megabyte at this quality: a lower one, then smaller
            for (float q = QUALITY - 0.15f; jpeg.length > MAX_JPEG && q > 0.3f; q -= 0.15f) {
                jpeg = jpeg(big, q);
            }
            if (jpeg.length > MAX_JPEG) {
                big = scaled(big, LONG_SIDE / 2);
                jpeg = jpeg(big, 0.6f);
            }
            byte[] thumb = jpeg(scaled(big, THUMB_SIDE), 0.75f);
            if (jpeg.length > MAX_JPEG || thumb.length > MAX_THUMB) {
                return RecordOutcome.refused(RecordProblem.PHOTO_TOO_LARGE);
            }
            return RecordOutcome.saved(new Prepared(jpeg, thumb, big.getWidth(), big.getHeight()));
        } catch (IOException e) {
            return RecordOutcome.refused(RecordProblem.PHOTO_UNREADABLE);
        }
    }

    /**
     * The picture with its longer side at most {@code longSide}, on white (a JPEG has no transparency),
     * halved step by step first so that a big reduction keeps its detail instead of aliasing.
     */
    static BufferedImage scaled(BufferedImage source, int longSide) {
        int w = source.getWidth();
        int h = source.getHeight();
        double factor = Math.min(1.0, (double) longSide / Math.max(w, h));
        int tw = Math.max(1, (int) Math.round(w * factor));
        int th = Math.max(1, (int) Math.round(h * factor));
        BufferedImage current = source;
        int cw = w;
        int ch = h;
        while (cw / 2 >= tw && ch / 2 >= th) {
            cw /= 2;
            ch /= 2;
            current = draw(current, cw, ch);
        }
        return draw(current, tw, th);
    }

    private static BufferedImage draw(BufferedImage from, int w, int h) {
        BufferedImage to = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = to.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setColor(java.awt.Color.WHITE);
            g.fillRect(0, 0, w, h);
            g.drawImage(from, 0, 0, w, h, null);
        } finally {
            g.dispose();
        }
        return to;
    }

    static byte[] jpeg(BufferedImage image, float quality) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(ios);
            ImageWriteParam p = writer.getDefaultWriteParam();
            p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            p.setCompressionQuality(quality);
            writer.write(null, new IIOImage(image, null, null), p);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }
}
