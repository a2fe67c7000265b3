package app.salondesk.web;

import app.salondesk.logic.online.OnlineDesk;
import app.salondesk.model.online.OnlineMaster;
import app.salondesk.model.online.OnlineSalon;
import app.salondesk.model.online.OnlineService;
import app.salondesk.model.online.OnlineWaitRequest;
import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.TooManyRequestsResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * GET and POST /{slug}/wait: "no time suits me" (issue 14). The client names the days (from the
 * day the page showed, a week by default, within how far the salon books ahead) and a part of
 * the day, gives a name and phone, and joins the salon's waitlist for the service and master
 * (or any) chosen on the page; the salon's worker books the first time that frees up, pending,
 * and the desk calls. Everything it asks goes through {@link OnlineDesk#joinWaitlist}.
 */
final class WaitlistPage {

    private static final Logger log = LoggerFactory.getLogger(WaitlistPage.class);

    /** The parts of a day a client may pick, in minutes of the salon day. */
    static final Map<String, int[]> PARTS = Map.of("any", new int[]{0, 1440}, "morning", new int[]{0, 720},
            "afternoon", new int[]{720, 1020}, "evening", new int[]{1020, 1440});
    static final int DEFAULT_DAYS = 7;

    private final OnlineDesk desk;
    private final Pages pages;
    private final SalonPage salonPage;
    private final RateLimiter phones;
    private final Clock clock;

    WaitlistPage(OnlineDesk desk, Pages pages, SalonPage salonPage, RateLimiter phones, Clock clock) {
        this.desk = desk;
        this.pages = pages;
        this.salonPage = salonPage;
        this.phones = phones;
        this.clock = clock;
    }

    void show(Context ctx) {
        Optional<OnlineSalon> found = salonPage.salon(ctx);
        if (found.isEmpty()) {
            return;
        }
        OnlineSalon salon = found.get();
        Choice c = choice(ctx, salon, ctx.queryParam("service"), ctx.queryParam("master"));
        if (c == null) {
            ctx.redirect("/" + salon.slug());
            return;
        }
        LocalDate today = LocalDate.now(clock.withZone(salon.zone()));
        LocalDate first = day(ctx.queryParam("day")).filter(d -> !d.isBefore(today)).filter(d -> !d.isAfter(last(salon))).orElse(today);
        LocalDate to = first.plusDays(DEFAULT_DAYS - 1L).isAfter(last(salon)) ? last(salon) : first.plusDays(DEFAULT_DAYS - 1L);
        render(ctx, 200, salon, c, first.toString(), to.toString(), "any", "", "", true, Map.of(), null);
    }

    void join(Context ctx) {
        Optional<OnlineSalon> found = salonPage.salon(ctx);
        if (found.isEmpty()) {
            return;
        }
        OnlineSalon salon = found.get();
        Choice c = choice(ctx, salon, ctx.formParam("service"), ctx.formParam("master"));
        if (c == null) {
            throw new BadRequestResponse();
        }
        String from = text(ctx.formParam("from"), 10);
        String to = text(ctx.formParam("to"), 10);
        String part = PARTS.containsKey(ctx.formParam("part")) ? ctx.formParam("part") : "any";
        String name = text(ctx.formParam("name"), 1000);
        String phone = text(ctx.formParam("phone"), 1000);
        boolean consent = ctx.formParam("consent") != null;
        WebText t = pages.text(ctx, salon);
        Map<String, String> errors = new LinkedHashMap<>();
        String e164 = BookHandler.validateNameAndPhone(t, salon, name, phone, errors);
        Optional<LocalDate> first = day(from);
        Optional<LocalDate> last = day(to);
        if (first.isEmpty() || last.isEmpty()) {
            errors.put("days", t.get("online.wait.days"));
        }
        if (!consent) {
            errors.put("consent", t.get("web.invalid.consent"));
        }
        if (!errors.isEmpty()) {
            render(ctx, 422, salon, c, from, to, part, name, phone, consent, errors, null);
            return;
        }
        if (!phones.tryAcquire("wait:" + e164)) {
            ctx.header("Retry-After", Long.toString(phones.secondsUntilNext()));
            throw new TooManyRequestsResponse();
        }
        int[] window = PARTS.get(part);
        OnlineDesk.WaitOutcome outcome = desk.joinWaitlist(new OnlineWaitRequest(salon.tenantId(), c.service().id(),
                c.master() == null ? null : c.master().id(), first.get(), last.get(), window[0], window[1], name, phone));
        log.info("online waitlist request for salon {}: {}", salon.tenantId(), outcome.getClass().getSimpleName());
        if (outcome instanceof OnlineDesk.WaitOutcome.Joined) {
            Views.MessageView done = new Views.MessageView(t.get("web.wait.joinedTitle"),
                    t.format("web.wait.joinedText", name, c.service().name(), t.date(first.get()), t.date(last.get())),
                    null, "/" + salon.slug(), t.get("web.backToSalon"));
            pages.render(ctx, 200, "message.jte", pages.frame(ctx, t, done.title(), salon), "v", done);
        } else {
            OnlineDesk.WaitOutcome.Invalid invalid = (OnlineDesk.WaitOutcome.Invalid) outcome;
            String reason = t.orCall(invalid.reason(), salon.phone());
            Map<String, String> field = invalid.field().isEmpty() ? Map.of() : Map.of(invalid.field(), reason);
            render(ctx, 422, salon, c, from, to, part, name, phone, consent, field, invalid.field().isEmpty() ? reason : null);
        }
    }

    private void render(Context ctx, int status, OnlineSalon salon, Choice c, String from, String to, String part, String name,
                        String phone, boolean consent, Map<String, String> errors, String notice) {
        WebText t = pages.text(ctx, salon);
        String what = c.service().name() + " · " + (c.master() == null ? t.get("web.anyMaster") : c.master().name());
        List<Views.Choice> parts = List.of("any", "morning", "afternoon", "evening").stream()
                .map(p -> new Views.Choice(t.get("web.wait.part." + p), null, p, p.equals(part))).toList();
        Views.WaitView view = new Views.WaitView("/" + salon.slug() + "/wait", pages.csrfToken(ctx), Long.toString(c.service().id()),
                c.master() == null ? "any" : Long.toString(c.master().id()), what, from, to,
                LocalDate.now(clock.withZone(salon.zone())).toString(), last(salon).toString(), parts, name, phone, consent,
                errors, notice, "/" + salon.slug() + "?service=" + c.service().id());
        String title = t.get("web.wait.title");
        pages.render(ctx, status, "wait.jte", pages.frame(ctx, t, title, salon), "v", view);
    }

    /** The service and master the page chose; null when they are not the salon's bookable ones. */
    private Choice choice(Context ctx, OnlineSalon salon, String service, String master) {
        if (service == null || !service.matches("\\d{1,12}")) {
            return null;
        }
        long serviceId = Long.parseLong(service);
        Optional<OnlineService> s = desk.services(salon.tenantId()).stream().filter(x -> x.id() == serviceId).findFirst();
        if (s.isEmpty()) {
            return null;
        }
        if ("any".equals(master) || master == null) {
            return new Choice(s.get(), null);
        }
        if (!master.matches("\\d{1,12}")) {
            return null;
        }
        long masterId = Long.parseLong(master);
        Optional<OnlineMaster> m = desk.masters(salon.tenantId(), serviceId).stream().filter(x -> x.id() == masterId).findFirst();
        return m.map(x -> new Choice(s.get(), x)).orElse(null);
    }

    private LocalDate last(OnlineSalon salon) {
        return LocalDate.now(clock.withZone(salon.zone())).plusDays(Math.max(1, salon.daysAhead()));
    }

    private record Choice(OnlineService service, OnlineMaster master) {
    }

    private static Optional<LocalDate> day(String s) {
        try {
            return s != null && s.length() == 10 ? Optional.of(LocalDate.parse(s)) : Optional.empty();
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** A field as typed, trimmed; absent is empty; past {@code max} it is refused (400), as no form of ours sends it. */
    private static String text(String s, int max) {
        if (s != null && s.length() > max) {
            throw new BadRequestResponse();
        }
        return s == null ? "" : s.strip();
    }
}
