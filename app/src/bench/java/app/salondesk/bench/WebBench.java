package app.salondesk.bench;

import app.salondesk.cli.OnlineServer;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import app.salondesk.web.WebServer;
import app.salondesk.web.WebSettings;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Figure 7 (issue 13): the client's page under load — a real {@code serve} web server (the same
 * composition root, {@link OnlineServer}) signed in as an online login, on loopback, with
 * {@value #SMALL} and {@value #LARGE} clients at once, each a browser of its own (cookies, so
 * the CSRF check runs as for a person). Two questions: the free-times page (a master's day)
 * and the booking POST (the form rendered first, untimed, then the POST timed: what a client
 * waits for after tapping Book). Bounded in time ({@code bench.seconds} per round) and in count
 * ({@value #MAX_PER_CLIENT} requests per client per round).
 */
final class WebBench {

    private static final Logger log = LoggerFactory.getLogger(WebBench.class);

    static final int SMALL = 50;
    static final int LARGE = 200;
    static final int MAX_PER_CLIENT = 200;
    static final long PAUSE_MIN_MS = 500;
    static final long PAUSE_MAX_MS = 1500;
    static final long TYPING_MIN_MS = 3000;
    static final long TYPING_MAX_MS = 7000;
    static final long PEOPLE_SECONDS = 45;
    private static final String SLUG = "bench";
    private static final Pattern HIDDEN = Pattern.compile("<input type=\"hidden\" name=\"([a-zA-Z]+)\" value=\"([^\"]*)\">");

    /**
     * @param jvmMs      CPU time of this JVM per request (the server, and the clients' threads)
     * @param postgresMs CPU time of PostgreSQL per request
     */
    record Cell(int clients, String what, double perSecond, Latency latency, long ok, long other, long errors,
                double jvmMs, double postgresMs) {
    }

    private final BenchDatabase db;
    private final BenchConfig cfg;
    private final WriteSalon salon;
    private final List<Long> masters;
    private final AtomicLong nextSlot = new AtomicLong();
    private final CpuMeter cpu;
    /**
     * One HTTP client for every simulated browser (one selector thread, pooled connections), each
     * browser keeping its own cookies: 200 clients of their own, each with a selector thread,
     * were the load generator's bottleneck on two cores, not the server.
     */
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final LocalDate firstDay = LocalDate.now(WriteSalon.ZONE).plusDays(1);
    final List<Cell> cells = new ArrayList<>();
    /** The rounds of {@link #people}: free times and booking of each. */
    final List<Cell> paced = new ArrayList<>();
    long overlapping = -1;

    WebBench(BenchDatabase db, BenchConfig cfg) {
        this.db = db;
        this.cfg = cfg;
        this.salon = new WriteSalon(db.dsl(), "Benchmark: online");
        this.masters = new ArrayList<>(salon.own);
        this.cpu = new CpuMeter(db.dsl().resultQuery("SELECT pg_backend_pid()").fetchOne(0, Long.class));
        db.dsl().execute("INSERT INTO online_settings (tenant_id, enabled, slug, days_ahead, min_notice_min, cancel_cutoff_min, "
                + "max_open_per_phone) VALUES (?, true, ?, 120, 0, 60, 20)", salon.tenant, SLUG);
    }

    void run() throws Exception {
        String login = "bench_web_" + Long.toString(System.nanoTime() % 1_000_000_000L);
        String password = "bench-web-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        new StaffRepository(db.dsl()).addOnlineLogin(login, password.toCharArray());
        try (Backend online = Backend.openShared(new DbOptions(db.settings().url(), login, password), false)) {
            WebSettings.Limits generous = new WebSettings.Limits(1_000_000, Duration.ofMillis(1), 1_000_000, Duration.ofMillis(1),
                    1_000_000, Duration.ofMillis(1));
            WebServer server = OnlineServer.start(online, new WebSettings("127.0.0.1", 0, null, false, null, null,
                    Duration.ofSeconds(10), generous, null), Clock.systemUTC());
            try {
                String base = "http://127.0.0.1:" + server.port() + "/" + SLUG;
                round(SMALL, base, true);   // warm-up: JIT, pools, templates
                round(SMALL, base, false);
                for (int clients : new int[]{SMALL, LARGE}) {
                    for (int r = 0; r < cfg.rounds(); r++) {
                        cells.add(round(clients, base, true));
                        cells.add(round(clients, base, false));
                    }
                }
                // a server runs for days: one more round, not reported, so that the people's rounds
                // measure it warmed (the first one after the flat-out rounds still compiled code)
                people(LARGE, base);
                for (int r = 0; r < cfg.rounds(); r++) {
                    paced.addAll(people(LARGE, base));
                }
            } finally {
                server.stop();
            }
        }
        overlapping = Sql.overlapping(db.dsl(), salon.tenant);
    }

    /** One round of one question: {@code clients} browsers at once until time or count runs out. */
    private Cell round(int clients, String base, boolean freeTimes) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients, r -> {
            Thread t = new Thread(r, "bench-browser");
            t.setDaemon(true);
            return t;
        });
        try {
            CountDownLatch ready = new CountDownLatch(clients);
            CountDownLatch go = new CountDownLatch(1);
            long[] deadline = new long[1];
            List<Future<long[]>> futures = new ArrayList<>();
            List<Histogram> histograms = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                Histogram h = Latency.histogram();
                histograms.add(h);
                futures.add(pool.submit(() -> {
                    Browser browser = new Browser();
                    long ok = 0;
                    long other = 0;
                    long errors = 0;
                    // the page once, for the session's cookies, as a person arrives at it
                    browser.send(get(base), HttpResponse.BodyHandlers.discarding());
                    ready.countDown();
                    go.await();
                    for (int n = 0; n < MAX_PER_CLIENT && System.nanoTime() < deadline[0]; n++) {
                        try {
                            int status = freeTimes ? freeTimes(browser, base, h) : book(browser, base, h);
                            if (status == 200 || status == 303) {
                                ok++;
                            } else {
                                other++;
                            }
                        } catch (Exception e) {
                            errors++;
                            log.debug("a web request failed", e);
                        }
                    }
                    return new long[]{ok, other, errors};
                }));
            }
            ready.await();
            double jvm0 = CpuMeter.jvmMs();
            double pg0 = cpu.postgresMs();
            long start = System.nanoTime();
            deadline[0] = start + (long) (cfg.seconds() * 1e9);
            go.countDown();
            long ok = 0;
            long other = 0;
            long errors = 0;
            for (Future<long[]> f : futures) {
                long[] r = f.get();
                ok += r[0];
                other += r[1];
                errors += r[2];
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long requests = Math.max(1, ok + other + errors);
            double jvmMs = (CpuMeter.jvmMs() - jvm0) / requests;
            double pgMs = (cpu.postgresMs() - pg0) / requests;
            Histogram all = Latency.histogram();
            histograms.forEach(all::add);
            Cell cell = new Cell(clients, freeTimes ? "free times (GET a master's day)" : "booking (POST Book)",
                    (ok + other) / seconds, Latency.of(all), ok, other, errors, jvmMs, pgMs);
            log.info("figure 7: {} clients, {}: {}/s, p99 {} ms, {} ok, {} other, {} errors, CPU per request {} ms JVM + {} ms PostgreSQL",
                    clients, cell.what(), Markdown.num(cell.perSecond()), Markdown.ms(cell.latency().p99()), ok, other, errors,
                    Markdown.ms(jvmMs), Markdown.ms(pgMs));
            return cell;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * {@code clients} people on the page at once, each at a person's pace (a fast one): the
     * service, then the master (untimed), two days of free times (timed), the form for a free
     * time (untimed), then Book (timed) — {@value #PAUSE_MIN_MS}–{@value #PAUSE_MAX_MS} ms
     * between pages, {@value #TYPING_MIN_MS}–{@value #TYPING_MAX_MS} ms to type a name and a
     * phone — again and again for {@value #PEOPLE_SECONDS} s. Unlike the flat-out rounds, a
     * request's time is then the server's answer, not the length of the queue 200 clients
     * without a pause make (Little's law: p50 ≈ clients ÷ throughput).
     */
    private List<Cell> people(int clients, String base) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients, r -> {
            Thread t = new Thread(r, "bench-person");
            t.setDaemon(true);
            return t;
        });
        try {
            CountDownLatch go = new CountDownLatch(1);
            long[] deadline = new long[1];
            List<Future<long[]>> futures = new ArrayList<>();
            List<Histogram> free = new ArrayList<>();
            List<Histogram> book = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                Histogram hf = Latency.histogram();
                Histogram hb = Latency.histogram();
                free.add(hf);
                book.add(hb);
                futures.add(pool.submit(() -> {
                    Browser browser = new Browser();
                    long[] counts = new long[5];   // free ok, free other, book ok, book other, requests of any kind
                    go.await();
                    pause(0, PAUSE_MAX_MS * 2);   // people arrive at different moments
                    while (System.nanoTime() < deadline[0]) {
                        try {
                            browser.send(get(base + "?service=" + salon.service), HttpResponse.BodyHandlers.discarding());
                            pause(PAUSE_MIN_MS, PAUSE_MAX_MS);
                            for (int d = 0; d < 2; d++) {
                                counts[freeTimes(browser, base, hf) == 200 ? 0 : 1]++;
                                pause(PAUSE_MIN_MS, PAUSE_MAX_MS);
                            }
                            int booked = book(browser, base, hb, () -> pause(TYPING_MIN_MS, TYPING_MAX_MS));
                            counts[booked == 303 ? 2 : 3]++;
                            counts[4] += 5;   // the service page, two days, the form, Book
                            pause(PAUSE_MIN_MS, PAUSE_MAX_MS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            break;
                        } catch (Exception e) {
                            counts[3]++;
                            log.debug("a person's request failed", e);
                        }
                    }
                    return counts;
                }));
            }
            double jvm0 = CpuMeter.jvmMs();
            double pg0 = cpu.postgresMs();
            long start = System.nanoTime();
            deadline[0] = start + PEOPLE_SECONDS * 1_000_000_000L;
            go.countDown();
            long[] sum = new long[5];
            for (Future<long[]> f : futures) {
                long[] r = f.get();
                for (int i = 0; i < 5; i++) {
                    sum[i] += r[i];
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            // CPU per request of any kind: these rounds mix them
            long requests = Math.max(1, sum[4]);
            double jvmMs = (CpuMeter.jvmMs() - jvm0) / requests;
            double pgMs = (cpu.postgresMs() - pg0) / requests;
            Histogram allFree = Latency.histogram();
            free.forEach(allFree::add);
            Histogram allBook = Latency.histogram();
            book.forEach(allBook::add);
            Cell f = new Cell(clients, "free times, people's pace", (sum[0] + sum[1]) / seconds, Latency.of(allFree), sum[0], sum[1], 0,
                    jvmMs, pgMs);
            Cell b = new Cell(clients, "booking, people's pace", (sum[2] + sum[3]) / seconds, Latency.of(allBook), sum[2], sum[3], 0,
                    jvmMs, pgMs);
            log.info("figure 7: {} people: free times p99 {} ms ({}/s), booking p99 {} ms ({}/s), CPU per request {} ms JVM + {} ms PostgreSQL",
                    clients, Markdown.ms(f.latency().p99()), Markdown.num(f.perSecond()), Markdown.ms(b.latency().p99()),
                    Markdown.num(b.perSecond()), Markdown.ms(jvmMs), Markdown.ms(pgMs));
            return List.of(f, b);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void pause(long minMs, long maxMs) throws InterruptedException {
        Thread.sleep(minMs + ThreadLocalRandom.current().nextLong(maxMs - minMs + 1));
    }

    /** A pause a person takes; interrupted when the round is over. */
    private interface Pause {
        void take() throws InterruptedException;
    }

    /** A master's day of free times, as the page's day strip asks for it. */
    private int freeTimes(Browser browser, String base, Histogram h) throws Exception {
        long master = masters.get(ThreadLocalRandom.current().nextInt(masters.size()));
        LocalDate day = firstDay.plusDays(ThreadLocalRandom.current().nextInt(30));
        long t0 = System.nanoTime();
        HttpResponse<String> page = browser.send(get(base + "?service=" + salon.service + "&master=" + master + "&day=" + day),
                HttpResponse.BodyHandlers.ofString());
        h.recordValue(System.nanoTime() - t0);
        return page.statusCode();
    }

    /** A fresh free time of one of the masters: the form rendered (untimed), then Book (timed). */
    private int book(Browser browser, String base, Histogram h) throws Exception {
        return book(browser, base, h, () -> { });
    }

    private int book(Browser browser, String base, Histogram h, Pause typing) throws Exception {
        long k = nextSlot.getAndIncrement();
        long master = masters.get((int) (k % masters.size()));
        long slot = k / masters.size();
        Instant start = firstDay.plusDays(slot / WriteSalon.SLOTS_PER_DAY).atTime(8, 0)
                .plusMinutes(30 * (slot % WriteSalon.SLOTS_PER_DAY)).atZone(WriteSalon.ZONE).toInstant();
        HttpResponse<String> form = browser.send(get(base + "?service=" + salon.service + "&master=" + master + "&day="
                + start.atZone(WriteSalon.ZONE).toLocalDate() + "&at=" + start.getEpochSecond() + "&m=" + master),
                HttpResponse.BodyHandlers.ofString());
        Map<String, String> fields = new LinkedHashMap<>();
        Matcher m = HIDDEN.matcher(form.body());
        while (m.find()) {
            fields.putIfAbsent(m.group(1), m.group(2));
        }
        if (!fields.containsKey("requestId")) {
            return form.statusCode() == 200 ? 0 : form.statusCode();
        }
        fields.put("name", "Client " + k);
        fields.put("phone", String.format("+38067%07d", k % 10_000_000));
        fields.put("email", "");
        fields.put("note", "");
        fields.put("consent", "yes");
        typing.take();
        String body = fields.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        long t0 = System.nanoTime();
        HttpResponse<Void> answer = browser.send(HttpRequest.newBuilder(URI.create(base + "/book")).timeout(Duration.ofSeconds(60))
                        .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.discarding());
        h.recordValue(System.nanoTime() - t0);
        return answer.statusCode();
    }

    /** A browser's cookies (the CSRF nonce among them) on the shared client. */
    private final class Browser {
        private final Map<String, String> cookies = new LinkedHashMap<>();

        <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> body) throws Exception {
            HttpRequest withCookies = cookies.isEmpty() ? request : HttpRequest.newBuilder(request, (n, v) -> true)
                    .header("Cookie", cookies.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                            .collect(Collectors.joining("; "))).build();
            HttpResponse<T> response = http.send(withCookies, body);
            for (String set : response.headers().allValues("set-cookie")) {
                String pair = set.split(";", 2)[0];
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    cookies.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
                }
            }
            return response;
        }
    }

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).build();
    }

    private static final List<String> HEADER = List.of("clients", "request", "requests/s", "p50 ms", "p95 ms", "p99 ms", "ok", "other",
            "errors", "CPU ms/request: JVM", "PostgreSQL");

    private static List<List<String>> rows(List<Cell> cells) {
        List<List<String>> rows = new ArrayList<>();
        for (Cell c : cells) {
            rows.add(List.of(Integer.toString(c.clients()), c.what(), Markdown.num(c.perSecond()), Markdown.ms(c.latency().p50()),
                    Markdown.ms(c.latency().p95()), Markdown.ms(c.latency().p99()), Long.toString(c.ok()),
                    Long.toString(c.other()), Long.toString(c.errors()), Markdown.ms(c.jvmMs()), Markdown.ms(c.postgresMs())));
        }
        return rows;
    }

    void report(Markdown md, double engineOwn16PerSecond, double engineOwn16P99) {
        md.heading(2, "7. The online page under load (issue 13)");
        md.para("`salondesk serve`'s web server (Javalin on Jetty, the composition root `serve` uses) on loopback, signed in as "
                + "an online login (row-level security and the online road's policies on), in a salon of 18 masters working "
                + "08:00–20:00 with online booking on. Each client is a browser of its own (its cookies, the CSRF token of "
                + "its page) on one shared `java.net.http.HttpClient` in the benchmark's JVM, which shares the two cores. *Free times*: GET a random master's random day (of 30). *Booking*: the form for a fresh free "
                + "time rendered first (not timed), then the POST timed — the client's wait after tapping Book; every booking "
                + "a different master and time, so these are bookings, not collisions. Rounds of " + cfg.seconds() + " s or "
                + MAX_PER_CLIENT + " requests per client, " + cfg.rounds() + " rounds each, after a warm-up; the client "
                + "threads, the server and PostgreSQL share the 2 cores. *ok*: 200 (page) or 303 (booked).");
        md.table(HEADER, rows(cells));
        md.para("**" + LARGE + " people at a person's pace** (the goal's reading of \"200 clients\"): each browser goes through the "
                + "page as a (quick) person does — the service, the master, two days of free times (timed), the form for a free "
                + "time, Book (timed) — pausing " + PAUSE_MIN_MS + "–" + PAUSE_MAX_MS + " ms between pages and " + TYPING_MIN_MS / 1000
                + "–" + TYPING_MAX_MS / 1000 + " s to type a name and a phone, again and again for " + PEOPLE_SECONDS + " s per round. "
                + "The rounds above send the next request the moment the last one is answered: there " + LARGE + " clients make a "
                + "queue, and a request's time is mostly its wait in it (p50 ≈ clients ÷ requests/s); here it is the server's "
                + "answer under a heavy, human load. CPU per request here is over requests of every kind.");
        md.table(HEADER, rows(paced));
        md.para("The desk engine's booking in the same run (figure 1 (a), 16 writers): " + Markdown.num(engineOwn16PerSecond)
                + " bookings/s, p99 " + Markdown.ms(engineOwn16P99) + " ms. Overlapping active bookings in the online salon "
                + "afterwards: **" + overlapping + "**.");
    }
}
