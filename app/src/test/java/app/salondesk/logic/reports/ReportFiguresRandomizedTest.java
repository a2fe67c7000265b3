package app.salondesk.logic.reports;

import app.salondesk.db.TestPostgres;
import app.salondesk.logic.checkout.SaleRepository;
import app.salondesk.logic.checkout.TillRepository;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.reports.ClientFigures;
import app.salondesk.model.reports.DayFigures;
import app.salondesk.model.reports.Figure;
import app.salondesk.model.reports.MasterFigures;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.SalonReport;
import app.salondesk.model.reports.ServiceFigures;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every figure of migration 50, computed again here in plain Java over the raw rows the test wrote — random
 * bookings of every status and road (visits of two bookings, cancellations early and late), random sales with
 * services, products, tips, refunds and voids, closed days, reminders sent and confirmed, working weeks and
 * single days — over a period with the night the clocks go forward in Kyiv (2031-03-30, a 23-hour day with a
 * master working 01:00–05:00 through the missing hour) and over a period around today (refunds and voids happen
 * today). The brute force knows nothing of the SQL: it reads its own lists.
 */
class ReportFiguresRandomizedTest {

    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");
    private static final List<String> STATUSES = List.of("pending", "confirmed", "arrived", "completed", "cancelled", "no_show");
    private static final List<String> SOURCES = List.of("form", "drag", "online", "waitlist", "cli", "sql", "online", "waitlist");
    private static final int REBOOK_WEEKS = 3;
    private static final int LATE_HOURS = 24;

    private static Backend backend;
    private static DSLContext dsl;
    private static ReportsRepository reports;
    private static long tenant;
    private static final List<Long> masters = new ArrayList<>();
    private static final Map<Long, String> masterNames = new HashMap<>();
    private static final List<Long> services = new ArrayList<>();
    private static final Map<Long, String> serviceNames = new HashMap<>();
    private static final List<Long> clients = new ArrayList<>();
    private static long product;

    /** The raw rows as written. */
    record B(long id, long master, long client, Long service, Long visit, String status, String source, Instant start, int minutes) {
    }

    record Line(String kind, Long master, Long service, long amount) {
    }

    record Sale(long id, LocalDate day, long total, List<Line> lines) {
    }

    record Refund(LocalDate day, Line line, long amount) {
    }

    private static final List<B> bookings = new ArrayList<>();
    private static final Map<Long, Instant> cancelledAt = new HashMap<>();
    private static final List<Sale> sales = new ArrayList<>();
    private static final Set<Long> voided = new HashSet<>();
    private static final List<Refund> refunds = new ArrayList<>();
    /** booking id → sent instants of its reminders */
    private static final List<Object[]> reminders = new ArrayList<>();
    private static final Set<Long> confirmed = new HashSet<>();
    /** master → weekday → [start, end] local times; master → day → own hours */
    private static final Map<Long, Map<Integer, LocalTime[]>> weeks = new HashMap<>();
    private static final Map<Long, Map<LocalDate, List<LocalTime[]>>> ownDays = new HashMap<>();
    /** master → her time off [start, end) (migration 59: working time is the hours less these) */
    private static final Map<Long, List<Instant[]>> timeOff = new HashMap<>();

    private static final ReportPeriod SPRING = new ReportPeriod(LocalDate.of(2031, 3, 24), LocalDate.of(2031, 4, 6));
    private static LocalDate today;

    @BeforeAll
    static void salon() {
        backend = Backend.connect(TestPostgres.migratedDatabase("reports_randomized"), 3);
        dsl = backend.dsl();
        reports = new ReportsRepository(dsl);
        tenant = id("INSERT INTO tenants (name, time_zone) VALUES ('Kyiv salon', 'Europe/Kyiv') RETURNING id");
        reports.saveSettings(tenant, REBOOK_WEEKS, LATE_HOURS);
        for (String n : List.of("Anna", "Bohdan", "Vira")) {
            long m = id("INSERT INTO masters (tenant_id, name, sort_order) VALUES (" + tenant + ", '" + n + "', 1) RETURNING id");
            masters.add(m);
            masterNames.put(m, n);
        }
        // an inactive master whose bookings still count on their days
        long gone = id("INSERT INTO masters (tenant_id, name, sort_order, active) VALUES (" + tenant + ", 'Galyna', 4, false) RETURNING id");
        masters.add(gone);
        masterNames.put(gone, "Galyna");
        for (String n : List.of("Cut", "Colour")) {
            long s = id("INSERT INTO services (tenant_id, name, duration_min, price) VALUES (" + tenant + ", '" + n + "', 60, 500) RETURNING id");
            services.add(s);
            serviceNames.put(s, n);
        }
        product = id("INSERT INTO products (tenant_id, name, price_minor) VALUES (" + tenant + ", 'Mask', 15000) RETURNING id");
        dsl.execute("INSERT INTO stock_moves (tenant_id, product_id, delta, kind) VALUES (" + tenant + ", " + product + ", 100000, 'delivery')");
        for (int i = 0; i < 25; i++) {
            clients.add(id("INSERT INTO clients (tenant_id, name, phone) VALUES (" + tenant + ", 'Client " + i + "', '+38050000" + (1000 + i)
                    + "') RETURNING id"));
        }
        // weeks: Monday–Saturday 09:00–19:00 for all; Vira also Sunday 01:00–05:00 (through the missing hour of 30 March 2031)
        for (long m : masters) {
            Map<Integer, LocalTime[]> w = new HashMap<>();
            for (int wd = 1; wd <= 6; wd++) {
                w.put(wd, new LocalTime[]{LocalTime.of(9, 0), LocalTime.of(19, 0)});
            }
            if (m == masters.get(2)) {
                w.put(7, new LocalTime[]{LocalTime.of(1, 0), LocalTime.of(5, 0)});
            }
            weeks.put(m, w);
            for (Map.Entry<Integer, LocalTime[]> e : w.entrySet()) {
                dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) VALUES (?, ?, ?, ?, ?)",
                        tenant, m, e.getKey(), e.getValue()[0], e.getValue()[1]);
            }
            ownDays.put(m, new HashMap<>());
        }
        // single days: Anna off on 2 April, Bohdan two intervals on 26 March
        ownDay(masters.get(0), LocalDate.of(2031, 4, 2));
        ownDay(masters.get(1), LocalDate.of(2031, 3, 26), LocalTime.of(8, 0), LocalTime.of(12, 0), LocalTime.of(14, 0), LocalTime.of(22, 30));
        today = new TillRepository(dsl).today(tenant);

        Random rnd = new Random(35);
        write(rnd, SPRING.from().minusDays(40), SPRING.to().plusDays(30), 0.12);
        write(rnd, today.minusDays(6), today.plusDays(6), 0.2);
        // the night of the clock change: 23:30 the day before, 00:10, 01:30, 02:59 and 03:00 (= 04:00 local), 23:50
        long c = clients.get(0);
        for (String t : List.of("2031-03-29T23:30:00+02:00", "2031-03-30T00:10:00+02:00", "2031-03-30T01:30:00+02:00",
                "2031-03-30T02:00:00+02:00", "2031-03-30T04:00:00+03:00", "2031-03-30T23:50:00+03:00")) {
            book(masters.get(2), c, null, null, "completed", "form", OffsetDateTime.parse(t).toInstant(), 20);
        }
        cancellations(rnd);
        sell(rnd);
        remind(rnd);
        timeOff(rnd);
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @Test
    void everyFigureOfTheDaylightSavingPeriodIsItsBruteForceOverTheRawRows() {
        compare(SPRING);
        ReportPeriod night = new ReportPeriod(LocalDate.of(2031, 3, 30), LocalDate.of(2031, 3, 30));
        compare(night);
        // Vira's Sunday hours (01:00–05:00, three hours that night) lie wholly in her time off: no working time (migration 59)
        assertEquals(0, reports.report(tenant, night).masters().stream().filter(m -> m.masterId() == masters.get(2)).findFirst().orElseThrow()
                .workingMinutes());
    }

    @Test
    void everyFigureOfThePeriodAroundTodayWithItsRefundsAndVoidsIsItsBruteForce() {
        compare(new ReportPeriod(today.minusDays(6), today.plusDays(6)));
        compare(ReportPeriod.day(today));
    }

    @Test
    void theDrillDownListsExactlyTheBookingsAndSalesAFigureCounts() {
        for (ReportPeriod p : List.of(SPRING, new ReportPeriod(today.minusDays(6), today.plusDays(6)))) {
            SalonReport r = reports.report(tenant, p);
            DayFigures t = r.total();
            assertEquals(t.bookings(), reports.bookingsBehind(tenant, p, Figure.BOOKINGS).size());
            assertEquals(t.cancelled(), reports.bookingsBehind(tenant, p, Figure.CANCELLED).size());
            assertEquals(t.lateCancelled(), reports.bookingsBehind(tenant, p, Figure.LATE_CANCELLED).size());
            assertEquals(t.noShows(), reports.bookingsBehind(tenant, p, Figure.NO_SHOWS).size());
            assertEquals(t.online(), reports.bookingsBehind(tenant, p, Figure.ONLINE).size());
            assertEquals(t.waitlist(), reports.bookingsBehind(tenant, p, Figure.WAITLIST).size());
            assertEquals(t.desk(), reports.bookingsBehind(tenant, p, Figure.DESK).size());
            assertTrue(t.visits() <= reports.bookingsBehind(tenant, p, Figure.VISITS).size());
            assertEquals(t.sales(), reports.salesBehind(tenant, p).size());
            assertEquals(t.ticketMinor(), reports.salesBehind(tenant, p).stream().mapToLong(s -> s.totalMinor() - s.tipsMinor()).sum());
        }
    }

    private static void compare(ReportPeriod p) {
        SalonReport r = reports.report(tenant, p);
        // the chain's view (one statement per figure for many salons) reads the same figures; an unknown salon left out
        assertEquals(List.of(r), reports.reports(List.of(tenant, Long.MAX_VALUE, tenant), p));
        assertEquals(p.days(), r.days().size());
        Instant from = p.from().atStartOfDay(KYIV).toInstant();
        Instant to = p.to().plusDays(1).atStartOfDay(KYIV).toInstant();
        for (DayFigures d : r.days()) {
            assertEquals(bruteDay(d.day()), d, "the figures of " + d.day());
        }
        assertEquals(bruteClients(from, to, p), r.clients(), "the clients of " + p);
        assertEquals(bruteMasters(p), r.masters().stream().sorted((a, b) -> Long.compare(a.masterId(), b.masterId())).toList(),
                "the masters of " + p);
        List<ServiceFigures> expected = bruteServices(p);
        assertEquals(new HashSet<>(expected), new HashSet<>(r.services()), "the services of " + p);
        assertEquals(expected.size(), r.services().size());
        // the parts add up to the whole
        assertEquals(r.total().bookings(), r.services().stream().mapToInt(ServiceFigures::bookings).sum());
        assertEquals(r.total().servicesMinor(), r.services().stream().mapToLong(ServiceFigures::servicesMinor).sum());
        assertEquals(r.total().bookings(), r.masters().stream().mapToInt(MasterFigures::bookings).sum());
        assertEquals(r.total().busyMinutes(), r.masters().stream().mapToInt(MasterFigures::busyMinutes).sum());
        assertEquals(r.total().workingMinutes(), r.masters().stream().mapToInt(MasterFigures::workingMinutes).sum());
        assertEquals(r.total().bookings(), r.total().online() + r.total().waitlist() + r.total().desk());
        assertTrue(r.total().bookings() > 0 || p.days() == 1, "the period has bookings: " + p);
    }

    // ---- the brute force -------------------------------------------------------------------------------------------

    private static LocalDate day(Instant i) {
        return i.atZone(KYIV).toLocalDate();
    }

    private static boolean busy(B b) {
        return Set.of("pending", "confirmed", "arrived", "completed").contains(b.status);
    }

    private static boolean attended(B b) {
        return b.status.equals("arrived") || b.status.equals("completed");
    }

    private static boolean late(B b) {
        Instant at = cancelledAt.get(b.id);
        return b.status.equals("cancelled") && at != null && at.isAfter(b.start.minus(Duration.ofHours(LATE_HOURS)));
    }

    private static String visitKey(B b) {
        return day(b.start) + ":" + b.client + ":" + (b.visit != null ? "v" + b.visit : "b" + b.id);
    }

    private static DayFigures bruteDay(LocalDate d) {
        List<B> of = bookings.stream().filter(b -> day(b.start).equals(d)).toList();
        Predicate<B> counted = b -> !b.status.equals("cancelled");
        int booked = (int) of.stream().filter(counted).count();
        int online = (int) of.stream().filter(counted).filter(b -> b.source.equals("online")).count();
        int waitlist = (int) of.stream().filter(counted).filter(b -> b.source.equals("waitlist")).count();
        long[] money = new long[4];
        int nSales = 0;
        long ticket = 0;
        for (Sale s : sales) {
            if (!s.day.equals(d) || voided.contains(s.id)) {
                continue;
            }
            nSales++;
            ticket += s.total - s.lines.stream().filter(l -> l.kind.equals("tip")).mapToLong(Line::amount).sum();
            for (Line l : s.lines) {
                money[kind(l.kind)] += l.amount;
            }
        }
        for (Refund f : refunds) {
            if (f.day.equals(d)) {
                money[kind(f.line.kind)] -= f.amount;
            }
        }
        int sent = 0, conf = 0;
        for (Object[] m : reminders) {
            if (day((Instant) m[1]).equals(d)) {
                sent++;
                if (confirmed.contains((Long) m[0])) {
                    conf++;
                }
            }
        }
        int working = 0;
        for (long m : masters) {
            boolean active = m != masters.get(3);
            boolean bookedThatDay = of.stream().anyMatch(b -> b.master == m && busy(b));
            if (active || bookedThatDay) {
                working += workingMinutes(m, d);
            }
        }
        return new DayFigures(d, booked, (int) of.stream().filter(b -> b.status.equals("cancelled")).count(),
                (int) of.stream().filter(ReportFiguresRandomizedTest::late).count(),
                (int) of.stream().filter(b -> b.status.equals("no_show")).count(),
                (int) of.stream().filter(ReportFiguresRandomizedTest::attended).map(ReportFiguresRandomizedTest::visitKey).distinct().count(),
                online, waitlist, booked - online - waitlist, money[0], money[1], money[2], money[3], nSales, ticket,
                of.stream().filter(ReportFiguresRandomizedTest::busy).mapToInt(B::minutes).sum(), working, sent, conf);
    }

    private static int kind(String k) {
        return List.of("service", "product", "tip", "rounding").indexOf(k);
    }

    private static int workingMinutes(long m, LocalDate d) {
        List<LocalTime[]> hours = ownDays.get(m).containsKey(d) ? ownDays.get(m).get(d)
                : weeks.get(m).containsKey(d.getDayOfWeek().getValue()) ? List.<LocalTime[]>of(weeks.get(m).get(d.getDayOfWeek().getValue()))
                : List.of();
        long minutes = 0;
        for (LocalTime[] h : hours) {
            // minute by minute: a minute of the hours counts unless some time off of hers covers it (time off is whole minutes)
            Instant end = d.atTime(h[1]).atZone(KYIV).toInstant();
            for (Instant t = d.atTime(h[0]).atZone(KYIV).toInstant(); t.isBefore(end); t = t.plusSeconds(60)) {
                Instant at = t;
                if (timeOff.getOrDefault(m, List.of()).stream().noneMatch(o -> !at.isBefore(o[0]) && at.isBefore(o[1]))) {
                    minutes++;
                }
            }
        }
        return (int) minutes;
    }

    private static ClientFigures bruteClients(Instant from, Instant to, ReportPeriod p) {
        List<B> in = bookings.stream().filter(b -> !b.start.isBefore(from) && b.start.isBefore(to) && attended(b)).toList();
        Set<Long> who = new HashSet<>();
        in.forEach(b -> who.add(b.client));
        int fresh = 0;
        for (long c : who) {
            if (bookings.stream().noneMatch(b -> b.client == c && attended(b) && b.start.isBefore(from))) {
                fresh++;
            }
        }
        Map<String, B> visits = new HashMap<>();
        in.forEach(b -> visits.putIfAbsent(visitKey(b), b));
        int rebooked = 0;
        for (B v : visits.values()) {
            LocalDate vd = day(v.start);
            if (bookings.stream().anyMatch(b -> b.client == v.client && !b.status.equals("cancelled") && day(b.start).isAfter(vd)
                    && !day(b.start).isAfter(vd.plusDays(7L * REBOOK_WEEKS)))) {
                rebooked++;
            }
        }
        return new ClientFigures(who.size(), fresh, who.size() - fresh, visits.size(), rebooked, REBOOK_WEEKS);
    }

    private static List<MasterFigures> bruteMasters(ReportPeriod p) {
        List<MasterFigures> out = new ArrayList<>();
        for (long m : masters.stream().sorted().toList()) {
            int bookingsOf = 0, noShows = 0, busyMin = 0, working = 0;
            Set<String> visitKeys = new HashSet<>();
            for (LocalDate d = p.from(); !d.isAfter(p.to()); d = d.plusDays(1)) {
                LocalDate dd = d;
                List<B> of = bookings.stream().filter(b -> b.master == m && day(b.start).equals(dd)).toList();
                bookingsOf += (int) of.stream().filter(b -> !b.status.equals("cancelled")).count();
                noShows += (int) of.stream().filter(b -> b.status.equals("no_show")).count();
                busyMin += of.stream().filter(ReportFiguresRandomizedTest::busy).mapToInt(B::minutes).sum();
                of.stream().filter(ReportFiguresRandomizedTest::attended).forEach(b -> visitKeys.add(visitKey(b)));
                if (m != masters.get(3) || of.stream().anyMatch(ReportFiguresRandomizedTest::busy)) {
                    working += workingMinutes(m, d);
                }
            }
            long servicesMinor = 0, tips = 0;
            for (Sale s : sales) {
                if (s.day.isBefore(p.from()) || s.day.isAfter(p.to()) || voided.contains(s.id)) {
                    continue;
                }
                for (Line l : s.lines) {
                    if (Objects.equals(l.master, m)) {
                        servicesMinor += l.kind.equals("service") ? l.amount : 0;
                        tips += l.kind.equals("tip") ? l.amount : 0;
                    }
                }
            }
            for (Refund f : refunds) {
                if (!f.day.isBefore(p.from()) && !f.day.isAfter(p.to()) && Objects.equals(f.line.master, m)) {
                    servicesMinor -= f.line.kind.equals("service") ? f.amount : 0;
                    tips -= f.line.kind.equals("tip") ? f.amount : 0;
                }
            }
            boolean shown = m != masters.get(3) || bookingsOf + noShows > 0
                    || bookings.stream().anyMatch(b -> b.master == m && !day(b.start).isBefore(p.from()) && !day(b.start).isAfter(p.to()))
                    || servicesMinor != 0 || tips != 0;
            if (shown) {
                out.add(new MasterFigures(m, masterNames.get(m), bookingsOf, visitKeys.size(), noShows, busyMin, working, servicesMinor, tips));
            }
        }
        return out;
    }

    private static List<ServiceFigures> bruteServices(ReportPeriod p) {
        Map<Long, int[]> count = new HashMap<>();
        Map<Long, long[]> money = new HashMap<>();
        Set<Long> seen = new HashSet<>();
        for (B b : bookings) {
            if (!day(b.start).isBefore(p.from()) && !day(b.start).isAfter(p.to()) && !b.status.equals("cancelled")) {
                count.computeIfAbsent(b.service, k -> new int[1])[0]++;
                seen.add(b.service);
            }
        }
        for (Sale s : sales) {
            if (s.day.isBefore(p.from()) || s.day.isAfter(p.to()) || voided.contains(s.id)) {
                continue;
            }
            for (Line l : s.lines) {
                if (l.kind.equals("service")) {
                    money.computeIfAbsent(l.service, k -> new long[1])[0] += l.amount;
                    seen.add(l.service);
                }
            }
        }
        for (Refund f : refunds) {
            if (!f.day.isBefore(p.from()) && !f.day.isAfter(p.to()) && f.line.kind.equals("service")) {
                money.computeIfAbsent(f.line.service, k -> new long[1])[0] -= f.amount;
                seen.add(f.line.service);
            }
        }
        List<ServiceFigures> out = new ArrayList<>();
        for (Long s : seen) {
            out.add(new ServiceFigures(s, s == null ? "" : serviceNames.get(s), count.getOrDefault(s, new int[1])[0],
                    money.getOrDefault(s, new long[1])[0]));
        }
        return out;
    }

    // ---- the raw rows ----------------------------------------------------------------------------------------------

    /**
     * Time off (written after the bookings: the rules refuse a booking in it, a report reads it as it is): random
     * intervals of 10 minutes to 30 hours in both periods, overlapping each other or not, in the hours or outside, and
     * Vira's through the missing hour of 30 March 2031 with another overlapping it.
     */
    private static void timeOff(Random rnd) {
        Instant night = OffsetDateTime.parse("2031-03-30T00:30:00+02:00").toInstant();
        off(masters.get(2), night, OffsetDateTime.parse("2031-03-30T04:30:00+03:00").toInstant());
        off(masters.get(2), OffsetDateTime.parse("2031-03-30T04:00:00+03:00").toInstant(), OffsetDateTime.parse("2031-03-30T09:10:00+03:00").toInstant());
        for (LocalDate first : List.of(SPRING.from().minusDays(1), today.minusDays(7))) {
            for (int i = 0; i < 10; i++) {
                long m = masters.get(rnd.nextInt(masters.size()));
                Instant start = first.atStartOfDay(KYIV).toInstant().plusSeconds(600L * rnd.nextInt(15 * 144));
                off(m, start, start.plusSeconds(600L * (1 + rnd.nextInt(180))));
            }
        }
    }

    private static void off(long master, Instant from, Instant to) {
        dsl.execute("INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at, reason) VALUES (?, ?, CAST(? AS timestamptz), CAST(? AS timestamptz), 'away')", tenant, master,
                from.atOffset(ZoneOffset.UTC), to.atOffset(ZoneOffset.UTC));
        timeOff.computeIfAbsent(master, k -> new ArrayList<>()).add(new Instant[]{from, to});
    }

    private static void ownDay(long master, LocalDate d, LocalTime... hours) {
        dsl.execute("INSERT INTO master_days (tenant_id, master_id, day) VALUES (?, ?, ?)", tenant, master, d);
        List<LocalTime[]> list = new ArrayList<>();
        for (int i = 0; i < hours.length; i += 2) {
            dsl.execute("INSERT INTO master_day_hours (tenant_id, master_id, day, starts_at, ends_at) VALUES (?, ?, ?, ?, ?)",
                    tenant, master, d, hours[i], hours[i + 1]);
            list.add(new LocalTime[]{hours[i], hours[i + 1]});
        }
        ownDays.get(master).put(d, list);
    }

    /** Random bookings, one hour-slot per master at most, some visits of two bookings with two masters at once. */
    private static void write(Random rnd, LocalDate first, LocalDate last, double p) {
        for (LocalDate d = first; !d.isAfter(last); d = d.plusDays(1)) {
            for (int hour = 8; hour < 21; hour++) {
                Set<Long> taken = new HashSet<>();
                for (long m : masters) {
                    if (taken.contains(m) || rnd.nextDouble() >= p) {
                        continue;
                    }
                    long client = clients.get(rnd.nextInt(clients.size()));
                    String status = STATUSES.get(rnd.nextInt(STATUSES.size()));
                    String source = SOURCES.get(rnd.nextInt(SOURCES.size()));
                    Instant start = d.atTime(hour, rnd.nextInt(4) * 10).atZone(KYIV).toInstant();
                    Long service = rnd.nextInt(5) == 0 ? null : services.get(rnd.nextInt(services.size()));
                    int minutes = service == null ? 15 + rnd.nextInt(4) * 5 : 60;
                    minutes = Math.min(minutes, 20);
                    Long visit = null;
                    long other = masters.get(rnd.nextInt(masters.size()));
                    if (rnd.nextInt(6) == 0 && other != m && !taken.contains(other) && (status.equals("arrived") || status.equals("completed"))) {
                        visit = id("INSERT INTO visits (tenant_id, client_id) VALUES (" + tenant + ", " + client + ") RETURNING id");
                        book(other, client, service, visit, status, source, start, minutes);
                        taken.add(other);
                    }
                    book(m, client, service, visit, status, source, start, minutes);
                    taken.add(m);
                }
            }
        }
    }

    private static void book(long master, long client, Long service, Long visit, String status, String source, Instant start, int minutes) {
        // the road is the database's: what the transaction declares (migration 28)
        long id = dsl.transactionResult(cfg -> {
            cfg.dsl().resultQuery("SELECT set_config('salondesk.source', ?, true)", source).fetch();
            return cfg.dsl().resultQuery("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, "
                    + "visit_id) VALUES (" + tenant + ", " + master + ", " + client + ", " + service + ", '" + OffsetDateTime.ofInstant(start, ZoneOffset.UTC)
                    + "', " + minutes + ", '" + status + "', " + visit + ") RETURNING id").fetchOne(0, Long.class);
        });
        assertEquals(source, dsl.resultQuery("SELECT source FROM bookings WHERE tenant_id = ? AND id = ?", tenant, id).fetchOne(0, String.class));
        bookings.add(new B(id, master, client, service, visit, status, source, start, minutes));
    }

    /** The database keeps when each was cancelled; the test moves those instants around the late-cancellation line. */
    private static void cancellations(Random rnd) {
        for (B b : bookings) {
            if (b.status.equals("cancelled")) {
                Instant at = b.start.minus(Duration.ofMinutes(rnd.nextInt(3 * 24 * 60))).plus(Duration.ofMinutes(rnd.nextInt(3) == 0 ? 60 : 0));
                if (rnd.nextInt(8) == 0) {
                    at = b.start.minus(Duration.ofHours(LATE_HOURS)); // exactly on the line: not late
                }
                dsl.execute("UPDATE booking_cancellations SET cancelled_at = CAST(? AS timestamptz) WHERE tenant_id = ? AND booking_id = ?",
                        OffsetDateTime.ofInstant(at, ZoneOffset.UTC), tenant, b.id);
                cancelledAt.put(b.id, at);
            }
        }
        assertEquals(cancelledAt.size(), count("SELECT count(*) FROM booking_cancellations WHERE tenant_id = " + tenant),
                "the database kept every cancellation");
        // a booking cancelled and reopened is not a cancellation any more
        B reopened = bookings.stream().filter(b -> b.status.equals("cancelled") && b.start.isAfter(Instant.now())).findFirst().orElseThrow();
        dsl.execute("UPDATE bookings SET status = 'confirmed' WHERE tenant_id = ? AND id = ?", tenant, reopened.id);
        bookings.set(bookings.indexOf(reopened), new B(reopened.id, reopened.master, reopened.client, reopened.service, reopened.visit,
                "confirmed", reopened.source, reopened.start, reopened.minutes));
        cancelledAt.remove(reopened.id);
    }

    private static void sell(Random rnd) {
        List<LocalDate> days = new ArrayList<>();
        for (LocalDate d = SPRING.from().minusDays(2); !d.isAfter(SPRING.to().plusDays(2)); d = d.plusDays(1)) {
            days.add(d);
        }
        for (LocalDate d = today.minusDays(6); !d.isAfter(today); d = d.plusDays(1)) {
            days.add(d);
        }
        for (int n = 0; n < 160; n++) {
            LocalDate d = days.get(rnd.nextInt(days.size()));
            int hour = d.equals(today) ? 0 : 8 + rnd.nextInt(12);
            Instant when = d.equals(today) ? Instant.now().minusSeconds(rnd.nextInt(60)) : d.atTime(hour, rnd.nextInt(60)).atZone(KYIV).toInstant();
            record(rnd, when);
        }
        // the night of the change, too: 00:30 and 23:30 of 30 March
        record(rnd, OffsetDateTime.parse("2031-03-30T00:30:00+02:00").toInstant());
        record(rnd, OffsetDateTime.parse("2031-03-30T23:30:00+03:00").toInstant());
        // voids (today's sales only), then refunds (dated today) of earlier and today's sales
        SaleRepository repo = new SaleRepository(dsl);
        for (Sale s : sales) {
            if (s.day.equals(today) && rnd.nextInt(3) == 0) {
                repo.voidSale(tenant, s.id, "a mistake").value();
                voided.add(s.id);
            }
        }
        for (int i = 0; i < 12; i++) {
            Sale s = sales.get(rnd.nextInt(sales.size()));
            if (voided.contains(s.id)) {
                continue;
            }
            long before = refunds.size();
            long amount = 10 + rnd.nextInt(2000) * 10L;
            if (amount < s.total - count("SELECT coalesce(sum(amount_minor), 0) FROM sale_refunds WHERE tenant_id = " + tenant
                    + " AND sale_id = " + s.id) && repo.refund(tenant, s.id, amount, PaymentMethod.CARD, "unhappy", UUID.randomUUID()).isDone()) {
                long refund = count("SELECT max(id) FROM sale_refunds WHERE tenant_id = " + tenant + " AND sale_id = " + s.id);
                dsl.resultQuery("SELECT rl.line_no, rl.amount_minor, r.business_day FROM sale_refund_lines rl JOIN sale_refunds r "
                        + "ON r.tenant_id = rl.tenant_id AND r.id = rl.refund_id WHERE rl.tenant_id = ? AND rl.refund_id = ?", tenant, refund)
                        .forEach(r -> refunds.add(new Refund(r.get(2, LocalDate.class), s.lines.get(r.get(0, Integer.class) - 1),
                                r.get(1, Long.class))));
                assertTrue(refunds.size() > before);
            }
        }
        // days a week ago are closed: read from what their closing kept
        TillRepository till = new TillRepository(dsl);
        for (LocalDate d = today.minusDays(7); d.isBefore(today.minusDays(3)); d = d.plusDays(1)) {
            if (count("SELECT count(*) FROM till_days WHERE tenant_id = " + tenant + " AND day = '" + d + "'") > 0) {
                till.close(tenant, d, count("SELECT till_expected_cash(" + tenant + ", '" + d + "')"), "").value();
            }
        }
        assertTrue(count("SELECT count(*) FROM takings_closed_days WHERE tenant_id = " + tenant) > 0);
    }

    /** A sale recorded at {@code when} by the owner: service lines, maybe products and a tip, paid in card. */
    private static void record(Random rnd, Instant when) {
        List<Line> lines = new ArrayList<>();
        int n = 1 + rnd.nextInt(2);
        for (int i = 0; i < n; i++) {
            lines.add(new Line("service", masters.get(rnd.nextInt(masters.size())), services.get(rnd.nextInt(2)),
                    10_000 + rnd.nextInt(50) * 1_000L));
        }
        if (rnd.nextBoolean()) {
            lines.add(new Line("product", rnd.nextBoolean() ? masters.get(0) : null, null, 15_000L * (1 + rnd.nextInt(2))));
        }
        if (rnd.nextBoolean()) {
            lines.add(new Line("tip", masters.get(rnd.nextInt(3)), null, 500L + rnd.nextInt(10) * 100));
        }
        long total = lines.stream().mapToLong(Line::amount).sum();
        long sale = dsl.transactionResult(cfg -> {
            DSLContext tx = cfg.dsl();
            long s = tx.resultQuery("INSERT INTO sales (tenant_id, total_minor, sold_at, client_id) VALUES (?, ?, CAST(? AS timestamptz), ?) RETURNING id", tenant, total,
                    OffsetDateTime.ofInstant(when, ZoneOffset.UTC), clients.get(rnd.nextInt(clients.size()))).fetchOne(0, Long.class);
            int no = 0;
            for (Line l : lines) {
                no++;
                switch (l.kind) {
                    case "service" -> tx.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, service_id, master_id, description, "
                            + "unit_price_minor, price_reason, amount_minor) VALUES (?, ?, ?, 'service', ?, ?, 'custom', ?, 'agreed', ?)",
                            tenant, s, no, l.service, l.master, l.amount, l.amount);
                    case "product" -> tx.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, product_id, master_id, quantity, "
                            + "unit_price_minor, amount_minor) VALUES (?, ?, ?, 'product', ?, ?, ?, 15000, ?)", tenant, s, no, product, l.master,
                            (int) (l.amount / 15_000), l.amount);
                    default -> tx.execute("INSERT INTO sale_lines (tenant_id, sale_id, line_no, kind, master_id, unit_price_minor, amount_minor) "
                            + "VALUES (?, ?, ?, 'tip', ?, ?, ?)", tenant, s, no, l.master, l.amount, l.amount);
                }
            }
            tx.execute("INSERT INTO sale_payments (tenant_id, sale_id, payment_no, method, amount_minor) VALUES (?, ?, 1, 'card', ?)", tenant, s, total);
            return s;
        });
        sales.add(new Sale(sale, dsl.resultQuery("SELECT business_day FROM sales WHERE tenant_id = ? AND id = ?", tenant, sale)
                .fetchOne(0, LocalDate.class), total, lines));
        assertEquals(day(when), sales.get(sales.size() - 1).day, "a sale's day is the salon's local day of its instant");
    }

    /** Reminders sent at random instants (and some failed), bookings confirmed by their client at random. */
    private static void remind(Random rnd) {
        for (B b : bookings) {
            if (rnd.nextInt(3) != 0) {
                continue;
            }
            Instant sent = b.start.minus(Duration.ofHours(1 + rnd.nextInt(48)));
            boolean ok = rnd.nextInt(5) != 0;
            dsl.execute("INSERT INTO messages (tenant_id, booking_id, kind, lead_min, about_start, planned_at, due_at, state, sent_at) "
                            + "VALUES (?, ?, 'reminder', 1440, CAST(? AS timestamptz), CAST(? AS timestamptz), CAST(? AS timestamptz), ?, CAST(? AS timestamptz))", tenant, b.id, OffsetDateTime.ofInstant(b.start, ZoneOffset.UTC),
                    OffsetDateTime.ofInstant(sent, ZoneOffset.UTC), OffsetDateTime.ofInstant(sent, ZoneOffset.UTC), ok ? "sent" : "failed",
                    ok ? OffsetDateTime.ofInstant(sent, ZoneOffset.UTC) : null);
            if (ok) {
                reminders.add(new Object[]{b.id, sent});
            }
            if (rnd.nextBoolean()) {
                dsl.execute("UPDATE bookings SET client_confirmed_at = now() WHERE tenant_id = ? AND id = ?", tenant, b.id);
                confirmed.add(b.id);
            }
        }
        // a confirmation read from the booking, whatever its reminder's state
        assertTrue(reminders.stream().anyMatch(m -> confirmed.contains((Long) m[0])));
    }

    private static long id(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }

    private static long count(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }
}
