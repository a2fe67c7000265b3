package app.salondesk.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How one person left the desk's window — its size, place, whether it was maximised — and the
 * text size they chose, kept per user (a login on a server, or this computer's embedded
 * database) in the settings file the desk already has ({@link SettingsFile}), so two people
 * sharing a PC each get their own. No JavaFX here: the window's side is the desk's.
 */
public final class WindowSettings {

    /** The text size of a new desk, in pixels (JavaFX's own on most screens). */
    public static final int NORMAL_TEXT = 13;
    /** The sizes Ctrl + and Ctrl − step through, and Settings offers. */
    public static final List<Integer> TEXT_SIZES = List.of(10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24);

    /** What can still be seen of a window for it to count as on a screen (a title bar to grab). */
    private static final double VISIBLE_WIDTH = 120;
    private static final double VISIBLE_HEIGHT = 40;

    private static final Logger log = LoggerFactory.getLogger(WindowSettings.class);

    private final SettingsFile file;
    private final String prefix;

    /** A window's bounds when not maximised, and whether it is. */
    public record Placement(double x, double y, double width, double height, boolean maximized) {
    }

    /** A screen's usable area (without task bars). */
    public record Area(double x, double y, double width, double height) {

        boolean showsEnoughOf(Placement p) {
            double w = Math.min(p.x() + p.width(), x + width) - Math.max(p.x(), x);
            // the top of the window is what one drags it by
            double h = Math.min(p.y() + VISIBLE_HEIGHT, y + height) - Math.max(p.y(), y);
            return w >= Math.min(VISIBLE_WIDTH, p.width()) && h >= Math.min(VISIBLE_HEIGHT, p.height()) && p.y() >= y - 1;
        }
    }

    /**
     * @param user whose window this is: {@link #user(String, String)}
     */
    public WindowSettings(Path homeDir, String user) {
        this.file = new SettingsFile(homeDir);
        this.prefix = "desk." + user + ".";
    }

    /** The user a login on a server is ({@code marta@jdbc:postgresql://…}); the embedded database's is "embedded". */
    public static String user(String login, String serverUrl) {
        return serverUrl == null ? "embedded" : login + "@" + serverUrl;
    }

    public Optional<Placement> placement() {
        try {
            Optional<String> x = file.get(prefix + "x");
            if (x.isEmpty()) {
                return Optional.empty();
            }
            Placement p = new Placement(Double.parseDouble(x.get()), number("y"), number("width"), number("height"),
                    Boolean.parseBoolean(file.get(prefix + "maximized").orElse("false")));
            return p.width() > 0 && p.height() > 0 ? Optional.of(p) : Optional.empty();
        } catch (NumberFormatException e) {
            log.warn("the window's remembered place is unreadable; it opens as new", e);
            return Optional.empty();
        }
    }

    private double number(String key) {
        return Double.parseDouble(file.get(prefix + key).orElse("0"));
    }

    public void remember(Placement p) {
        Map<String, String> values = new HashMap<>();
        values.put(prefix + "x", Long.toString(Math.round(p.x())));
        values.put(prefix + "y", Long.toString(Math.round(p.y())));
        values.put(prefix + "width", Long.toString(Math.round(p.width())));
        values.put(prefix + "height", Long.toString(Math.round(p.height())));
        values.put(prefix + "maximized", Boolean.toString(p.maximized()));
        write(values);
    }

    /** The text size this user chose, in pixels; {@link #NORMAL_TEXT} until they chose one. */
    public int textSize() {
        try {
            int size = Integer.parseInt(file.get(prefix + "textSize").orElse(Integer.toString(NORMAL_TEXT)));
            return TEXT_SIZES.contains(size) ? size : NORMAL_TEXT;
        } catch (NumberFormatException e) {
            return NORMAL_TEXT;
        }
    }

    public void rememberTextSize(int size) {
        write(Map.of(prefix + "textSize", Integer.toString(size)));
    }

    private void write(Map<String, String> values) {
        try {
            file.put(values);
        } catch (IOException e) {
            log.warn("could not remember the window's place or text size", e);
        }
    }

    /**
     * Where a remembered window goes on the screens there are now: where it was, when enough of
     * it is on one of them to grab it; otherwise (the screen it was on is gone, or smaller)
     * centred on the first, no larger than it.
     */
    public static Placement onScreen(Placement p, List<Area> screens) {
        if (screens.isEmpty() || screens.stream().anyMatch(s -> s.showsEnoughOf(p))) {
            return p;
        }
        Area main = screens.get(0);
        double w = Math.min(p.width(), main.width());
        double h = Math.min(p.height(), main.height());
        return new Placement(main.x() + (main.width() - w) / 2, main.y() + (main.height() - h) / 2, w, h, p.maximized());
    }

    /** The size after {@code steps} steps up (negative: down) from {@code size}, within {@link #TEXT_SIZES}. */
    public static int step(int size, int steps) {
        int at = TEXT_SIZES.indexOf(size);
        if (at < 0) {
            at = TEXT_SIZES.indexOf(NORMAL_TEXT);
        }
        return TEXT_SIZES.get(Math.max(0, Math.min(TEXT_SIZES.size() - 1, at + steps)));
    }
}
