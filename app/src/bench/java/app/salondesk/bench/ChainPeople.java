package app.salondesk.bench;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The people of a chain storm (issue 19): a receptionist at a desk, booking through the desk's
 * real {@link BookingEngine} and pool, and a client on the salon's online page served by a real
 * {@code salondesk serve}. Each books random times of the salon's masters, and does what a
 * person does with each answer: "booked" and "taken" end the request; "try again" (busy, the
 * connection lost, not known yet) is saving again with the same request id — the form keeps
 * it — until a final answer or {@link #GIVE_UP}.
 */
final class ChainPeople {

    private static final Logger log = LoggerFactory.getLogger(ChainPeople.class);

    /** A person who has had no final answer for this long gives up (and the storm fails). */
    static final Duration GIVE_UP = Duration.ofSeconds(90);
    private static final Pattern HIDDEN = Pattern.compile("<input type=\"hidden\" name=\"([a-zA-Z]+)\" value=\"([^\"]*)\">");
    /** A free time's link on a master's day (the page's own language: no lang= of the switcher). */
    private static final Pattern FREE_TIME = Pattern.compile("href=\"/[a-z0-9-]+(\\?service=[0-9]+&amp;master=[0-9]+&amp;day=[0-9-]+&amp;at=[0-9]+&amp;m=[0-9]+)\"");

    private ChainPeople() {
    }

    /** A receptionist at a desk, until {@code stop}. */
    static void receptionist(BookingEngine engine, ChainSalon salon, ChainTally tally, BooleanSupplier stop) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        while (!stop.getAsBoolean()) {
            NewBooking cmd = salon.booking(salon.randomMaster(r), salon.randomSlot(r));
            long giveUpAt = System.nanoTime() + GIVE_UP.toNanos();
            while (true) {
                long attempt = System.nanoTime();
                BookingOutcome outcome;
                try {
                    outcome = engine.book(cmd);
                } catch (RuntimeException e) {
                    // the engine answers in values; an exception is a fault of its own to count
                    tally.errors.incrementAndGet();
                    log.warn("a desk's save failed with an exception", e);
                    outcome = new BookingOutcome.TryAgain();
                }
                if (outcome instanceof BookingOutcome.Booked b) {
                    tally.answered(cmd.requestId(), ChainTally.Final.BOOKED, b.booking().id(), false, attempt);
                    break;
                }
                if (outcome instanceof BookingOutcome.TimeTaken) {
                    tally.answered(cmd.requestId(), ChainTally.Final.TAKEN, 0, false, attempt);
                    break;
                }
                if (outcome instanceof BookingOutcome.TryAgain again) {
                    tally.retried("desk-" + again.why().name().toLowerCase());
                    if (System.nanoTime() > giveUpAt) {
                        tally.answered(cmd.requestId(), ChainTally.Final.GAVE_UP, 0, false, attempt);
                        break;
                    }
                    pause(150, 300);
                    continue;
                }
                log.warn("a desk's save was answered {}", outcome);
                tally.answered(cmd.requestId(), ChainTally.Final.INVALID, 0, false, attempt);
                break;
            }
            pause(20, 120);
        }
    }

    /** A client on the online page ({@code base} is {@code http://host:port/<slug>}), until {@code stop}. */
    static void client(String base, ChainSalon salon, ChainTally tally, BooleanSupplier stop) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        CookieManager cookies = new CookieManager();
        HttpClient browser = HttpClient.newBuilder().cookieHandler(cookies).followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5)).build();
        int n = 0;
        while (!stop.getAsBoolean()) {
            // as a client does: a master's day, one of the free times it lists, its form. Each
            // booking is another person's, from an address of their own (serve runs behind a
            // proxy here, as in production, and limits each address's requests)
            String address = "10." + r.nextInt(256) + "." + r.nextInt(256) + "." + (1 + r.nextInt(254));
            long giveUpAt = System.nanoTime() + GIVE_UP.toNanos();
            Map<String, String> form = null;
            while (form == null && !stop.getAsBoolean() && System.nanoTime() < giveUpAt) {
                long master = salon.randomMaster(r);
                String day = salon.randomSlot(r).atZone(ChainSalon.ZONE).toLocalDate().toString();
                Page page = get(browser, address, base + "?service=" + salon.service + "&master=" + master + "&day=" + day);
                if (page.status() != 200) {
                    tally.retried("web-page-" + page.status());
                    pause(300, 600);
                    continue;
                }
                java.util.List<String> free = new java.util.ArrayList<>();
                Matcher times = FREE_TIME.matcher(page.body());
                while (times.find()) {
                    free.add(times.group(1).replace("&amp;", "&"));
                }
                if (free.isEmpty()) {
                    continue;   // the day is full: another one
                }
                form = form(browser, address, base + free.get(r.nextInt(free.size())));
            }
            if (form == null) {
                continue;   // the storm ended (or the page never came): no request was sent
            }
            UUID requestId = UUID.fromString(form.get("requestId"));
            form.put("name", "Web client " + (++n));
            form.put("phone", String.format("+38067%07d", r.nextInt(10_000_000)));
            form.put("email", "");
            form.put("note", "");
            form.put("consent", "yes");
            String body = form.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
            while (true) {
                long attempt = System.nanoTime();
                int status;
                long retryAfter = 2;
                try {
                    HttpResponse<Void> answer = browser.send(HttpRequest.newBuilder(URI.create(base + "/book")).timeout(Duration.ofSeconds(60))
                            .header("Content-Type", "application/x-www-form-urlencoded").header("X-Forwarded-For", address)
                            .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.discarding());
                    status = answer.statusCode();
                    retryAfter = answer.headers().firstValueAsLong("Retry-After").orElse(2);
                } catch (IOException e) {
                    status = -1;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                if (status == 303) {
                    tally.answered(requestId, ChainTally.Final.BOOKED, 0, true, attempt);
                    break;
                }
                if (status == 409) {
                    tally.answered(requestId, ChainTally.Final.TAKEN, 0, true, attempt);
                    break;
                }
                if (status == 503 || status >= 500 || status == -1) {
                    // "temporarily unavailable" or the page's "try again": the client reads it and taps Book again, at a
                    // person's pace (2-3 s). Tapping every 0.3-0.6 s through an 18 s outage used up the page's per-address
                    // limit of 20 posts and got 429s (the clean-clone CI of integrate5)
                    tally.retried("web-" + (status == -1 ? "no-answer" : Integer.toString(status)));
                    if (System.nanoTime() > giveUpAt) {
                        tally.answered(requestId, ChainTally.Final.GAVE_UP, 0, true, attempt);
                        break;
                    }
                    pause(2000, 3000);
                    continue;
                }
                if (status == 429) {
                    // a client who tapped Book again through a long outage is told "too many tries, wait": she waits as
                    // the page's Retry-After says and taps once more (the clean-clone CI of integrate5: after 17 × 503 in
                    // an 18 s machine outage the page's per-address limit answered 429, counted as a wrong answer)
                    tally.retried("web-429");
                    if (System.nanoTime() > giveUpAt) {
                        tally.answered(requestId, ChainTally.Final.GAVE_UP, 0, true, attempt);
                        break;
                    }
                    pause(1000 * Math.max(1, Math.min(retryAfter, 30)), 1000 * Math.max(1, Math.min(retryAfter, 30)) + 500);
                    continue;
                }
                log.warn("the online page answered a booking with {}", status);
                tally.answered(requestId, ChainTally.Final.INVALID, 0, true, attempt);
                break;
            }
            pause(100, 400);
        }
    }

    /** A page's status (-1 when nothing answered) and text. */
    private record Page(int status, String body) {
    }

    private static Page get(HttpClient browser, String address, String url) {
        try {
            HttpResponse<String> page = browser.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                            .header("X-Forwarded-For", address).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Page(page.statusCode(), page.body());
        } catch (IOException e) {
            return new Page(-1, "");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Page(-1, "");
        }
    }

    /** The booking form's hidden fields (its request id among them), or null when there is no form (the time went meanwhile). */
    private static Map<String, String> form(HttpClient browser, String address, String url) {
        Page page = get(browser, address, url);
        if (page.status() != 200) {
            return null;
        }
        Map<String, String> fields = new LinkedHashMap<>();
        Matcher m = HIDDEN.matcher(page.body());
        while (m.find()) {
            fields.putIfAbsent(m.group(1), m.group(2));
        }
        return fields.containsKey("requestId") ? fields : null;
    }

    static void pause(long minMs, long maxMs) {
        try {
            Thread.sleep(minMs + ThreadLocalRandom.current().nextLong(maxMs - minMs + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
