package app.salondesk.bench;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.live.LiveUpdates;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One phase of the failover test (issue 19, {@code installer/server/failover-test.sh}): desks
 * — each its own pool ({@link Backend}, through PgBouncer), {@link BookingEngine} and live
 * listener ({@link LiveUpdates}, straight to PostgreSQL) — and clients of a real
 * {@code salondesk serve} book on the same masters in a storm; mid-storm the script's action
 * hits the cluster (kills the primary's PostgreSQL, or its whole machine, or switches over);
 * the storm goes on until well after the first booking on the new primary, then stops, and
 * the new primary is asked:
 * <ul>
 *   <li>lost: a request answered "booked" whose booking is not there (by its request id);</li>
 *   <li>doubled: a request id with two bookings, or a booking whose request was answered
 *       anything but "booked" (the person would book again by hand);</li>
 *   <li>overlaps: two active bookings of one master at once.</li>
 * </ul>
 * and every desk's listener must have gone offline and come back, and hear a booking made on
 * the new primary. Prints {@code <phase>: booked=N lost=N doubled=N overlaps=N pause_ms=N};
 * exits 1 when anything is not as promised.
 */
final class ChainStorm {

    private static final Logger log = LoggerFactory.getLogger(ChainStorm.class);
    private static final Duration HEARD_WITHIN = Duration.ofSeconds(15);
    private static final Duration NO_RECOVERY_AFTER = Duration.ofSeconds(120);

    /**
     * @param pauseIsGap whether the phase's pause is the longest gap between two bookings (a
     *                   switchover, where the old primary books on for a moment) rather than
     *                   the time from the hit to the first booking begun after it (a kill)
     */
    record Config(String phase, ChainDriver.Urls urls, String action, int desks, int peoplePerDesk, int webClients,
                  Duration warmUp, Duration after, boolean pauseIsGap) {
    }

    private final Config cfg;
    private final ChainTally tally = new ChainTally();
    private volatile boolean stop;

    ChainStorm(Config cfg) {
        this.cfg = cfg;
    }

    int run() throws Exception {
        ChainDriver.Urls u = cfg.urls();
        List<Backend> desks = new ArrayList<>();
        List<LiveUpdates> listeners = new ArrayList<>();
        List<List<LiveUpdates.State>> states = new ArrayList<>();
        List<Set<Long>> heard = new ArrayList<>();
        List<Thread> people = new ArrayList<>();
        try (Backend owner = Backend.connect(new ConnectionSettings(u.direct(), "salondesk", u.ownerPassword()), 2)) {
            ChainSalon salon = ChainSalon.ensure(owner.dsl(), ChainDriver.STORM_SALON, ChainDriver.STORM_SLUG);
            for (int d = 0; d < cfg.desks(); d++) {
                String login = ChainDriver.deskLogin(d);
                salon.ensureLogin(owner.dsl(), login, u.deskPassword());
                Backend desk = Backend.connect(new ConnectionSettings(u.desk(), login, u.deskPassword()), 4);
                desks.add(desk);
                // half the desks listen through serve's live relay, half straight to PostgreSQL: both routes follow the primary
                ConnectionSettings as = new ConnectionSettings(u.desk(), login, u.deskPassword());
                LiveUpdates live = LiveUpdates.forDesk(as, desk.database().dataSource(), salon.tenant,
                        d % 2 == 0 && u.live() != null ? u.live() : u.direct());
                List<LiveUpdates.State> seen = new CopyOnWriteArrayList<>();
                Set<Long> bookings = ConcurrentHashMap.newKeySet();
                live.onState(seen::add);
                live.onChange(c -> bookings.add(c.bookingId()));
                live.start();
                listeners.add(live);
                states.add(seen);
                heard.add(bookings);
                BookingEngine engine = new BookingEngine(desk.dsl());
                for (int p = 0; p < cfg.peoplePerDesk(); p++) {
                    people.add(thread("desk-" + d + "-person-" + p, () -> ChainPeople.receptionist(engine, salon, tally, () -> stop)));
                }
            }
            for (int w = 0; w < cfg.webClients(); w++) {
                String base = u.serve() + "/" + salon.slug;
                people.add(thread("web-client-" + w, () -> ChainPeople.client(base, salon, tally, () -> stop)));
            }
            people.forEach(Thread::start);
            Thread.sleep(cfg.warmUp().toMillis());
            long bookedBefore = tally.count(ChainTally.Final.BOOKED);
            log.info("{}: {} booked before the cluster is hit; hitting it: {}", cfg.phase(), bookedBefore, cfg.action());
            int actionExit = act(cfg.action());
            long recoveryDeadline = tally.hitAt + NO_RECOVERY_AFTER.toNanos();
            while (!tally.bookedSinceHit() && System.nanoTime() < recoveryDeadline) {
                Thread.sleep(50);
            }
            Thread.sleep(cfg.after().toMillis());
            stop = true;
            for (Thread t : people) {
                t.join(ChainPeople.GIVE_UP.toMillis() + 30_000);
            }
            // every listener hears a booking made on the new primary, once it is listening there
            long onlineBy = System.nanoTime() + HEARD_WITHIN.toNanos();
            while (listeners.stream().anyMatch(l -> l.state() != LiveUpdates.State.ONLINE) && System.nanoTime() < onlineBy) {
                Thread.sleep(50);
            }
            BookingEngine first = new BookingEngine(desks.get(0).dsl());
            long marker = markerBooking(first, salon);
            int followed = 0;
            for (int d = 0; d < listeners.size(); d++) {
                if (heardWithin(heard.get(d), marker) && wentOfflineAndBack(states.get(d))) {
                    followed++;
                } else {
                    log.warn("{}: desk {}'s listener: states {}, heard the marker booking: {}", cfg.phase(), d, states.get(d),
                            heard.get(d).contains(marker));
                }
            }
            return report(owner.dsl(), salon, actionExit, followed, listeners.size(), marker);
        } finally {
            stop = true;
            listeners.forEach(LiveUpdates::close);
            desks.forEach(Backend::close);
        }
    }

    private int report(DSLContext owner, ChainSalon salon, int actionExit, int followed, int listeners, long marker) {
        Map<UUID, List<Long>> rows = new HashMap<>();
        for (org.jooq.Record r : owner.resultQuery("SELECT request_id, id FROM bookings WHERE tenant_id = ? AND id <> ?",
                salon.tenant, marker).fetch()) {
            rows.computeIfAbsent(r.get(0, UUID.class), k -> new ArrayList<>()).add(r.get(1, Long.class));
        }
        long booked = 0;
        long lost = 0;
        long doubled = 0;
        for (Map.Entry<UUID, ChainTally.Answer> e : tally.answers.entrySet()) {
            List<Long> found = rows.getOrDefault(e.getKey(), List.of());
            ChainTally.Answer a = e.getValue();
            if (a.kind() == ChainTally.Final.BOOKED) {
                booked++;
                if (found.isEmpty() || (!a.web() && !found.contains(a.bookingId()))) {
                    lost++;
                    log.error("{}: request {} was answered booked (#{}) and is not on the primary", cfg.phase(), e.getKey(), a.bookingId());
                }
            } else if (!found.isEmpty()) {
                doubled++;
                log.error("{}: request {} was answered {} and has booking(s) {}", cfg.phase(), e.getKey(), a.kind(), found);
            }
            if (found.size() > 1) {
                doubled++;
            }
        }
        long overlaps = Sql.overlapping(owner, salon.tenant);
        long gaveUp = tally.count(ChainTally.Final.GAVE_UP);
        long invalid = tally.count(ChainTally.Final.INVALID);
        String p = cfg.phase();
        System.out.printf("%s: desks=%d people=%d web_clients=%d booked_desk=%d booked_web=%d taken=%d invalid=%d gave_up=%d errors=%d "
                        + "try_again=%s first_booking_after_hit_ms=%d longest_gap_ms=%d web_pause_ms=%d listeners_followed=%d/%d "
                        + "action_exit=%d%n",
                p, cfg.desks(), cfg.desks() * cfg.peoplePerDesk(), cfg.webClients(), tally.count(ChainTally.Final.BOOKED, false),
                tally.count(ChainTally.Final.BOOKED, true), tally.count(ChainTally.Final.TAKEN), invalid, gaveUp, tally.errors.get(),
                tally.retriesText(), tally.pauseMs(), tally.longestGapMs(), tally.webPauseMs(), followed, listeners, actionExit);
        long pause = cfg.pauseIsGap() ? tally.longestGapMs() : tally.pauseMs();
        System.out.printf("%s: booked=%d lost=%d doubled=%d overlaps=%d pause_ms=%d%n", p, booked, lost, doubled, overlaps, pause);
        System.out.flush();
        boolean ok = lost == 0 && doubled == 0 && overlaps == 0 && gaveUp == 0 && invalid == 0 && tally.errors.get() == 0
                && followed == listeners && tally.bookedSinceHit() && actionExit == 0;
        return ok ? 0 : 1;
    }

    /**
     * Runs the action; the moment it prints {@code hit} (it has just killed or started the
     * switchover) is the moment the pauses are measured from. Its exit code.
     */
    private int act(String action) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", action).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                java.nio.charset.StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.equals("hit") && tally.hitAt == 0) {
                    tally.hitAt = System.nanoTime();
                } else {
                    System.out.println(line);
                }
            }
        }
        int exit = p.waitFor();
        if (tally.hitAt == 0) {
            log.error("{}: the action never said it hit the cluster", cfg.phase());
            tally.hitAt = System.nanoTime();
            return exit == 0 ? 1 : exit;
        }
        return exit;
    }

    /** One more booking, made once the storm is over, that every desk's listener must hear. */
    private static long markerBooking(BookingEngine engine, ChainSalon salon) {
        java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
        for (int i = 0; i < 200; i++) {
            NewBooking cmd = salon.booking(salon.randomMaster(r), salon.randomSlot(r));
            for (int again = 0; again < 20; again++) {
                BookingOutcome o = engine.book(cmd);
                if (o instanceof BookingOutcome.Booked b) {
                    return b.booking().id();
                }
                if (!(o instanceof BookingOutcome.TryAgain)) {
                    break;
                }
                ChainPeople.pause(200, 400);
            }
        }
        throw new IllegalStateException("no free time left for the marker booking");
    }

    private static boolean heardWithin(Set<Long> heard, long booking) throws InterruptedException {
        long deadline = System.nanoTime() + HEARD_WITHIN.toNanos();
        while (!heard.contains(booking)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    /** The listener said ONLINE, then OFFLINE (the primary went), then ONLINE again (the new one). */
    private static boolean wentOfflineAndBack(List<LiveUpdates.State> seen) {
        int online = seen.indexOf(LiveUpdates.State.ONLINE);
        int offline = seen.subList(Math.max(online, 0), seen.size()).indexOf(LiveUpdates.State.OFFLINE);
        return online >= 0 && offline >= 0 && seen.lastIndexOf(LiveUpdates.State.ONLINE) > online + offline;
    }

    private static Thread thread(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
