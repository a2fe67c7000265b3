package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.ArrayList;
import java.util.List;

/**
 * "Set up my salon": the steps named across the top (the current one marked), the step's
 * fields in the middle, Back / Next — on the last step "Create my salon" — at the bottom.
 */
public final class SetupWizardView {

    private final SetupWizardViewModel vm;
    private final Messages messages;
    private final BorderPane root = new BorderPane();
    private final ScrollPane body = new ScrollPane();
    private final SalonFormView salon;
    private final OpeningWeekView week;
    private final TeamView team;
    private final ServiceListView services;
    private final List<Label> stepLabels = new ArrayList<>();
    private Runnable onCancel = () -> { };

    public SetupWizardView(SetupWizardViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
        this.salon = new SalonFormView(vm.salon(), messages);
        this.week = new OpeningWeekView(vm.week(), messages);
        this.team = new TeamView(vm.team(), messages);
        this.services = new ServiceListView(vm.services(), messages, () -> vm.team().named(),
                () -> vm.salon().currencyProperty().get() == null ? ""
                        : new app.salondesk.model.catalog.Money(messages.locale(), vm.salon().currencyProperty().get()).symbol());

        Label title = new Label(messages.get("wizard.title"));
        title.getStyleClass().add("setup-title");
        HBox steps = new HBox(18);
        steps.setId("wizard-steps");
        for (SetupWizardViewModel.Step s : SetupWizardViewModel.Step.values()) {
            Label l = new Label(messages.format("wizard.stepNumbered", s.ordinal() + 1, messages.get(s.titleKey())));
            l.getStyleClass().add("wizard-step");
            stepLabels.add(l);
            steps.getChildren().add(l);
        }
        VBox top = new VBox(8, title, steps);
        top.setPadding(new Insets(20, 24, 12, 24));
        top.getStyleClass().add("wizard-top");

        body.setFitToWidth(true);
        body.setPadding(new Insets(16, 24, 16, 24));
        body.getStyleClass().add("wizard-body");

        Label error = FormParts.error(vm.errorProperty(), "wizard-error");
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(20, 20);
        busy.visibleProperty().bind(vm.busyProperty());
        Label creating = new Label(messages.get("wizard.creating"));
        creating.visibleProperty().bind(vm.busyProperty());
        Button cancel = new Button(messages.get("wizard.cancel"));
        cancel.setId("wizard-cancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> onCancel.run());
        cancel.disableProperty().bind(vm.busyProperty());
        Button back = new Button(messages.get("wizard.back"));
        back.setId("wizard-back");
        back.setOnAction(e -> vm.back());
        back.disableProperty().bind(vm.busyProperty().or(vm.stepProperty().isEqualTo(SetupWizardViewModel.Step.SALON)));
        Button next = new Button();
        next.setId("wizard-next");
        next.getStyleClass().add("accent");
        next.setDefaultButton(true);
        next.setOnAction(e -> vm.next());
        next.disableProperty().bind(vm.busyProperty());
        next.textProperty().bind(vm.stepProperty().map(s -> messages.get(
                s == SetupWizardViewModel.Step.SERVICES ? "wizard.finish" : "wizard.next")));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, cancel, gap, busy, creating, back, next);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        VBox bottom = new VBox(6, error, buttons);
        bottom.setPadding(new Insets(10, 24, 16, 24));
        bottom.getStyleClass().add("wizard-bottom");

        root.setTop(top);
        root.setCenter(body);
        root.setBottom(bottom);
        root.getStyleClass().add("setup-wizard");
        root.getStylesheets().add(FormParts.STYLESHEET);
        vm.stepProperty().addListener((obs, old, now) -> show(now));
        show(vm.stepProperty().get());
    }

    public Parent root() {
        return root;
    }

    /** What Cancel does (back to the welcome screen, or close the window). */
    public void setOnCancel(Runnable onCancel) {
        this.onCancel = onCancel;
    }

    private void show(SetupWizardViewModel.Step step) {
        Node content = switch (step) {
            case SALON -> salon.node();
            case WEEK -> week.node();
            case MASTERS -> team.node();
            case SERVICES -> services.node();
        };
        body.setContent(content);
        body.setVvalue(0);
        for (int i = 0; i < stepLabels.size(); i++) {
            stepLabels.get(i).pseudoClassStateChanged(CURRENT, i == step.ordinal());
            stepLabels.get(i).pseudoClassStateChanged(DONE, i < step.ordinal());
        }
    }

    private static final javafx.css.PseudoClass CURRENT = javafx.css.PseudoClass.getPseudoClass("current");
    private static final javafx.css.PseudoClass DONE = javafx.css.PseudoClass.getPseudoClass("done");
}
