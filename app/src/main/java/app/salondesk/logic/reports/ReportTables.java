package app.salondesk.logic.reports;

import app.salondesk.model.checkout.Amounts;
import app.salondesk.model.reports.ClientFigures;
import app.salondesk.model.reports.DayFigures;
import app.salondesk.model.reports.MasterFigures;
import app.salondesk.model.reports.Ratio;
import app.salondesk.model.reports.ReportKind;
import app.salondesk.model.reports.ReportTable;
import app.salondesk.model.reports.SalonReport;
import app.salondesk.model.reports.ServiceFigures;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reports as tables, one salon's or several side by side: each row names its salon when there are several,
 * and a {@code total} row sums what adds up (a rate of the total is the total's quotient, never an average of
 * rates). The same tables are printed by {@code report} and exported by the Reports window.
 *
 * <p>Each salon's amounts are in its own currency. Amounts of different currencies are never added: when the
 * salons keep more than one, every row and total says its currency, and there is a total per currency (of that
 * currency's salons, their counts included) instead of one.
 */
public final class ReportTables {

    private ReportTables() {
    }

    public static ReportTable of(ReportKind kind, List<SalonReport> reports) {
        return switch (kind) {
            case SUMMARY -> summary(reports);
            case REVENUE -> revenue(reports);
            case MASTERS -> masters(reports);
            case SERVICES -> services(reports);
            case CLIENTS -> clients(reports);
            case NO_SHOWS -> noShows(reports);
        };
    }

    /** A figure a row, a salon a column (and their total when several). */
    private static ReportTable summary(List<SalonReport> reports) {
        List<String> columns = new ArrayList<>(List.of("figure"));
        reports.forEach(r -> columns.add(r.salonName()));
        List<Totals> all = new ArrayList<>(reports.stream().map(Totals::of).toList());
        if (reports.size() > 1) {
            Map<Currency, List<SalonReport>> groups = byCurrency(reports);
            for (Map.Entry<Currency, List<SalonReport>> g : groups.entrySet()) {
                columns.add(groups.size() > 1 ? "total " + g.getKey().getCurrencyCode() : "total");
                all.add(Totals.sum(g.getValue().stream().map(Totals::of).toList(), g.getKey()));
            }
        }
        List<List<String>> rows = new ArrayList<>();
        if (mixed(reports)) {
            row(rows, "currency", all, t -> t.currency.getCurrencyCode());
        }
        row(rows, "revenue", all, t -> money(t.day.revenueMinor(), t.currency));
        row(rows, "services", all, t -> money(t.day.servicesMinor(), t.currency));
        row(rows, "products", all, t -> money(t.day.productsMinor(), t.currency));
        row(rows, "tips", all, t -> money(t.day.tipsMinor(), t.currency));
        row(rows, "sales", all, t -> String.valueOf(t.day.sales()));
        row(rows, "average_ticket", all, t -> money(t.day.sales() == 0 ? 0 : Math.round((double) t.day.ticketMinor() / t.day.sales()), t.currency));
        row(rows, "bookings", all, t -> String.valueOf(t.day.bookings()));
        row(rows, "visits", all, t -> String.valueOf(t.day.visits()));
        row(rows, "utilisation", all, t -> percent(t.day.busyMinutes(), t.day.workingMinutes()));
        row(rows, "no_shows", all, t -> String.valueOf(t.day.noShows()));
        row(rows, "no_show_rate", all, t -> percent(t.day.noShows(), t.day.bookings()));
        row(rows, "late_cancellations", all, t -> String.valueOf(t.day.lateCancelled()));
        row(rows, "late_cancellation_rate", all, t -> percent(t.day.lateCancelled(), t.day.bookings() + t.day.cancelled()));
        row(rows, "rebooking_rate", all, t -> percent(t.clients.rebookedVisits(), t.clients.visits()));
        row(rows, "new_clients", all, t -> String.valueOf(t.clients.newClients()));
        row(rows, "returning_clients", all, t -> String.valueOf(t.clients.returningClients()));
        row(rows, "online_share", all, t -> percent(t.day.online(), t.day.bookings()));
        row(rows, "waitlist_share", all, t -> percent(t.day.waitlist(), t.day.bookings()));
        row(rows, "reminders_sent", all, t -> String.valueOf(t.day.remindersSent()));
        row(rows, "reminders_confirmed", all, t -> String.valueOf(t.day.remindersConfirmed()));
        row(rows, "top_service", all, t -> t.topService);
        row(rows, "top_master", all, t -> t.topMaster);
        return new ReportTable(columns, rows);
    }

    private static ReportTable revenue(List<SalonReport> reports) {
        List<String> columns = columns(reports, "day", "services", "products", "tips", "other", "revenue", "sales", "average_ticket");
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<Currency, List<SalonReport>> g : byCurrency(reports).entrySet()) {
            Currency c = g.getKey();
            List<DayFigures> totals = new ArrayList<>();
            for (SalonReport r : g.getValue()) {
                for (DayFigures d : r.days()) {
                    rows.add(cells(reports, r, d.day().toString(), money(d.servicesMinor(), c), money(d.productsMinor(), c),
                            money(d.tipsMinor(), c), money(d.otherMinor(), c), money(d.revenueMinor(), c), String.valueOf(d.sales()), ticket(d, c)));
                }
                totals.add(r.total());
            }
            DayFigures t = DayFigures.sum(null, totals);
            rows.add(total(reports, c, true, money(t.servicesMinor(), c), money(t.productsMinor(), c), money(t.tipsMinor(), c),
                    money(t.otherMinor(), c), money(t.revenueMinor(), c), String.valueOf(t.sales()), ticket(t, c)));
        }
        return new ReportTable(columns, rows);
    }

    private static ReportTable masters(List<SalonReport> reports) {
        List<String> columns = columns(reports, "master", "bookings", "visits", "no_shows", "busy_hours", "working_hours", "utilisation",
                "services", "tips");
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<Currency, List<SalonReport>> g : byCurrency(reports).entrySet()) {
            Currency c = g.getKey();
            int[] n = new int[5];
            long[] money = new long[2];
            for (SalonReport r : g.getValue()) {
                for (MasterFigures m : r.masters()) {
                    rows.add(cells(reports, r, m.name(), String.valueOf(m.bookings()), String.valueOf(m.visits()), String.valueOf(m.noShows()),
                            hours(m.busyMinutes()), hours(m.workingMinutes()), percent(m.busyMinutes(), m.workingMinutes()),
                            money(m.servicesMinor(), c), money(m.tipsMinor(), c)));
                    n[0] += m.bookings();
                    n[1] += m.visits();
                    n[2] += m.noShows();
                    n[3] += m.busyMinutes();
                    n[4] += m.workingMinutes();
                    money[0] += m.servicesMinor();
                    money[1] += m.tipsMinor();
                }
            }
            rows.add(total(reports, c, true, String.valueOf(n[0]), String.valueOf(n[1]), String.valueOf(n[2]), hours(n[3]), hours(n[4]),
                    percent(n[3], n[4]), money(money[0], c), money(money[1], c)));
        }
        return new ReportTable(columns, rows);
    }

    private static ReportTable services(List<SalonReport> reports) {
        List<String> columns = columns(reports, "service", "bookings", "services");
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<Currency, List<SalonReport>> g : byCurrency(reports).entrySet()) {
            Currency c = g.getKey();
            int bookings = 0;
            long money = 0;
            for (SalonReport r : g.getValue()) {
                for (ServiceFigures s : r.services()) {
                    rows.add(cells(reports, r, s.name(), String.valueOf(s.bookings()), money(s.servicesMinor(), c)));
                    bookings += s.bookings();
                    money += s.servicesMinor();
                }
            }
            rows.add(total(reports, c, true, String.valueOf(bookings), money(money, c)));
        }
        return new ReportTable(columns, rows);
    }

    private static ReportTable clients(List<SalonReport> reports) {
        List<String> columns = columns(reports, "clients", "new_clients", "returning_clients", "visits", "rebooked_visits", "rebooking_rate",
                "rebook_weeks");
        List<List<String>> rows = new ArrayList<>();
        ClientFigures sum = null;
        for (SalonReport r : reports) {
            ClientFigures f = r.clients();
            rows.add(cells(reports, r, String.valueOf(f.clients()), String.valueOf(f.newClients()), String.valueOf(f.returningClients()),
                    String.valueOf(f.visits()), String.valueOf(f.rebookedVisits()), percent(f.rebookedVisits(), f.visits()),
                    String.valueOf(f.rebookWeeks())));
            sum = sum == null ? f : sum.plus(f);
        }
        if (reports.size() > 1 && sum != null) {
            rows.add(total(reports, null, false, String.valueOf(sum.clients()), String.valueOf(sum.newClients()), String.valueOf(sum.returningClients()),
                    String.valueOf(sum.visits()), String.valueOf(sum.rebookedVisits()), percent(sum.rebookedVisits(), sum.visits()), ""));
        }
        return new ReportTable(columns, rows);
    }

    private static ReportTable noShows(List<SalonReport> reports) {
        List<String> columns = columns(reports, "day", "bookings", "no_shows", "no_show_rate", "cancelled", "late_cancellations",
                "late_cancellation_rate");
        List<List<String>> rows = new ArrayList<>();
        List<DayFigures> totals = new ArrayList<>();
        for (SalonReport r : reports) {
            for (DayFigures d : r.days()) {
                rows.add(cells(reports, r, d.day().toString(), String.valueOf(d.bookings()), String.valueOf(d.noShows()),
                        percent(d.noShows(), d.bookings()), String.valueOf(d.cancelled()), String.valueOf(d.lateCancelled()),
                        percent(d.lateCancelled(), d.bookings() + d.cancelled())));
            }
            totals.add(r.total());
        }
        DayFigures t = DayFigures.sum(null, totals);
        rows.add(total(reports, null, true, String.valueOf(t.bookings()), String.valueOf(t.noShows()), percent(t.noShows(), t.bookings()),
                String.valueOf(t.cancelled()), String.valueOf(t.lateCancelled()), percent(t.lateCancelled(), t.bookings() + t.cancelled())));
        return new ReportTable(columns, rows);
    }

    // ---- cells ----------------------------------------------------------------------------------------------------

    /** An amount in the currency's units, with a point: 1234.50. */
    public static String money(long minor, Currency c) {
        return Amounts.toDecimal(minor, c).toPlainString();
    }

    /** part ÷ whole in percent with one decimal, half up: 12.5 (0.0 without a whole). */
    public static String percent(long part, long whole) {
        return BigDecimal.valueOf(Ratio.of(part, whole) * 100).setScale(1, RoundingMode.HALF_UP).toPlainString();
    }

    private static String hours(int minutes) {
        return BigDecimal.valueOf(minutes).divide(BigDecimal.valueOf(60), 1, RoundingMode.HALF_UP).toPlainString();
    }

    private static String ticket(DayFigures d, Currency c) {
        return money(d.sales() == 0 ? 0 : Math.round((double) d.ticketMinor() / d.sales()), c);
    }

    /** The salons by their currency, in the order the currencies first come. */
    private static Map<Currency, List<SalonReport>> byCurrency(List<SalonReport> reports) {
        Map<Currency, List<SalonReport>> out = new LinkedHashMap<>();
        for (SalonReport r : reports) {
            out.computeIfAbsent(Currency.getInstance(r.currency()), k -> new ArrayList<>()).add(r);
        }
        return out;
    }

    /** Whether the salons keep more than one currency: then each row says its own. */
    private static boolean mixed(List<SalonReport> reports) {
        return reports.stream().map(SalonReport::currency).distinct().count() > 1;
    }

    private static List<String> columns(List<SalonReport> reports, String... names) {
        List<String> out = new ArrayList<>();
        if (reports.size() > 1) {
            out.add("salon");
        }
        if (mixed(reports)) {
            out.add("currency");
        }
        out.addAll(List.of(names));
        return out;
    }

    private static List<String> cells(List<SalonReport> reports, SalonReport r, String... values) {
        List<String> out = new ArrayList<>();
        if (reports.size() > 1) {
            out.add(r.salonName());
        }
        if (mixed(reports)) {
            out.add(r.currency());
        }
        out.addAll(List.of(values));
        return out;
    }

    /**
     * The total row: "total" in the first column; with mixed currencies the currency it sums ({@code currency}; empty
     * for a table without money, whose total is of every salon); with several salons and a name column (day, master,
     * service) that column left empty; then the values.
     */
    private static List<String> total(List<SalonReport> reports, Currency currency, boolean nameColumn, String... values) {
        List<String> out = new ArrayList<>();
        out.add("total");
        if (mixed(reports)) {
            out.add(currency == null ? "" : currency.getCurrencyCode());
        }
        if (reports.size() > 1 && nameColumn) {
            out.add("");
        }
        out.addAll(List.of(values));
        return out;
    }

    private interface Cell {
        String of(Totals t);
    }

    private static void row(List<List<String>> rows, String figure, List<Totals> all, Cell cell) {
        List<String> r = new ArrayList<>();
        r.add(figure);
        all.forEach(t -> r.add(cell.of(t)));
        rows.add(r);
    }

    /** A salon's (or the salons' summed) figures for the summary. */
    private record Totals(DayFigures day, ClientFigures clients, String topService, String topMaster, Currency currency) {
        static Totals of(SalonReport r) {
            return new Totals(r.total(), r.clients(), r.services().stream().filter(s -> s.serviceId() != null).findFirst().map(ServiceFigures::name)
                    .orElse(""), r.masters().isEmpty() || r.masters().get(0).servicesMinor() == 0 && r.masters().get(0).bookings() == 0 ? ""
                    : r.masters().get(0).name(), Currency.getInstance(r.currency()));
        }

        static Totals sum(List<Totals> all, Currency currency) {
            ClientFigures c = null;
            for (Totals t : all) {
                c = c == null ? t.clients : c.plus(t.clients);
            }
            return new Totals(DayFigures.sum(null, all.stream().map(Totals::day).toList()), c == null ? ClientFigures.NONE : c, "", "", currency);
        }
    }
}
