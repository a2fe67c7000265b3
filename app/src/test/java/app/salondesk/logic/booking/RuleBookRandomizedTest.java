package app.salondesk.logic.booking;

import app.salondesk.db.TestPostgres;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Shape;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
import app.salondesk.model.booking.VisitSequence;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rule book ({@code booking_problem}, {@code master_hours}) against an independent model of
 * the rules written here in Java, on random salons: weeks that change from a date on, breaks,
 * single days with their own hours or none, time off, bookings, masters' own service lengths —
 * around both daylight-saving changes of the salon's zone. And the two other readers of the
 * rules: the fast insert writes exactly when the rule book says yes, and every start the
 * free-slot search offers is one the rule book accepts.
 *
 * <p>The model's one convention beyond the obvious: a wall-clock time that happens twice on
 * the night the clocks go back means its second occurrence, as PostgreSQL reads it; one that
 * does not exist on the night they go forward means the instant an hour later on the clock.
 */
class RuleBookRandomizedTest {

    private static final ZoneId KYIV = ZoneId.of("Europe/Kyiv");
    /** A zone whose clocks change at midnight: 23:00–23:59 happens twice on the last Thursday of October. */
    private static final ZoneId CAIRO = ZoneId.of("Africa/Cairo");

    /** A salon's zone and the first of the days around one of its clock changes. */
    private record Window(ZoneId zone, LocalDate first) {
    }

    /**
     * The changes of 2030: Kyiv's in spring (31 March, 03:00 → 04:00) and autumn (27 October, 04:00 →
     * 03:00); Cairo's at midnight, in autumn (31 October, 24:00 → 23:00: the hour before midnight
     * twice) and spring (26 April, 00:00 → 01:00).
     */
    private static final Window[] WINDOWS = {new Window(KYIV, LocalDate.of(2030, 3, 29)), new Window(CAIRO, LocalDate.of(2030, 10, 29)),
            new Window(KYIV, LocalDate.of(2030, 10, 25)), new Window(CAIRO, LocalDate.of(2030, 4, 24))};
    private static final int WINDOW_DAYS = 5;
    /** The week in force "always": migration 11's first valid_from. */
    private static final LocalDate FIRST_WEEK = LocalDate.of(1900, 1, 1);
    private static final int SCHEDULES = 6;
    private static final int REQUESTS = 250;

    private static Backend backend;
    private static DSLContext dsl;

    @BeforeAll
    static void database() {
        backend = Backend.connect(TestPostgres.migratedDatabase("rulebook"), 3);
        dsl = backend.dsl();
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    /** The model of one random salon, and the same salon written into the database. */
    static final class Salon {
        final long tenant;
        final ZoneId zone;
        final LocalDate first;
        final List<Long> masters = new ArrayList<>();
        final Set<Long> inactive = new HashSet<>();
        final List<Long> services = new ArrayList<>();
        final Map<Long, Integer> serviceMinutes = new HashMap<>();
        /** a service's phases (signed minutes: busy > 0, processing < 0; null: one busy phase) and cleanup */
        final Map<Long, int[]> servicePhases = new HashMap<>();
        final Map<Long, Integer> serviceCleanup = new HashMap<>();
        /** master|service -> the master's own phases and cleanup (absent: the service's) */
        final Map<String, int[]> ownPhases = new HashMap<>();
        final Map<String, Integer> ownCleanup = new HashMap<>();
        final Set<Long> retired = new HashSet<>();
        /** master|service -> the master's own minutes (null: the service's) */
        final Map<String, Integer> offered = new HashMap<>();
        final Map<Long, TreeMap<LocalDate, Map<Integer, List<LocalTime[]>>>> weeks = new HashMap<>();
        final Map<Long, Map<LocalDate, List<LocalTime[]>>> days = new HashMap<>();
        final Map<Long, List<Instant[]>> timeOff = new HashMap<>();
        /** active bookings: id -> {master, start, end, busy intervals (List<Instant[]>)} */
        final Map<Long, Object[]> bookings = new HashMap<>();
        final long client;
        /** rooms and equipment: id -> capacity; service -> the resources it needs (migration 19) */
        final Map<Long, Integer> capacity = new HashMap<>();
        final Map<Long, List<Long>> needs = new HashMap<>();
        /** the units the database gave the active bookings: {resource, unit, start, end} */
        final List<Object[]> holds = new ArrayList<>();
        /** services that need a patch test passed within so many days (issue 36); the client's tests: {day, result}, in the order made */
        final Map<Long, Integer> patchDays = new HashMap<>();
        final List<Object[]> patchTests = new ArrayList<>();

        Salon(Random rnd, int n) {
            this(rnd, n, 14);
        }

        /** {@code perMaster}: the bookings tried for each master over the window (some are refused, some not active). */
        Salon(Random rnd, int n, int perMaster) {
            zone = WINDOWS[n % WINDOWS.length].zone();
            first = WINDOWS[n % WINDOWS.length].first();
            tenant = id("INSERT INTO tenants (name, time_zone) VALUES ('Random " + n + "', '" + zone.getId() + "') RETURNING id");
            client = id("INSERT INTO clients (tenant_id, name) VALUES (" + tenant + ", 'Client') RETURNING id");
            for (int s = 0; s < 3; s++) {
                int[] phases = rnd.nextInt(3) == 0 ? null : randomPhases(rnd);
                int minutes = phases == null ? 15 * (1 + rnd.nextInt(8)) : IntStream.of(phases).map(Math::abs).sum();
                int cleanup = rnd.nextInt(3) == 0 ? 5 * (1 + rnd.nextInt(4)) : 0;
                boolean sold = s != 2 || rnd.nextBoolean();
                long id = id("INSERT INTO services (tenant_id, name, duration_min, active, phases, cleanup_min) VALUES (" + tenant + ", 'S" + s
                        + "', " + minutes + ", " + sold + ", " + array(phases) + ", " + cleanup + ") RETURNING id");
                services.add(id);
                if (!sold) {
                    retired.add(id);
                }
                serviceMinutes.put(id, minutes);
                servicePhases.put(id, phases);
                serviceCleanup.put(id, cleanup);
            }
            // one chair and two stations; each service needs the chair, the stations, both or neither
            long chair = id("INSERT INTO resources (tenant_id, name) VALUES (" + tenant + ", 'Chair') RETURNING id");
            long stations = id("INSERT INTO resources (tenant_id, name, capacity) VALUES (" + tenant + ", 'Stations', 2) RETURNING id");
            capacity.put(chair, 1);
            capacity.put(stations, 2);
            for (long service : services) {
                List<Long> needed = new ArrayList<>();
                for (long r : List.of(chair, stations)) {
                    if (rnd.nextInt(5) < 2) {
                        dsl.execute("INSERT INTO service_resources (tenant_id, service_id, resource_id) VALUES (" + tenant + ", " + service
                                + ", " + r + ")");
                        needed.add(r);
                    }
                }
                needs.put(service, needed);
            }
            for (int m = 0; m < 3; m++) {
                boolean active = m != 2 || rnd.nextBoolean();
                long id = id("INSERT INTO masters (tenant_id, name, active) VALUES (" + tenant + ", 'M" + m + "', " + active + ") RETURNING id");
                masters.add(id);
                if (!active) {
                    inactive.add(id);
                }
                for (long service : services) {
                    if (rnd.nextInt(3) > 0) {
                        int[] phases = rnd.nextInt(5) == 0 ? randomPhases(rnd) : null;
                        Integer own = phases != null ? Integer.valueOf(IntStream.of(phases).map(Math::abs).sum())
                                : rnd.nextInt(3) == 0 ? 15 * (1 + rnd.nextInt(6)) : null;
                        Integer cleanup = rnd.nextInt(5) == 0 ? 5 * rnd.nextInt(4) : null;
                        dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id, duration_min, phases, cleanup_min) VALUES ("
                                + tenant + ", " + id + ", " + service + ", " + own + ", " + array(phases) + ", " + cleanup + ")");
                        offered.put(id + "|" + service, own);
                        if (phases != null && !(phases.length == 1 && phases[0] > 0)) {
                            ownPhases.put(id + "|" + service, phases);
                        }
                        if (cleanup != null) {
                            ownCleanup.put(id + "|" + service, cleanup);
                        }
                    }
                }
                weeks.put(id, new TreeMap<>());
                week(rnd, id, FIRST_WEEK);
                if (rnd.nextBoolean()) {
                    week(rnd, id, first.plusDays(rnd.nextInt(WINDOW_DAYS)));
                }
                days.put(id, new HashMap<>());
                for (int d = 0; d < WINDOW_DAYS; d++) {
                    if (rnd.nextInt(4) == 0) {
                        LocalDate day = first.plusDays(d);
                        List<LocalTime[]> intervals = intervals(rnd);
                        dsl.execute("SELECT salondesk_set_day(?, ?, ?, CAST(? AS time[]), CAST(? AS time[]), '')", tenant, id, day,
                                intervals.stream().map(i -> i[0]).toArray(LocalTime[]::new), intervals.stream().map(i -> i[1]).toArray(LocalTime[]::new));
                        days.get(id).put(day, intervals);
                    }
                }
                timeOff.put(id, new ArrayList<>());
                for (int t = rnd.nextInt(3); t > 0; t--) {
                    Instant s = instant(first.plusDays(rnd.nextInt(WINDOW_DAYS)), LocalTime.of(6 + rnd.nextInt(14), 15 * rnd.nextInt(4)));
                    Instant e = s.plus(Duration.ofMinutes(30L + 30 * rnd.nextInt(10)));
                    dsl.execute("INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at) VALUES (?, ?, CAST(? AS timestamptz), CAST(? AS timestamptz))",
                            tenant, id, s.atOffset(ZoneOffset.UTC), e.atOffset(ZoneOffset.UTC));
                    timeOff.get(id).add(new Instant[]{s, e});
                }
                for (int b = 0; b < perMaster; b++) {
                    Instant s = instant(first.plusDays(rnd.nextInt(WINDOW_DAYS)), LocalTime.of(7 + rnd.nextInt(13), 15 * rnd.nextInt(4)));
                    // half of them of a service, with its phases and cleanup as the database gives them
                    Long service = rnd.nextBoolean() ? services.get(rnd.nextInt(services.size())) : null;
                    int minutes = service != null && rnd.nextBoolean() ? lengthOf(id, service) : 15 * (1 + rnd.nextInt(8));
                    Shape shape = service == null ? Shape.PLAIN : shape(id, service);
                    String status = List.of("confirmed", "pending", "arrived", "cancelled", "no_show", "completed").get(rnd.nextInt(6));
                    try {
                        long bid = id("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                                + tenant + ", " + id + ", " + client + ", " + service + ", '" + s + "', " + minutes + ", '" + status + "') RETURNING id");
                        assertTrue(shape.fits(minutes), "the database made a booking its shape cannot last");
                        if (BookingStatus.fromDb(status).holdsTime()) {
                            bookings.put(bid, new Object[]{id, s, s.plus(Duration.ofMinutes(minutes)), shape.busy(s, minutes)});
                        }
                    } catch (DataAccessException refused) {
                        // the busy time is taken (23P01), or the shape cannot last that long (22023)
                        assertTrue("23P01".equals(refused.sqlState()) || ("22023".equals(refused.sqlState()) && !shape.fits(minutes)),
                                refused.sqlState() + " " + refused.getMessage());
                    }
                }
            }
            readHolds();
        }

        /**
         * Issue 36: some services need a patch test passed within 14, 30 or 90 days, and the client has a
         * few tests (passed, failed, not read yet) around the window. Set after the bookings were made (the
         * database asks a test of a booking when it is written, not of those made before).
         */
        void addPatchTests(Random rnd) {
            for (long s : services) {
                if (rnd.nextInt(2) == 0) {
                    int days = List.of(14, 30, 90).get(rnd.nextInt(3));
                    dsl.execute("UPDATE services SET patch_test_days = " + days + " WHERE tenant_id = " + tenant + " AND id = " + s);
                    patchDays.put(s, days);
                }
            }
            for (int t = rnd.nextInt(4); t > 0; t--) {
                LocalDate on = first.plusDays(rnd.nextInt(WINDOW_DAYS + 40) - 40);
                String result = List.of("pass", "pass", "fail", "pending").get(rnd.nextInt(4));
                dsl.execute("INSERT INTO patch_tests (tenant_id, client_id, tested_on, result) VALUES (" + tenant + ", " + client + ", '" + on
                        + "', '" + result + "')");
                patchTests.add(new Object[]{on, result});
            }
        }

        /**
         * The model of the patch test rule: the client's last concluded test (pass or fail) on or before the
         * day — the later made of two on one day — must be a pass at most {@code days} before it; only tests
         * not read yet, or none, do not do.
         */
        boolean patchTestDoes(LocalDate day, int days) {
            Object[] last = null;
            for (Object[] t : patchTests) {
                LocalDate on = (LocalDate) t[0];
                if (!on.isAfter(day) && !"pending".equals(t[1]) && (last == null || !on.isBefore((LocalDate) last[0]))) {
                    last = t;
                }
            }
            return last != null && "pass".equals(last[1]) && !((LocalDate) last[0]).isBefore(day.minusDays(days));
        }

        /** The units the database handed out, read back as the state the model's rule is asked against. */
        void readHolds() {
            holds.clear();
            dsl.resultQuery("SELECT resource_id, unit, lower(during), upper(during) FROM booking_resources WHERE tenant_id = ?", tenant)
                    .forEach(r -> holds.add(new Object[]{r.get(0, Long.class), r.get(1, Integer.class),
                            r.get(2, java.time.OffsetDateTime.class).toInstant(), r.get(3, java.time.OffsetDateTime.class).toInstant()}));
        }

        /** Whether some resource the service needs has no unit free over [start, end): the rule resource_taken. */
        boolean resourceTaken(Long service, Instant start, Instant end) {
            if (service == null) {
                return false;
            }
            for (long r : needs.getOrDefault(service, List.of())) {
                boolean free = false;
                for (int u = 1; u <= capacity.get(r) && !free; u++) {
                    int unit = u;
                    free = holds.stream().noneMatch(h -> (long) h[0] == r && (int) h[1] == unit
                            && ((Instant) h[2]).isBefore(end) && start.isBefore((Instant) h[3]));
                }
                if (!free) {
                    return true;
                }
            }
            return false;
        }

        private void week(Random rnd, long master, LocalDate from) {
            Map<Integer, List<LocalTime[]>> week = new HashMap<>();
            for (int weekday = 1; weekday <= 7; weekday++) {
                List<LocalTime[]> intervals = rnd.nextInt(5) == 0 ? List.of() : intervals(rnd);
                week.put(weekday, intervals);
                dsl.execute("SELECT salondesk_set_week_day(?, ?, CAST(? AS date), ?, CAST(? AS time[]), CAST(? AS time[]))", tenant, master,
                        from.toString(), weekday,
                        intervals.stream().map(i -> i[0]).toArray(LocalTime[]::new), intervals.stream().map(i -> i[1]).toArray(LocalTime[]::new));
            }
            weeks.get(master).put(from, week);
        }

        /** One to three intervals with breaks between them, on a 15-minute grid, some at night. */
        private static List<LocalTime[]> intervals(Random rnd) {
            List<LocalTime[]> out = new ArrayList<>();
            int at = rnd.nextInt(6) == 0 ? 60 * (1 + rnd.nextInt(4)) : 60 * (7 + rnd.nextInt(4));
            for (int k = 1 + rnd.nextInt(3); k > 0 && at < 23 * 60; k--) {
                int length = 15 * (2 + rnd.nextInt(20));
                int end = Math.min(at + length, 24 * 60 - 15);
                out.add(new LocalTime[]{LocalTime.of(at / 60, at % 60), LocalTime.of(end / 60, end % 60)});
                at = end + 15 * (1 + rnd.nextInt(6));
            }
            return out;
        }

        /** The length of a service with this master: her own, else the service's. */
        int lengthOf(long master, long service) {
            Integer own = offered.get(master + "|" + service);
            return own != null ? own : serviceMinutes.get(service);
        }

        /** The shape of a service with this master: her own phases and cleanup, else the service's. */
        Shape shape(long master, long service) {
            String key = master + "|" + service;
            int[] phases = ownPhases.containsKey(key) ? ownPhases.get(key) : servicePhases.get(service);
            int cleanup = ownCleanup.containsKey(key) ? ownCleanup.get(key) : serviceCleanup.get(service);
            return new Shape(phases, cleanup);
        }

        List<LocalTime[]> hoursOn(long master, LocalDate day) {
            List<LocalTime[]> own = days.get(master).get(day);
            if (own != null) {
                return own;
            }
            Map.Entry<LocalDate, Map<Integer, List<LocalTime[]>>> week = weeks.get(master).floorEntry(day);
            return week == null ? List.of() : week.getValue().getOrDefault(day.getDayOfWeek().getValue(), List.of());
        }

        /** Brute force: every free start of the master's day for a booking of {@code minutes}, in time order. */
        List<Instant> freeStarts(long master, Long service, int minutes, int step, LocalDate day) {
            if (inactive.contains(master) || (service != null && retired.contains(service))) {
                return List.of();
            }
            Shape shape = service == null ? Shape.PLAIN : shape(master, service);
            if (!shape.fits(minutes) || minutes + shape.cleanup() > 720) {
                return List.of();
            }
            List<Instant> out = new ArrayList<>();
            for (LocalTime[] interval : hoursOn(master, day)) {
                Instant from = instant(day, interval[0]);
                Instant to = instant(day, interval[1]);
                for (Instant s = from; !s.plus(Duration.ofMinutes(minutes + shape.cleanup())).isAfter(to); s = s.plus(Duration.ofMinutes(step))) {
                    List<Instant[]> busy = shape.busy(s, minutes);
                    boolean free = timeOff.get(master).stream().noneMatch(o -> meets(List.<Instant[]>of(o), busy))
                            && bookings.values().stream().noneMatch(b -> (long) b[0] == master && meets(busyOf(b), busy))
                            && !resourceTaken(service, s, s.plus(Duration.ofMinutes(minutes + shape.cleanup())));
                    if (free) {
                        out.add(s);
                    }
                }
            }
            out.sort(null);
            return out;
        }

        /** A day of the master's own hours, in the database and the model. */
        void setDay(long master, LocalDate day, List<LocalTime[]> intervals) {
            dsl.execute("SELECT salondesk_set_day(?, ?, ?, CAST(? AS time[]), CAST(? AS time[]), '')", tenant, master, day,
                    intervals.stream().map(i -> i[0]).toArray(LocalTime[]::new), intervals.stream().map(i -> i[1]).toArray(LocalTime[]::new));
            days.get(master).put(day, intervals);
        }

        /** Whether [start, start + minutes) lies within the span of another booking of the master (so in its gap). */
        boolean insideAGap(long master, Instant start, int minutes) {
            Instant end = start.plus(Duration.ofMinutes(minutes));
            return bookings.values().stream().anyMatch(b -> (long) b[0] == master
                    && ((Instant) b[1]).isBefore(end) && ((Instant) b[2]).isAfter(start));
        }

        /**
         * The model's placement of a visit's parts, in minutes after the first: when the client is
         * free (the part before has ended), and not before an earlier part of the same master has
         * been cleaned up after, nor before a room an earlier part held has been.
         */
        List<Integer> placement(List<Long> masters, List<Long> services, List<Integer> lengths) {
            List<Integer> out = new ArrayList<>();
            for (int i = 0; i < masters.size(); i++) {
                int at = i == 0 ? 0 : out.get(i - 1) + lengths.get(i - 1);
                for (int j = 0; j < i; j++) {
                    boolean sameMaster = masters.get(j).equals(masters.get(i));
                    boolean sameRoom = services.get(j) != null && services.get(i) != null && needs.get(services.get(j)).stream()
                            .anyMatch(needs.get(services.get(i))::contains);
                    if (sameMaster || sameRoom) {
                        at = Math.max(at, out.get(j) + lengths.get(j) + cleanupOf(masters.get(j), services.get(j)));
                    }
                }
                out.add(at);
            }
            return out;
        }

        int cleanupOf(long master, Long service) {
            return service == null ? 0 : shape(master, service).cleanup();
        }

        /**
         * Whether the model books every part of a visit at these starts, one after the other: each
         * part asked of the model's rule book, then added as a booking (its busy time) and its holds
         * (the lowest unit of each room free for its whole hold). The model is left as it was.
         */
        boolean visitFits(List<Long> masters, List<Long> services, List<Integer> lengths, List<Instant> starts, Instant now) {
            List<Long> added = new ArrayList<>();
            int heldBefore = holds.size();
            try {
                for (int i = 0; i < masters.size(); i++) {
                    long master = masters.get(i);
                    Long service = services.get(i);
                    Instant start = starts.get(i);
                    if (expected(master, client, service, start, service != null ? null : lengths.get(i), false, false, true, true, now) != null) {
                        return false;
                    }
                    int length = lengths.get(i);
                    Shape shape = service == null ? Shape.PLAIN : shape(master, service);
                    long id = -1L - added.size();
                    bookings.put(id, new Object[]{master, start, start.plus(Duration.ofMinutes(length)), shape.busy(start, length)});
                    added.add(id);
                    Instant end = start.plus(Duration.ofMinutes(length + shape.cleanup()));
                    for (long res : service == null ? List.<Long>of() : needs.get(service).stream().sorted().toList()) {
                        for (int u = 1; u <= capacity.get(res); u++) {
                            int unit = u;
                            if (holds.stream().noneMatch(h -> (long) h[0] == res && (int) h[1] == unit
                                    && ((Instant) h[2]).isBefore(end) && start.isBefore((Instant) h[3]))) {
                                holds.add(new Object[]{res, u, start, end});
                                break;
                            }
                        }
                    }
                }
                return true;
            } finally {
                added.forEach(bookings::remove);
                holds.subList(heldBefore, holds.size()).clear();
            }
        }

        /** What kind of visit this is, for the test's own count of what it compared. */
        String kind(List<Long> masters, List<Long> services, List<Integer> offs, List<Integer> lengths) {
            boolean pulled = !placement(masters, services, lengths).equals(offs);
            boolean roomTwice = false;
            boolean roomAtOnce = false;
            boolean masterTwice = false;
            for (int i = 0; i < masters.size(); i++) {
                for (int j = i + 1; j < masters.size(); j++) {
                    masterTwice |= masters.get(i).equals(masters.get(j));
                    if (services.get(i) != null && services.get(j) != null
                            && needs.get(services.get(i)).stream().anyMatch(needs.get(services.get(j))::contains)) {
                        roomTwice = true;
                        roomAtOnce |= offs.get(j) < offs.get(i) + lengths.get(i) + cleanupOf(masters.get(i), services.get(i));
                    }
                }
            }
            return roomAtOnce ? "one room at once" : pulled ? "a part pulled earlier" : roomTwice ? "a room twice"
                    : masterTwice ? "one master twice" : "other masters";
        }

        /** A wall-clock time of this salon as PostgreSQL reads it: an hour that happens twice is the second one. */
        Instant instant(LocalDate day, LocalTime time) {
            return day.atTime(time).atZone(zone).withLaterOffsetAtOverlap().toInstant();
        }

        /** Where a salon day starts, as PostgreSQL reads its 00:00. */
        Instant dayStart(LocalDate day) {
            return instant(day, LocalTime.MIDNIGHT);
        }

        /** The model: the first rule broken, in the rule book's order, or null. */
        String expected(long master, Long clientId, Long service, Instant start, Integer minutes, boolean pastAllowed,
                        boolean waived, boolean serviceCheck, boolean holdsTime, Instant now) {
            if (!masters.contains(master)) {
                return "unknown_master";
            }
            if (inactive.contains(master)) {
                return "master_inactive";
            }
            Integer length = minutes;
            Shape shape = Shape.PLAIN;
            if (service != null) {
                if (!services.contains(service)) {
                    return "unknown_service";
                }
                if (serviceCheck && retired.contains(service)) {
                    return "service_inactive";
                }
                if (serviceCheck && !offered.containsKey(master + "|" + service)) {
                    return "service_not_offered";
                }
                if (length == null) {
                    length = lengthOf(master, service);
                }
                shape = shape(master, service);
            }
            if (length == null) {
                return "duration_missing";
            }
            if (length < 1 || length + shape.cleanup() > 720 || !shape.fits(length)) {
                return "duration_out_of_range";
            }
            if (!pastAllowed && start.isBefore(now)) {
                return "start_in_past";
            }
            // the master's whole time, cleanup included, must lie in her hours; time off and other
            // bookings must not meet her busy phases
            Instant end = start.plus(Duration.ofMinutes(length + shape.cleanup()));
            List<Instant[]> busy = shape.busy(start, length);
            if (holdsTime) {
                if (!waived) {
                    LocalDate day = start.atZone(zone).toLocalDate();
                    boolean within = hoursOn(master, day).stream()
                            .anyMatch(i -> !instant(day, i[0]).isAfter(start) && !instant(day, i[1]).isBefore(end));
                    if (!within) {
                        return "outside_working_hours";
                    }
                    if (timeOff.get(master).stream().anyMatch(o -> meets(List.<Instant[]>of(o), busy))) {
                        return "master_time_off";
                    }
                }
                if (bookings.values().stream().anyMatch(b -> (long) b[0] == master && meets(busyOf(b), busy))) {
                    return "time_taken";
                }
                if (resourceTaken(service, start, end)) {
                    return "resource_taken";
                }
            }
            if (clientId != null && clientId != client) {
                return "unknown_client";
            }
            if (holdsTime && service != null && clientId != null && patchDays.containsKey(service)
                    && !patchTestDoes(start.atZone(zone).toLocalDate(), patchDays.get(service))) {
                return "patch_test_needed";
            }
            return null;
        }
    }

    /**
     * The model of a shape: phases in signed minutes (busy > 0, processing < 0; null: one busy
     * phase as long as the booking) and the cleanup after them. A length other than the phases'
     * sum is taken up by the last phase, which keeps at least a minute.
     */
    record Shape(int[] phases, int cleanup) {
        static final Shape PLAIN = new Shape(null, 0);

        boolean fits(int minutes) {
            if (phases == null) {
                return true;
            }
            int sum = IntStream.of(phases).map(Math::abs).sum();
            return minutes > sum - Math.abs(phases[phases.length - 1]);
        }

        /** The master's busy intervals of a booking of {@code minutes} from {@code start}. */
        List<Instant[]> busy(Instant start, int minutes) {
            List<Instant[]> out = new ArrayList<>();
            if (phases == null) {
                out.add(new Instant[]{start, start.plus(Duration.ofMinutes(minutes + cleanup))});
                return out;
            }
            int sum = IntStream.of(phases).map(Math::abs).sum();
            int at = 0;
            for (int i = 0; i < phases.length; i++) {
                int len = Math.abs(phases[i]) + (i == phases.length - 1 ? minutes - sum : 0);
                if (phases[i] > 0) {
                    out.add(new Instant[]{start.plus(Duration.ofMinutes(at)), start.plus(Duration.ofMinutes(at + len))});
                }
                at += len;
            }
            if (cleanup > 0) {
                out.add(new Instant[]{start.plus(Duration.ofMinutes(minutes)), start.plus(Duration.ofMinutes(minutes + cleanup))});
            }
            return out;
        }
    }

    @SuppressWarnings("unchecked")
    static List<Instant[]> busyOf(Object[] booking) {
        return (List<Instant[]>) booking[3];
    }

    /** Whether two sets of [start, end) intervals share an instant. */
    static boolean meets(List<Instant[]> a, List<Instant[]> b) {
        return a.stream().anyMatch(x -> b.stream().anyMatch(y -> x[0].isBefore(y[1]) && y[0].isBefore(x[1])));
    }

    /** Random phases: work, then once or twice time the master is free, then work again. */
    static int[] randomPhases(Random rnd) {
        int gaps = 1 + rnd.nextInt(2);
        int[] p = new int[2 * gaps + 1];
        for (int i = 0; i < p.length; i++) {
            p[i] = (i % 2 == 0 ? 1 : -1) * 5 * (2 + rnd.nextInt(8));
        }
        return p;
    }

    static String array(int[] phases) {
        return phases == null ? "NULL" : "'{" + IntStream.of(phases).mapToObj(Integer::toString).collect(java.util.stream.Collectors.joining(",")) + "}'";
    }

    /** Ends a transaction by rolling it back, carrying what happened in it. */
    private static final class RolledBack extends RuntimeException {
        final boolean made;
        final boolean taken;

        RolledBack(boolean made, boolean taken) {
            super(null, null, false, false);
            this.made = made;
            this.taken = taken;
        }
    }

    private static long id(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Long.class);
    }

    @Test
    void theRuleBookAnswersAsTheModelOnRandomSalonsAcrossDaylightSaving() {
        Instant now = dsl.resultQuery("SELECT now()").fetchOne(0, java.time.OffsetDateTime.class).toInstant();
        int asked = 0;
        Map<String, Integer> answers = new TreeMap<>();
        for (int n = 0; n < SCHEDULES; n++) {
            Random rnd = new Random(1000 + n);
            Salon salon = new Salon(rnd, n);
            salon.addPatchTests(new Random(5000 + n));
            for (int r = 0; r < REQUESTS; r++) {
                long master = rnd.nextInt(10) == 0 ? 999_999_999L : salon.masters.get(rnd.nextInt(salon.masters.size()));
                Long client = rnd.nextInt(10) == 0 ? null : rnd.nextInt(12) == 0 ? 999_999_998L : salon.client;
                Long service = rnd.nextInt(3) == 0 ? null : rnd.nextInt(10) == 0 ? 999_999_997L
                        : salon.services.get(rnd.nextInt(salon.services.size()));
                Integer minutes = rnd.nextInt(3) == 0 ? null : List.of(0, 15, 30, 45, 60, 90, 120, 240, 721).get(rnd.nextInt(9));
                Instant start = rnd.nextInt(15) == 0 ? Instant.parse("2020-01-01T10:00:00Z")
                        : salon.instant(salon.first.plusDays(rnd.nextInt(WINDOW_DAYS)), LocalTime.of(rnd.nextInt(24), 5 * rnd.nextInt(12)));
                boolean past = rnd.nextInt(5) == 0;
                boolean waived = rnd.nextInt(5) == 0;
                boolean serviceCheck = rnd.nextInt(5) > 0;
                boolean holds = rnd.nextInt(6) > 0;
                String expected = salon.expected(master, client, service, start, minutes, past, waived, serviceCheck, holds, now);
                RuleBook.Question q = new RuleBook.Question(salon.tenant, master, client, service, start, minutes, null,
                        past, waived, serviceCheck, holds);
                String actual = RuleBook.check(dsl, q).map(p -> p.rule().name().toLowerCase(java.util.Locale.ROOT)).orElse(null);
                assertEquals(expected, actual, "salon " + n + ", request " + r + ": " + q);
                answers.merge(String.valueOf(expected), 1, Integer::sum);
                asked++;
            }
        }
        // every rule was met at least once, and so was "yes": the salons are random enough
        assertEquals(15, answers.size(), "answers seen: " + answers);
        org.slf4j.LoggerFactory.getLogger(RuleBookRandomizedTest.class).info("{} requests: {}", asked, answers);
    }

    /**
     * The reports' working time (migration 52's {@code masters_hours}, every master of a salon over many days at once)
     * is the rule book's {@code master_hours}, row for row, on random schedules: dated weeks, single days with
     * their own intervals or none, daylight saving. One definition, written twice for speed, kept equal here.
     */
    @Test
    void theReportsWorkingHoursOfManyMastersAreTheRuleBooksOfEach() {
        int rows = 0;
        for (int n = 0; n < SCHEDULES; n++) {
            Salon salon = new Salon(new Random(7000 + n), n);
            LocalDate from = salon.first.minusDays(3);
            LocalDate to = salon.first.plusDays(WINDOW_DAYS + 3);
            Long[] ids = salon.masters.toArray(new Long[0]);
            String set = "SELECT h.master_id, h.day, h.starts_at, h.ends_at, h.local_start, h.local_end "
                    + "FROM masters_hours(?, CAST(? AS bigint[]), ?, ?) h";
            String each = "SELECT m.id, h.day, h.starts_at, h.ends_at, h.local_start, h.local_end "
                    + "FROM unnest(CAST(? AS bigint[])) m(id), LATERAL master_hours(?, m.id, ?, ?) h";
            List<String> many = dsl.resultQuery(set + " ORDER BY 1, 2, 3", salon.tenant, ids, from, to).fetch(r -> r.intoList().toString());
            List<String> one = dsl.resultQuery(each + " ORDER BY 1, 2, 3", ids, salon.tenant, from, to).fetch(r -> r.intoList().toString());
            assertEquals(one, many, "salon " + n);
            rows += one.size();
        }
        assertTrue(rows > 0, "the salons have working hours");
    }

    @Test
    void theFastInsertWritesExactlyWhenTheRuleBookSaysYes() {
        Random rnd = new Random(77);
        Salon salon = new Salon(rnd, 1);
        salon.addPatchTests(new Random(78));
        int written = 0;
        for (int r = 0; r < 150; r++) {
            long master = salon.masters.get(rnd.nextInt(salon.masters.size()));
            Long service = rnd.nextBoolean() ? null : salon.services.get(rnd.nextInt(salon.services.size()));
            Integer minutes = service != null && rnd.nextBoolean() ? null : 15 * (1 + rnd.nextInt(8));
            LocalDate day = salon.first.plusDays(rnd.nextInt(WINDOW_DAYS));
            List<LocalTime[]> hours = salon.hoursOn(master, day);
            // half of them inside one of the day's intervals, where the other rules decide
            Instant start = rnd.nextBoolean() && !hours.isEmpty()
                    ? salon.instant(day, hours.get(rnd.nextInt(hours.size()))[0]).plus(Duration.ofMinutes(15L * rnd.nextInt(4)))
                    : salon.instant(day, LocalTime.of(6 + rnd.nextInt(16), 15 * rnd.nextInt(4)));
            NewBooking cmd = new NewBooking(salon.tenant, master, salon.client, null, service, start, minutes, "", UUID.randomUUID(),
                    Source.FORM, false);
            Optional<RuleBook.Problem> problem = RuleBook.check(dsl, new RuleBook.Question(salon.tenant, master, salon.client, service,
                    start, minutes, null, false, false, true, true));
            boolean yes = problem.isEmpty();
            boolean wrote;
            boolean saidTaken;
            try {
                dsl.transaction(cfg -> {
                    MasterLocks locks = new MasterLocks(salon.tenant, List.of(master), Source.FORM);
                    FastInsert.Result fast = FastInsert.tryInsert(DSL.using(cfg), locks, cmd, cmd.requestId(), BookingStatus.CONFIRMED, false);
                    throw new RolledBack(fast.made().isPresent(), fast.taken());   // leave the salon as it was for the next request
                });
                throw new AssertionError("not rolled back");
            } catch (RolledBack r2) {
                wrote = r2.made;
                saidTaken = r2.taken;
            }
            assertEquals(yes, wrote, "request " + r + ": " + cmd);
            // a loser hears "taken" in the same round trip exactly when the rule book says so
            assertEquals(problem.map(p -> p.rule() == RuleBook.Rule.TIME_TAKEN).orElse(false), saidTaken, "request " + r + ": " + cmd);
            written += wrote ? 1 : 0;
        }
        assertTrue(written >= 10 && written <= 140, "both answers met: " + written + " of 150 written");
    }

    /**
     * The free-time search against a brute force on the model: every start of a master's day, on
     * the grid from each working interval's start, whose booking with its cleanup fits the
     * interval and whose busy phases meet neither time off nor another booking's busy time — so
     * starts inside other bookings' processing gaps are found, and starts whose own gaps hold
     * other bookings. Exactly those, in time order.
     */
    @Test
    void theFreeTimeSearchFindsExactlyTheStartsABruteForceOverTheModelFinds() {
        int compared = 0;
        int inGaps = 0;
        for (int n = 0; n < 4; n++) {
            Random rnd = new Random(9000 + n);
            Salon salon = new Salon(rnd, n);
            for (int r = 0; r < 40; r++) {
                long master = salon.masters.get(rnd.nextInt(salon.masters.size()));
                Long service = rnd.nextInt(4) == 0 ? null : salon.services.get(rnd.nextInt(salon.services.size()));
                int minutes = service != null && rnd.nextBoolean() ? salon.lengthOf(master, service) : 5 * (1 + rnd.nextInt(24));
                int step = List.of(5, 10, 15).get(rnd.nextInt(3));
                LocalDate day = salon.first.plusDays(rnd.nextInt(WINDOW_DAYS));
                List<Instant> found = FreeSlotFinder.find(dsl, FreeSlotFinder.Question.dayOf(salon.tenant, minutes,
                                salon.dayStart(day), master, service, null, step))
                        .stream().map(FreeSlot::start).toList();
                List<Instant> expected = salon.freeStarts(master, service, minutes, step, day);
                assertEquals(expected, found, "salon " + n + ", question " + r + ": master " + master + ", service " + service
                        + ", " + minutes + " min, step " + step + ", " + day);
                compared += expected.size();
                inGaps += (int) expected.stream().filter(st -> salon.insideAGap(master, st, minutes)).count();
            }
        }
        assertTrue(compared > 500, "enough starts compared: " + compared);
        assertTrue(inGaps > 0, "some of them lie inside another booking's processing gap: " + inGaps);
        org.slf4j.LoggerFactory.getLogger(RuleBookRandomizedTest.class).info("{} free starts compared, {} inside processing gaps", compared, inGaps);
    }

    /**
     * A visit's starts against a brute force over the model that knows nothing of the search: every
     * start of the salon day on the 5-minute grid at which the model's rule book accepts each part
     * once the parts before it are booked — their busy time added to the master's, the lowest free
     * unit of each room they need taken, as the engine and the database do. Visits of two or three
     * parts, often with one master twice (a cleanup to wait for) or a room two parts need; most
     * placed by the rule of the sequence (the model's own placement, which the code's must match),
     * some asked with a part pulled earlier (so that parts clash, or need two units of a room at
     * once). And the offers book: some of the starts found are booked whole through the engine.
     */
    @Test
    void theStartsAWholeVisitFitsAreExactlyThoseAtWhichTheModelBooksEveryPartAndTheyBook() {
        Instant now = dsl.resultQuery("SELECT now()").fetchOne(0, java.time.OffsetDateTime.class).toInstant();
        BookingEngine engine = new BookingEngine(dsl);
        int compared = 0;
        int booked = 0;
        int databaseAsked = 0;
        Map<String, Integer> seen = new TreeMap<>();
        for (int n = 0; n < 3; n++) {
            Random rnd = new Random(5100 + n);
            // a quieter salon than the others': a visit needs two or three free times in a row, so most
            // of its masters' days are long ones (one interval, 07:00-21:00, given as the day's own hours)
            Salon salon = new Salon(rnd, n, 6);
            for (long m : salon.masters) {
                for (int d = 0; d < WINDOW_DAYS; d++) {
                    if (rnd.nextInt(3) > 0) {
                        salon.setDay(m, salon.first.plusDays(d), List.<LocalTime[]>of(new LocalTime[]{LocalTime.of(7, 0), LocalTime.of(21, 0)}));
                    }
                }
            }
            for (int r = 0; r < 60; r++) {
                int count = rnd.nextInt(4) == 0 ? 3 : 2;
                List<Long> masters = new ArrayList<>();
                List<Long> services = new ArrayList<>();
                List<Integer> lengths = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    long m = i > 0 && rnd.nextInt(3) == 0 ? masters.get(i - 1) : salon.masters.get(rnd.nextInt(salon.masters.size()));
                    List<Long> offered = salon.services.stream().filter(sv -> salon.offered.containsKey(m + "|" + sv)).toList();
                    // often a service that needs a room the part before needs too, when this master does one
                    List<Long> roomsBefore = i == 0 || services.get(i - 1) == null ? List.of() : salon.needs.get(services.get(i - 1));
                    List<Long> sameRoom = offered.stream().filter(sv -> salon.needs.get(sv).stream().anyMatch(roomsBefore::contains)).toList();
                    Long service = !sameRoom.isEmpty() && rnd.nextBoolean() ? sameRoom.get(rnd.nextInt(sameRoom.size()))
                            : offered.isEmpty() || rnd.nextInt(4) == 0 ? null : offered.get(rnd.nextInt(offered.size()));
                    masters.add(m);
                    services.add(service);
                    lengths.add(service != null ? salon.lengthOf(m, service) : 5 * (2 + rnd.nextInt(8)));
                }
                List<Integer> offs = salon.placement(masters, services, lengths);
                boolean placed = rnd.nextInt(4) > 0;
                if (!placed) {
                    int k = 1 + rnd.nextInt(count - 1);
                    offs.set(k, Math.max(0, offs.get(k) - 5 * (1 + rnd.nextInt(8))));
                }
                LocalDate day = salon.first.plusDays(rnd.nextInt(WINDOW_DAYS));
                Instant asked = salon.dayStart(day).plus(Duration.ofHours(10));
                List<NewVisit.Part> parts = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    parts.add(new NewVisit.Part(masters.get(i), services.get(i), asked.plus(Duration.ofMinutes(offs.get(i))),
                            services.get(i) != null ? null : lengths.get(i)));
                }
                NewVisit v = new NewVisit(salon.tenant, salon.client, parts, "", null, Source.FORM);
                List<VisitSequence.Step> steps = VisitSlots.steps(dsl, v);
                if (placed) {
                    assertEquals(offs, VisitSequence.offsets(steps), "the code places the parts as the model does: " + v);
                }
                List<Instant> found = VisitSlots.dayStarts(dsl, v, steps, day, salon.zone);
                List<Instant> expected = new ArrayList<>();
                for (Instant t = salon.dayStart(day); t.isBefore(salon.dayStart(day.plusDays(1)));
                     t = t.plus(Duration.ofMinutes(VisitSlots.STEP_MIN))) {
                    Instant first = t;
                    if (salon.visitFits(masters, services, lengths, offs.stream().map(o -> first.plus(Duration.ofMinutes(o))).toList(), now)) {
                        expected.add(t);
                    }
                }
                assertEquals(expected, found, "salon " + n + ", visit " + r + ": " + v);
                // and the database itself, part after part as the engine books a visit (the Java
                // shortcuts VisitSequence, VisitUnits and Shape.meet against the rule book, the holding
                // trigger and the constraints): every start found books, a sample of the others does not
                List<Instant> grid = new ArrayList<>();
                for (Instant t = salon.dayStart(day); t.isBefore(salon.dayStart(day.plusDays(1))); t = t.plus(Duration.ofMinutes(VisitSlots.STEP_MIN))) {
                    grid.add(t);
                }
                List<Instant> sample = new ArrayList<>(found.size() > 6 ? found.subList(0, 6) : found);
                for (int k = 0; k < 6; k++) {
                    sample.add(grid.get(rnd.nextInt(grid.size())));
                }
                for (Instant t : sample) {
                    assertEquals(found.contains(t), databaseBooksVisit(salon, v.startingAt(t)), "salon " + n + ", visit " + r + " at " + t + ": " + v);
                    databaseAsked++;
                }
                compared += expected.size();
                if (!expected.isEmpty()) {
                    seen.merge(salon.kind(masters, services, offs, lengths), 1, Integer::sum);
                }
                // the first start found and one more at random book whole, then are cancelled (their units go with them)
                for (Instant s : found.isEmpty() ? List.<Instant>of() : List.of(found.get(0), found.get(rnd.nextInt(found.size())))) {
                    VisitOutcome o = engine.bookVisit(v.startingAt(s));
                    VisitOutcome.Booked b = assertInstanceOf(VisitOutcome.Booked.class, o, "offered " + s + " for " + v);
                    dsl.execute("UPDATE bookings SET status = 'cancelled' WHERE tenant_id = ? AND visit_id = ?", salon.tenant, b.visitId());
                    booked++;
                }
            }
        }
        org.slf4j.LoggerFactory.getLogger(RuleBookRandomizedTest.class).info("{} visit starts compared, {} booked: {}", compared, booked, seen);
        assertTrue(compared > 300, "enough visit starts compared: " + compared);
        assertTrue(databaseAsked > 500, "enough visits asked of the database: " + databaseAsked);
        // visits of every kind had starts to compare
        assertTrue(seen.keySet().containsAll(List.of("one master twice", "a room twice", "a part pulled earlier", "other masters")),
                "kinds of visit with starts: " + seen);
        org.slf4j.LoggerFactory.getLogger(RuleBookRandomizedTest.class).info("{} visit starts compared, {} booked: {}", compared, booked, seen);
    }

    /**
     * Whether the database books the visit at its starts as the engine does ({@code VisitWrites}):
     * each part asked of the rule book once the parts before it are written, then written (its units
     * handed out by the holding trigger, the exclusion constraints having the last word). Rolled back.
     */
    private static boolean databaseBooksVisit(Salon salon, NewVisit v) {
        try {
            dsl.transaction(cfg -> {
                DSLContext tx = DSL.using(cfg);
                boolean all = true;
                for (NewVisit.Part p : v.parts()) {
                    RuleBook.Verdict verdict = RuleBook.verdict(tx, new RuleBook.Question(v.tenantId(), p.masterId(), salon.client, p.serviceId(),
                            p.start(), p.durationMin(), null, false, false, true, true));
                    if (verdict.problem().isPresent()) {
                        all = false;
                        break;
                    }
                    int minutes = p.durationMin() != null ? p.durationMin() : verdict.minutes();
                    try {
                        tx.transaction(nested -> DSL.using(nested).execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, "
                                        + "starts_at, duration_min, status) VALUES (?, ?, ?, CAST(? AS bigint), CAST(? AS timestamptz), ?, 'confirmed')",
                                v.tenantId(), p.masterId(), salon.client, p.serviceId(), p.start().atOffset(ZoneOffset.UTC), minutes));
                    } catch (DataAccessException e) {
                        assertEquals("23P01", e.sqlState(), e.getMessage());
                        all = false;
                        break;
                    }
                }
                throw new RolledBack(all, false);
            });
            throw new AssertionError("not rolled back");
        } catch (RolledBack r) {
            return r.made;
        }
    }

    /** The working intervals of a master's salon day, as the rule book reads them ({@code master_hours}). */
    private static List<Instant[]> hoursOf(Salon salon, long master, LocalDate day) {
        return dsl.resultQuery("SELECT starts_at, ends_at FROM master_hours(?, ?, ?, ?) ORDER BY starts_at", salon.tenant, master, day, day)
                .fetch(r -> new Instant[]{r.get(0, java.time.OffsetDateTime.class).toInstant(), r.get(1, java.time.OffsetDateTime.class).toInstant()});
    }

    /** Every {@code step} real minutes from each working interval's start, before its end: the grid the searches walk. */
    private static List<Instant> grid(List<Instant[]> hours, int step) {
        List<Instant> out = new ArrayList<>();
        for (Instant[] h : hours) {
            for (Instant t = h[0]; t.isBefore(h[1]); t = t.plus(Duration.ofMinutes(step))) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * The free-time search's one-statement walk (a second statement of the rules, in SQL, kept for its
     * speed: ADR 10) against the rule book itself, asked start by start over the same grid
     * ({@code booking_problems}, migration 29): exactly the starts it accepts, in Kyiv and in Cairo
     * around their clock changes. As the search asks it: the master's own service is not asked of her
     * (a move keeps it; the form offers her services only), a service no longer sold has no starts.
     */
    @Test
    void theFreeTimeSearchOffersExactlyTheStartsTheRuleBookAccepts() {
        int compared = 0;
        for (int n = 0; n < WINDOWS.length; n++) {
            Random rnd = new Random(3300 + n);
            Salon salon = new Salon(rnd, n);
            for (int r = 0; r < 30; r++) {
                long master = salon.masters.get(rnd.nextInt(salon.masters.size()));
                Long service = rnd.nextInt(4) == 0 ? null : salon.services.get(rnd.nextInt(salon.services.size()));
                int minutes = service != null && rnd.nextBoolean() ? salon.lengthOf(master, service) : 5 * (1 + rnd.nextInt(24));
                int step = List.of(5, 10, 15).get(rnd.nextInt(3));
                LocalDate day = salon.first.plusDays(rnd.nextInt(WINDOW_DAYS));
                List<Instant> found = FreeSlotFinder.find(dsl, FreeSlotFinder.Question.dayOf(salon.tenant, minutes, salon.dayStart(day), master,
                        service, null, step)).stream().map(FreeSlot::start).toList();
                List<Instant> grid = grid(hoursOf(salon, master, day), step);
                List<String> answers = RuleBookBatch.problems(dsl, salon.tenant, java.util.Collections.nCopies(grid.size(), master), null, service,
                        grid, minutes, null, false, false, false, true);
                List<Instant> accepted = new ArrayList<>();
                for (int i = 0; i < grid.size(); i++) {
                    if (answers.get(i) == null && !(service != null && salon.retired.contains(service))) {
                        accepted.add(grid.get(i));
                    }
                }
                accepted.sort(null);
                assertEquals(accepted, found, "salon " + n + ", question " + r + ": master " + master + ", service " + service + ", "
                        + minutes + " min, step " + step + ", " + day);
                compared += grid.size();
            }
        }
        assertTrue(compared > 2_000, "enough starts compared: " + compared);
    }

    @Test
    void everyStartTheFreeSlotSearchOffersIsOneTheRuleBookAccepts() {
        Random rnd = new Random(4242);
        int offered = 0;
        for (int n = 0; n < 3; n++) {
            Salon salon = new Salon(rnd, n);
            for (int r = 0; r < 20; r++) {
                long master = salon.masters.get(rnd.nextInt(salon.masters.size()));
                Long service = rnd.nextBoolean() ? null : salon.services.get(rnd.nextInt(salon.services.size()));
                int minutes = 15 * (1 + rnd.nextInt(8));
                Instant wished = salon.instant(salon.first.plusDays(rnd.nextInt(WINDOW_DAYS)), LocalTime.of(8 + rnd.nextInt(12), 0));
                List<FreeSlot> slots = rnd.nextBoolean()
                        ? FreeSlotFinder.find(dsl, FreeSlotFinder.Question.nearest(salon.tenant, minutes, wished, master, service, null, 15, 3))
                        : FreeSlotFinder.find(dsl, FreeSlotFinder.Question.dayOf(salon.tenant, minutes,
                                salon.dayStart(wished.atZone(salon.zone).toLocalDate()), master, service, null, 5));
                for (FreeSlot slot : slots) {
                    RuleBook.Question q = new RuleBook.Question(salon.tenant, slot.masterId(), salon.client, service, slot.start(), minutes,
                            null, false, false, !slot.sameMaster(), true);
                    assertEquals(java.util.Optional.empty(), RuleBook.check(dsl, q), "offered " + slot + " for " + minutes + " min");
                    offered++;
                }
            }
        }
        assertTrue(offered > 50, "the search offered enough starts to mean something: " + offered);
    }
    /**
     * Ctrl+N's question ({@code first_free_start}, migration 29) against a brute force over the rule
     * book: the earliest start on the masters' grids of the day that {@code booking_problem} accepts
     * for a new booking, the masters' order breaking a tie — random masters (some inactive, some not
     * doing the service), services of phases and cleanups, around both zones' clock changes.
     */
    @Test
    void theFirstFreeStartIsTheFirstTheRuleBookAccepts() {
        int asked = 0;
        int found = 0;
        for (int n = 0; n < WINDOWS.length; n++) {
            Random rnd = new Random(6100 + n);
            Salon salon = new Salon(rnd, n);
            for (int r = 0; r < 25; r++) {
                List<Long> masters = new ArrayList<>(salon.masters);
                java.util.Collections.shuffle(masters, rnd);
                masters = masters.subList(0, 1 + rnd.nextInt(masters.size()));
                Long service = rnd.nextInt(3) == 0 ? null : salon.services.get(rnd.nextInt(salon.services.size()));
                Integer minutes = service != null && rnd.nextBoolean() ? null : 15 * (1 + rnd.nextInt(8));
                int step = List.of(5, 15, 30).get(rnd.nextInt(3));
                LocalDate day = salon.first.plusDays(rnd.nextInt(WINDOW_DAYS));
                FreeSlot expected = null;
                for (long m : masters) {
                    List<Instant> grid = grid(hoursOf(salon, m, day), step);
                    List<String> answers = RuleBookBatch.problems(dsl, salon.tenant, java.util.Collections.nCopies(grid.size(), m), null, service,
                            grid, minutes, null, false, false, true, true);
                    for (int i = 0; i < grid.size(); i++) {
                        if (answers.get(i) == null && (expected == null || grid.get(i).isBefore(expected.start()))) {
                            expected = new FreeSlot(m, null, grid.get(i), false);
                        }
                    }
                }
                Optional<FreeSlot> first = new RuleBookBatch(dsl).firstFree(salon.tenant, masters, service, minutes, day, step);
                String q = "salon " + n + ", question " + r + ": masters " + masters + ", service " + service + ", " + minutes + " min, " + day;
                assertEquals(Optional.ofNullable(expected).map(FreeSlot::masterId), first.map(FreeSlot::masterId), q);
                assertEquals(Optional.ofNullable(expected).map(FreeSlot::start), first.map(FreeSlot::start), q);
                asked++;
                found += first.isPresent() ? 1 : 0;
            }
        }
        assertTrue(found > 20 && found < asked, "both answers met: " + found + " of " + asked);
    }

    /**
     * A drag's drop targets ({@link RuleBookBatch#moves}: the wall-clock lines of the grid read by the
     * database, every master) against the rule book asked one target at a time as the engine asks a
     * move ({@code BookingEngine.reschedule}): the same answer for every target, and the instant the
     * desk lands on is {@link app.salondesk.model.salon.WallClock}'s — across Cairo's repeated hour too.
     */
    @Test
    void aDragsDropTargetsAreAnsweredAsTheEngineAsksTheMove() {
        int compared = 0;
        Map<String, Integer> answers = new TreeMap<>();
        for (int n = 0; n < WINDOWS.length; n++) {
            Random rnd = new Random(7200 + n);
            Salon salon = new Salon(rnd, n);
            List<Long> ids = new ArrayList<>(salon.bookings.keySet());
            ids.sort(null);
            for (int r = 0; r < 3 && !ids.isEmpty(); r++) {
                long id = ids.get(rnd.nextInt(ids.size()));
                Booking b = new BookingEngine(dsl).find(salon.tenant, id).orElseThrow();
                LocalDate day = b.start().atZone(salon.zone).toLocalDate();
                List<LocalDateTime> times = new ArrayList<>();
                for (LocalDateTime t = day.atStartOfDay(); t.isBefore(day.plusDays(1).atStartOfDay()); t = t.plusMinutes(15)) {
                    times.add(t);
                }
                List<RuleBookBatch.Verdict> verdicts = new RuleBookBatch(dsl).moves(salon.tenant, id, b.masterId(), b.serviceId(),
                        b.durationMin(), false, salon.masters, times);
                assertEquals(salon.masters.size() * times.size(), verdicts.size());
                for (RuleBookBatch.Verdict v : verdicts) {
                    assertEquals(app.salondesk.model.salon.WallClock.instant(v.local(), salon.zone), v.start(), v.local() + " in " + salon.zone);
                    Optional<RuleBook.Problem> one = RuleBook.check(dsl, new RuleBook.Question(salon.tenant, v.masterId(), null, b.serviceId(),
                            v.start(), b.durationMin(), id, false, false, v.masterId() != b.masterId(), true));
                    String expected = one.map(p -> p.rule().name().toLowerCase(java.util.Locale.ROOT)).orElse(null);
                    String actual = v.refusal() == null ? null : switch (v.refusal().kind()) {
                        case TAKEN -> "time_taken";
                        case ROOM_TAKEN -> "resource_taken";
                        case INVALID -> v.refusal().reason().name().toLowerCase(java.util.Locale.ROOT);
                    };
                    assertEquals(expected, actual, "salon " + n + ", booking " + id + " to master " + v.masterId() + " at " + v.local());
                    answers.merge(String.valueOf(expected), 1, Integer::sum);
                    compared++;
                }
            }
        }
        assertTrue(compared > 3_000, "enough targets compared: " + compared);
        assertTrue(answers.keySet().containsAll(List.of("null", "time_taken", "outside_working_hours", "service_not_offered")),
                "answers seen: " + answers);
    }

    /**
     * What the desk still works out in Java from a booking's shape — its processing stripes, and the
     * busy time a visit's parts are compared by ({@code VisitSequence}) — against the database's
     * {@code booking_busy}, which the rule book and the exclusion constraint compare: random phases,
     * cleanups and starts, some in Cairo's repeated hour.
     */
    @Test
    void theBusyTimeAShapeGivesInJavaIsTheDatabases() {
        Random rnd = new Random(8800);
        for (int r = 0; r < 400; r++) {
            int[] phases = rnd.nextInt(4) == 0 ? null : randomPhases(rnd);
            int minutes = phases == null ? 5 * (1 + rnd.nextInt(40)) : IntStream.of(phases).map(Math::abs).sum();
            int cleanup = rnd.nextInt(3) == 0 ? 0 : 5 * rnd.nextInt(7);
            Instant start = Instant.parse("2030-10-31T18:00:00Z").plus(Duration.ofMinutes(5L * rnd.nextInt(60)));
            app.salondesk.model.booking.Shape shape = new app.salondesk.model.booking.Shape(phases == null ? List.of()
                    : IntStream.of(phases).boxed().toList(), cleanup);
            List<Instant[]> db = dsl.resultQuery("SELECT lower(x), upper(x) FROM unnest(booking_busy(CAST(? AS timestamptz), ?, ?, "
                            + array(phases) + ")) AS x ORDER BY 1", start.atOffset(ZoneOffset.UTC), minutes, cleanup)
                    .fetch(x -> new Instant[]{x.get(0, java.time.OffsetDateTime.class).toInstant(), x.get(1, java.time.OffsetDateTime.class).toInstant()});
            assertEquals(text(db), text(merged(shape.busy(start, minutes))), "shape " + array(phases) + " + " + cleanup + " from " + start);
            // the stripes: the processing phases, where the master is free — the gaps of the busy time within the booking
            List<Instant[]> gaps = new ArrayList<>();
            Instant at = start;
            for (Instant[] busy : db) {
                if (busy[0].isAfter(at)) {
                    gaps.add(new Instant[]{at, busy[0]});
                }
                at = busy[1];
            }
            List<Instant[]> stripes = shape.processing().stream()
                    .map(p -> new Instant[]{start.plus(Duration.ofMinutes(p[0])), start.plus(Duration.ofMinutes(p[1]))}).toList();
            assertEquals(text(gaps), text(stripes), "stripes of " + array(phases));
        }
    }

    /** Adjacent or overlapping intervals joined, in time order: as a multirange holds them. */
    private static List<Instant[]> merged(List<Instant[]> intervals) {
        List<Instant[]> sorted = new ArrayList<>(intervals);
        sorted.sort(java.util.Comparator.comparing((Instant[] x) -> x[0]));
        List<Instant[]> out = new ArrayList<>();
        for (Instant[] x : sorted) {
            if (!out.isEmpty() && !out.get(out.size() - 1)[1].isBefore(x[0])) {
                Instant[] last = out.get(out.size() - 1);
                last[1] = last[1].isAfter(x[1]) ? last[1] : x[1];
            } else {
                out.add(new Instant[]{x[0], x[1]});
            }
        }
        return out;
    }

    private static String text(List<Instant[]> intervals) {
        return intervals.stream().map(x -> x[0] + "/" + x[1]).toList().toString();
    }
}
