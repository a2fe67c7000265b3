package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The first start on an empty database: two ways in, side by side. */
public final class WelcomeView {

    private final VBox root = new VBox(18);

    public WelcomeView(WelcomeViewModel vm, Messages messages) {
        Label title = new Label(messages.get("welcome.title"));
        title.getStyleClass().add("welcome-title");
        Label intro = new Label(messages.get("welcome.intro"));
        intro.getStyleClass().add("welcome-intro");
        intro.setWrapText(true);

        Button demo = choice("welcome-demo", messages.get("welcome.demo"), messages.get("welcome.demoHint"));
        demo.setOnAction(e -> vm.exploreDemo());
        Button setUp = choice("welcome-setup", messages.get("welcome.setUp"), messages.get("welcome.setUpHint"));
        setUp.getStyleClass().add("welcome-primary");
        setUp.setOnAction(e -> vm.setUp());
        demo.disableProperty().bind(vm.busyProperty());
        setUp.disableProperty().bind(vm.busyProperty());
        HBox choices = new HBox(20, setUp, demo);
        choices.setAlignment(Pos.CENTER);

        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(22, 22);
        Label preparing = new Label(messages.get("welcome.preparingDemo"));
        HBox busy = new HBox(10, spinner, preparing);
        busy.setAlignment(Pos.CENTER);
        busy.visibleProperty().bind(vm.busyProperty());
        Label error = FormParts.error(vm.errorProperty(), "welcome-error");

        root.getChildren().addAll(title, intro, choices, busy, error);
        root.setAlignment(Pos.CENTER);
        root.setPadding(new Insets(40));
        root.getStyleClass().add("welcome");
        root.getStylesheets().add(FormParts.STYLESHEET);
    }

    public Parent root() {
        return root;
    }

    /** A large button: what it does in bold, what that means below. */
    private static Button choice(String id, String what, String explained) {
        Label head = new Label(what);
        head.getStyleClass().add("choice-title");
        Label text = new Label(explained);
        text.getStyleClass().add("choice-text");
        text.setWrapText(true);
        VBox box = new VBox(8, head, text);
        box.setAlignment(Pos.TOP_LEFT);
        Button b = new Button();
        b.setId(id);
        b.setGraphic(box);
        b.getStyleClass().add("welcome-choice");
        b.setPrefSize(300, 150);
        b.setAlignment(Pos.TOP_LEFT);
        b.setWrapText(true);
        box.setMaxWidth(270);
        return b;
    }
}
