package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The first masters: a colour chip (their column's colour), a name, and ✕ to drop the row. */
public final class TeamView {

    private final TeamViewModel vm;
    private final Messages messages;
    private final VBox rows = new VBox(6);
    private final VBox root = new VBox(10);

    public TeamView(TeamViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
        Button add = new Button(messages.get("team.add"));
        add.setId("team-add");
        add.setOnAction(e -> vm.add());
        vm.members().addListener((ListChangeListener<TeamViewModel.Member>) c -> fill());
        fill();
        root.getChildren().addAll(FormParts.hint(messages, "team.intro"), rows, add, FormParts.error(vm.teamErrorProperty(), "team-error"));
    }

    public Node node() {
        return root;
    }

    private void fill() {
        rows.getChildren().clear();
        int i = 0;
        for (TeamViewModel.Member m : vm.members()) {
            Region chip = new Region();
            chip.getStyleClass().add("colour-chip");
            chip.setStyle("-fx-background-color: " + m.colour() + ";");
            TextField name = new TextField();
            name.setId("master-name-" + i);
            name.setPromptText(messages.get("team.namePrompt"));
            name.textProperty().bindBidirectional(m.nameProperty());
            HBox.setHgrow(name, Priority.ALWAYS);
            Button remove = new Button("\u2715");
            remove.setId("master-remove-" + i);
            remove.setTooltip(new Tooltip(messages.get("setup.removeRow")));
            remove.setOnAction(e -> vm.remove(m));
            HBox line = new HBox(8, chip, name, remove);
            line.setAlignment(Pos.CENTER_LEFT);
            rows.getChildren().addAll(line, FormParts.error(m.errorProperty(), "master-error-" + i));
            i++;
        }
    }
}
