package app.salondesk.ui;

import app.salondesk.calendar.DayScheduleView;
import app.salondesk.calendar.DayScheduleViewModel;
import app.salondesk.i18n.Messages;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;

/** The main window's content: toolbar, the day's schedule, status bar. */
public final class MainWindow {

    private final BorderPane root = new BorderPane();
    private final DayScheduleView schedule;

    public MainWindow(DayScheduleViewModel vm, Messages messages, String userName, String databaseLabel) {
        this.schedule = new DayScheduleView(vm, messages);

        Button previous = new Button("\u25C0");
        previous.setTooltip(new Tooltip(messages.get("toolbar.previous")));
        previous.getStyleClass().add("nav-previous");
        previous.setOnAction(e -> vm.previousDay());
        Button today = new Button(messages.get("toolbar.today"));
        today.getStyleClass().add("nav-today");
        today.setOnAction(e -> vm.today());
        Button next = new Button("\u25B6");
        next.setTooltip(new Tooltip(messages.get("toolbar.next")));
        next.getStyleClass().add("nav-next");
        next.setOnAction(e -> vm.nextDay());
        DatePicker picker = new DatePicker();
        picker.valueProperty().bindBidirectional(vm.dateProperty());
        picker.setPromptText(messages.get("toolbar.date"));
        picker.getStyleClass().add("nav-date");
        Label dayTitle = new Label();
        dayTitle.getStyleClass().add("day-title");
        DateTimeFormatter full = DateTimeFormatter.ofLocalizedDate(FormatStyle.FULL).withLocale(messages.locale());
        dayTitle.textProperty().bind(vm.dateProperty().map(full::format));
        Label salon = new Label(vm.salon().name());
        salon.getStyleClass().add("salon-name");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox toolbar = new HBox(8, previous, today, next, picker, dayTitle, spacer, salon);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.setPadding(new Insets(8, 12, 8, 12));
        toolbar.getStyleClass().add("main-toolbar");

        Label status = new Label();
        status.getStyleClass().add("status-text");
        status.textProperty().bind(vm.statusProperty());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(14, 14);
        busy.visibleProperty().bind(vm.loadingProperty());
        Label user = new Label(messages.format("status.user", userName));
        Label db = new Label(databaseLabel);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox statusBar = new HBox(12, status, busy, gap, user, new Label("\u00B7"), db);
        statusBar.setAlignment(Pos.CENTER_LEFT);
        statusBar.setPadding(new Insets(4, 12, 4, 12));
        statusBar.getStyleClass().add("status-bar");

        root.setTop(toolbar);
        root.setCenter(schedule.node());
        root.setBottom(statusBar);
        root.getStyleClass().add("main-window");
        root.getStylesheets().add(MainWindow.class.getResource("salondesk.css").toExternalForm());
    }

    public Parent root() {
        return root;
    }

    public DayScheduleView schedule() {
        return schedule;
    }
}
