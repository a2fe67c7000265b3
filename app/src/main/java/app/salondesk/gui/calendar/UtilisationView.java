package app.salondesk.gui.calendar;

import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.Utilisation;
import app.salondesk.model.staff.Master;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;

/** For managers: each master's week, hours booked against hours of work, as a bar chart. */
public final class UtilisationView {

    private UtilisationView() {
    }

    public static Stage show(Window owner, Messages messages, List<Master> masters, List<Utilisation> days, LocalDate from) {
        CategoryAxis x = new CategoryAxis();
        NumberAxis y = new NumberAxis();
        y.setLabel(messages.get("utilisation.hours"));
        BarChart<String, Number> chart = new BarChart<>(x, y);
        chart.setId("utilisation-chart");
        chart.setAnimated(false);
        XYChart.Series<String, Number> working = new XYChart.Series<>();
        working.setName(messages.get("utilisation.working"));
        XYChart.Series<String, Number> booked = new XYChart.Series<>();
        booked.setName(messages.get("utilisation.booked"));
        VBox summary = new VBox(4);
        for (Master m : masters) {
            int work = days.stream().filter(u -> u.masterId() == m.id()).mapToInt(Utilisation::workingMinutes).sum();
            int book = days.stream().filter(u -> u.masterId() == m.id()).mapToInt(Utilisation::bookedMinutes).sum();
            working.getData().add(new XYChart.Data<>(m.name(), work / 60.0));
            booked.getData().add(new XYChart.Data<>(m.name(), book / 60.0));
            Label line = new Label(messages.format("utilisation.line", m.name(), book / 60.0, work / 60.0,
                    work == 0 ? 0 : Math.round(100.0 * Math.min(book, work) / work)));
            line.getStyleClass().add("utilisation-line");
            summary.getChildren().add(line);
        }
        chart.getData().add(working);
        chart.getData().add(booked);
        DateTimeFormatter f = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale());
        chart.setTitle(messages.format("utilisation.title", from.format(f), from.plusDays(6).format(f)));
        Stage stage = new Stage();
        javafx.scene.layout.HBox buttons = new javafx.scene.layout.HBox(app.salondesk.gui.common.WindowButtons.close(messages, stage, true));
        buttons.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
        VBox box = new VBox(8, chart, summary, buttons);
        box.setPadding(new Insets(12));
        stage.initOwner(owner);
        stage.setTitle(messages.get("utilisation.window"));
        stage.setScene(new Scene(box, 900, 560));
        stage.show();
        return stage;
    }
}
