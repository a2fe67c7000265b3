package app.salondesk.web;

import app.salondesk.cli.CliTestAccess;
import app.salondesk.cli.OnlineServer;
import app.salondesk.db.ConnectionSettings;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.logic.waitlist.WaitlistBooker;
import app.salondesk.logic.waitlist.WaitlistRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.JoinOutcome;
import app.salondesk.model.waitlist.NewWaitlistEntry;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The four roads (DESIGN.md): the desk's form and its drags (engine calls as a receptionist
 * login), the command line's {@code book} and {@code import bookings}, and the client's page
 * (HTTP against a running server signed in as the online login), and the waitlist worker's pass
 * for clients waiting on that morning (as the desk's login) — all at once, all aiming at
 * one master's overlapping times. Every road takes the same named lock and the constraint
 * has the last word: afterwards no two active bookings overlap, and every attempt is
 * accounted for by exactly one outcome, which the database agrees with road by road.
 */
class FourRoadsTest {

    private static final String SLUG = "roads";
    private static final String PASSWORD = "four-roads-secret";
    /** Cut is 60 minutes: starts 30 minutes apart overlap, so at most four fit 10:00–14:00. */
    private static final List<LocalTime> CONTESTED = List.of(LocalTime.of(10, 0), LocalTime.of(10, 30), LocalTime.of(11, 0),
            LocalTime.of(11, 30), LocalTime.of(12, 0), LocalTime.of(12, 30), LocalTime.of(13, 0));

    private static EngineFixture f;
    private static Backend desk;
    private static Backend online;
    private static WebServer server;
    private static String base;
    private static String deskLogin;

    @BeforeAll
    static void salonDeskAndServer() {
        f = new EngineFixture("four_roads", 8);
        f.dsl.execute("INSERT INTO online_settings (tenant_id, enabled, slug, days_ahead, min_notice_min, cancel_cutoff_min, max_open_per_phone) "
                + "VALUES (" + f.tenant + ", true, '" + SLUG + "', 14, 0, 60, 20)");
        String suffix = Long.toString(System.nanoTime() % 1_000_000_000L);
        deskLogin = "roads_desk_" + suffix;
        String webLogin = "roads_web_" + suffix;
        new StaffRepository(f.dsl).add(f.tenant, deskLogin, "Desk", "receptionist", PASSWORD.toCharArray());
        new StaffRepository(f.dsl).addOnlineLogin(webLogin, PASSWORD.toCharArray());
        String url = f.backend.database().settings().url();
        desk = Backend.openShared(new DbOptions(url, deskLogin, PASSWORD), false);
        online = Backend.openShared(new DbOptions(url, webLogin, PASSWORD), false);
        server = OnlineServer.start(online, new WebSettings("127.0.0.1", 0, null, false, null, null, Duration.ofSeconds(10),
                WebFixture.generous(), null), Clock.systemUTC());
        base = "http://127.0.0.1:" + server.port();
    }

    @AfterAll
    static void close() {
        server.stop();
        online.close();
        desk.close();
        f.close();
    }

    @BeforeEach
    void emptySchedule() {
        f.dsl.execute("DELETE FROM waitlist_entries");
        f.clearSchedule();
    }

    /** A client waiting for Anna's cut on {@code day} between 10:00 and 14:00, put on the list at the desk. */
    private static long waiting(LocalDate day, String name, String phone) {
        JoinOutcome o = new WaitlistRepository(desk.dsl()).add(new NewWaitlistEntry(f.tenant, null, name, phone, f.cut, null, f.anna,
                day, day, DailyWindow.of(LocalTime.of(10, 0), LocalTime.of(14, 0)), ""), Source.FORM);
        return assertInstanceOf(JoinOutcome.Joined.class, o, o.toString()).entryId();
    }

    private enum Outcome { BOOKED, TIME_TAKEN, TRY_AGAIN, INVALID }

    @Test
    void allRoadsAtOnceOnOneMastersTimesNeverOverlapAndEveryAttemptHasOneOutcome() throws Exception {
        LocalDate day = LocalDate.now(EngineFixture.ZONE).plusDays(1);
        BookingEngine deskEngine = new BookingEngine(desk.dsl());
        // the drags' bookings, made beforehand with Bohdan in the afternoon, are dragged onto Anna's morning
        List<Booking> toDrag = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            toDrag.add(f.booked(deskEngine.book(new NewBooking(f.tenant, f.bohdan, f.client, null, f.cut,
                    at(day, LocalTime.of(14 + i, 0)), null, "", UUID.randomUUID(), Source.FORM, false))));
        }
        // the page is rendered before the rush: each client holds a form for a time free then
        WebHttp[] browsers = new WebHttp[6];
        List<Map<String, String>> forms = new ArrayList<>();
        for (int i = 0; i < browsers.length; i++) {
            browsers[i] = new WebHttp(base);
            forms.add(browsers[i].filledForm(SLUG, f.cut, f.anna, at(day, contested(i + 3)), "Online " + i, "067 555 00" + (10 + i)));
        }
        // and three clients wait for Anna's morning; the worker's pass runs in the rush like any desk
        List<Long> entries = List.of(waiting(day, "Waiting 0", "067 888 0010"), waiting(day, "Waiting 1", "067 888 0011"),
                waiting(day, "Waiting 2", "067 888 0012"));
        Path csv = Files.createTempFile("four-roads", ".csv");
        StringBuilder rows = new StringBuilder("master,start,duration_min,client_name,client_phone\n");
        for (int i = 0; i < 4; i++) {
            rows.append("Anna,").append(day.atTime(contested(i + 1)).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME))
                    .append(",60,Imported ").append(i).append(",067 777 00").append(10 + i).append('\n');
        }
        Files.writeString(csv, rows, StandardCharsets.UTF_8);

        Map<String, List<Outcome>> outcomes = new ConcurrentHashMap<>();
        List<Long> dragged = Collections.synchronizedList(new ArrayList<>());
        List<Callable<Void>> roads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Instant start = at(day, contested(i));
            String phone = "067 444 00" + (10 + i);
            roads.add(() -> {
                record(outcomes, "form", kind(deskEngine.book(new NewBooking(f.tenant, f.anna, null,
                        new NewBooking.ClientDetails("Walk-in", phone), f.cut, start, null,
                        "", UUID.randomUUID(), Source.FORM, false))));
                return null;
            });
        }
        for (int i = 0; i < toDrag.size(); i++) {
            Booking b = toDrag.get(i);
            Instant start = at(day, contested(i + 2));
            roads.add(() -> {
                BookingOutcome o = deskEngine.reschedule(new Reschedule(f.tenant, b.id(), b.version(), f.bohdan, f.anna, start, 60,
                        Source.DRAG, false));
                if (o instanceof BookingOutcome.Booked) {
                    dragged.add(b.id());
                }
                record(outcomes, "drag", kind(o));
                return null;
            });
        }
        for (int i = 0; i < 4; i++) {
            String start = day.atTime(contested(i + 4)).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
            int n = i;
            roads.add(() -> {
                CliTestAccess.Run run = CliTestAccess.run(cli("book", "--tenant", Long.toString(f.tenant), "--master", "Anna",
                        "--start", start, "--service", "Cut", "--client", "Caller " + n, "--phone", "067 666 00" + (10 + n)), "");
                record(outcomes, "cli", cliOutcome(run.out().strip()));
                return null;
            });
        }
        roads.add(() -> {
            CliTestAccess.Run run = CliTestAccess.run(cli("import", "bookings", "--tenant", Long.toString(f.tenant), csv.toString()), "");
            Matcher m = Pattern.compile("(booked|time-taken|try-again|invalid)=(\\d+)").matcher(run.out());
            int seen = 0;
            while (m.find()) {
                for (int k = 0; k < Integer.parseInt(m.group(2)); k++) {
                    record(outcomes, "import", cliOutcome(m.group(1)));
                }
                seen++;
            }
            assertTrue(seen > 0, "the import's summary line: " + run.out() + run.err());
            return null;
        });
        for (int i = 0; i < browsers.length; i++) {
            WebHttp browser = browsers[i];
            Map<String, String> form = forms.get(i);
            roads.add(() -> {
                HttpResponse<String> answer = browser.post("/" + SLUG + "/book", form);
                record(outcomes, "online", webOutcome(answer));
                return null;
            });
        }

        List<WaitlistBooker.Result> waitlist = Collections.synchronizedList(new ArrayList<>());
        roads.add(() -> {
            waitlist.addAll(new WaitlistBooker(desk.dsl()).sweep(f.tenant).results());
            for (WaitlistBooker.Result r : waitlist) {
                record(outcomes, "waitlist", switch (r.attempt()) {
                    case FULFILLED -> Outcome.BOOKED;
                    case NOTHING_FREE -> Outcome.TIME_TAKEN;
                    case BUSY -> Outcome.TRY_AGAIN;
                    default -> Outcome.INVALID;
                });
            }
            return null;
        });

        runAllAtOnce(roads);

        // every attempt, one outcome
        assertEquals(6, outcomes.get("form").size(), outcomes.toString());
        assertEquals(5, outcomes.get("drag").size(), outcomes.toString());
        assertEquals(4, outcomes.get("cli").size(), outcomes.toString());
        assertEquals(4, outcomes.get("import").size(), outcomes.toString());
        assertEquals(6, outcomes.get("online").size(), outcomes.toString());
        assertEquals(3, outcomes.get("waitlist").size(), outcomes.toString());
        // the promise
        assertEquals(0, f.overlappingPairs(), "no two active bookings of one master overlap");
        // and the database agrees with each road's answers
        String anna = "master_id = " + f.anna + " AND status IN ('pending','confirmed','arrived')";
        assertEquals(booked(outcomes, "form"), f.count("SELECT count(*) FROM bookings WHERE " + anna + " AND source = 'form' AND id NOT IN ("
                + ids(toDrag) + ")"), outcomes.toString());
        assertEquals(booked(outcomes, "drag"), dragged.size());
        assertEquals(dragged.size(), f.count("SELECT count(*) FROM bookings WHERE " + anna + " AND id IN (" + ids(toDrag) + ")"));
        assertEquals(booked(outcomes, "cli"), f.count("SELECT count(*) FROM bookings WHERE " + anna + " AND source = 'cli'"));
        assertEquals(booked(outcomes, "import"), f.count("SELECT count(*) FROM bookings WHERE " + anna + " AND source = 'import'"));
        assertEquals(booked(outcomes, "online"), f.count("SELECT count(*) FROM bookings WHERE " + anna + " AND source = 'online'"));
        assertEquals(booked(outcomes, "waitlist"), f.count("SELECT count(*) FROM bookings WHERE " + anna + " AND source = 'waitlist'"));
        // an entry is fulfilled exactly when its booking exists; the others wait on, nothing half-written
        assertEquals(booked(outcomes, "waitlist"), f.count("SELECT count(*) FROM waitlist_entries e JOIN bookings b ON b.id = e.booking_id "
                + "WHERE e.state = 'fulfilled' AND b.source = 'waitlist' AND e.id IN (" + entries.stream().map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(",")) + ")"));
        assertEquals(3 - booked(outcomes, "waitlist"), f.count("SELECT count(*) FROM waitlist_entries WHERE state = 'waiting'"));
        int total = outcomes.values().stream().mapToInt(l -> (int) l.stream().filter(o -> o == Outcome.BOOKED).count()).sum();
        assertEquals(total, f.count("SELECT count(*) FROM bookings WHERE " + anna));
        assertTrue(total >= 1 && total <= 4, "between one and four 60-minute bookings fit 10:00–14:00: " + outcomes);
        // the losers were told so, not errored
        assertTrue(outcomes.values().stream().flatMap(List::stream).noneMatch(o -> o == Outcome.INVALID), outcomes.toString());
    }

    /**
     * While a session holds the master's named lock, the page's booking, the desk's and the
     * waitlist worker's attempt all wait the engine's 5 seconds and answer "busy, try again" —
     * the web road and the waitlist take the same lock; the entry waits on, nothing written.
     */
    @Test
    void theServersSessionsPlanTheirStatementsOnce() {
        // a custom plan per request cost the free-time search 1.4-2.8 ms of planning (ADR 12)
        assertEquals("force_generic_plan", online.dsl().fetchValue("SHOW plan_cache_mode"));
        assertEquals("auto", f.dsl.fetchValue("SHOW plan_cache_mode"), "the desk's own sessions keep the default");
    }

    @Test
    void whileTheMastersLockIsHeldThePageAndTheDeskBothSayBusyAfterFiveSeconds() throws Exception {
        LocalDate day = LocalDate.now(EngineFixture.ZONE).plusDays(1);
        Instant start = at(day, LocalTime.of(15, 0));
        WebHttp browser = new WebHttp(base);
        Map<String, String> form = browser.filledForm(SLUG, f.cut, f.anna, start, "Oksana", "067 321 0011");
        BookingEngine deskEngine = new BookingEngine(desk.dsl());
        long entry = waiting(day, "Waiting", "067 888 0099");
        ConnectionSettings owner = f.backend.database().settings();
        try (Connection holder = DriverManager.getConnection(owner.url(), owner.user(), owner.password());
             Statement st = holder.createStatement()) {
            holder.setAutoCommit(false);
            st.execute("SELECT salondesk_lock_master(" + f.tenant + ", " + f.anna + ")");
            ExecutorService two = Executors.newFixedThreadPool(3);
            try {
                long t0 = System.nanoTime();
                Future<HttpResponse<String>> web = two.submit(() -> browser.post("/" + SLUG + "/book", form));
                Future<BookingOutcome> fromDesk = two.submit(() -> deskEngine.book(new NewBooking(f.tenant, f.anna, f.client, null, f.cut,
                        start, null, "", UUID.randomUUID(), Source.FORM, false)));
                Future<WaitlistBooker.Result> worker = two.submit(() -> new WaitlistBooker(desk.dsl()).tryEntry(f.tenant, entry));
                HttpResponse<String> page = web.get(30, TimeUnit.SECONDS);
                BookingOutcome answer = fromDesk.get(30, TimeUnit.SECONDS);
                WaitlistBooker.Result waited = worker.get(30, TimeUnit.SECONDS);
                double seconds = (System.nanoTime() - t0) / 1e9;
                assertEquals(Outcome.TRY_AGAIN, webOutcome(page), page.statusCode() + "\n" + page.body());
                assertInstanceOf(BookingOutcome.TryAgain.class, answer);
                assertEquals(WaitlistBooker.Attempt.BUSY, waited.attempt(), waited.toString());
                assertTrue(seconds >= 4.5 && seconds < 20, "all three waited the engine's lock_timeout (5 s): " + seconds);
            } finally {
                two.shutdownNow();
            }
            holder.rollback();
        }
        assertEquals(0, f.count("SELECT count(*) FROM bookings"), "none wrote anything");
        assertEquals(1, f.count("SELECT count(*) FROM waitlist_entries WHERE state = 'waiting' AND id = " + entry), "the entry waits on");
    }

    // ---- helpers --------------------------------------------------------------------------------

    private static LocalTime contested(int i) {
        return CONTESTED.get(Math.floorMod(i, CONTESTED.size()));
    }

    private static Instant at(LocalDate day, LocalTime time) {
        return day.atTime(time).atZone(EngineFixture.ZONE).toInstant();
    }

    private static String[] cli(String... command) {
        List<String> all = new ArrayList<>(List.of("--db-url", desk.database().settings().url(), "--user", deskLogin,
                "--password", PASSWORD));
        all.addAll(List.of(command));
        return all.toArray(String[]::new);
    }

    private static void record(Map<String, List<Outcome>> outcomes, String road, Outcome o) {
        outcomes.computeIfAbsent(road, r -> Collections.synchronizedList(new ArrayList<>())).add(o);
    }

    private static Outcome kind(BookingOutcome o) {
        return o.fold(b -> Outcome.BOOKED, t -> Outcome.TIME_TAKEN, a -> Outcome.TRY_AGAIN, c -> Outcome.INVALID, i -> Outcome.INVALID);
    }

    private static Outcome cliOutcome(String line) {
        if (line.startsWith("booked")) {
            return Outcome.BOOKED;
        }
        if (line.startsWith("time-taken")) {
            return Outcome.TIME_TAKEN;
        }
        if (line.startsWith("try")) {
            return Outcome.TRY_AGAIN;
        }
        return Outcome.INVALID;
    }

    /** The page's answers: a redirect to the private link, 503 busy, the taken page with offers, else invalid. */
    private static Outcome webOutcome(HttpResponse<String> r) {
        if (r.statusCode() == 303 && r.headers().firstValue("Location").orElse("").contains("/" + SLUG + "/b/")) {
            return Outcome.BOOKED;
        }
        if (r.statusCode() == 503) {
            return Outcome.TRY_AGAIN;
        }
        if (r.statusCode() == 409) {
            return Outcome.TIME_TAKEN;
        }
        return Outcome.INVALID;
    }

    private static long booked(Map<String, List<Outcome>> outcomes, String road) {
        return outcomes.get(road).stream().filter(o -> o == Outcome.BOOKED).count();
    }

    private static String ids(List<Booking> bookings) {
        return String.join(", ", bookings.stream().map(b -> Long.toString(b.id())).toList());
    }

    private static void runAllAtOnce(List<Callable<Void>> roads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(roads.size());
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Void>> running = new ArrayList<>();
            for (Callable<Void> road : roads) {
                running.add(pool.submit(() -> {
                    go.await();
                    return road.call();
                }));
            }
            go.countDown();
            for (Future<Void> r : running) {
                r.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
