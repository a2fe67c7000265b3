package app.salondesk.gui.shell;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.HBox;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Keeps every control of the desk's toolbar inside the window (issue 16): in Ukrainian and
 * Russian at 1280 px the ☰ menu fell off the right edge and the day title was cut. When the
 * toolbar is too narrow, the day title first takes a shorter form (Monday, 7 January 2030 → 7
 * January 2030 → 7 Jan 2030), then the controls named as able to give way leave the toolbar, in
 * their order, for their equivalents in the ☰ menu (they come back when there is room again),
 * and only then does the title fall to its shortest form (07.01.30, as the date field shows it). Owns only the layout decision; the controls and their menu items are
 * {@link MainWindow}'s.
 */
final class ToolbarFit {

    /** A control that may leave the toolbar, and the ☰ items that stand in for it meanwhile. */
    record Collapsible(List<Node> controls, List<MenuItem> inMenu) {
    }

    private final HBox toolbar;
    private final Label title;
    private final List<Supplier<String>> titleForms;
    private final double titleMin;
    private final List<Collapsible> collapsibles;
    private boolean fitting;

    /**
     * @param titleForms the day title from its longest form to its shortest
     * @param titleMin   the least width the title keeps
     */
    ToolbarFit(HBox toolbar, Label title, List<Supplier<String>> titleForms, double titleMin, List<Collapsible> collapsibles) {
        this.toolbar = toolbar;
        this.title = title;
        this.titleForms = List.copyOf(titleForms);
        this.titleMin = titleMin;
        this.collapsibles = List.copyOf(collapsibles);
        for (Collapsible c : collapsibles) {
            c.controls().forEach(n -> n.managedProperty().bind(n.visibleProperty()));
            c.inMenu().forEach(i -> i.setVisible(false));
        }
        toolbar.widthProperty().addListener((obs, old, now) -> fit());
        // a control's width changes after its styles and words arrive (the client search is placed
        // later, CSS is applied on the first pulse): measure again then, once per pulse
        for (Node n : toolbar.getChildren()) {
            n.layoutBoundsProperty().addListener((obs, old, now) -> fitLater());
        }
        toolbar.sceneProperty().addListener((obs, old, now) -> {
            if (now != null) {
                now.widthProperty().addListener((o, a, b) -> fitLater());
            }
            fitLater();
        });
    }

    /**
     * The room the window gives: the toolbar itself grows past the window when its controls'
     * least widths add up to more, so its own width is no measure.
     */
    private double available() {
        return toolbar.getScene() != null ? Math.min(toolbar.getWidth(), toolbar.getScene().getWidth()) : toolbar.getWidth();
    }

    private boolean fitAsked;

    private void fitLater() {
        if (!fitAsked) {
            fitAsked = true;
            javafx.application.Platform.runLater(() -> {
                fitAsked = false;
                fit();
            });
        }
    }

    /** Lays the toolbar out again for its width (on resize, a new day, a new scene). */
    void fit() {
        if (fitting || available() <= 0) {
            return;
        }
        fitting = true;
        try {
            toolbar.applyCss();
            collapsibles.forEach(c -> show(c, true));
            int hidden = 0;
            while (true) {
                double room = available() - fixedWidth();
                // the shortest form (all digits, as the date field already shows) only once nothing else can give way
                String form = longestThatFits(room, hidden == collapsibles.size() ? titleForms.size() : titleForms.size() - 1);
                if (form != null || hidden == collapsibles.size()) {
                    title.setText(form != null ? form : titleForms.get(titleForms.size() - 1).get());
                    return;
                }
                show(collapsibles.get(hidden++), false);
            }
        } finally {
            fitting = false;
        }
    }

    private static void show(Collapsible c, boolean onToolbar) {
        c.controls().forEach(n -> n.setVisible(onToolbar));
        c.inMenu().forEach(i -> i.setVisible(!onToolbar));
    }

    /** The width of everything on the toolbar but the title and the spacer that grows. */
    private double fixedWidth() {
        double w = toolbar.getInsets().getLeft() + toolbar.getInsets().getRight();
        int shown = 0;
        for (Node n : toolbar.getChildren()) {
            if (!n.isManaged()) {
                continue;
            }
            shown++;
            if (n != title && !(n instanceof javafx.scene.layout.Region r && HBox.getHgrow(r) == javafx.scene.layout.Priority.ALWAYS
                    && r.getChildrenUnmodifiable().isEmpty())) {
                w += n.prefWidth(-1);
            }
        }
        return w + toolbar.getSpacing() * Math.max(0, shown - 1);
    }

    /** The longest form of the day title that fits in {@code room}, or null when even the shortest would be squeezed. */
    private String longestThatFits(double room, int forms) {
        if (room < titleMin) {
            return null;
        }
        String previous = title.getText();
        try {
            for (Supplier<String> form : titleForms.subList(0, forms)) {
                String text = form.get();
                if (textWidth(text) <= room) {
                    return text;
                }
            }
            return forms == titleForms.size() && room >= titleMin ? titleForms.get(titleForms.size() - 1).get() : null;
        } finally {
            title.setText(previous);
        }
    }

    private double textWidth(String text) {
        title.setText(text);
        title.applyCss();
        return title.prefWidth(-1);
    }

    // ---- the ☰ items that stand in for controls that left the toolbar --------------------------------

    /** "Show cancelled" as a ticked menu item, one with the checkbox. */
    static MenuItem checkItem(String text, String id, javafx.beans.property.BooleanProperty value) {
        javafx.scene.control.CheckMenuItem item = new javafx.scene.control.CheckMenuItem(text);
        item.setId(id);
        item.selectedProperty().bindBidirectional(value);
        return item;
    }

    /** Day / Week as two radio items, one with the toggle buttons. */
    static List<MenuItem> modeItems(javafx.scene.control.ToggleButton day, javafx.scene.control.ToggleButton week) {
        javafx.scene.control.ToggleGroup group = new javafx.scene.control.ToggleGroup();
        List<MenuItem> items = new ArrayList<>();
        for (javafx.scene.control.ToggleButton b : List.of(day, week)) {
            javafx.scene.control.RadioMenuItem item = new javafx.scene.control.RadioMenuItem(b.getText());
            item.setId(b.getId() + "-item");
            item.setToggleGroup(group);
            item.setSelected(b.isSelected());
            b.selectedProperty().addListener((obs, old, now) -> item.setSelected(now));
            item.setOnAction(e -> b.setSelected(true));
            item.disableProperty().bind(b.disableProperty());   // not offered in the menu when the button is not
            items.add(item);
        }
        items.add(new javafx.scene.control.SeparatorMenuItem());
        return items;
    }

    /** The master filter as a submenu of radio items, one with the combo box. */
    static <T> MenuItem choiceMenu(String text, String id, javafx.scene.control.ComboBox<T> combo) {
        javafx.scene.control.Menu menu = new javafx.scene.control.Menu(text);
        menu.setId(id);
        menu.disableProperty().bind(combo.disableProperty());
        javafx.scene.control.ToggleGroup group = new javafx.scene.control.ToggleGroup();
        for (T value : combo.getItems()) {
            javafx.scene.control.RadioMenuItem item = new javafx.scene.control.RadioMenuItem(combo.getConverter().toString(value));
            item.setToggleGroup(group);
            item.setSelected(java.util.Objects.equals(combo.getValue(), value));
            combo.valueProperty().addListener((obs, old, now) -> item.setSelected(java.util.Objects.equals(now, value)));
            item.setOnAction(e -> combo.setValue(value));
            menu.getItems().add(item);
        }
        return menu;
    }

    /** For building the title's forms from a date formatter chain. */
    static <T> List<Supplier<String>> forms(Supplier<T> value, List<Function<T, String>> formats) {
        List<Supplier<String>> out = new ArrayList<>();
        for (Function<T, String> f : formats) {
            out.add(() -> f.apply(value.get()));
        }
        return out;
    }
}
