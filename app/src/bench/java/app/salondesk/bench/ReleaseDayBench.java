package app.salondesk.bench;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.FreeSlot;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Figure 1 (d), the release-day clash (issue 13): a popular master opens her calendar and
 * {@value #CLIENTS} clients reach at once for the first few times of one day, through the
 * engine on the benchmark's pool of {@value BenchDatabase#POOL_SIZE} connections — as a web
 * server would. Each client taps a popular start; when it is taken, it taps the first time
 * offered, up to {@value #TAPS} taps; a "try again" is tapped again too. Every request's time
 * is measured; the figure is whether every client got an answer quickly, and how many were
 * turned into "busy, try again" by the engine's 5-second lock timeout.
 */
final class ReleaseDayBench {

    private static final Logger log = LoggerFactory.getLogger(ReleaseDayBench.class);

    static final int CLIENTS = 200;
    static final int TAPS = 3;
    /** The times the page shows first, which everybody taps: 16:00, 16:15 … 17:45. */
    static final int POPULAR = 8;
    private static final LocalDate FIRST_DAY = LocalDate.of(2034, 3, 6);

    record Round(double seconds, Latency requests, long requestCount, long booked, long clientsBooked, long taken,
                 long takenWithoutOffers, long tryAgain, long otherOrErrors) {
    }

    private final BenchDatabase db;
    private final BenchConfig cfg;
    private final WriteSalon salon;
    private final BookingEngine engine;
    final List<Round> rounds = new ArrayList<>();
    long overlapping = -1;

    ReleaseDayBench(BenchDatabase db, BenchConfig cfg) {
        this.db = db;
        this.cfg = cfg;
        this.salon = new WriteSalon(db.dsl(), "Benchmark: release day");
        // as the web server calls it: losers of the same time share their offers for a moment
        this.engine = new BookingEngine(db.dsl(), app.salondesk.logic.online.OnlineDeskService.SHARED_OFFERS);
    }

    void run() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS, r -> {
            Thread t = new Thread(r, "bench-client");
            t.setDaemon(true);
            return t;
        });
        try {
            db.fillPool();
            round(clients, FIRST_DAY.minusDays(7));   // warm-up, not reported
            for (int r = 0; r < cfg.rounds(); r++) {
                Round round = round(clients, FIRST_DAY.plusDays(7L * r));
                rounds.add(round);
                log.info("figure 1 (d): round {}: {} requests, p99 {} ms, {} clients booked, {} try again",
                        r + 1, round.requestCount(), Markdown.ms(round.requests().p99()), round.clientsBooked(), round.tryAgain());
            }
        } finally {
            clients.shutdownNow();
        }
        overlapping = Sql.overlapping(db.dsl(), salon.tenant);
    }

    private static final class Client {
        final Histogram times = Latency.histogram();
        long booked;
        long taken;
        long takenEmpty;
        long tryAgain;
        long other;
    }

    private Round round(ExecutorService pool, LocalDate day) throws Exception {
        CountDownLatch ready = new CountDownLatch(CLIENTS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Client>> futures = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            futures.add(pool.submit(() -> {
                Client me = new Client();
                Instant wish = day.atTime(LocalTime.of(16, 0).plusMinutes(15L * ThreadLocalRandom.current().nextInt(POPULAR)))
                        .atZone(WriteSalon.ZONE).toInstant();
                long master = salon.clash;
                ready.countDown();
                go.await();
                for (int tap = 0; tap < TAPS; tap++) {
                    long t0 = System.nanoTime();
                    BookingOutcome outcome;
                    try {
                        outcome = engine.book(salon.booking(master, wish));
                    } catch (RuntimeException e) {
                        me.other++;
                        log.debug("a release-day request failed", e);
                        break;
                    }
                    me.times.recordValue(System.nanoTime() - t0);
                    if (outcome instanceof BookingOutcome.Booked) {
                        me.booked++;
                        break;
                    } else if (outcome instanceof BookingOutcome.TimeTaken t) {
                        if (t.nearestFree().isEmpty()) {
                            me.takenEmpty++;
                            break;
                        }
                        me.taken++;
                        FreeSlot next = t.nearestFree().get(0);   // one tap on the first time offered
                        master = next.masterId();
                        wish = next.start();
                    } else if (outcome instanceof BookingOutcome.TryAgain) {
                        me.tryAgain++;   // and taps "try again"
                    } else {
                        me.other++;
                        break;
                    }
                }
                return me;
            }));
        }
        ready.await();
        long start = System.nanoTime();
        go.countDown();
        Histogram all = Latency.histogram();
        long booked = 0;
        long clientsBooked = 0;
        long taken = 0;
        long empty = 0;
        long tryAgain = 0;
        long other = 0;
        for (Future<Client> f : futures) {
            Client c = f.get();
            all.add(c.times);
            booked += c.booked;
            clientsBooked += c.booked > 0 ? 1 : 0;
            taken += c.taken;
            empty += c.takenEmpty;
            tryAgain += c.tryAgain;
            other += c.other;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Round(seconds, Latency.of(all), all.getTotalCount(), booked, clientsBooked, taken, empty, tryAgain, other);
    }

    void report(Markdown md) {
        md.para("(d) **Release day** (issue 13): " + CLIENTS + " clients at once on one master's day, through the engine "
                + "on the pool of " + BenchDatabase.POOL_SIZE + " connections, as a web server would call it. Each taps one of the "
                + "day's first " + POPULAR + " starts (16:00–17:45, 30 minutes each); when it is taken, the first time "
                + "offered (same master first), up to " + TAPS + " taps; a \"try again\" is tapped again. Per request: "
                + "the whole `BookingEngine.book` call, waiting for a pooled connection included. One row per round, "
                + "each on a fresh day; a warm-up round before.");
        List<List<String>> rows = new ArrayList<>();
        int n = 1;
        for (Round r : rounds) {
            rows.add(List.of(Integer.toString(n++), Long.toString(r.requestCount()), Markdown.ms(r.requests().p50()),
                    Markdown.ms(r.requests().p95()), Markdown.ms(r.requests().p99()), Markdown.ms(r.requests().max()),
                    r.clientsBooked() + " / " + CLIENTS, Long.toString(r.taken()), Long.toString(r.takenWithoutOffers()),
                    Long.toString(r.tryAgain()), Long.toString(r.otherOrErrors()), String.format(java.util.Locale.ROOT, "%.1f", r.seconds())));
        }
        md.table(List.of("round", "requests", "p50 ms", "p95 ms", "p99 ms", "max ms", "clients booked", "taken, offers tapped",
                "taken, no offer", "try again", "other/errors", "all answered in s"), rows);
        md.para("Overlapping active bookings in the release-day salon afterwards: **" + overlapping + "**.");
    }
}
