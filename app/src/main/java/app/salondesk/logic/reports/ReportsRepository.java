package app.salondesk.logic.reports;

import app.salondesk.model.reports.BookingRow;
import app.salondesk.model.reports.ClientFigures;
import app.salondesk.model.reports.DayFigures;
import app.salondesk.model.reports.Figure;
import app.salondesk.model.reports.MasterFigures;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.SaleRow;
import app.salondesk.model.reports.SalonRef;
import app.salondesk.model.reports.SalonReport;
import app.salondesk.model.reports.ServiceFigures;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Result;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The manager's figures, read from the functions that define them (migration 50: {@code report_days},
 * {@code report_clients}, {@code report_masters}, {@code report_services} and the rows behind them). Nothing
 * is computed here but the rates (in {@code model.reports}): a figure has one definition, in SQL, which the
 * desk, the command line and the chain's view all read. They are invoker functions, so row-level security
 * decides whose figures a login gets: a salon it may not read answers with no rows. Written as SQL text:
 * calls of set-returning functions, which is all there is to say.
 */
public final class ReportsRepository {

    private final DSLContext dsl;

    public ReportsRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** The salons this login may read figures of, by id. */
    public List<SalonRef> salons() {
        return dsl.resultQuery("SELECT id, name, currency FROM tenants ORDER BY id")
                .fetch(r -> new SalonRef(r.get(0, Long.class), r.get(1, String.class), r.get(2, String.class)));
    }

    /** A salon's report, or null when this login may not read that salon. */
    public SalonReport report(long tenant, ReportPeriod p) {
        Record salon = dsl.resultQuery("SELECT name, currency FROM tenants WHERE id = ?", tenant).fetchOne();
        if (salon == null) {
            return null;
        }
        return new SalonReport(tenant, salon.get(0, String.class), salon.get(1, String.class), p, days(tenant, p), clients(tenant, p),
                masters(tenant, p), services(tenant, p));
    }

    /**
     * The reports of several salons (the chain's view), those this login may not read left out, in the order asked.
     * One statement per figure for all of them (each function over the salons' ids, {@code unnest} and {@code LATERAL}),
     * not four a salon: a small salon's report is mostly its round trips and calls' fixed costs (ADR 35, amended).
     */
    public List<SalonReport> reports(List<Long> tenants, ReportPeriod p) {
        Long[] asked = tenants.toArray(Long[]::new);
        Map<Long, Record> salons = new HashMap<>();
        for (Record r : dsl.resultQuery("SELECT id, name, currency FROM tenants WHERE id = ANY (CAST(? AS bigint[]))", (Object) asked)) {
            salons.put(r.get(0, Long.class), r);
        }
        if (salons.isEmpty()) {
            return List.of();
        }
        Long[] ids = salons.keySet().toArray(Long[]::new);
        Map<Long, List<DayFigures>> days = new HashMap<>();
        for (Record r : each("report_days", ids, p)) {
            days.computeIfAbsent(r.get("salon_id", Long.class), k -> new ArrayList<>()).add(day(r));
        }
        Map<Long, ClientFigures> clients = new HashMap<>();
        for (Record r : each("report_clients", ids, p)) {
            clients.put(r.get("salon_id", Long.class), client(r));
        }
        Map<Long, List<MasterFigures>> masters = new HashMap<>();
        for (Record r : each("report_masters", ids, p)) {
            masters.computeIfAbsent(r.get("salon_id", Long.class), k -> new ArrayList<>()).add(master(r));
        }
        Map<Long, List<ServiceFigures>> services = new HashMap<>();
        for (Record r : each("report_services", ids, p)) {
            services.computeIfAbsent(r.get("salon_id", Long.class), k -> new ArrayList<>()).add(service(r));
        }
        List<SalonReport> out = new ArrayList<>();
        Set<Long> done = new HashSet<>();
        for (long t : tenants) {
            Record salon = salons.get(t);
            if (salon != null && done.add(t)) {
                out.add(new SalonReport(t, salon.get(1, String.class), salon.get(2, String.class), p, days.getOrDefault(t, List.of()),
                        clients.getOrDefault(t, ClientFigures.NONE), masters.getOrDefault(t, List.of()), services.getOrDefault(t, List.of())));
            }
        }
        return out;
    }

    /** One figure's function over many salons, each salon's rows in the function's own order. */
    private Result<Record> each(String function, Long[] salons, ReportPeriod p) {
        return dsl.resultQuery("SELECT s.id AS salon_id, r.* FROM unnest(CAST(? AS bigint[])) s(id) CROSS JOIN LATERAL " + function
                + "(s.id, ?, ?) WITH ORDINALITY r ORDER BY s.id, r.ordinality", (Object) salons, p.from(), p.to()).fetch();
    }

    public List<DayFigures> days(long tenant, ReportPeriod p) {
        return dsl.resultQuery("SELECT * FROM report_days(?, ?, ?)", tenant, p.from(), p.to()).fetch(ReportsRepository::day);
    }

    private static DayFigures day(Record r) {
        return new DayFigures(
                r.get("day", LocalDate.class), r.get("bookings", Integer.class), r.get("cancelled", Integer.class),
                r.get("late_cancelled", Integer.class), r.get("no_shows", Integer.class), r.get("visits", Integer.class),
                r.get("online", Integer.class), r.get("waitlist", Integer.class), r.get("desk", Integer.class),
                r.get("services_minor", Long.class), r.get("products_minor", Long.class), r.get("tips_minor", Long.class),
                r.get("other_minor", Long.class), r.get("sales", Integer.class), r.get("ticket_minor", Long.class),
                r.get("busy_min", Integer.class), r.get("working_min", Integer.class), r.get("reminders_sent", Integer.class),
                r.get("reminders_confirmed", Integer.class));
    }

    public ClientFigures clients(long tenant, ReportPeriod p) {
        Record r = dsl.resultQuery("SELECT * FROM report_clients(?, ?, ?)", tenant, p.from(), p.to()).fetchOne();
        return r == null ? ClientFigures.NONE : client(r);
    }

    private static ClientFigures client(Record r) {
        return new ClientFigures(r.get("clients", Integer.class), r.get("new_clients", Integer.class),
                r.get("returning_clients", Integer.class), r.get("visits", Integer.class), r.get("rebooked_visits", Integer.class),
                r.get("rebook_weeks", Integer.class));
    }

    public List<MasterFigures> masters(long tenant, ReportPeriod p) {
        return dsl.resultQuery("SELECT * FROM report_masters(?, ?, ?)", tenant, p.from(), p.to()).fetch(ReportsRepository::master);
    }

    private static MasterFigures master(Record r) {
        return new MasterFigures(
                r.get("master_id", Long.class), r.get("name", String.class), r.get("bookings", Integer.class), r.get("visits", Integer.class),
                r.get("no_shows", Integer.class), r.get("busy_min", Integer.class), r.get("working_min", Integer.class),
                r.get("services_minor", Long.class), r.get("tips_minor", Long.class));
    }

    public List<ServiceFigures> services(long tenant, ReportPeriod p) {
        return dsl.resultQuery("SELECT * FROM report_services(?, ?, ?)", tenant, p.from(), p.to()).fetch(ReportsRepository::service);
    }

    private static ServiceFigures service(Record r) {
        return new ServiceFigures(
                r.get("service_id", Long.class), r.get("name", String.class), r.get("bookings", Integer.class),
                r.get("services_minor", Long.class));
    }

    /** The bookings behind a figure, with names (a salon's own managers and admins: the chain's login reads no client). */
    public List<BookingRow> bookingsBehind(long tenant, ReportPeriod p, Figure figure) {
        String flag = switch (figure) {
            case BOOKINGS -> "r.counted";
            case CANCELLED -> "r.cancelled";
            case LATE_CANCELLED -> "r.late_cancelled";
            case NO_SHOWS -> "r.no_show";
            case VISITS -> "r.attended";
            case ONLINE -> "r.counted AND r.road = 'online'";
            case WAITLIST -> "r.counted AND r.road = 'waitlist'";
            case DESK -> "r.counted AND r.road = 'desk'";
        };
        return dsl.resultQuery("""
                        SELECT r.booking_id, r.day, b.starts_at, m.name, c.name, coalesce(s.name, ''), b.status, r.road
                          FROM report_booking_rows(?, ?, ?) r
                          JOIN bookings b ON b.tenant_id = ? AND b.id = r.booking_id
                          JOIN masters m ON m.tenant_id = b.tenant_id AND m.id = b.master_id
                          JOIN clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id
                          LEFT JOIN services s ON s.tenant_id = b.tenant_id AND s.id = b.service_id
                         WHERE\s""" + flag + " ORDER BY b.starts_at, r.booking_id", tenant, p.from(), p.to(), tenant)
                .fetch(r -> new BookingRow(r.get(0, Long.class), r.get(1, LocalDate.class), r.get(2, OffsetDateTime.class).toInstant(),
                        r.get(3, String.class), r.get(4, String.class), r.get(5, String.class), r.get(6, String.class), r.get(7, String.class)));
    }

    /** The sales behind the revenue figures. */
    public List<SaleRow> salesBehind(long tenant, ReportPeriod p) {
        return dsl.resultQuery("""
                        SELECT r.sale_id, r.day, r.sold_at, coalesce(c.name, ''), r.total_minor, r.tips_minor
                          FROM report_sale_rows(?, ?, ?) r
                          JOIN sales s ON s.tenant_id = ? AND s.id = r.sale_id
                          LEFT JOIN clients c ON c.tenant_id = s.tenant_id AND c.id = s.client_id
                         ORDER BY r.sold_at, r.sale_id""", tenant, p.from(), p.to(), tenant)
                .fetch(r -> new SaleRow(r.get(0, Long.class), r.get(1, LocalDate.class), r.get(2, OffsetDateTime.class).toInstant(),
                        r.get(3, String.class), r.get(4, Long.class), r.get(5, Long.class)));
    }

    /** The salon's report settings: weeks within which a visit counts as rebooked, hours before the start a cancellation is late. */
    public int[] settings(long tenant) {
        Record r = dsl.resultQuery("SELECT rebook_weeks, late_cancel_hours FROM report_period(?, CURRENT_DATE, CURRENT_DATE)", tenant).fetchOne();
        return r == null || r.get(0) == null ? new int[]{6, 24} : new int[]{r.get(0, Integer.class), r.get(1, Integer.class)};
    }

    /** Sets them (an admin's right: the database refuses anyone else). */
    public void saveSettings(long tenant, int rebookWeeks, int lateCancelHours) {
        dsl.execute("""
                INSERT INTO report_settings (tenant_id, rebook_weeks, late_cancel_hours) VALUES (?, ?, ?)
                ON CONFLICT (tenant_id) DO UPDATE SET rebook_weeks = EXCLUDED.rebook_weeks, late_cancel_hours = EXCLUDED.late_cancel_hours""",
                tenant, rebookWeeks, lateCancelHours);
    }
}
