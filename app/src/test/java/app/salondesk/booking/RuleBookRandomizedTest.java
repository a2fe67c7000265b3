package app.salondesk.booking;

import app.salondesk.db.TestPostgres;
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
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    private static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");
    /** The spring and autumn changes of 2030 in Kyiv: 31 March and 27 October. */
    private static final LocalDate[] WINDOWS = {LocalDate.of(2030, 3, 29), LocalDate.of(2030, 10, 25)};
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
    private static final class Salon {
        final long tenant;
        final LocalDate first;
        final List<Long> masters = new ArrayList<>();
        final Set<Long> inactive = new HashSet<>();
        final List<Long> services = new ArrayList<>();
        final Map<Long, Integer> serviceMinutes = new HashMap<>();
        final Set<Long> retired = new HashSet<>();
        /** master|service -> the master's own minutes (null: the service's) */
        final Map<String, Integer> offered = new HashMap<>();
        final Map<Long, TreeMap<LocalDate, Map<Integer, List<LocalTime[]>>>> weeks = new HashMap<>();
        final Map<Long, Map<LocalDate, List<LocalTime[]>>> days = new HashMap<>();
        final Map<Long, List<Instant[]>> timeOff = new HashMap<>();
        /** active bookings: id -> {master, start, end} */
        final Map<Long, Object[]> bookings = new HashMap<>();
        final long client;

        Salon(Random rnd, int n) {
            first = WINDOWS[n % WINDOWS.length];
            tenant = id("INSERT INTO tenants (name, time_zone) VALUES ('Random " + n + "', '" + ZONE.getId() + "') RETURNING id");
            client = id("INSERT INTO clients (tenant_id, name) VALUES (" + tenant + ", 'Client') RETURNING id");
            for (int s = 0; s < 3; s++) {
                int minutes = 15 * (1 + rnd.nextInt(8));
                boolean sold = s != 2 || rnd.nextBoolean();
                long id = id("INSERT INTO services (tenant_id, name, duration_min, active) VALUES (" + tenant + ", 'S" + s + "', " + minutes
                        + ", " + sold + ") RETURNING id");
                services.add(id);
                if (!sold) {
                    retired.add(id);
                }
                serviceMinutes.put(id, minutes);
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
                        Integer own = rnd.nextInt(3) == 0 ? 15 * (1 + rnd.nextInt(6)) : null;
                        dsl.execute("INSERT INTO master_services (tenant_id, master_id, service_id, duration_min) VALUES ("
                                + tenant + ", " + id + ", " + service + ", " + own + ")");
                        offered.put(id + "|" + service, own);
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
                for (int b = 0; b < 12; b++) {
                    Instant s = instant(first.plusDays(rnd.nextInt(WINDOW_DAYS)), LocalTime.of(7 + rnd.nextInt(13), 15 * rnd.nextInt(4)));
                    int minutes = 15 * (1 + rnd.nextInt(8));
                    String status = List.of("confirmed", "pending", "arrived", "cancelled", "no_show", "completed").get(rnd.nextInt(6));
                    try {
                        long bid = id("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) VALUES ("
                                + tenant + ", " + id + ", " + client + ", '" + s + "', " + minutes + ", '" + status + "') RETURNING id");
                        if (BookingStatus.fromDb(status).holdsTime()) {
                            bookings.put(bid, new Object[]{id, s, s.plus(Duration.ofMinutes(minutes))});
                        }
                    } catch (DataAccessException overlap) {
                        assertEquals("23P01", overlap.sqlState());
                    }
                }
            }
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

        List<LocalTime[]> hoursOn(long master, LocalDate day) {
            List<LocalTime[]> own = days.get(master).get(day);
            if (own != null) {
                return own;
            }
            Map.Entry<LocalDate, Map<Integer, List<LocalTime[]>>> week = weeks.get(master).floorEntry(day);
            return week == null ? List.of() : week.getValue().getOrDefault(day.getDayOfWeek().getValue(), List.of());
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
                    Integer own = offered.get(master + "|" + service);
                    length = own != null ? own : serviceMinutes.get(service);
                }
            }
            if (length == null) {
                return "duration_missing";
            }
            if (length < 1 || length > 720) {
                return "duration_out_of_range";
            }
            if (!pastAllowed && start.isBefore(now)) {
                return "start_in_past";
            }
            Instant end = start.plus(Duration.ofMinutes(length));
            if (holdsTime) {
                if (!waived) {
                    LocalDate day = start.atZone(ZONE).toLocalDate();
                    boolean within = hoursOn(master, day).stream()
                            .anyMatch(i -> !instant(day, i[0]).isAfter(start) && !instant(day, i[1]).isBefore(end));
                    if (!within) {
                        return "outside_working_hours";
                    }
                    if (timeOff.get(master).stream().anyMatch(o -> o[0].isBefore(end) && o[1].isAfter(start))) {
                        return "master_time_off";
                    }
                }
                if (bookings.values().stream().anyMatch(b -> (long) b[0] == master
                        && ((Instant) b[1]).isBefore(end) && ((Instant) b[2]).isAfter(start))) {
                    return "time_taken";
                }
            }
            if (clientId != null && clientId != client) {
                return "unknown_client";
            }
            return null;
        }
    }

    /** A salon wall-clock time as PostgreSQL reads it: an hour that happens twice is the second one. */
    static Instant instant(LocalDate day, LocalTime time) {
        ZonedDateTime z = day.atTime(time).atZone(ZONE).withLaterOffsetAtOverlap();
        return z.toInstant();
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
            for (int r = 0; r < REQUESTS; r++) {
                long master = rnd.nextInt(10) == 0 ? 999_999_999L : salon.masters.get(rnd.nextInt(salon.masters.size()));
                Long client = rnd.nextInt(10) == 0 ? null : rnd.nextInt(12) == 0 ? 999_999_998L : salon.client;
                Long service = rnd.nextInt(3) == 0 ? null : rnd.nextInt(10) == 0 ? 999_999_997L
                        : salon.services.get(rnd.nextInt(salon.services.size()));
                Integer minutes = rnd.nextInt(3) == 0 ? null : List.of(0, 15, 30, 45, 60, 90, 120, 240, 721).get(rnd.nextInt(9));
                Instant start = rnd.nextInt(15) == 0 ? Instant.parse("2020-01-01T10:00:00Z")
                        : instant(salon.first.plusDays(rnd.nextInt(WINDOW_DAYS)), LocalTime.of(rnd.nextInt(24), 5 * rnd.nextInt(12)));
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
        assertEquals(13, answers.size(), "answers seen: " + answers);
        org.slf4j.LoggerFactory.getLogger(RuleBookRandomizedTest.class).info("{} requests: {}", asked, answers);
    }

    @Test
    void theFastInsertWritesExactlyWhenTheRuleBookSaysYes() {
        Random rnd = new Random(77);
        Salon salon = new Salon(rnd, 1);
        int written = 0;
        for (int r = 0; r < 150; r++) {
            long master = salon.masters.get(rnd.nextInt(salon.masters.size()));
            Long service = rnd.nextBoolean() ? null : salon.services.get(rnd.nextInt(salon.services.size()));
            Integer minutes = service != null && rnd.nextBoolean() ? null : 15 * (1 + rnd.nextInt(8));
            LocalDate day = salon.first.plusDays(rnd.nextInt(WINDOW_DAYS));
            List<LocalTime[]> hours = salon.hoursOn(master, day);
            // half of them inside one of the day's intervals, where the other rules decide
            Instant start = rnd.nextBoolean() && !hours.isEmpty()
                    ? instant(day, hours.get(rnd.nextInt(hours.size()))[0]).plus(Duration.ofMinutes(15L * rnd.nextInt(4)))
                    : instant(day, LocalTime.of(6 + rnd.nextInt(16), 15 * rnd.nextInt(4)));
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
                Instant wished = instant(salon.first.plusDays(rnd.nextInt(WINDOW_DAYS)), LocalTime.of(8 + rnd.nextInt(12), 0));
                List<FreeSlot> slots = rnd.nextBoolean()
                        ? FreeSlotFinder.find(dsl, FreeSlotFinder.Question.nearest(salon.tenant, minutes, wished, master, service, null, 15, 3))
                        : FreeSlotFinder.find(dsl, FreeSlotFinder.Question.dayOf(salon.tenant, minutes, wished.atZone(ZONE).toLocalDate()
                                .atStartOfDay(ZONE).toInstant(), master, service, null, 5));
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
}
