package app.salondesk.gui.reports;

import app.salondesk.gui.common.WindowButtons;
import app.salondesk.i18n.Messages;
import app.salondesk.model.reports.DayFigures;
import app.salondesk.model.reports.MasterFigures;
import app.salondesk.model.reports.SalonReport;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.PieChart;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

import java.math.BigDecimal;
import java.util.List;

/**
 * The Reports window (issue 35): the period and the one compared with it, the figures with their trend (a figure
 * with a list behind it opens it: double-click or Show the list), four charts — revenue per day stacked by services,
 * products and tips, utilisation per master against 100 %, no-shows per day, bookings by road — and Save as CSV… /
 * Save as PDF… (what to do with them is the shell's). A login of several salons to pick from (a chain's manager) gets a
 * row above the tabs: whose figures and charts, a salon or a sum ({@link SalonPick}). Only builds controls and binds
 * them to {@link ReportsViewModel}.
 */
public final class ReportsView {

    private final ReportsViewModel vm;
    private final Messages messages;
    private final StackedBarChart<String, Number> revenue;
    private final BarChart<String, Number> utilisation;
    private final LineChart<String, Number> noShows;
    private final PieChart roads;

    private ReportsView(ReportsViewModel vm, Messages messages) {
        this.vm = vm;
        this.messages = messages;
        CategoryAxis days = new CategoryAxis();
        NumberAxis money = new NumberAxis();
        revenue = new StackedBarChart<>(days, money);
        revenue.setId("reports-chart-revenue");
        revenue.setTitle(messages.get("reports.chart.revenue"));
        revenue.setAnimated(false);
        NumberAxis percent = new NumberAxis(0, 100, 20);
        utilisation = new BarChart<>(new CategoryAxis(), percent);
        utilisation.setId("reports-chart-utilisation");
        utilisation.setTitle(messages.get("reports.chart.utilisation"));
        utilisation.setAnimated(false);
        utilisation.setLegendVisible(false);
        noShows = new LineChart<>(new CategoryAxis(), new NumberAxis());
        noShows.setId("reports-chart-noshows");
        noShows.setTitle(messages.get("reports.chart.noShows"));
        noShows.setAnimated(false);
        noShows.setLegendVisible(false);
        roads = new PieChart();
        roads.setId("reports-chart-roads");
        roads.setTitle(messages.get("reports.chart.roads"));
        roads.setAnimated(false);
        vm.reportProperty().addListener((o, was, now) -> {
            if (now != null) {
                chart(now);
            }
        });
    }

    /** Opens the window for this view model over the desk and reads its period. */
    public static Stage show(Window owner, ReportsViewModel vm, Messages messages, Runnable saveCsv, java.util.function.Consumer<ReportsView> savePdf) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        return build(stage, vm, messages, saveCsv, savePdf, true);
    }

    /**
     * Shows the window in {@code stage} (a chain manager's only window: no desk under it) and reads its period. As the
     * main window it has no Close button and Esc does not close it: the desk's main window closes by its ✕ only. (A
     * Close button's Esc is a filter on the stage, which outlives the scene: it closed a chain manager's whole app on
     * Esc, and in the test suite's shared stage it took Esc from every later test.)
     */
    public static Stage showIn(Stage stage, ReportsViewModel vm, Messages messages, Runnable saveCsv, java.util.function.Consumer<ReportsView> savePdf) {
        return build(stage, vm, messages, saveCsv, savePdf, false);
    }

    private static Stage build(Stage stage, ReportsViewModel vm, Messages messages, Runnable saveCsv, java.util.function.Consumer<ReportsView> savePdf,
                               boolean closeButton) {
        ReportsView view = new ReportsView(vm, messages);
        stage.setTitle(messages.get("reports.window"));
        ChoiceBox<ReportsViewModel.Choice> choice = new ChoiceBox<>(FXCollections.observableArrayList(ReportsViewModel.Choice.values()));
        choice.setId("reports-choice");
        choice.setConverter(new StringConverter<>() {
            @Override
            public String toString(ReportsViewModel.Choice c) {
                return c == null ? "" : messages.get("reports.period." + c.name().toLowerCase(java.util.Locale.ROOT));
            }

            @Override
            public ReportsViewModel.Choice fromString(String s) {
                return null;
            }
        });
        choice.valueProperty().bindBidirectional(vm.choice);
        DatePicker from = new DatePicker();
        from.setId("reports-from");
        from.valueProperty().bindBidirectional(vm.from);
        DatePicker to = new DatePicker();
        to.setId("reports-to");
        to.valueProperty().bindBidirectional(vm.to);
        for (DatePicker p : List.of(from, to)) {
            p.setOnAction(e -> vm.choice.set(ReportsViewModel.Choice.RANGE));
            p.setPrefWidth(140);
        }
        choice.setOnAction(e -> vm.load());
        Button show = new Button(messages.get("reports.show"));
        show.setId("reports-show");
        show.setDefaultButton(true);
        show.setOnAction(e -> vm.load());
        Label compared = new Label();
        compared.setId("reports-compared");
        compared.textProperty().bind(vm.comparedProperty());
        HBox period = new HBox(8, choice, new Label(messages.get("reports.from")), from, new Label(messages.get("reports.to")), to, show, compared);
        period.setAlignment(Pos.CENTER_LEFT);
        for (javafx.scene.Node n : period.getChildren()) {
            if (n instanceof Region r && n != compared) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }

        HBox whose = pickRow(vm, messages);

        TableView<ReportsViewModel.Row> figures = new TableView<>(vm.rows());
        figures.setId("reports-figures");
        figures.getColumns().add(column(messages.get("reports.col.figure"), ReportsViewModel.Row::label, 260));
        figures.getColumns().add(column(messages.get("reports.col.value"), ReportsViewModel.Row::shownValue, 130));
        figures.getColumns().add(column(messages.get("reports.col.previous"), ReportsViewModel.Row::shownPrevious, 130));
        figures.getColumns().add(column(messages.get("reports.col.trend"), ReportsViewModel.Row::shownTrend, 110));
        figures.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        figures.setRowFactory(t -> {
            javafx.scene.control.TableRow<ReportsViewModel.Row> row = new javafx.scene.control.TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    vm.drillDown(row.getItem());
                }
            });
            return row;
        });
        Button list = new Button(messages.get("reports.drill"));
        list.setId("reports-drill");
        list.disableProperty().bind(Bindings.createBooleanBinding(() -> figures.getSelectionModel().getSelectedItem() == null
                || !figures.getSelectionModel().getSelectedItem().drills(), figures.getSelectionModel().selectedItemProperty()));
        list.setOnAction(e -> vm.drillDown(figures.getSelectionModel().getSelectedItem()));
        Label drillTitle = new Label();
        drillTitle.setId("reports-drill-title");
        TableView<List<String>> drill = new TableView<>();
        drill.setId("reports-list");
        drill.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        drill.setPlaceholder(new Label(messages.get("reports.listHint")));
        figures.setPlaceholder(new Label(messages.get("reports.loading")));
        vm.drillProperty().addListener((o, was, d) -> {
            drill.getColumns().clear();
            drill.getItems().clear();
            drillTitle.setText(d == null ? "" : d.title());
            if (d == null) {
                return;
            }
            for (int i = 0; i < d.columns().size(); i++) {
                int at = i;
                TableColumn<List<String>, String> c = new TableColumn<>(messages.get("reports.list." + d.columns().get(i)));
                c.setCellValueFactory(cell -> Bindings.createStringBinding(() -> cell.getValue().get(at)));
                drill.getColumns().add(c);
            }
            drill.getItems().setAll(d.rows());
        });
        SplitPane figuresTab = new SplitPane(figures, new VBox(6, new HBox(8, list, drillTitle), drill));
        figuresTab.setOrientation(Orientation.VERTICAL);
        figuresTab.setDividerPositions(0.55);
        VBox.setVgrow(drill, Priority.ALWAYS);

        TabPane tabs = new TabPane(tab(messages.get("reports.tab.figures"), figuresTab), tab(messages.get("reports.tab.charts"), view.charts()));
        tabs.setId("reports-tabs");
        if (!vm.mayList()) {
            list.disableProperty().unbind();
            list.setDisable(true);
            drill.setPlaceholder(new Label(""));
        }
        // the salons side by side, once the login turns out to read several
        Tab salons = tab(messages.get("reports.tab.salons"), ChainTable.table(vm.chain(), messages));
        salons.setId("reports-tab-salons");
        vm.chain().addListener((javafx.collections.ListChangeListener<ChainTable.Row>) c -> {
            if (!vm.chain().isEmpty() && !tabs.getTabs().contains(salons)) {
                tabs.getTabs().add(0, salons);
                tabs.getSelectionModel().select(salons);
            }
        });
        VBox.setVgrow(tabs, Priority.ALWAYS);
        Button csv = new Button(messages.get("reports.saveCsv"));
        csv.setId("reports-csv");
        csv.setOnAction(e -> saveCsv.run());
        Button pdf = new Button(messages.get("reports.savePdf"));
        pdf.setId("reports-pdf");
        pdf.setOnAction(e -> savePdf.accept(view));
        Label status = new Label();
        status.setId("reports-status");
        status.textProperty().bind(vm.statusProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, csv, pdf, spacer, status);
        if (closeButton) {
            buttons.getChildren().add(WindowButtons.close(messages, stage, false));
        }
        buttons.setAlignment(Pos.CENTER_RIGHT);
        VBox root = new VBox(10, period, whose, tabs, buttons);
        root.setPadding(new Insets(12));
        stage.setScene(new Scene(root, 1100, 720));
        stage.show();
        vm.load();
        return stage;
    }

    /** Whose figures (a chain manager's): shown once there are salons to pick from; the pick stays across periods. */
    private static HBox pickRow(ReportsViewModel vm, Messages messages) {
        ChoiceBox<SalonPick> picker = new ChoiceBox<>(vm.picks());
        picker.setId("reports-salon");
        picker.valueProperty().bindBidirectional(vm.pick);
        picker.setMinWidth(Region.USE_PREF_SIZE);
        Label words = new Label(messages.get("reports.pick.salon"));
        words.setMinWidth(Region.USE_PREF_SIZE);
        HBox row = new HBox(8, words, picker);
        row.setAlignment(Pos.CENTER_LEFT);
        row.visibleProperty().bind(Bindings.isNotEmpty(vm.picks()));
        row.managedProperty().bind(row.visibleProperty());
        return row;
    }

    private static Tab tab(String title, javafx.scene.Node content) {
        Tab t = new Tab(title, content);
        t.setClosable(false);
        return t;
    }

    private static TableColumn<ReportsViewModel.Row, String> column(String title, java.util.function.Function<ReportsViewModel.Row, String> cell,
                                                                     double width) {
        TableColumn<ReportsViewModel.Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> Bindings.createStringBinding(() -> cell.apply(d.getValue())));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }

    /** The four charts in a grid. */
    public GridPane charts() {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.add(revenue, 0, 0);
        grid.add(utilisation, 1, 0);
        grid.add(noShows, 0, 1);
        grid.add(roads, 1, 1);
        for (var c : List.of(revenue, utilisation, noShows, roads)) {
            c.setPrefSize(520, 280);
            GridPane.setHgrow(c, Priority.ALWAYS);
            GridPane.setVgrow(c, Priority.ALWAYS);
        }
        return grid;
    }

    /** Snapshots of the charts as they are drawn now, for the PDF. */
    public List<javafx.scene.image.Image> chartPictures() {
        return List.of(revenue, utilisation, noShows, roads).stream().map(c -> (javafx.scene.image.Image) c.snapshot(null, null)).toList();
    }

    public ReportsViewModel viewModel() {
        return vm;
    }

    private void chart(SalonReport r) {
        java.util.Currency currency = java.util.Currency.getInstance(r.currency());
        ReportWords words = vm.words(r);
        // the money axis in the salon's currency as the checkout writes it: "€1,000.00", "1 000,00 ₴"
        ((NumberAxis) revenue.getYAxis()).setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return n == null ? "" : words.money(n.doubleValue());
            }

            @Override
            public Number fromString(String s) {
                return null;
            }
        });
        ((NumberAxis) utilisation.getYAxis()).setTickLabelFormatter(numbers(words));
        ((NumberAxis) noShows.getYAxis()).setTickLabelFormatter(numbers(words));
        XYChart.Series<String, Number> services = new XYChart.Series<>();
        services.setName(messages.get("reports.fig.services"));
        XYChart.Series<String, Number> products = new XYChart.Series<>();
        products.setName(messages.get("reports.fig.products"));
        XYChart.Series<String, Number> tips = new XYChart.Series<>();
        tips.setName(messages.get("reports.fig.tips"));
        XYChart.Series<String, Number> missed = new XYChart.Series<>();
        missed.setName(messages.get("reports.fig.no_shows"));
        java.time.format.DateTimeFormatter dayWords = java.time.format.DateTimeFormatter.ofLocalizedDate(java.time.format.FormatStyle.MEDIUM)
                .withLocale(messages.locale());
        List<String> tipsOfRevenue = new java.util.ArrayList<>();
        List<String> tipsOfNoShows = new java.util.ArrayList<>();
        for (DayFigures d : r.days()) {
            String day = d.day().getDayOfMonth() + "." + String.format("%02d", d.day().getMonthValue());
            services.getData().add(new XYChart.Data<>(day, units(d.servicesMinor(), currency)));
            products.getData().add(new XYChart.Data<>(day, units(d.productsMinor(), currency)));
            tips.getData().add(new XYChart.Data<>(day, units(d.tipsMinor(), currency)));
            missed.getData().add(new XYChart.Data<>(day, d.noShows()));
            String date = d.day().format(dayWords);
            tipsOfRevenue.add(date + "\n" + messages.get("reports.fig.services") + ": " + words.money(d.servicesMinor()) + "\n"
                    + messages.get("reports.fig.products") + ": " + words.money(d.productsMinor()) + "\n"
                    + messages.get("reports.fig.tips") + ": " + words.money(d.tipsMinor()) + "\n"
                    + messages.get("reports.fig.revenue") + ": " + words.money(d.revenueMinor()));
            tipsOfNoShows.add(date + ": " + words.count(d.noShows()));
        }
        revenue.getData().setAll(List.of(services, products, tips));
        noShows.getData().setAll(List.of(missed));
        for (XYChart.Series<String, Number> s : List.of(services, products, tips)) {
            tooltips(s, tipsOfRevenue);
        }
        tooltips(missed, tipsOfNoShows);
        XYChart.Series<String, Number> used = new XYChart.Series<>();
        double top = 100;
        List<String> tipsOfMasters = new java.util.ArrayList<>();
        for (MasterFigures m : r.masters()) {
            double pct = m.utilisation() * 100;
            top = Math.max(top, Math.ceil(pct / 20) * 20);
            used.getData().add(new XYChart.Data<>(m.name(), pct));
            tipsOfMasters.add(m.name() + ": " + words.share(pct) + " %");
        }
        ((NumberAxis) utilisation.getYAxis()).setUpperBound(top);
        utilisation.getData().setAll(List.of(used));
        tooltips(used, tipsOfMasters);
        DayFigures t = r.total();
        roads.setData(FXCollections.observableArrayList(
                new PieChart.Data(messages.get("reports.road.online") + " " + words.count(t.online()), t.online()),
                new PieChart.Data(messages.get("reports.road.desk") + " " + words.count(t.desk()), t.desk()),
                new PieChart.Data(messages.get("reports.road.waitlist") + " " + words.count(t.waitlist()), t.waitlist())));
    }

    /** The words under the mouse on each point of a series, in its order (a point's node is made once it is in a chart). */
    private static void tooltips(XYChart.Series<String, Number> series, List<String> texts) {
        for (int i = 0; i < series.getData().size() && i < texts.size(); i++) {
            XYChart.Data<String, Number> point = series.getData().get(i);
            javafx.scene.control.Tooltip tip = new javafx.scene.control.Tooltip(texts.get(i));
            if (point.getNode() != null) {
                javafx.scene.control.Tooltip.install(point.getNode(), tip);
            } else {
                point.nodeProperty().addListener((o, was, node) -> {
                    if (node != null) {
                        javafx.scene.control.Tooltip.install(node, tip);
                    }
                });
            }
        }
    }

    /** An axis's numbers as the language writes them: "1 000", "0,5". */
    private static StringConverter<Number> numbers(ReportWords words) {
        return new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return n == null ? "" : n.doubleValue() == Math.rint(n.doubleValue()) ? words.count(n.longValue()) : words.share(n.doubleValue());
            }

            @Override
            public Number fromString(String s) {
                return null;
            }
        };
    }

    private static double units(long minor, java.util.Currency c) {
        return BigDecimal.valueOf(minor, Math.max(0, c.getDefaultFractionDigits())).doubleValue();
    }
}
