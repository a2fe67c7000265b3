package app.salondesk.gui.booking.visit;

import app.salondesk.gui.common.TypeAhead;
import app.salondesk.i18n.Messages;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.staff.Master;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

/** The visit form: builds the controls and binds them to {@link VisitFormViewModel}. */
public final class VisitFormView {

    private final VisitFormViewModel vm;
    private final Messages messages;

    public VisitFormView(VisitFormViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
    }

    public Stage showIn(Window owner) {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(16));
        TextField name = field("visit-client-name");
        name.textProperty().bindBidirectional(vm.clientName);
        TextField phone = field("visit-client-phone");
        phone.textProperty().bindBidirectional(vm.clientPhone);
        DatePicker date = new DatePicker();
        date.setId("visit-date");
        date.valueProperty().bindBidirectional(vm.date);
        TextField time = field("visit-time");
        time.textProperty().bindBidirectional(vm.time);
        int row = 0;
        grid.addRow(row++, new Label(messages.get("form.clientName")), name);
        grid.addRow(row++, new Label(messages.get("form.clientPhone")), phone);
        grid.addRow(row++, new Label(messages.get("form.date")), date);
        grid.addRow(row++, new Label(messages.get("visit.firstStarts")), time);
        // the parts, one row each: the service, who does it, when it starts, and a way to take it out
        GridPane parts = new GridPane();
        parts.setId("visit-parts");
        parts.setHgap(8);
        parts.setVgap(6);
        Button add = new Button(messages.get("visit.addPart"));
        add.setId("visit-add-part");
        add.disableProperty().bind(vm.canAddPart.not().or(vm.saving).or(vm.saved));
        add.setOnAction(e -> vm.addPart());
        grid.add(parts, 0, row++, 2, 1);
        grid.add(add, 0, row++, 2, 1);
        Button save = new Button(messages.get("visit.save"));
        save.setId("visit-save");
        save.setDefaultButton(true);
        save.disableProperty().bind(vm.saving.or(vm.saved));
        save.setOnAction(e -> vm.save());
        Label message = new Label();
        message.setId("visit-message");
        message.setWrapText(true);
        message.setMaxWidth(520);
        message.textProperty().bind(vm.message);
        Stage stage = new Stage();
        stage.initOwner(owner);
        // Esc or Cancel leave the form as the booking form's do; a save already sent is answered
        // in the calendar (the visit appears there, or not) — it is not taken back by closing
        Button cancel = app.salondesk.gui.common.WindowButtons.cancel(messages, stage);
        cancel.setId("visit-cancel");
        javafx.scene.layout.HBox buttons = new javafx.scene.layout.HBox(8, cancel, save);
        grid.add(buttons, 0, row++, 2, 1);
        grid.add(message, 0, row, 2, 1);
        stage.setTitle(messages.get("visit.title"));
        stage.setScene(new Scene(grid));
        Runnable layOut = () -> {
            parts.getChildren().clear();
            for (int i = 0; i < vm.parts.size(); i++) {
                part(parts, i, vm.parts.get(i));
            }
            stage.sizeToScene();
        };
        vm.parts.addListener((javafx.collections.ListChangeListener<VisitFormViewModel.Part>) c -> layOut.run());
        layOut.run();
        vm.saved.addListener((obs, old, now) -> {
            if (now) {
                stage.close();
            }
        });
        // what the form opened with is no change; anything typed since is asked about on closing (issue 31)
        vm.edits.markUnchanged();
        app.salondesk.gui.common.DiscardGuard.install(stage, vm.edits.changedProperty(), vm::discardQuestion, messages);
        stage.show();
        return stage;
    }

    /** Row {@code i} of the parts: "2." the service, the master, "from 10:40", ✕ (ids count from 1). */
    private void part(GridPane grid, int i, VisitFormViewModel.Part part) {
        String n = Integer.toString(i + 1);
        ComboBox<Service> service = new ComboBox<>();
        TypeAhead.install(service);
        service.setId("visit-service-" + n);
        service.setPromptText(messages.get(i == 0 ? "visit.first" : "visit.then"));
        service.getItems().setAll(vm.services());
        service.valueProperty().bindBidirectional(part.service);
        service.setConverter(new StringConverter<>() {
            @Override
            public String toString(Service s) {
                return s == null ? "" : s.name();
            }

            @Override
            public Service fromString(String s) {
                return null;
            }
        });
        ComboBox<Master> master = new ComboBox<>(part.masters);
        TypeAhead.install(master);
        master.setId("visit-master-" + n);
        master.setPromptText(messages.get("form.master"));
        master.valueProperty().bindBidirectional(part.master);
        master.setConverter(new StringConverter<>() {
            @Override
            public String toString(Master m) {
                return m == null ? "" : m.name();
            }

            @Override
            public Master fromString(String s) {
                return null;
            }
        });
        Label starts = new Label();
        starts.setId("visit-starts-" + n);
        starts.textProperty().bind(part.starts);
        Button remove = new Button("\u2715");
        remove.setId("visit-remove-part-" + n);
        remove.setTooltip(new javafx.scene.control.Tooltip(messages.get("visit.removePart")));
        remove.visibleProperty().bind(vm.canRemovePart);
        remove.disableProperty().bind(vm.saving.or(vm.saved));
        remove.setOnAction(e -> vm.removePart(part));
        Label from = new Label(messages.get("visit.from"));
        from.visibleProperty().bind(part.starts.isNotEmpty());   // "from" only once there is a time to say
        // widths that do not follow what is chosen: the window is sized once per row added, and a
        // longer master's name or "10:40 AM" must not be cut to "Boh…" or "10:40 …"
        service.setPrefWidth(200);
        master.setPrefWidth(170);
        starts.setPrefWidth(72);
        for (javafx.scene.layout.Region r : java.util.List.of(service, master, from, starts, remove)) {
            r.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        grid.addRow(i, new Label(n + "."), service, master, from, starts, remove);
    }

    private static TextField field(String id) {
        TextField f = new TextField();
        f.setId(id);
        return f;
    }
}
