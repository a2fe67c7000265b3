package app.salondesk.gui.shell;

import app.salondesk.runtime.WindowSettings;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

import java.util.List;

/**
 * The main window's size and place as the person left them: followed while it is neither
 * maximised nor minimised (a maximised window remembers the size it goes back to), and put
 * back on the next start — onto a screen there is, should the one it was on be gone.
 */
final class WindowPlacement {

    /** A title bar's height, for a window whose frame the toolkit does not know yet. */
    private static final double FRAME_ALLOWANCE = 40;

    private final Stage stage;
    private double x;
    private double y;
    private double width;
    private double height;

    WindowPlacement(Stage stage) {
        this.stage = stage;
        follow();
        stage.xProperty().addListener((obs, old, now) -> follow());
        stage.yProperty().addListener((obs, old, now) -> follow());
        stage.widthProperty().addListener((obs, old, now) -> follow());
        stage.heightProperty().addListener((obs, old, now) -> follow());
    }

    private void follow() {
        if (!stage.isMaximized() && !stage.isIconified() && !stage.isFullScreen() && stage.getWidth() > 0 && stage.getHeight() > 0) {
            x = stage.getX();
            y = stage.getY();
            width = stage.getWidth();
            height = stage.getHeight();
        }
    }

    /** Where the window is now (its bounds when not maximised), and whether it is maximised. */
    WindowSettings.Placement current() {
        follow();
        return new WindowSettings.Placement(x, y, width, height, stage.isMaximized());
    }

    /** Puts the window where it was, on a screen of this computer. */
    void restore(WindowSettings.Placement remembered) {
        List<WindowSettings.Area> screens = Screen.getScreens().stream().map(Screen::getVisualBounds)
                .map(WindowPlacement::area).toList();
        // the primary screen first: a window that lost its screen comes back there
        Rectangle2D primary = Screen.getPrimary().getVisualBounds();
        List<WindowSettings.Area> ordered = new java.util.ArrayList<>(List.of(area(primary)));
        screens.stream().filter(a -> !a.equals(area(primary))).forEach(ordered::add);
        WindowSettings.Placement p = WindowSettings.onScreen(remembered, ordered);
        stage.setMaximized(false);
        stage.setX(p.x());
        stage.setY(p.y());
        stage.setWidth(p.width());
        stage.setHeight(p.height());
        follow();
        if (p.maximized()) {
            stage.setMaximized(true);
        }
    }

    /**
     * The first opening, with nothing remembered: the window's preferred size when it fits into
     * the primary screen's visible area (without task bars) with its frame, centred there;
     * maximised when it does not, so the status bar is never below the screen's edge (issue 31:
     * 1280×800 under its title bar hid it on a 1280×800 screen).
     */
    void firstOpening(double sceneWidth, double sceneHeight) {
        Rectangle2D area = Screen.getPrimary().getVisualBounds();
        boolean known = stage.isShowing() && stage.getScene() != null;
        double frameW = known ? Math.max(0, stage.getWidth() - stage.getScene().getWidth()) : 0;
        // a title bar the toolkit may not know of yet: room for one all the same
        double frameH = Math.max(FRAME_ALLOWANCE, known ? stage.getHeight() - stage.getScene().getHeight() : 0);
        double width = sceneWidth + frameW;
        double height = sceneHeight + frameH;
        if (width > area.getWidth() || height > area.getHeight()) {
            width = Math.min(width, area.getWidth());
            height = Math.min(height, area.getHeight());
            place(area.getMinX() + (area.getWidth() - width) / 2, area.getMinY() + (area.getHeight() - height) / 2, width, height);
            stage.setMaximized(true);
            return;
        }
        place(area.getMinX() + (area.getWidth() - width) / 2, area.getMinY() + (area.getHeight() - height) / 2, width, height);
    }

    private void place(double x, double y, double width, double height) {
        stage.setMaximized(false);
        stage.setX(x);
        stage.setY(y);
        stage.setWidth(width);
        stage.setHeight(height);
        follow();
    }

    private static WindowSettings.Area area(Rectangle2D r) {
        return new WindowSettings.Area(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight());
    }
}
