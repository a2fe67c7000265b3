package app.salondesk.gui.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Screenshots of the real X display the desktop suite runs on (ImageMagick's {@code import
 * -window root}: the window manager's title bars included), into {@code salondesk.shots}; the
 * README's pictures of the desk are copied from there (docs/screenshots/).
 */
final class DesktopShots {

    private DesktopShots() {
    }

    static Path ofScreen(String name) throws IOException, InterruptedException {
        Path dir = Path.of(System.getProperty("salondesk.shots", "target/desktop-screenshots"));
        Files.createDirectories(dir);
        Path file = dir.resolve(name);
        Process p = new ProcessBuilder("import", "-window", "root", file.toString()).inheritIO().start();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("import -window root failed for " + file);
        }
        return file;
    }
}
