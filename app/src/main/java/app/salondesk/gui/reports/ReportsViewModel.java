package app.salondesk.gui.reports;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.reports.ReportTables;
import app.salondesk.model.reports.BookingRow;
import app.salondesk.model.reports.Figure;
import app.salondesk.model.reports.ReportKind;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.ReportTable;
import app.salondesk.model.reports.SaleRow;
import app.salondesk.model.reports.SalonRef;
import app.salondesk.model.reports.SalonReport;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Reports window (issue 35), no controls: a period (today, this week, this month, last month, a range — the
 * salon's days) and the one before it; each figure with its value, the previous period's and the trend; the report
 * itself for the charts; the list behind a figure (the drill-down); the figures as CSV rows. The figures are
 * migration 50's, read through the store off the FX thread. A login of several salons to pick from (a chain's manager)
 * picks whose figures these are ({@link SalonPick}: a salon, or its salons of one currency added); the pick stays when
 * the period changes, and the lists and exports follow it.
 */
public final class ReportsViewModel {

    /** What the window reads (the shell makes it from the desk's logic). */
    public interface Store {
        SalonReport report(ReportPeriod period);

        List<BookingRow> bookings(ReportPeriod period, Figure figure);

        List<SaleRow> sales(ReportPeriod period);

        /** The salons side by side, when the login reads several (a chain's manager, the owner); empty for one salon. */
        default List<SalonReport> chain(ReportPeriod period) {
            return List.of();
        }

        /** The salons to pick from (a chain manager's); empty, as by default: the desk's own salon, and no picker. */
        default List<SalonRef> salons() {
            return List.of();
        }

        /** The picked salons' report, added up when several ({@code null}: the desk's own salon). */
        default SalonReport report(SalonPick pick, ReportPeriod period) {
            return report(period);
        }

        /** The bookings behind a figure of the picked salons ({@code null}: the desk's own salon). */
        default List<BookingRow> bookings(SalonPick pick, ReportPeriod period, Figure figure) {
            return bookings(period, figure);
        }

        /** The sales of the picked salons ({@code null}: the desk's own salon). */
        default List<SaleRow> sales(SalonPick pick, ReportPeriod period) {
            return sales(period);
        }

        /** Whether the lists behind the figures (clients' names) are this login's to read: not a chain manager's. */
        default boolean mayList() {
            return true;
        }
    }

    public enum Choice {
        TODAY, THIS_WEEK, THIS_MONTH, LAST_MONTH, RANGE
    }

    /**
     * A figure's row: its key (the command line's name), words, this period's value, the previous one's, the trend
     * (empty when there was nothing before) — machine-readable ("1234.50", "12.5"), as CSV keeps them —, the same
     * three as people read them ({@link ReportWords}: "€1,234.50", "12,5"), and what its list is: a figure of
     * bookings, the sales, or none.
     */
    public record Row(String key, String label, String value, String previous, String trend, String shownValue, String shownPrevious,
                      String shownTrend, Figure bookings, boolean sales) {
        public boolean drills() {
            return bookings != null || sales;
        }
    }

    /** A list behind a figure: its column keys and rows. */
    public record Drill(String title, List<String> columns, List<List<String>> rows) {
    }

    private static final Map<String, Figure> BOOKING_FIGURES = Map.of("bookings", Figure.BOOKINGS, "visits", Figure.VISITS, "no_shows",
            Figure.NO_SHOWS, "no_show_rate", Figure.NO_SHOWS, "late_cancellations", Figure.LATE_CANCELLED, "late_cancellation_rate",
            Figure.LATE_CANCELLED, "online_share", Figure.ONLINE, "waitlist_share", Figure.WAITLIST);
    private static final List<String> SALE_FIGURES = List.of("revenue", "services", "products", "tips", "sales", "average_ticket");

    private final Store store;
    private final TaskRunner tasks;
    private final Messages messages;
    private final ZoneId zone;
    private final LocalDate today;
    public final ObjectProperty<Choice> choice = new SimpleObjectProperty<>(Choice.THIS_MONTH);
    public final ObjectProperty<LocalDate> from = new SimpleObjectProperty<>();
    public final ObjectProperty<LocalDate> to = new SimpleObjectProperty<>();
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ObservableList<ChainTable.Row> chain = FXCollections.observableArrayList();
    /** Whose figures: null until the salons are read, and for a login of one salon. */
    public final ObjectProperty<SalonPick> pick = new SimpleObjectProperty<>();
    private final ObservableList<SalonPick> picks = FXCollections.observableArrayList();
    private boolean picksRead;
    /** A read of the salons side by side was asked and its answer not shown yet (a newer read must bring it). */
    private boolean chainOwed;
    private boolean quiet;
    private final ReadOnlyObjectWrapper<SalonReport> report = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Drill> drill = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper compared = new ReadOnlyStringWrapper("");
    private int asked;

    public ReportsViewModel(Store store, TaskRunner tasks, Messages messages, ZoneId zone, LocalDate today) {
        this.store = store;
        this.tasks = tasks;
        this.messages = messages;
        this.zone = zone;
        this.today = today;
        choose(Choice.THIS_MONTH);
        choice.addListener((o, was, now) -> {
            if (now != null && now != Choice.RANGE) {
                choose(now);
            }
        });
        // another salon: its figures for the same period (the salons side by side do not change)
        pick.addListener((o, was, now) -> {
            if (!quiet && now != null && !now.equals(was)) {
                read(false);
            }
        });
    }

    private void choose(Choice c) {
        ReportPeriod p = switch (c) {
            case TODAY -> ReportPeriod.day(today);
            case THIS_WEEK -> ReportPeriod.weekOf(today);
            case THIS_MONTH, RANGE -> ReportPeriod.monthOf(today);
            case LAST_MONTH -> ReportPeriod.monthOf(today.minusMonths(1));
        };
        from.set(p.from());
        to.set(p.to());
    }

    /** The period shown, or null when the range is not one. */
    public ReportPeriod period() {
        return from.get() == null || to.get() == null || to.get().isBefore(from.get()) ? null : new ReportPeriod(from.get(), to.get());
    }

    /** Reads the period and the one before it; an older answer never overwrites a newer one. */
    public void load() {
        read(true);
    }

    private void read(boolean withChain) {
        ReportPeriod p = period();
        if (p == null) {
            status.set(messages.get("reports.badPeriod"));
            return;
        }
        int mine = ++asked;
        status.set(messages.get("reports.loading"));
        ReportPeriod before = p.previous();
        boolean chainToo = withChain || chainOwed;
        chainOwed = chainToo;
        boolean firstRead = !picksRead;
        SalonPick picked = pick.get();
        tasks.run(() -> {
            List<SalonPick> offered = firstRead ? SalonPick.of(store.salons(), messages) : null;
            SalonPick use = picked == null && offered != null && !offered.isEmpty() ? offered.get(0) : picked;
            return new Loaded(offered, use, store.report(use, p), store.report(use, before), chainToo ? store.chain(p) : null);
        }, r -> {
            if (mine != asked) {
                return;
            }
            if (r.offered() != null && !picksRead) {
                picksRead = true;
                quiet = true;
                picks.setAll(r.offered());
                pick.set(r.pick());
                quiet = false;
            }
            show(r.now(), r.before());
            if (r.chain() != null) {
                chainOwed = false;
                chain.setAll(ChainTable.of(r.chain(), messages));
            }
        }, failure -> status.set(messages.get("reports.loadFailed")));
    }

    private record Loaded(List<SalonPick> offered, SalonPick pick, SalonReport now, SalonReport before, List<SalonReport> chain) {
    }

    private void show(SalonReport now, SalonReport before) {
        status.set("");
        report.set(now);
        drill.set(null);
        compared.set(messages.format("reports.compared", day(before.period().from()), day(before.period().to())));
        ReportTable a = ReportTables.of(ReportKind.SUMMARY, List.of(now));
        ReportTable b = ReportTables.of(ReportKind.SUMMARY, List.of(before));
        ReportWords w = words(now);
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < a.rows().size(); i++) {
            String key = a.rows().get(i).get(0);
            String value = a.rows().get(i).get(1);
            String previous = b.rows().get(i).get(1);
            String trend = trend(value, previous);
            out.add(new Row(key, messages.get("reports.fig." + key), value, previous, trend, w.cell(key, value), w.cell(key, previous),
                    w.trend(trend), BOOKING_FIGURES.get(key), SALE_FIGURES.contains(key)));
        }
        rows.setAll(out);
    }

    /** The change in percent with one decimal and its sign, of a number; empty for words or nothing before. */
    static String trend(String now, String before) {
        try {
            BigDecimal n = new BigDecimal(now);
            BigDecimal b = new BigDecimal(before);
            if (b.signum() == 0) {
                return "";
            }
            BigDecimal pct = n.subtract(b).multiply(BigDecimal.valueOf(100)).divide(b.abs(), 1, RoundingMode.HALF_UP);
            return (pct.signum() > 0 ? "+" : "") + pct.toPlainString() + " %";
        } catch (NumberFormatException e) {
            return "";
        }
    }

    /** The list behind a figure's row (nothing for a figure without one). */
    public void drillDown(Row row) {
        ReportPeriod p = report.get() == null ? null : report.get().period();
        if (row == null || !row.drills() || p == null || !store.mayList()) {
            return;
        }
        status.set(messages.get("reports.loading"));
        SalonPick picked = pick.get();
        DateTimeFormatter time = DateTimeFormatter.ofPattern("HH:mm");
        tasks.run(() -> {
            if (row.bookings() != null) {
                List<List<String>> lines = new ArrayList<>();
                for (BookingRow b : store.bookings(picked, p, row.bookings())) {
                    lines.add(List.of(day(b.day()), b.startsAt().atZone(zone).format(time), b.master(), b.client(), b.service(),
                            messages.get("reports.status." + b.status()), messages.get("reports.road." + b.road())));
                }
                return new Drill(row.label(), List.of("day", "time", "master", "client", "service", "status", "road"), lines);
            }
            List<List<String>> lines = new ArrayList<>();
            ReportWords w = words(report.get());
            for (SaleRow s : store.sales(picked, p)) {
                lines.add(List.of(day(s.day()), s.soldAt().atZone(zone).format(time), "#" + s.saleId(), s.client(), w.money(s.totalMinor()),
                        w.money(s.tipsMinor())));
            }
            return new Drill(row.label(), List.of("day", "time", "sale", "client", "total", "tips"), lines);
        }, d -> {
            status.set(messages.format("reports.listed", d.rows().size()));
            drill.set(d);
        }, failure -> status.set(messages.get("reports.loadFailed")));
    }

    /** A day as the desk's language writes it (uk: "7 груд. 2026 р."), on screen only: file names and CSV keep ISO days. */
    private String day(LocalDate d) {
        return d.format(DateTimeFormatter.ofLocalizedDate(java.time.format.FormatStyle.MEDIUM).withLocale(messages.locale()));
    }

    /** The figures as a table for CSV: key, words, value, previous, trend, the numbers machine-readable ("1234.50"). */
    public List<List<String>> csvRows() {
        List<List<String>> out = new ArrayList<>();
        out.add(header());
        for (Row r : rows) {
            out.add(List.of(r.key(), r.label(), r.value(), r.previous(), r.trend()));
        }
        return out;
    }

    /** The same table as people read it (the PDF): amounts in the salon's currency, numbers as the language writes them. */
    public List<List<String>> shownRows() {
        List<List<String>> out = new ArrayList<>();
        out.add(header());
        for (Row r : rows) {
            out.add(List.of(r.key(), r.label(), r.shownValue(), r.shownPrevious(), r.shownTrend()));
        }
        return out;
    }

    private List<String> header() {
        return List.of("figure", messages.get("reports.col.figure"), messages.get("reports.col.value"), messages.get("reports.col.previous"),
                messages.get("reports.col.trend"));
    }

    /** The words of a report's figures: its salon's currency, the desk's language. */
    public ReportWords words(SalonReport r) {
        return new ReportWords(messages, java.util.Currency.getInstance(r.currency()));
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    /** The salons side by side with their totals (empty for a login of one salon). */
    public ObservableList<ChainTable.Row> chain() {
        return chain;
    }

    public boolean mayList() {
        return store.mayList();
    }

    /** The picks offered (empty: nothing to pick, the desk's salon). */
    public ObservableList<SalonPick> picks() {
        return picks;
    }

    /** Whose figures are shown: the salon's name, or the sum's words; empty before the first answer. */
    public String shownSalon() {
        return report.get() == null ? "" : report.get().salonName();
    }

    public ReadOnlyObjectProperty<SalonReport> reportProperty() {
        return report.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Drill> drillProperty() {
        return drill.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty comparedProperty() {
        return compared.getReadOnlyProperty();
    }

    public void say(String text) {
        status.set(text);
    }
}
