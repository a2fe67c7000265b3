package app.salondesk.gui.reports;

import app.salondesk.i18n.Messages;
import app.salondesk.model.reports.ClientFigures;
import app.salondesk.model.reports.DayFigures;
import app.salondesk.model.reports.Ratio;
import app.salondesk.model.reports.SalonReport;
import javafx.beans.binding.Bindings;
import javafx.collections.ObservableList;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The salons side by side (a chain manager's view, issue 35): a row a salon, then a total row a currency — amounts of
 * different currencies are never added: salons in hryvnias and in euros get a total each, and then one row of all
 * salons with what adds up whatever the currency (bookings, visits, no-shows, their rates) and no amount. A rate of a
 * total is the total's quotient, never an average of rates. Cells are words ({@link ReportWords}), the money in each
 * salon's own currency; {@link #table} shows them (the Reports window's Salons tab).
 */
public final class ChainTable {

    /** The columns after the salon's name, as figure keys ({@code reports.fig.<key>}). */
    public static final List<String> COLUMNS = List.of("revenue", "sales", "average_ticket", "bookings", "visits", "no_shows", "no_show_rate",
            "utilisation", "new_clients");

    /** A row: the salon's name (or the total's words), its currency ("" for all salons), its cells in {@link #COLUMNS}' order. */
    public record Row(String salon, String currency, boolean total, List<String> cells) {
        public Row {
            cells = List.copyOf(cells);
        }
    }

    private ChainTable() {
    }

    public static List<Row> of(List<SalonReport> reports, Messages messages) {
        List<Row> out = new ArrayList<>();
        Map<String, List<SalonReport>> byCurrency = new LinkedHashMap<>();
        for (SalonReport r : reports) {
            out.add(row(r.salonName(), r.currency(), false, r.total(), r.clients(), new ReportWords(messages, Currency.getInstance(r.currency()))));
            byCurrency.computeIfAbsent(r.currency(), c -> new ArrayList<>()).add(r);
        }
        if (reports.size() < 2) {
            return out;
        }
        for (Map.Entry<String, List<SalonReport>> c : byCurrency.entrySet()) {
            out.add(row(messages.format("reports.chain.total", c.getKey()), c.getKey(), true, sum(c.getValue()), clients(c.getValue()),
                    new ReportWords(messages, Currency.getInstance(c.getKey()))));
        }
        if (byCurrency.size() > 1) {
            // what counts, not what it took: no sum of hryvnias and euros
            Row all = row(messages.get("reports.chain.all"), "", true, sum(reports), clients(reports),
                    new ReportWords(messages, Currency.getInstance(reports.get(0).currency())));
            List<String> cells = new ArrayList<>(all.cells());
            for (String money : ReportWords.MONEY) {
                int at = COLUMNS.indexOf(money);
                if (at >= 0) {
                    cells.set(at, "\u2014");
                }
            }
            out.add(new Row(all.salon(), "", true, cells));
        }
        return out;
    }

    /** The salons side by side: a row a salon, the totals a currency in bold. */
    public static TableView<Row> table(ObservableList<Row> rows, Messages messages) {
        TableView<Row> table = new TableView<>(rows);
        table.setId("reports-salons");
        TableColumn<Row, String> name = new TableColumn<>(messages.get("reports.col.salon"));
        name.setCellValueFactory(d -> Bindings.createStringBinding(() -> d.getValue().salon()));
        name.setPrefWidth(220);
        name.setSortable(false);
        table.getColumns().add(name);
        for (int i = 0; i < COLUMNS.size(); i++) {
            int at = i;
            TableColumn<Row, String> c = new TableColumn<>(messages.get("reports.fig." + COLUMNS.get(i)));
            c.setCellValueFactory(d -> Bindings.createStringBinding(() -> d.getValue().cells().get(at)));
            c.setStyle("-fx-alignment: CENTER-RIGHT;");
            c.setSortable(false);
            table.getColumns().add(c);
        }
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(Row item, boolean empty) {
                super.updateItem(item, empty);
                setStyle(item != null && item.total() ? "-fx-font-weight: bold;" : "");
            }
        });
        return table;
    }

    private static Row row(String name, String currency, boolean total, DayFigures d, ClientFigures c, ReportWords w) {
        List<String> cells = List.of(w.money(d.revenueMinor()), w.count(d.sales()), w.money(d.sales() == 0 ? 0 : Math.round((double) d.ticketMinor()
                / d.sales())), w.count(d.bookings()), w.count(d.visits()), w.count(d.noShows()), w.share(Ratio.of(d.noShows(), d.bookings()) * 100),
                w.share(Ratio.of(d.busyMinutes(), d.workingMinutes()) * 100), w.count(c.newClients()));
        return new Row(name, currency, total, cells);
    }

    private static DayFigures sum(List<SalonReport> reports) {
        return DayFigures.sum(null, reports.stream().map(SalonReport::total).toList());
    }

    private static ClientFigures clients(List<SalonReport> reports) {
        ClientFigures sum = ClientFigures.NONE;
        for (SalonReport r : reports) {
            sum = sum.plus(r.clients());
        }
        return sum;
    }
}
