package app.salondesk.web;

import app.salondesk.logic.online.OnlineDesk;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.online.OnlineMaster;
import app.salondesk.model.online.OnlineSalon;
import app.salondesk.model.online.OnlineService;
import app.salondesk.model.online.OnlineTime;
import io.javalin.http.Context;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * GET /{slug}: the salon's page, one step after another, each choice a plain link (so it works
 * without JavaScript and the back button does what a client expects): service → master or
 * "any master" → a day → a free time → the form. The query string carries the choices.
 */
final class SalonPage {

    static final Pattern SLUG = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");
    /** Days in the strip at once: two weeks fit a phone's swipe; a salon may book months ahead. */
    static final int DAYS_SHOWN = 14;

    private final OnlineDesk desk;
    private final Pages pages;
    private final Clock clock;
    /**
     * Each salon as last read, by slug: a page that cannot reach the database still carries the
     * salon's name (issue 37). Only slugs the database answered are kept, so it holds no more
     * entries than there are salons online.
     */
    private final java.util.concurrent.ConcurrentMap<String, OnlineSalon> lastRead = new java.util.concurrent.ConcurrentHashMap<>();

    SalonPage(OnlineDesk desk, Pages pages, Clock clock) {
        this.desk = desk;
        this.pages = pages;
        this.clock = clock;
    }

    /** The salon at this slug while online booking is on; otherwise a 404 page has been rendered. */
    Optional<OnlineSalon> salon(Context ctx) {
        String slug = ctx.pathParam("slug");
        Optional<OnlineSalon> salon = SLUG.matcher(slug).matches() ? desk.salon(slug) : Optional.empty();
        if (salon.isEmpty()) {
            lastRead.remove(slug);
            pages.message(ctx, 404, null, "web.notFound.title", "web.notFound.text", false);
        } else {
            lastRead.put(slug, salon.get());
        }
        return salon;
    }

    /**
     * The salon as last read when {@code failure} says the database is out of reach, so a form
     * sent meanwhile is answered with itself kept (issue 37); otherwise the failure is thrown.
     */
    OnlineSalon lastReadOr(Context ctx, RuntimeException failure) {
        OnlineSalon last = lastRead(ctx);
        if (last == null || !Unavailable.is(failure)) {
            throw failure;
        }
        return last;
    }

    /** The salon the request's address names, as last read from the database; null when none was. */
    OnlineSalon lastRead(Context ctx) {
        String slug = ctx.pathParamMap().get("slug");
        return slug == null ? null : lastRead.get(slug);
    }

    void show(Context ctx) {
        Optional<OnlineSalon> found = salon(ctx);
        if (found.isEmpty()) {
            return;
        }
        OnlineSalon salon = found.get();
        WebText t = pages.text(ctx, salon);
        Choices c = Choices.read(ctx);
        List<OnlineService> services = desk.services(salon.tenantId());
        OnlineService service = services.stream().filter(s -> c.service != null && s.id() == c.service).findFirst().orElse(null);
        List<OnlineMaster> masters = service == null ? List.of() : desk.masters(salon.tenantId(), service.id());
        OnlineMaster master = masters.stream().filter(m -> c.master != null && m.id() == c.master).findFirst().orElse(null);
        boolean masterChosen = service != null && (c.anyMaster || master != null);

        String base = "/" + salon.slug();
        List<Views.Category> categories = categories(t, services, service, base);
        Views.Summary serviceSummary = service == null ? null
                : new Views.Summary(t.get("web.step.service"), service.name() + " · " + t.stay(service.minMinutes(), service.maxMinutes(),
                service.minProcessing(), service.maxProcessing())
                + " · " + t.price(service.minPrice(), service.maxPrice()), base);

        List<Views.Choice> masterChoices = new ArrayList<>();
        Views.Summary masterSummary = null;
        if (service != null) {
            String q = base + "?service=" + service.id();
            masterChoices.add(new Views.Choice(t.get("web.anyMaster"), t.get("web.anyMasterHint"), q + "&master=any", c.anyMaster));
            for (OnlineMaster m : masters) {
                masterChoices.add(new Views.Choice(m.name(), t.stay(m.minutes(), m.minutes(), m.processing(), m.processing()) + " · " + t.money(m.price()),
                        q + "&master=" + m.id(), master != null && m.id() == master.id()));
            }
            if (masterChosen) {
                masterSummary = new Views.Summary(t.get("web.step.master"), master == null ? t.get("web.anyMaster") : master.name(), q);
            }
        }

        List<Views.DayChip> days = new ArrayList<>();
        String daysEarlier = null;
        String daysLater = null;
        String waitHref = null;
        List<Views.Choice> times = new ArrayList<>();
        String dayTitle = null;
        Views.Summary timeSummary = null;
        Views.FormView form = null;
        if (masterChosen) {
            LocalDate today = LocalDate.now(clock.withZone(salon.zone()));
            // bookable from today to today + days ahead, both included (the engine's window)
            int ahead = Math.max(1, salon.daysAhead()) + 1;
            LocalDate day = c.day != null && !c.day.isBefore(today) && c.day.isBefore(today.plusDays(ahead)) ? c.day : today;
            String q = base + "?service=" + service.id() + "&master=" + (master == null ? "any" : master.id());
            // the strip shows the chosen day's fortnight, with a step to the one before and after
            int first = (int) (today.until(day, java.time.temporal.ChronoUnit.DAYS) / DAYS_SHOWN) * DAYS_SHOWN;
            for (int i = first; i < Math.min(ahead, first + DAYS_SHOWN); i++) {
                LocalDate d = today.plusDays(i);
                days.add(new Views.DayChip(t.weekdayShort(d), Integer.toString(d.getDayOfMonth()), t.monthShort(d),
                        q + "&day=" + d, d.equals(day)));
            }
            daysEarlier = first > 0 ? q + "&day=" + today.plusDays(first - DAYS_SHOWN) : null;
            daysLater = first + DAYS_SHOWN < ahead ? q + "&day=" + today.plusDays(first + DAYS_SHOWN) : null;
            waitHref = base + "/wait?service=" + service.id() + "&master=" + (master == null ? "any" : master.id()) + "&day=" + day;
            dayTitle = t.date(day);
            Set<Instant> seen = new HashSet<>();
            List<OnlineTime> free = desk.freeTimes(salon.tenantId(), service.id(), master == null ? null : master.id(), day);
            OnlineTime chosen = null;
            for (OnlineTime ft : free) {
                if (!seen.add(ft.start())) {
                    continue;   // "any master": one button per start, the first master free then
                }
                boolean selected = c.at != null && c.at.equals(ft.start()) && c.timeMaster != null && c.timeMaster == ft.masterId();
                if (selected) {
                    chosen = ft;
                }
                times.add(new Views.Choice(t.time(ft.start()), master == null ? ft.masterName() : null,
                        q + "&day=" + day + "&at=" + ft.start().getEpochSecond() + "&m=" + ft.masterId(), selected));
            }
            if (chosen != null) {
                // until when: the chosen master's length of the service, the time the client stays
                long who = chosen.masterId();
                int stays = masters.stream().filter(m -> m.id() == who).mapToInt(OnlineMaster::minutes).findFirst().orElse(service.minMinutes());
                timeSummary = new Views.Summary(t.get("web.step.time"), t.dateOf(chosen.start()) + ", " + t.timeSpan(chosen.start(), stays)
                        + (master == null ? " · " + chosen.masterName() : ""), q + "&day=" + day);
                form = form(ctx, salon, service.id(), chosen.masterId(), chosen.start(), Map.of(), null,
                        UUID.randomUUID().toString(), "", "", "", "", false, consentForms(t, salon, service.id()), "", false);
            }
        }
        Views.SalonView view = new Views.SalonView(salon.address() == null || salon.address().isBlank() ? null : salon.address(),
                BookingLinkPages.phone(salon), categories, serviceSummary,
                masterChoices, masterSummary, days, daysEarlier, daysLater, dayTitle, times, timeSummary, form, waitHref,
                service == null || service.patchTestDays() == null ? null : t.orCall("web.patchTest.needed", BookingLinkPages.phone(salon), service.patchTestDays()));
        pages.render(ctx, 200, "salon.jte", pages.frame(ctx, t, t.get("web.onlineBooking"), salon), "v", view);
    }

    private static List<Views.Category> categories(WebText t, List<OnlineService> services, OnlineService chosen, String base) {
        Map<String, List<Views.Choice>> byCategory = new LinkedHashMap<>();
        for (OnlineService s : services) {
            String category = s.category() == null || s.category().isBlank() ? t.get("web.otherServices") : s.category();
            // a service that needs a patch test says so on its row, before anything is chosen (issue 36)
            String patch = s.patchTestDays() == null ? "" : " · " + t.format("web.patchTest.short", s.patchTestDays());
            byCategory.computeIfAbsent(category, k -> new ArrayList<>()).add(new Views.Choice(s.name(),
                    t.stay(s.minMinutes(), s.maxMinutes(), s.minProcessing(), s.maxProcessing()) + " · " + t.price(s.minPrice(), s.maxPrice())
                            + patch,
                    base + "?service=" + s.id(), chosen != null && chosen.id() == s.id()));
        }
        List<Views.Category> out = new ArrayList<>();
        // a salon that sorts nothing into categories gets one plain list, not one called "Other services"
        boolean uncategorised = services.stream().allMatch(s -> s.category() == null || s.category().isBlank());
        byCategory.forEach((name, items) -> out.add(new Views.Category(uncategorised ? null : name, items)));
        return out;
    }

    /** The booking form (or its hidden copy), with a CSRF token for this browser. */
    Views.FormView form(Context ctx, OnlineSalon salon, long serviceId, long masterId, Instant start, Map<String, String> errors,
                        String notice, String requestId, String name, String phone, String email, String note, boolean consent,
                        List<Views.ConsentFormView> consentForms, String signName, boolean signAgree) {
        return new Views.FormView("/" + salon.slug() + "/book", pages.csrfToken(ctx), requestId, Long.toString(serviceId),
                Long.toString(masterId), Long.toString(start.getEpochSecond()), name, phone, email, note, consent, errors,
                PhoneNumbers.example(salon.country()), notice, consentForms, signName, signAgree);
    }

    /** The consent forms the service asks to sign before it is booked (issue 36), in the page's language where written. */
    List<Views.ConsentFormView> consentForms(WebText t, OnlineSalon salon, long serviceId) {
        return desk.consentForms(salon.tenantId(), serviceId, t.lang()).stream()
                .map(f -> new Views.ConsentFormView(f.title(), f.body(), f.id() + "." + f.language() + "." + f.digest()))
                .toList();
    }

    /** The choices in the query string; anything malformed is as if not chosen. */
    private record Choices(Long service, Long master, boolean anyMaster, LocalDate day, Instant at, Long timeMaster) {
        static Choices read(Context ctx) {
            String m = ctx.queryParam("master");
            return new Choices(id(ctx.queryParam("service")), id(m), "any".equals(m), day(ctx.queryParam("day")),
                    instant(ctx.queryParam("at")), id(ctx.queryParam("m")));
        }

        static Long id(String s) {
            return s != null && s.matches("\\d{1,18}") ? Long.valueOf(s) : null;
        }

        static LocalDate day(String s) {
            try {
                return s != null && s.length() == 10 ? LocalDate.parse(s) : null;
            } catch (DateTimeParseException e) {
                return null;
            }
        }

        static Instant instant(String s) {
            return s != null && s.matches("\\d{1,12}") ? Instant.ofEpochSecond(Long.parseLong(s)) : null;
        }
    }
}
