package app.salondesk.bench;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.Database;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.FreeSlotFinder;
import app.salondesk.logic.live.LiveUpdates;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.runtime.Backend;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;

/**
 * Hundreds of desks on one server (issue 19, item 4; ADR 23): {@code --desks} desks of
 * {@code --salons} salons, each desk its own login, its own pool ({@link Database}, 4 at most,
 * through PgBouncer in transaction mode), its own {@link BookingEngine} and its own live
 * listener (through serve's live relay), against the trial's PostgreSQL (its {@code max_connections}
 * sized from the desks, README "A shared server for a chain").
 * For {@code --seconds} each desk books its salon's masters and asks free times at a brisk
 * pace (a call every {@value #PAUSE_MIN_MS}–{@value #PAUSE_MAX_MS} ms: a busy receptionist
 * books a few times an hour), bounded in count too. Checked: no call
 * refused a connection, no overlap, every desk heard every booking of its salon, and the server
 * started no more sessions than {@value #LOGINS_PER_PERSON} a person over the phase (issue 37: each
 * person keeps their server connections, ADR 23); measured: the booking's time (p50/p95/p99), the
 * most server sessions seen at once, and the server logins — counted by PostgreSQL itself
 * ({@code pg_stat_database.sessions} on the primary), while the desks open and while they work, a
 * second and a call. One line:
 * {@code load: desks=N … booking_p99_ms=N server_connections_max=N/M … server_logins=N … logins_per_call=X …}.
 */
final class ChainLoad {

    private static final Logger log = LoggerFactory.getLogger(ChainLoad.class);
    private static final int MAX_CALLS_PER_DESK = 200;
    static final long PAUSE_MIN_MS = 5_000;
    static final long PAUSE_MAX_MS = 15_000;
    private static final Duration HEARD_WITHIN = Duration.ofSeconds(15);
    private static final int BASELINE = 100;
    /**
     * The most server logins a person may cost over the phase, opening included: a desk's pool keeps
     * at most two server connections through PgBouncer (its {@code default_pool_size}), and the
     * phase is far shorter than the hour after which PgBouncer replaces one.
     */
    static final int LOGINS_PER_PERSON = 2;

    record Config(ChainDriver.Urls urls, String liveUrl, int desks, int salons, Duration length) {
    }

    /**
     * @param backOnline when the listener came back after being offline (System.nanoTime): the
     *                   desk reloads what it shows then, so what it did not hear before is on screen
     */
    private record Desk(int index, String login, ChainSalon salon, Database pool, BookingEngine engine, LiveUpdates live,
                        Set<Long> heard, java.util.Queue<Long> backOnline) implements AutoCloseable {
        @Override
        public void close() {
            live.close();
            pool.close();
        }
    }

    private final Config cfg;
    private final Recorder booking = new Recorder(3);
    private final AtomicLong booked = new AtomicLong();
    private final AtomicLong taken = new AtomicLong();
    private final AtomicLong tryAgain = new AtomicLong();
    private final AtomicLong searches = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    /** Calls that found no connection within the pool's 10 s (PgBouncer kept them waiting for a server connection). */
    private final AtomicLong waitedOut = new AtomicLong();
    /** Calls whose connection the server or PgBouncer refused (too many clients, nobody listening). */
    private final AtomicLong refused = new AtomicLong();
    private final LongAccumulator maxSessions = new LongAccumulator(Math::max, 0);
    /** Every request's answer: the booking's id when it was answered "booked", else -1 (checked on the primary by request id). */
    private final Map<java.util.UUID, Long> answers = new ConcurrentHashMap<>();
    /** The bookings made in each salon (id → when answered), which each of its desks must hear or reload. */
    private final Map<Long, Map<Long, Long>> bookedIn = new ConcurrentHashMap<>();
    private volatile boolean stop;

    ChainLoad(Config cfg) {
        this.cfg = cfg;
    }

    int run() throws Exception {
        ChainDriver.Urls u = cfg.urls();
        List<Desk> desks = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try (Backend owner = Backend.connect(new ConnectionSettings(u.direct(), "salondesk", u.ownerPassword()), 2)) {
            List<ChainSalon> salons = new ArrayList<>();
            for (int s = 0; s < cfg.salons(); s++) {
                salons.add(ChainSalon.ensure(owner.dsl(), "Chain load salon " + (s + 1), "chain-load-" + (s + 1)));
            }
            long maxConnections = Sql.count(owner.dsl(), "SELECT current_setting('max_connections')::bigint");
            ChainSalon alone = ChainSalon.ensure(owner.dsl(), "Chain load baseline salon", "chain-load-baseline");
            alone.ensureLogin(owner.dsl(), "chain_load_alone", u.deskPassword());
            double[] base = baseline(alone, new ConnectionSettings(u.desk(), "chain_load_alone", u.deskPassword()),
                    new ConnectionSettings(u.direct(), "chain_load_alone", u.deskPassword()));
            log.info("load: one desk alone books in {} ms (p50) / {} ms (p99) through PgBouncer, {} / {} ms straight to PostgreSQL",
                    base[0], base[1], base[2], base[3]);
            long[] loginsBefore = logins(owner.dsl());
            List<Future<Desk>> opening = new ArrayList<>();
            for (int d = 0; d < cfg.desks(); d++) {
                int index = d;
                ChainSalon salon = salons.get(d % salons.size());
                String login = "chain_load_" + (d + 1);
                salon.ensureLogin(owner.dsl(), login, u.deskPassword());
                opening.add(pool.submit(() -> open(index, login, salon)));
            }
            for (Future<Desk> f : opening) {
                desks.add(f.get());
            }
            long onlineBy = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (desks.stream().anyMatch(d -> d.live().state() != LiveUpdates.State.ONLINE) && System.nanoTime() < onlineBy) {
                Thread.sleep(100);
            }
            long online = desks.stream().filter(d -> d.live().state() == LiveUpdates.State.ONLINE).count();
            log.info("load: {} desks open, {} listening; {} s of booking", desks.size(), online, cfg.length().toSeconds());
            long[] loginsOpened = logins(owner.dsl());
            Thread sampler = new Thread(() -> sample(owner.dsl()), "load-sessions");
            sampler.setDaemon(true);
            sampler.start();
            List<Thread> people = new ArrayList<>();
            for (Desk d : desks) {
                Thread t = new Thread(() -> work(d), "load-desk-" + d.index());
                t.setDaemon(true);
                people.add(t);
            }
            long start = System.nanoTime();
            people.forEach(Thread::start);
            Thread.sleep(cfg.length().toMillis());
            stop = true;
            for (Thread t : people) {
                t.join(60_000);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long[] loginsWorked = logins(owner.dsl());
            // a counter of one server: if the primary changed meanwhile (a failover nobody asked
            // for, say on a starved machine), the difference means nothing and the phase fails
            boolean samePrimary = loginsBefore[1] == loginsOpened[1] && loginsOpened[1] == loginsWorked[1];
            long opened = samePrimary ? loginsOpened[0] - loginsBefore[0] : -1;
            long worked = samePrimary ? loginsWorked[0] - loginsOpened[0] : -1;
            if (!samePrimary) {
                log.error("load: the primary changed during the phase (server ports {}, {}, {}): its logins are not counted",
                        loginsBefore[1], loginsOpened[1], loginsWorked[1]);
            }
            int[] heard = heardAll(desks);
            int heardAll = heard[0];
            long overlaps = 0;
            for (ChainSalon s : salons) {
                overlaps += Sql.overlapping(owner.dsl(), s.tenant);
            }
            long[] lostDoubled = lostAndDoubled(owner.dsl(), salons);
            Histogram h = booking.getIntervalHistogram();
            System.out.printf("load: desks=%d salons=%d listening=%d seconds=%.0f bookings=%d taken=%d try_again=%d free_time_searches=%d "
                            + "calls_per_s=%.1f refused=%d waited_out=%d errors=%d overlaps=%d booking_p50_ms=%.1f booking_p95_ms=%.1f booking_p99_ms=%.1f "
                            + "booking_max_ms=%.1f server_connections_max=%d/%d listeners_heard_all=%d/%d listeners_reconnected=%d "
                            + "alone_pooled_p50_ms=%.1f alone_pooled_p99_ms=%.1f alone_direct_p50_ms=%.1f alone_direct_p99_ms=%.1f "
                            + "server_logins_opening=%d server_logins=%d server_logins_per_s=%.2f logins_per_call=%.3f load_average=%s%n",
                    desks.size(), salons.size(), online, seconds, booked.get(), taken.get(), tryAgain.get(), searches.get(),
                    (h.getTotalCount() + searches.get()) / seconds, refused.get(), waitedOut.get(), errors.get(), overlaps, ms(h.getValueAtPercentile(50)),
                    ms(h.getValueAtPercentile(95)), ms(h.getValueAtPercentile(99)), ms(h.getMaxValue()), maxSessions.get(),
                    maxConnections, heardAll, desks.size(), heard[1], base[0], base[1], base[2], base[3],
                    opened, worked, worked / seconds, worked / (double) Math.max(1, h.getTotalCount() + searches.get()), loadAverage());
            // the same checks as a storm's, by request id, for the failover test's total
            System.out.printf("load: booked=%d lost=%d doubled=%d overlaps=%d%n", booked.get(), lostDoubled[0], lostDoubled[1], overlaps);
            System.out.flush();
            // the promise: no connection refused, no overlap, nobody deaf; a call that waited more than
            // the pool's 10 s for a server connection is reported (waited_out), with the machine's load
            boolean ok = refused.get() == 0 && errors.get() == 0 && overlaps == 0 && lostDoubled[0] == 0 && lostDoubled[1] == 0
                    && heardAll == desks.size() && online == desks.size()
                    && booked.get() > 0 && maxSessions.get() < maxConnections
                    && samePrimary && opened + worked <= (long) LOGINS_PER_PERSON * desks.size();
            return ok ? 0 : 1;
        } finally {
            stop = true;
            pool.shutdownNow();
            desks.forEach(Desk::close);
        }
    }

    private Desk open(int index, String login, ChainSalon salon) {
        ConnectionSettings as = new ConnectionSettings(cfg.urls().desk(), login, cfg.urls().deskPassword());
        // the desk's own pool as the app opens it on a shared server (Backend.SHARED_DESK_POOL)
        Database db = Database.open(as, 4);
        BookingEngine engine = new BookingEngine(Backend.dslOn(db.dataSource()));
        LiveUpdates live = LiveUpdates.forDesk(as, db.dataSource(), salon.tenant, cfg.liveUrl());
        Set<Long> heard = ConcurrentHashMap.newKeySet();
        java.util.Queue<Long> backOnline = new java.util.concurrent.ConcurrentLinkedQueue<>();
        boolean[] wasOffline = new boolean[1];
        live.onChange(c -> heard.add(c.bookingId()));
        live.onState(st -> {
            if (st == LiveUpdates.State.OFFLINE) {
                wasOffline[0] = true;
            } else if (st == LiveUpdates.State.ONLINE && wasOffline[0]) {
                backOnline.add(System.nanoTime());
            }
        });
        live.start();
        return new Desk(index, login, salon, db, engine, live, heard, backOnline);
    }

    /** A receptionist at a brisk pace: three bookings to one free-time search. */
    private void work(Desk d) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        ChainPeople.pause(0, PAUSE_MAX_MS);
        for (int n = 0; n < MAX_CALLS_PER_DESK && !stop; n++) {
            try {
                if (r.nextInt(4) == 0) {
                    // the booking form's list of a master's free starts on a day
                    LocalDate day = LocalDate.now(ChainSalon.ZONE).plusDays(1 + r.nextInt(ChainSalon.DAYS));
                    d.engine().freeSlots(FreeSlotFinder.Question.dayOf(d.salon().tenant, 30, day.atStartOfDay(ChainSalon.ZONE).toInstant(),
                            d.salon().randomMaster(r), d.salon().service, null, 15));
                    searches.incrementAndGet();
                } else {
                    NewBooking cmd = d.salon().booking(d.salon().randomMaster(r), d.salon().randomSlot(r));
                    long giveUpAt = System.nanoTime() + ChainPeople.GIVE_UP.toNanos();
                    long t0 = System.nanoTime();
                    BookingOutcome o = d.engine().book(cmd);
                    booking.recordValue(System.nanoTime() - t0);
                    // "try again" is tried again, with the same request, as a person at the desk does (and as
                    // the storms' receptionists do): an answer not known after a lost connection is settled by
                    // the retry, never left for the person to book again by hand
                    while (o instanceof BookingOutcome.TryAgain && System.nanoTime() < giveUpAt) {
                        tryAgain.incrementAndGet();
                        ChainPeople.pause(150, 300);
                        long t1 = System.nanoTime();
                        o = d.engine().book(cmd);
                        booking.recordValue(System.nanoTime() - t1);
                    }
                    answers.put(cmd.requestId(), o instanceof BookingOutcome.Booked b ? b.booking().id() : -1L);
                    if (o instanceof BookingOutcome.Booked b) {
                        booked.incrementAndGet();
                        bookedIn.computeIfAbsent(d.salon().tenant, k -> new ConcurrentHashMap<>()).put(b.booking().id(), System.nanoTime());
                    } else if (o instanceof BookingOutcome.TimeTaken) {
                        taken.incrementAndGet();
                    } else if (o instanceof BookingOutcome.TryAgain) {
                        tryAgain.incrementAndGet();
                    } else {
                        errors.incrementAndGet();
                        log.warn("load: desk {} was answered {}", d.login(), o);
                    }
                }
            } catch (RuntimeException e) {
                count(e);
                log.warn("load: a call of desk {} failed", d.login(), e);
            }
            ChainPeople.pause(PAUSE_MIN_MS, PAUSE_MAX_MS);
        }
    }

    /**
     * On the primary, by request id: requests answered "booked" whose booking is not there (lost),
     * and request ids with two bookings or with one though the answer was not "booked" (doubled).
     */
    private long[] lostAndDoubled(DSLContext owner, List<ChainSalon> salons) {
        Long[] tenants = salons.stream().map(s -> s.tenant).toArray(Long[]::new);
        Map<java.util.UUID, List<Long>> found = new java.util.HashMap<>();
        for (var row : owner.resultQuery("SELECT request_id, id FROM bookings WHERE tenant_id = ANY (?)", (Object) tenants)) {
            found.computeIfAbsent(row.get(0, java.util.UUID.class), k -> new ArrayList<>()).add(row.get(1, Long.class));
        }
        long lost = 0;
        long doubled = 0;
        for (Map.Entry<java.util.UUID, Long> a : answers.entrySet()) {
            List<Long> there = found.getOrDefault(a.getKey(), List.of());
            if (a.getValue() >= 0 && !there.contains(a.getValue())) {
                lost++;
                log.error("load: request {} was answered booked (#{}) and is not on the primary", a.getKey(), a.getValue());
            }
            if (there.size() > 1 || a.getValue() < 0 && !there.isEmpty()) {
                doubled++;
                log.error("load: request {} was answered {} and has booking(s) {}", a.getKey(), a.getValue(), there);
            }
        }
        return new long[]{lost, doubled};
    }

    /** A failed call: refused (53300, or nobody at the port), waited out (no connection in 10 s), or another error. */
    private void count(RuntimeException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.sql.SQLException s && "53300".equals(s.getSQLState()) || t instanceof java.net.ConnectException) {
                refused.incrementAndGet();
                return;
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.sql.SQLTransientConnectionException) {
                waitedOut.incrementAndGet();
                return;
            }
        }
        errors.incrementAndGet();
    }

    /**
     * The sessions the primary has started in the salon's database since its statistics were reset
     * ({@code pg_stat_database.sessions}, PostgreSQL 14+), each a login: PgBouncer's server
     * connections, the relay's, serve's, this driver's own. A new session reports itself when it
     * first goes idle, so the count waits a moment for the ones that have just started.
     *
     * @return the count, and the port of the server that answered (which primary it was)
     */
    private static long[] logins(DSLContext owner) throws InterruptedException {
        Thread.sleep(2_000);
        var row = owner.resultQuery("SELECT sessions, inet_server_port() FROM pg_stat_database WHERE datname = current_database()")
                .fetchOne();
        return new long[]{row.get(0, Long.class), row.get(1, Long.class)};
    }

    /** The most client sessions the server has at once (its max_connections counts them, PgBouncer's and all). */
    private void sample(DSLContext owner) {
        while (!stop) {
            try {
                maxSessions.accumulate(Sql.count(owner, "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'"));
            } catch (RuntimeException e) {
                log.debug("load: sampling the sessions failed", e);
            }
            ChainPeople.pause(200, 300);
        }
    }

    /**
     * How many desks heard every booking of their salon, or came back online after it (and
     * reloaded, as a desk does after a gap); and how many came back at all.
     */
    private int[] heardAll(List<Desk> desks) throws InterruptedException {
        long deadline = System.nanoTime() + HEARD_WITHIN.toNanos();
        int all = 0;
        int reconnected = 0;
        for (Desk d : desks) {
            Map<Long, Long> expected = bookedIn.getOrDefault(d.salon().tenant, Map.of());
            while (missed(d, expected) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            long missed = missed(d, expected);
            if (missed == 0) {
                all++;
            } else {
                log.warn("load: desk {} neither heard nor reloaded {} of its salon's {} bookings", d.login(), missed, expected.size());
            }
            reconnected += d.backOnline().isEmpty() ? 0 : 1;
        }
        return new int[]{all, reconnected};
    }

    private static long missed(Desk d, Map<Long, Long> expected) {
        long lastBack = d.backOnline().stream().mapToLong(Long::longValue).max().orElse(Long.MIN_VALUE);
        return expected.entrySet().stream().filter(e -> !d.heard().contains(e.getKey()) && e.getValue() > lastBack).count();
    }

    /**
     * The baseline of the same run: one desk alone, {@value #BASELINE} bookings one after the other,
     * through PgBouncer and straight to PostgreSQL; the booking's p50 and p99 each way.
     */
    private double[] baseline(ChainSalon salon, ConnectionSettings throughPooler, ConnectionSettings direct) {
        double[] out = new double[4];
        int k = 0;
        for (ConnectionSettings as : List.of(throughPooler, direct)) {
            try (Database db = Database.open(as, 4)) {
                BookingEngine engine = new BookingEngine(Backend.dslOn(db.dataSource()));
                Histogram h = new Histogram(3);
                ThreadLocalRandom r = ThreadLocalRandom.current();
                for (int i = 0; i < BASELINE + 10; i++) {
                    long t0 = System.nanoTime();
                    engine.book(salon.booking(salon.randomMaster(r), salon.randomSlot(r)));
                    if (i >= 10) {   // the first ten warm the pool and the JIT
                        h.recordValue(System.nanoTime() - t0);
                    }
                }
                out[k++] = ms(h.getValueAtPercentile(50));
                out[k++] = ms(h.getValueAtPercentile(99));
            }
        }
        return out;
    }

    private static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
