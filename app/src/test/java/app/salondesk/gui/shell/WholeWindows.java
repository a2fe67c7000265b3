package app.salondesk.gui.shell;

import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Cell;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.StageStyle;

import java.util.ArrayList;
import java.util.List;

/**
 * What the desktop suite checks of a window (issue 31): whole (at least what its content asks
 * for, not GTK's 200×200 default), inside the screen's visible area, with a title bar, and its
 * buttons in sight with their words whole. Each check returns what is wrong, in words, so one
 * assertion names every fault of a window at once.
 */
final class WholeWindows {

    private WholeWindows() {
    }

    static Rectangle2D visible() {
        return Screen.getPrimary().getVisualBounds();
    }

    /** Every fault of an open dialog; empty when it is whole. Call on the FX thread. */
    static List<String> faultsOfDialog(Stage stage) {
        List<String> faults = new ArrayList<>();
        Parent root = stage.getScene().getRoot();
        double prefW = Math.min(root.prefWidth(-1), visible().getWidth() - 40);
        double prefH = Math.min(root.prefHeight(stage.getScene().getWidth()), visible().getHeight() - 60);
        double w = stage.getScene().getWidth();
        double h = stage.getScene().getHeight();
        if (w <= 210 && h <= 210) {
            faults.add("a " + w + "x" + h + " fragment");
        }
        // a window as wide as the screen lets it be wraps its words otherwise than it would wider:
        // its height is then the content's business (a list scrolls)
        boolean capped = root.prefWidth(-1) >= visible().getWidth() - 41;
        if (w + 1 < prefW || (!capped && h + 1 < prefH)) {
            faults.add("smaller than its content: " + w + "x" + h + " < " + Math.ceil(prefW) + "x" + Math.ceil(prefH));
        }
        if (stage.getMinWidth() + 1 < Math.min(prefW, w) || stage.getMinHeight() + 1 < Math.min(prefH, h)) {
            faults.add("no minimum from its content: min " + stage.getMinWidth() + "x" + stage.getMinHeight());
        }
        faults.addAll(faultsOfPlace(stage));
        if (stage.getStyle() != StageStyle.DECORATED && stage.getStyle() != StageStyle.UTILITY) {
            faults.add("not decorated: " + stage.getStyle());
        }
        if (stage.getTitle() == null || stage.getTitle().isBlank()) {
            faults.add("no title");
        }
        faults.addAll(faultsOfButtons(root));
        return faults;
    }

    /** Inside the visible area of the screen, with a title bar the window manager drew. */
    static List<String> faultsOfPlace(Stage stage) {
        List<String> faults = new ArrayList<>();
        Rectangle2D area = visible();
        if (stage.getX() < area.getMinX() - 2 || stage.getY() < area.getMinY() - 2
                || stage.getX() + stage.getWidth() > area.getMaxX() + 2 || stage.getY() + stage.getHeight() > area.getMaxY() + 2) {
            faults.add("outside the visible screen " + area + ": " + stage.getX() + "," + stage.getY() + " "
                    + stage.getWidth() + "x" + stage.getHeight());
        }
        if (stage.getHeight() - stage.getScene().getHeight() < 10) {
            faults.add("no title bar: window " + stage.getHeight() + " high, its content " + stage.getScene().getHeight());
        }
        return faults;
    }

    /**
     * The default and cancel buttons are on screen, and no button or label (outside lists and
     * tables, whose cells may cut a long name) shows its words cut to "…".
     */
    static List<String> faultsOfButtons(Parent root) {
        List<String> faults = new ArrayList<>();
        Rectangle2D area = visible();
        for (Node n : all(root)) {
            if (!(n instanceof Labeled labeled) || !shown(n) || inCell(n)) {
                continue;
            }
            if (!(n instanceof Button) && !(n instanceof Label)) {
                continue;
            }
            String text = labeled.getText();
            if (text == null || text.isBlank()) {
                continue;
            }
            Node skinText = labeled.lookup(".text");
            if (skinText instanceof Text drawn && !drawn.getText().equals(text) && !drawn.getText().equals(text.replace("_", ""))
                    && drawn.getText().endsWith("\u2026") && !text.endsWith("\u2026")) {
                faults.add("'" + text + "' shows as '" + drawn.getText() + "'");
            }
            if (n instanceof Button b && (b.isDefaultButton() || b.isCancelButton())) {
                Bounds onScreen = b.localToScreen(b.getBoundsInLocal());
                if (onScreen == null || onScreen.getMinX() < area.getMinX() - 1 || onScreen.getMinY() < area.getMinY() - 1
                        || onScreen.getMaxX() > area.getMaxX() + 1 || onScreen.getMaxY() > area.getMaxY() + 1) {
                    faults.add("button '" + text + "' outside the visible screen: " + onScreen);
                }
                Bounds inScene = b.localToScene(b.getBoundsInLocal());
                if (inScene.getMaxX() > b.getScene().getWidth() + 1 || inScene.getMaxY() > b.getScene().getHeight() + 1
                        || inScene.getWidth() < 4) {
                    faults.add("button '" + text + "' outside its window: " + inScene);
                }
            }
        }
        return faults;
    }

    private static boolean shown(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    private static boolean inCell(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (at instanceof Cell<?> || at instanceof javafx.scene.control.TableView<?> || at instanceof javafx.scene.control.ListView<?>
                    || at instanceof javafx.scene.control.TreeTableView<?> || at.getStyleClass().contains("calendar-entry")
                    || at.getClass().getName().startsWith("com.calendarfx")) {
                return true;
            }
        }
        return false;
    }

    private static List<Node> all(Parent root) {
        List<Node> nodes = new ArrayList<>();
        collect(root, nodes);
        return nodes;
    }

    private static void collect(Node n, List<Node> into) {
        into.add(n);
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, into));
        }
    }
}
