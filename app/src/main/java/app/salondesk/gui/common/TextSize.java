package app.salondesk.gui.common;

import app.salondesk.runtime.WindowSettings;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.event.EventHandler;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.PopupWindow;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The desk's text size, in every window of it: the main window and every window, dialog, menu
 * and tooltip it opens take it as their root's font size (the stylesheets size their text in
 * {@code em} from there). Ctrl + and Ctrl − step it up and down in any of them, Ctrl 0 goes
 * back to normal; Settings sets it too. Each change is told to {@code onChange} (the shell
 * remembers it for the signed-in person).
 */
public final class TextSize implements AutoCloseable {

    private static final String FONT_SIZE = "-fx-font-size:";

    private final Stage main;
    private final IntegerProperty size = new SimpleIntegerProperty(this, "size", WindowSettings.NORMAL_TEXT);
    private final Map<Window, ChangeListener<Scene>> watched = new IdentityHashMap<>();
    private final Map<Scene, ChangeListener<Parent>> roots = new IdentityHashMap<>();
    private final ListChangeListener<Window> windows = c -> {
        while (c.next()) {
            c.getAddedSubList().forEach(this::watch);
            c.getRemoved().forEach(this::forget);
        }
    };
    private final EventHandler<KeyEvent> keys = this::key;
    private IntConsumer onChange = s -> { };

    public TextSize(Stage main) {
        this.main = main;
        Window.getWindows().addListener(windows);
        List.copyOf(Window.getWindows()).forEach(this::watch);
        watch(main);
        size.addListener((obs, old, now) -> {
            watched.keySet().forEach(w -> apply(w.getScene()));
            onChange.accept(now.intValue());
        });
    }

    /** Told the new size after each change (not after {@link #set} of a remembered one: {@link #show}). */
    public void setOnChange(IntConsumer onChange) {
        this.onChange = onChange;
    }

    /** Shows a remembered size without telling {@code onChange}. */
    public void show(int remembered) {
        IntConsumer told = onChange;
        onChange = s -> { };
        try {
            size.set(remembered);
        } finally {
            onChange = told;
        }
    }

    public void set(int newSize) {
        size.set(WindowSettings.TEXT_SIZES.contains(newSize) ? newSize : WindowSettings.NORMAL_TEXT);
    }

    public int get() {
        return size.get();
    }

    public IntegerProperty sizeProperty() {
        return size;
    }

    /** The desk's windows: the main one and those it opened (dialogs, menus, tooltips), not another desk's. */
    private boolean ours(Window w) {
        for (Window at = w; at != null; at = owner(at)) {
            if (at == main) {
                return true;
            }
        }
        return false;
    }

    private static Window owner(Window w) {
        if (w instanceof Stage s) {
            return s.getOwner();
        }
        return w instanceof PopupWindow p ? p.getOwnerWindow() : null;
    }

    private void watch(Window w) {
        if (watched.containsKey(w) || !ours(w)) {
            return;
        }
        ChangeListener<Scene> onScene = (obs, old, now) -> {
            if (old != null) {
                unhook(old);
            }
            hook(now);
        };
        watched.put(w, onScene);
        w.sceneProperty().addListener(onScene);
        hook(w.getScene());
    }

    private void forget(Window w) {
        ChangeListener<Scene> onScene = watched.remove(w);
        if (onScene != null && w != main) {
            w.sceneProperty().removeListener(onScene);
            if (w.getScene() != null) {
                unhook(w.getScene());
            }
        } else if (onScene != null) {
            watched.put(w, onScene);   // the main window is watched for as long as the desk is open, shown or not
        }
    }

    private void hook(Scene scene) {
        if (scene == null || roots.containsKey(scene)) {
            return;
        }
        ChangeListener<Parent> onRoot = (obs, old, now) -> apply(scene);
        roots.put(scene, onRoot);
        scene.rootProperty().addListener(onRoot);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, keys);
        apply(scene);
    }

    private void unhook(Scene scene) {
        ChangeListener<Parent> onRoot = roots.remove(scene);
        if (onRoot != null) {
            scene.rootProperty().removeListener(onRoot);
            scene.removeEventFilter(KeyEvent.KEY_PRESSED, keys);
        }
    }

    private void apply(Scene scene) {
        if (scene != null && scene.getRoot() != null) {
            Parent root = scene.getRoot();
            root.setStyle(withFontSize(root.getStyle(), size.get()));
        }
    }

    /** The inline style with its font size replaced: other inline rules of the root stay. */
    static String withFontSize(String style, int px) {
        StringBuilder kept = new StringBuilder();
        for (String rule : (style == null ? "" : style).split(";")) {
            if (!rule.isBlank() && !rule.strip().startsWith(FONT_SIZE)) {
                kept.append(rule.strip()).append("; ");
            }
        }
        return kept.append(FONT_SIZE).append(' ').append(px).append("px;").toString();
    }

    /** Ctrl + (or Ctrl =, the same key), Ctrl −, Ctrl 0; the number pad's too. */
    private void key(KeyEvent e) {
        if (!e.isShortcutDown() || e.isAltDown()) {
            return;
        }
        KeyCode code = e.getCode();
        if (code == KeyCode.PLUS || code == KeyCode.EQUALS || code == KeyCode.ADD) {
            size.set(WindowSettings.step(size.get(), 1));
        } else if (code == KeyCode.MINUS || code == KeyCode.SUBTRACT) {
            size.set(WindowSettings.step(size.get(), -1));
        } else if (code == KeyCode.DIGIT0 || code == KeyCode.NUMPAD0) {
            size.set(WindowSettings.NORMAL_TEXT);
        } else {
            return;
        }
        e.consume();
    }

    @Override
    public void close() {
        Window.getWindows().removeListener(windows);
        List.copyOf(watched.keySet()).forEach(w -> {
            w.sceneProperty().removeListener(watched.get(w));
            if (w.getScene() != null) {
                unhook(w.getScene());
            }
        });
        watched.clear();
    }
}
