package app.salondesk.web;

import app.salondesk.logic.messages.MessageLinks;
import app.salondesk.logic.online.OnlineDesk;
import app.salondesk.model.online.LinkMove;
import app.salondesk.model.online.LinkMoveOutcome;
import app.salondesk.model.online.OnlineMaster;
import app.salondesk.model.online.OnlineSalon;
import app.salondesk.model.online.OnlineTime;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A message's private link, {@code /m/<token>} (issue 33): the booking the message spoke of, and
 * the client's answer — confirm, cancel (until the salon's cut-off), another time, no more
 * messages — each a plain form (no JavaScript), in the client's language (the message's, unless
 * the page's switch says otherwise). "Another time" ({@code /m/<token>/move}) shows the free times
 * of the booking's service with its master chosen (another master one link away), and a time
 * pressed moves this booking through the engine ({@link OnlineDesk#moveByLink}); "taken" answers
 * with the nearest free times. A thin adapter: the database decides ({@link MessageLinks}, the
 * online desk). An unknown, forged or other salon's token is the same 404 as any address; a used
 * or expired one says so.
 */
final class MessageLinkPages {

    private final MessageLinks links;
    private final OnlineDesk desk;
    private final Pages pages;
    private final Clock clock;

    MessageLinkPages(MessageLinks links, OnlineDesk desk, Pages pages, Clock clock) {
        this.links = links;
        this.desk = desk;
        this.pages = pages;
        this.clock = clock;
    }

    void show(Context ctx) {
        Optional<MessageLinks.Link> found = link(ctx);
        if (found.isEmpty()) {
            return;
        }
        String done = ctx.queryParam("done");
        String notice = done == null ? null : switch (done) {
            case "confirm" -> "web.link.confirmedNow";
            case "cancel" -> "web.booking.cancelledNow";
            case "unsubscribe" -> "web.link.unsubscribedNow";
            case "move" -> "web.link.movedNow";
            case "changed" -> "web.link.changedMeanwhile";
            case "closed" -> "web.link.moveClosed";
            case "used" -> "web.link.used";
            case "expired" -> "web.link.expired";
            case "tooLate" -> "web.link.tooLate";
            default -> null;
        };
        render(ctx, 200, found.get(), notice);
    }

    void act(Context ctx) {
        if ("move".equals(ctx.pathParam("action"))) {
            move(ctx);
            return;
        }
        Optional<MessageLinks.Link> found = link(ctx);
        if (found.isEmpty()) {
            return;
        }
        Optional<MessageLinks.Action> action = MessageLinks.Action.of(ctx.pathParam("action"));
        if (action.isEmpty()) {
            pages.message(ctx, 404, null, "web.notFound.title", "web.notFound.text", false);
            return;
        }
        String here = "/m/" + ctx.pathParam("token");
        switch (links.act(ctx.pathParam("token"), action.get())) {
            case DONE -> ctx.redirect(here + "?done=" + ctx.pathParam("action"), HttpStatus.SEE_OTHER);
            case USED -> ctx.redirect(here + "?done=used", HttpStatus.SEE_OTHER);
            case EXPIRED -> ctx.redirect(here + "?done=expired", HttpStatus.SEE_OTHER);
            case TOO_LATE -> ctx.redirect(here + "?done=tooLate", HttpStatus.SEE_OTHER);
            case NOT_FOUND -> pages.message(ctx, 404, null, "web.notFound.title", "web.notFound.text", false);
            case TRY_AGAIN -> render(ctx, 503, found.get(), "web.busy.text");
        }
    }

    private Optional<MessageLinks.Link> link(Context ctx) {
        Optional<MessageLinks.Link> l = links.find(ctx.pathParam("token"));
        if (l.isEmpty()) {
            pages.message(ctx, 404, null, "web.notFound.title", "web.notFound.text", false);
        }
        return l;
    }

    private WebText text(Context ctx, MessageLinks.Link l) {
        String query = ctx.queryParam("lang");
        Locale locale = PageLanguage.supported(query).or(() -> PageLanguage.supported(ctx.cookie(PageLanguage.COOKIE)))
                .or(() -> PageLanguage.supported(l.language())).orElse(Locale.ENGLISH);
        pages.text(ctx, null);   // remembers a language chosen with ?lang=, as every page does
        return new WebText(locale, l.zone(), Currency.getInstance("UAH"));
    }

    private void render(Context ctx, int status, MessageLinks.Link l, String noticeKey) {
        WebText t = text(ctx, l);
        boolean cancelled = "cancelled".equals(l.status());
        boolean open = !l.expired() && l.usedFor() == null;
        String title = cancelled ? t.get("web.booking.cancelledTitle") : t.get("web.link.title");
        List<Views.Line> lines = new ArrayList<>();
        lines.add(new Views.Line(t.get("web.link.salon"), l.salonName()));
        if (l.serviceName() != null) {
            lines.add(new Views.Line(t.get("web.booking.service"), l.serviceName()));
        }
        lines.add(new Views.Line(t.get("web.booking.master"), l.masterName()));
        lines.add(new Views.Line(t.get("web.booking.when"), t.dateOf(l.start()) + ", " + t.timeSpan(l.start(), l.minutes())));
        String here = "/m/" + ctx.pathParam("token");
        boolean active = "pending".equals(l.status()) || "confirmed".equals(l.status());
        boolean mayConfirm = open && active && !l.clientConfirmed();
        boolean mayCancel = open && l.mayCancel();
        String statusText = l.clientConfirmed() && active ? t.get("web.link.clientConfirmed") : t.get("web.status." + statusKey(l.status()));
        String notice = noticeKey != null ? t.orCall(noticeKey, l.salonPhone()) : l.expired() ? t.get("web.link.expired")
                : l.usedFor() != null ? t.orCall("web.link.used", l.salonPhone()) : null;
        String note = !open || cancelled || !active ? null : mayCancel ? t.format("web.booking.cancelUntil", (l.cancelCutoffMin() + 59) / 60)
                : t.orCall("web.booking.cannotCancel", l.salonPhone(), (l.cancelCutoffMin() + 59) / 60,
                        l.salonPhone() == null ? "" : l.salonPhone().strip());
        String other = open && active && l.mayMove() && l.onlineSlug() != null ? here + "/move" : null;
        boolean anyForm = mayConfirm || mayCancel || open;
        Views.MessageLinkView view = new Views.MessageLinkView(title, notice, lines, statusText,
                mayConfirm ? here + "/confirm" : null, mayCancel ? here + "/cancel" : null, open ? here + "/unsubscribe" : null,
                anyForm ? pages.csrfToken(ctx) : null, other, note);
        Views.Frame frame = pages.frame(ctx, t, title, null);
        frame = new Views.Frame(frame.t(), frame.title(), l.salonName(), null, frame.languages(), null);
        ctx.header("Cache-Control", "no-store");
        pages.render(ctx, status, "messagelink.jte", frame, "v", view);
    }

    // ---- another time ----------------------------------------------------------------------------------

    /** GET /m/{token}/move: the free times of the booking's service, with its master (or the one chosen). */
    void showMove(Context ctx) {
        Optional<MessageLinks.Link> found = link(ctx);
        if (found.isEmpty()) {
            return;
        }
        MessageLinks.Link l = found.get();
        Optional<OnlineSalon> salon = movable(ctx, l);
        if (salon.isEmpty()) {
            return;
        }
        renderMove(ctx, 200, l, salon.get(), id(ctx.queryParam("master")), day(ctx.queryParam("day")), null, null);
    }

    /** POST /m/{token}/move: the time pressed ({@code at} = master.epochSecond), at the version the page showed. */
    private void move(Context ctx) {
        Optional<MessageLinks.Link> found = link(ctx);
        if (found.isEmpty()) {
            return;
        }
        MessageLinks.Link l = found.get();
        Optional<OnlineSalon> salon = movable(ctx, l);
        if (salon.isEmpty()) {
            return;
        }
        String here = "/m/" + ctx.pathParam("token");
        String at = ctx.formParam("at");
        String version = ctx.formParam("version");
        Long master = at != null && at.matches("\\d{1,18}\\.\\d{1,12}") ? Long.valueOf(at.substring(0, at.indexOf('.'))) : null;
        Instant start = master == null ? null : Instant.ofEpochSecond(Long.parseLong(at.substring(at.indexOf('.') + 1)));
        if (master == null || version == null || !version.matches("\\d{1,9}")) {
            renderMove(ctx, 400, l, salon.get(), null, null, "web.move.pickTime", null);
            return;
        }
        LinkMoveOutcome outcome = desk.moveByLink(new LinkMove(ctx.pathParam("token"), l.tenantId(), l.bookingId(), Integer.parseInt(version),
                l.serviceId(), l.masterId(), master, start));
        if (outcome instanceof LinkMoveOutcome.Moved) {
            ctx.redirect(here + "?done=move", HttpStatus.SEE_OTHER);
        } else if (outcome instanceof LinkMoveOutcome.TimeTaken taken) {
            LocalDate day = start.atZone(salon.get().zone()).toLocalDate();
            renderMove(ctx, 409, l, salon.get(), master, day, taken.nearestFree().isEmpty() ? "web.move.takenNone" : "web.move.taken",
                    taken.nearestFree());
        } else if (outcome instanceof LinkMoveOutcome.ChangedByOthers) {
            ctx.redirect(here + "?done=changed", HttpStatus.SEE_OTHER);
        } else if (outcome instanceof LinkMoveOutcome.TryAgain) {
            renderMove(ctx, 503, l, salon.get(), master, start.atZone(salon.get().zone()).toLocalDate(), "web.busy.text", null);
        } else if (outcome instanceof LinkMoveOutcome.LinkRefused r) {
            switch (r.why()) {
                case USED -> ctx.redirect(here + "?done=used", HttpStatus.SEE_OTHER);
                case EXPIRED -> ctx.redirect(here + "?done=expired", HttpStatus.SEE_OTHER);
                case TOO_LATE -> ctx.redirect(here + "?done=tooLate", HttpStatus.SEE_OTHER);
                case CLOSED -> ctx.redirect(here + "?done=closed", HttpStatus.SEE_OTHER);
                case NOT_FOUND -> pages.message(ctx, 404, null, "web.notFound.title", "web.notFound.text", false);
            }
        } else if (outcome instanceof LinkMoveOutcome.Invalid invalid) {
            renderMove(ctx, 422, l, salon.get(), master, start.atZone(salon.get().zone()).toLocalDate(), invalid.reason(), null);
        }
    }

    /**
     * The salon's online settings when the link may move its booking; otherwise the link's page has
     * been answered (a redirect that says why).
     */
    private Optional<OnlineSalon> movable(Context ctx, MessageLinks.Link l) {
        String here = "/m/" + ctx.pathParam("token");
        String why = l.expired() ? "expired" : l.usedFor() != null ? "used" : !l.mayMove() ? "closed" : null;
        Optional<OnlineSalon> salon = why != null || l.onlineSlug() == null ? Optional.empty() : desk.salon(l.onlineSlug());
        if (salon.isEmpty()) {
            boolean active = "pending".equals(l.status()) || "confirmed".equals(l.status());
            ctx.redirect(here + "?done=" + (why != null ? why : active ? "closed" : "tooLate"), HttpStatus.SEE_OTHER);
        }
        return salon;
    }

    /**
     * The move page: the booking now, the masters of its service, a fortnight of days and the day's
     * free times — or, after "taken" ({@code offered} not null), the nearest free times.
     */
    private void renderMove(Context ctx, int status, MessageLinks.Link l, OnlineSalon salon, Long masterAsked, LocalDate dayAsked,
                            String noticeKey, List<OnlineTime> offered) {
        WebText t = text(ctx, l);
        String here = "/m/" + ctx.pathParam("token");
        List<OnlineMaster> masters = desk.masters(l.tenantId(), l.serviceId());
        long masterId = masters.stream().anyMatch(m -> masterAsked != null && m.id() == masterAsked) ? masterAsked
                : masters.stream().anyMatch(m -> m.id() == l.masterId()) || masters.isEmpty() ? l.masterId() : masters.get(0).id();
        LocalDate today = LocalDate.now(clock.withZone(salon.zone()));
        int ahead = Math.max(1, salon.daysAhead()) + 1;
        LocalDate day = dayAsked != null && !dayAsked.isBefore(today) && dayAsked.isBefore(today.plusDays(ahead)) ? dayAsked : today;
        String q = here + "/move?master=" + masterId;

        List<Views.Line> lines = new ArrayList<>();
        if (l.serviceName() != null) {
            lines.add(new Views.Line(t.get("web.booking.service"), l.serviceName()));
        }
        lines.add(new Views.Line(t.get("web.move.now"), t.dateOf(l.start()) + ", " + t.timeSpan(l.start(), l.minutes()) + " \u00b7 "
                + l.masterName()));
        List<Views.Choice> masterChoices = new ArrayList<>();
        for (OnlineMaster m : masters) {
            masterChoices.add(new Views.Choice(m.name(), t.stay(m.minutes(), m.minutes(), m.processing(), m.processing()),
                    here + "/move?master=" + m.id() + "&day=" + day, m.id() == masterId));
        }
        List<Views.DayChip> days = new ArrayList<>();
        String earlier = null;
        String later = null;
        String dayTitle = null;
        List<Views.TimeButton> times = new ArrayList<>();
        String empty = null;
        if (offered == null) {
            int first = (int) (today.until(day, java.time.temporal.ChronoUnit.DAYS) / SalonPage.DAYS_SHOWN) * SalonPage.DAYS_SHOWN;
            for (int i = first; i < Math.min(ahead, first + SalonPage.DAYS_SHOWN); i++) {
                LocalDate d = today.plusDays(i);
                days.add(new Views.DayChip(t.weekdayShort(d), Integer.toString(d.getDayOfMonth()), t.monthShort(d), q + "&day=" + d, d.equals(day)));
            }
            earlier = first > 0 ? q + "&day=" + today.plusDays(first - SalonPage.DAYS_SHOWN) : null;
            later = first + SalonPage.DAYS_SHOWN < ahead ? q + "&day=" + today.plusDays(first + SalonPage.DAYS_SHOWN) : null;
            dayTitle = t.date(day);
            for (OnlineTime ft : desk.freeTimes(l.tenantId(), l.serviceId(), masterId, day)) {
                times.add(new Views.TimeButton(t.time(ft.start()), null, ft.masterId() + "." + ft.start().getEpochSecond()));
            }
            empty = t.get("web.noTimes");
        } else {
            for (OnlineTime ft : offered) {
                if (ft.masterId() == l.masterId() && ft.start().equals(l.start())) {
                    continue;   // where the booking is now: no move
                }
                times.add(new Views.TimeButton(t.shortDateOf(ft.start()) + " " + t.time(ft.start()), ft.masterId() == masterId ? null
                        : ft.masterName(), ft.masterId() + "." + ft.start().getEpochSecond()));
            }
        }
        String title = t.get("web.move.title");
        Views.MoveView view = new Views.MoveView(title, noticeKey == null ? null : t.orCall(noticeKey, l.salonPhone()), lines, masterChoices, days, earlier, later,
                dayTitle, here + "/move", pages.csrfToken(ctx), Integer.toString(l.version()), times, empty, here);
        Views.Frame frame = pages.frame(ctx, t, title, null);
        frame = new Views.Frame(frame.t(), frame.title(), l.salonName(), null, frame.languages(), null);
        ctx.header("Cache-Control", "no-store");
        pages.render(ctx, status, "messagemove.jte", frame, "v", view);
    }

    private static Long id(String s) {
        return s != null && s.matches("\\d{1,18}") ? Long.valueOf(s) : null;
    }

    private static LocalDate day(String s) {
        try {
            return s != null && s.length() == 10 ? LocalDate.parse(s) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static String statusKey(String status) {
        return switch (status == null ? "" : status) {
            case "pending", "confirmed", "arrived", "completed", "cancelled", "no_show" -> status;
            default -> "confirmed";
        };
    }
}
