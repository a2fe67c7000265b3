package app.salondesk.gui.checkout;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.model.checkout.PayLine;
import app.salondesk.model.checkout.Takings;
import app.salondesk.model.salon.Salon;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.LocalDate;
import java.util.List;

/**
 * A period's takings (issue 34), no controls: rows by day, by payment method and by master, each
 * with its total, and — for admins and managers — the pay report (services, products, tips whole,
 * commission, pay), which can be saved as CSV or PDF.
 */
public final class TakingsViewModel {

    /** What the window reads (the shell makes it from the desk's logic). */
    public interface Store {
        Takings takings(LocalDate from, LocalDate to);

        /** Null when this login may not read the pay report (a receptionist). */
        List<PayLine> pay(LocalDate from, LocalDate to);
    }

    /** A row of a table: its cells as shown. */
    public record Row(List<String> cells) {
    }

    private final Store store;
    private final TaskRunner tasks;
    private final Messages messages;
    private final CheckoutWords words;
    private final boolean payReport;
    public final ObjectProperty<LocalDate> from = new SimpleObjectProperty<>();
    public final ObjectProperty<LocalDate> to = new SimpleObjectProperty<>();
    private final ObservableList<Row> days = FXCollections.observableArrayList();
    private final ObservableList<Row> methods = FXCollections.observableArrayList();
    private final ObservableList<Row> masters = FXCollections.observableArrayList();
    private final ObservableList<Row> pay = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private List<PayLine> payLines = List.of();

    public TakingsViewModel(Salon salon, Store store, TaskRunner tasks, Messages messages, boolean payReport, LocalDate today) {
        this.store = store;
        this.tasks = tasks;
        this.messages = messages;
        this.words = new CheckoutWords(messages, salon.currency());
        this.payReport = payReport;
        from.set(today.withDayOfMonth(1));
        to.set(today);
    }

    public void load() {
        LocalDate f = from.get();
        LocalDate t = to.get();
        if (f == null || t == null || t.isBefore(f)) {
            status.set(messages.get("takings.badPeriod"));
            return;
        }
        status.set(messages.get("takings.loading"));
        tasks.run(() -> new Loaded(store.takings(f, t), payReport ? store.pay(f, t) : null), this::show,
                failure -> status.set(messages.get("checkout.loadFailed")));
    }

    private record Loaded(Takings takings, List<PayLine> pay) {
    }

    private void show(Loaded l) {
        status.set("");
        Takings t = l.takings();
        days.clear();
        long[] sum = new long[7];
        int salesCount = 0;
        for (Takings.Day d : t.days()) {
            days.add(new Row(List.of(d.day().toString(), Integer.toString(d.sales()), m(d.servicesMinor()), m(d.productsMinor()), m(d.tipsMinor()),
                    m(d.refundsMinor()), m(d.discountsMinor()), m(d.totalMinor()))));
            long[] r = {d.servicesMinor(), d.productsMinor(), d.tipsMinor(), d.refundsMinor(), d.discountsMinor(), d.totalMinor()};
            for (int i = 0; i < r.length; i++) {
                sum[i] += r[i];
            }
            salesCount += d.sales();
        }
        days.add(new Row(List.of(messages.get("takings.total"), Integer.toString(salesCount), m(sum[0]), m(sum[1]), m(sum[2]), m(sum[3]), m(sum[4]),
                m(sum[5]))));
        methods.clear();
        for (Takings.ByMethod x : t.methods()) {
            methods.add(new Row(List.of(words.method(x.method()), m(x.paidMinor()), m(x.refundedMinor()), m(x.netMinor()))));
        }
        methods.add(new Row(List.of(messages.get("takings.total"), m(t.methods().stream().mapToLong(Takings.ByMethod::paidMinor).sum()),
                m(t.methods().stream().mapToLong(Takings.ByMethod::refundedMinor).sum()),
                m(t.methods().stream().mapToLong(Takings.ByMethod::netMinor).sum()))));
        masters.clear();
        for (Takings.ByMaster x : t.masters()) {
            masters.add(new Row(List.of(x.masterName() == null ? messages.get("till.noMaster") : x.masterName(), m(x.servicesMinor()),
                    m(x.productsMinor()), m(x.tipsMinor()), m(x.totalMinor()))));
        }
        masters.add(new Row(List.of(messages.get("takings.total"), "", "", "", m(t.masters().stream().mapToLong(Takings.ByMaster::totalMinor).sum()))));
        pay.clear();
        payLines = l.pay() == null ? List.of() : l.pay();
        for (PayLine p : payLines) {
            pay.add(new Row(List.of(p.masterName(), m(p.servicesMinor()), m(p.productsMinor()), m(p.tipsMinor()), m(p.commissionMinor()),
                    m(p.payMinor()))));
        }
    }

    private String m(long minor) {
        return words.money(minor);
    }

    public boolean payReport() {
        return payReport;
    }

    /** The pay report's lines as read last (for CSV and PDF). */
    public List<PayLine> payLines() {
        return payLines;
    }

    public ObservableList<Row> days() {
        return days;
    }

    public ObservableList<Row> methods() {
        return methods;
    }

    public ObservableList<Row> masters() {
        return masters;
    }

    public ObservableList<Row> pay() {
        return pay;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public void say(String text) {
        status.set(text);
    }
}
