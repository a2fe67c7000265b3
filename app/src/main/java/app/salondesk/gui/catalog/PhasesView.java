package app.salondesk.gui.catalog;

import app.salondesk.i18n.Messages;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.List;

/**
 * A service's phases and cleanup on the Services screen (issue 31): one line per phase (work or
 * processing, and its minutes), "Add a phase", the cleanup after, and the timeline drawn as a bar
 * whose pieces are as long as their minutes — work, processing, cleanup in three colours.
 */
public final class PhasesView {

    /** The bar's width for the longest service a day may hold (720 minutes is the whole bar's). */
    static final double BAR = 420;

    private PhasesView() {
    }

    /**
     * @param plainMinutes the service's length as typed (a plain service's one stretch of work)
     * @param addPhase     what "Add a phase" does
     */
    public static Node create(PhasesViewModel vm, Messages messages, ObservableStringValue plainMinutes, Runnable addPhase,
                              ObservableBooleanValue editable) {
        VBox lines = new VBox(4);
        lines.setId("phases-list");
        Runnable rebuild = () -> {
            lines.getChildren().clear();
            List<PhasesViewModel.Step> steps = List.copyOf(vm.steps());
            for (int i = 0; i < steps.size(); i++) {
                lines.getChildren().add(line(vm, steps.get(i), i, messages, editable));
            }
        };
        // rebuilt when a phase comes or goes, not when one is typed in (the field keeps the cursor)
        vm.steps().addListener((ListChangeListener<PhasesViewModel.Step>) c -> {
            boolean structural = false;
            while (c.next()) {
                structural |= c.wasAdded() || c.wasRemoved() || c.wasPermutated();
            }
            if (structural) {
                rebuild.run();
            }
        });
        rebuild.run();

        Button add = new Button(messages.get("phases.add"));
        add.setId("phase-add");
        add.setOnAction(e -> addPhase.run());
        add.visibleProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(editable::get, editable));
        add.managedProperty().bind(add.visibleProperty());
        TextField cleanup = new TextField();
        cleanup.setId("service-cleanup");
        cleanup.setPrefColumnCount(4);
        cleanup.setPromptText("0");
        cleanup.textProperty().bindBidirectional(vm.cleanupProperty());
        cleanup.editableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(editable::get, editable));
        HBox after = new HBox(8, add, new Label(messages.get("phases.cleanup")), cleanup);
        after.setAlignment(Pos.CENTER_LEFT);

        HBox bar = new HBox();
        bar.setId("phases-timeline");
        bar.setMinHeight(14);
        bar.setPrefHeight(14);
        bar.setMaxWidth(Region.USE_PREF_SIZE);
        Runnable draw = () -> draw(bar, vm.timeline(minutes(plainMinutes.get())), messages);
        vm.steps().addListener((ListChangeListener<PhasesViewModel.Step>) c -> draw.run());
        vm.cleanupProperty().addListener((obs, old, now) -> draw.run());
        plainMinutes.addListener((obs, old, now) -> draw.run());
        draw.run();
        Label summary = new Label();
        summary.setId("phases-summary");
        summary.getStyleClass().add("setup-hint");
        summary.setWrapText(true);
        summary.textProperty().bind(vm.summaryProperty());
        Label hint = new Label(messages.get("phases.hint"));
        hint.getStyleClass().add("setup-hint");
        hint.setWrapText(true);
        Label title = new Label(messages.get("phases.title"));
        title.getStyleClass().add("setup-title");
        return new VBox(6, title, hint, lines, after, bar, summary);
    }

    private static Node line(PhasesViewModel vm, PhasesViewModel.Step step, int i, Messages messages, ObservableBooleanValue editable) {
        String work = messages.get("phases.work");
        String processing = messages.get("phases.processing");
        ComboBox<String> kind = new ComboBox<>(javafx.collections.FXCollections.observableArrayList(work, processing));
        kind.setId("phase-kind-" + i);
        kind.setValue(step.processingProperty().get() ? processing : work);
        kind.valueProperty().addListener((obs, old, now) -> step.processingProperty().set(processing.equals(now)));
        kind.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(() -> !editable.get(), editable));
        TextField minutes = new TextField();
        minutes.setId("phase-minutes-" + i);
        minutes.setPrefColumnCount(4);
        minutes.textProperty().bindBidirectional(step.minutesProperty());
        minutes.editableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(editable::get, editable));
        Button remove = new Button("\u2715");
        remove.setId("phase-remove-" + i);
        remove.setTooltip(new Tooltip(messages.get("phases.remove")));
        remove.setOnAction(e -> vm.remove(step));
        remove.visibleProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(editable::get, editable));
        HBox line = new HBox(8, new Label(Integer.toString(i + 1) + "."), kind, minutes, new Label(messages.get("phases.min")), remove);
        line.setAlignment(Pos.CENTER_LEFT);
        line.getStyleClass().add("phase-line");
        return line;
    }

    /** The bar: each piece as wide as its share of the day's longest service, in its colour. */
    private static void draw(HBox bar, List<PhasesViewModel.Piece> pieces, Messages messages) {
        bar.getChildren().clear();
        int total = pieces.stream().mapToInt(PhasesViewModel.Piece::minutes).sum();
        double scale = BAR / Math.max(total, 60);
        for (PhasesViewModel.Piece p : pieces) {
            Region r = new Region();
            double w = Math.max(3, p.minutes() * scale);
            r.setMinWidth(w);
            r.setPrefWidth(w);
            r.setMaxWidth(w);
            r.setPrefHeight(14);
            r.getStyleClass().addAll("phase-piece", "phase-" + p.kind().name().toLowerCase(java.util.Locale.ROOT));
            r.setStyle("-fx-background-color: " + switch (p.kind()) {
                case BUSY -> "#5c6bc0";
                case PROCESSING -> "linear-gradient(from 0px 0px to 8px 8px, repeat, #9fa8da 50%, #e8eaf6 50%)";
                case CLEANUP -> "#bdbdbd";
            } + "; -fx-border-color: white; -fx-border-width: 0 1 0 0;");
            r.setUserData(p);
            Tooltip.install(r, new Tooltip(messages.format("phases.piece." + p.kind().name().toLowerCase(java.util.Locale.ROOT), p.minutes())));
            bar.getChildren().add(r);
        }
    }

    private static int minutes(String text) {
        String m = text == null ? "" : text.strip();
        return m.matches("\\d{1,4}") ? Integer.parseInt(m) : 0;
    }
}
