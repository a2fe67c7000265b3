package app.salondesk.gui.common;

import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;
import javafx.event.EventHandler;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.input.InputEvent;
import javafx.scene.input.MouseEvent;
import javafx.stage.Modality;
import javafx.stage.PopupWindow;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import javafx.util.Duration;

import java.util.List;
import java.util.Optional;

/**
 * How every window the desk opens over another one is sized, placed and made modal (issue 31,
 * ADR 0027). It owns three things:
 * <ol>
 *   <li><b>Size and place</b> ({@link #watch()}): every stage with an owner, when it is shown, gets
 *       a minimum and a size of at least what its content asks for (the root's preferred size,
 *       after CSS), no larger than the owner's screen, and is centred on its owner inside that
 *       screen's visible area. For a moment after it is shown the size and place are held: under
 *       a window manager (openbox) the first window over a maximised one is configured to GTK's
 *       default 200×200 at the top left after JavaFX asked for the right size; asking again puts
 *       it right.</li>
 *   <li><b>Modality without the toolkit's</b> ({@link #showModal}, {@link #showAndWait(Dialog)}):
 *       JavaFX's modality disables the owner's native window by fixing its size hints, and a
 *       window manager takes a window of fixed size for one that cannot be maximised, so the
 *       main window came un-maximised with every modal dialog. Here the owner keeps its native
 *       state; its input is refused (and brings the dialog to the front) until the dialog closes.</li>
 *   <li>No other class calls {@code initModality} or shows a {@link Dialog} itself (ArchitectureTest).</li>
 * </ol>
 */
public final class DeskWindows {

    /** How long after showing a window its size and place are held against the window manager. */
    private static final Duration SETTLE = Duration.millis(1500);
    /** How many times a window is put back in that time (a person dragging it wins after that). */
    private static final int MAX_PUT_BACK = 8;
    /** Room left around a window that fills the screen (so its edges can be seen). */
    private static final double MARGIN = 16;
    private static final String BLOCKERS = "salondesk.modalBlockers";
    /** Set on a window once its hold has ended and it has been given its last size: it is where it stays. */
    private static final String SETTLED = "salondesk.settled";

    private static final ListChangeListener<Window> SHOWN = c -> {
        while (c.next()) {
            c.getAddedSubList().forEach(DeskWindows::arrange);
        }
    };
    private static boolean watching;

    private DeskWindows() {
    }

    /**
     * From now on every stage opened over another is sized and placed as the class says (once per
     * application; the shell calls it, so a desk opened by a test gets it too).
     */
    public static void watch() {
        if (!watching) {
            watching = true;
            Window.getWindows().addListener(SHOWN);
        }
    }

    /** Shows a stage over its owner as a modal window: the owner takes no input until it is closed. */
    public static void showModal(Stage stage) {
        Runnable unblock = blockOwnerWhileShowing(stage, stage.getOwner());
        showing(unblock, stage::show);
    }

    /** As {@link #showModal}, and waits until it is closed. */
    public static void showModalAndWait(Stage stage) {
        Runnable unblock = blockOwnerWhileShowing(stage, stage.getOwner());
        showing(unblock, stage::showAndWait);
    }

    /** Shows a dialog (an alert, a question) modal over its owner, and waits for the answer. */
    public static <R> Optional<R> showAndWait(Dialog<R> dialog) {
        dialog.initModality(Modality.NONE);
        Runnable unblock = blockOwnerWhileShowing(dialog, dialog.getOwner());
        try {
            return dialog.showAndWait();
        } catch (RuntimeException e) {
            unblock.run();   // it never showed: the owner is not left blocked
            throw e;
        }
    }

    /** Shows a dialog modal over its owner without waiting for it. */
    public static void show(Dialog<?> dialog) {
        dialog.initModality(Modality.NONE);
        Runnable unblock = blockOwnerWhileShowing(dialog, dialog.getOwner());
        showing(unblock, dialog::show);
    }

    // ---- modality ----------------------------------------------------------------------------------

    /**
     * Refuses the owner's input while {@code shown} shows: a click on it brings the dialog to the
     * front, its ✕ does nothing. Nested dialogs each block their own owner.
     */
    private static Runnable blockOwnerWhileShowing(Object shown, Window owner) {
        if (owner == null) {
            return () -> { };
        }
        Runnable toFront = () -> {
            Window w = shown instanceof Dialog<?> d ? d.getDialogPane().getScene().getWindow() : (Window) shown;
            if (w instanceof Stage s) {
                s.toFront();
                s.requestFocus();
            }
        };
        EventHandler<InputEvent> input = e -> {
            e.consume();
            if (e.getEventType() == MouseEvent.MOUSE_PRESSED) {
                toFront.run();
            }
        };
        EventHandler<WindowEvent> closeRequest = e -> {
            e.consume();
            toFront.run();
        };
        boolean[] done = {false};
        Runnable unblock = () -> {
            if (done[0]) {
                return;
            }
            done[0] = true;
            owner.removeEventFilter(InputEvent.ANY, input);
            owner.removeEventFilter(WindowEvent.WINDOW_CLOSE_REQUEST, closeRequest);
            blockers(owner, -1);
        };
        owner.addEventFilter(InputEvent.ANY, input);
        owner.addEventFilter(WindowEvent.WINDOW_CLOSE_REQUEST, closeRequest);
        blockers(owner, +1);
        if (shown instanceof Dialog<?> d) {
            d.showingProperty().addListener(new javafx.beans.value.ChangeListener<>() {
                @Override
                public void changed(javafx.beans.value.ObservableValue<? extends Boolean> obs, Boolean was, Boolean now) {
                    if (!now) {
                        d.showingProperty().removeListener(this);
                        unblock.run();
                    }
                }
            });
        } else {
            Window window = (Window) shown;
            window.addEventHandler(WindowEvent.WINDOW_HIDDEN, new EventHandler<>() {
                @Override
                public void handle(WindowEvent e) {
                    window.removeEventHandler(WindowEvent.WINDOW_HIDDEN, this);
                    unblock.run();
                }
            });
        }
        return unblock;
    }

    /** Shows a window; should showing it fail, the owner is not left blocked. */
    private static void showing(Runnable unblock, Runnable show) {
        try {
            show.run();
        } catch (RuntimeException e) {
            unblock.run();
            throw e;
        }
    }

    /**
     * Whether a window opened over another has been sized and placed for good: its hold against
     * the window manager's late answers is over (the desktop suite waits for this, not for a time).
     */
    public static boolean settled(Window window) {
        return Boolean.TRUE.equals(window.getProperties().get(SETTLED));
    }

    /** Whether a dialog of the desk is open over this window now (for tests, and the shell). */
    public static boolean blocked(Window owner) {
        return owner.getProperties().get(BLOCKERS) instanceof Integer n && n > 0;
    }

    private static void blockers(Window owner, int change) {
        int now = (owner.getProperties().get(BLOCKERS) instanceof Integer n ? n : 0) + change;
        owner.getProperties().put(BLOCKERS, Math.max(0, now));
    }

    // ---- size and place ----------------------------------------------------------------------------

    private static void arrange(Window window) {
        if (!(window instanceof Stage stage) || window instanceof PopupWindow || stage.getOwner() == null
                || stage.getScene() == null || stage.getProperties().containsKey(BLOCKERS + ".arranged")) {
            return;
        }
        stage.getProperties().put(BLOCKERS + ".arranged", Boolean.TRUE);
        // the window's own size until the content is measured once it is on screen
        if (stage.isShowing()) {
            stage.addEventHandler(WindowEvent.WINDOW_SHOWN, new EventHandler<>() {
                @Override
                public void handle(WindowEvent e) {
                    stage.removeEventHandler(WindowEvent.WINDOW_SHOWN, this);
                    settle(stage);
                }
            });
        }
    }

    /**
     * A button is never narrower than its words: a message beside it that grows (salon settings'
     * "Saved", issue 31) takes the room from the gap or wraps, and the buttons do not turn to "…".
     */
    private static void keepButtonsWhole(javafx.scene.Node node) {
        if (node instanceof javafx.scene.control.ButtonBase b && b.getMinWidth() == javafx.scene.layout.Region.USE_COMPUTED_SIZE) {
            b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        if (node instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(DeskWindows::keepButtonsWhole);
        }
    }

    /** What the content asks for, as the scene's size (without the title bar and frame). */
    static double[] contentSize(Scene scene) {
        Parent root = scene.getRoot();
        root.applyCss();
        root.layout();
        double width = Math.max(scene.getWidth(), root.prefWidth(-1));
        double height = Math.max(scene.getHeight(), root.prefHeight(width));
        return new double[] {Math.ceil(width), Math.ceil(height)};
    }

    /** The visible area (without task bars) of the screen the owner is on most. */
    static Rectangle2D screenOf(Window owner) {
        List<Screen> screens = Screen.getScreensForRectangle(owner.getX(), owner.getY(),
                Math.max(1, owner.getWidth()), Math.max(1, owner.getHeight()));
        return (screens.isEmpty() ? Screen.getPrimary() : screens.get(0)).getVisualBounds();
    }

    private static void settle(Stage stage) {
        keepButtonsWhole(stage.getScene().getRoot());
        double[] content = contentSize(stage.getScene());
        double[] wanted = put(stage, content);
        // hold it there a moment: the window manager's late answers to the first window of a kind
        int[] putBack = {0};
        Scene scene = stage.getScene();
        InvalidationListener moved = o -> {
            if (putBack[0] < MAX_PUT_BACK && off(stage, wanted)) {
                putBack[0]++;
                // once the toolkit has taken in the whole answer (the scene follows the window)
                Platform.runLater(() -> {
                    if (off(stage, wanted)) {
                        System.arraycopy(put(stage, content), 0, wanted, 0, 4);
                    }
                });
            }
        };
        List<javafx.beans.Observable> watched = List.of(stage.xProperty(), stage.yProperty(), stage.widthProperty(),
                stage.heightProperty(), scene.widthProperty(), scene.heightProperty());
        watched.forEach(p -> p.addListener(moved));
        PauseTransition settled = new PauseTransition(SETTLE);
        settled.setOnFinished(e -> {
            watched.forEach(p -> p.removeListener(moved));
            // what was read in the background since (a list's rows, a message) may ask for more room
            double[] now = contentSize(scene);
            boolean grew = now[0] > content[0] + 1 || now[1] > content[1] + 1;
            if (grew) {
                content[0] = Math.max(content[0], now[0]);
                content[1] = Math.max(content[1], now[1]);
            }
            if (grew || off(stage, wanted)) {
                put(stage, content);   // the last late answer
            }
            stage.getProperties().put(SETTLED, Boolean.TRUE);
        });
        settled.play();
    }

    /** Whether the window manager has moved or shrunk the window from where it was put. */
    private static boolean off(Stage stage, double[] wanted) {
        Scene scene = stage.getScene();
        if (!stage.isShowing() || stage.isMaximized() || stage.isIconified() || scene == null) {
            return false;
        }
        return scene.getWidth() < wanted[2] - 1 || scene.getHeight() < wanted[3] - 1
                || Math.abs(stage.getX() - wanted[0]) > 1 || Math.abs(stage.getY() - wanted[1]) > 1;
    }

    /**
     * Gives the window its content's size (plus the frame, as the toolkit knows it now) and puts
     * it centred on its owner, inside the owner's screen.
     *
     * @return the window's place and the scene's size it asked for: x, y, scene width, scene height
     */
    private static double[] put(Stage stage, double[] content) {
        Window owner = stage.getOwner();
        Scene scene = stage.getScene();
        if (!stage.isShowing() || scene == null) {
            return new double[] {stage.getX(), stage.getY(), 0, 0};
        }
        double frameW = Math.max(0, stage.getWidth() - scene.getWidth());
        double frameH = Math.max(0, stage.getHeight() - scene.getHeight());
        Rectangle2D area = screenOf(owner);
        double width = Math.min(content[0] + frameW, area.getWidth() - 2 * MARGIN);
        double height = Math.min(content[1] + frameH, area.getHeight() - 2 * MARGIN);
        double x = owner.getX() + (owner.getWidth() - width) / 2;
        double y = owner.getY() + (owner.getHeight() - height) / 2;
        x = Math.max(area.getMinX() + MARGIN / 2, Math.min(x, area.getMaxX() - width - MARGIN / 2));
        y = Math.max(area.getMinY() + MARGIN / 2, Math.min(y, area.getMaxY() - height - MARGIN / 2));
        stage.setMinWidth(width);
        stage.setMinHeight(height);
        stage.setX(x);
        stage.setY(y);
        stage.setWidth(width);
        stage.setHeight(height);
        return new double[] {x, y, width - frameW, height - frameH};
    }
}
