package app.salondesk.web;

import app.salondesk.logic.messages.MessageLinks;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;

import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A message's private link, {@code /m/<token>} (issue 33): the booking the message spoke of, and
 * the client's answer — confirm, cancel (until the salon's cut-off), another time on the salon's
 * page, no more messages — each a plain form (no JavaScript), in the client's language (the
 * message's, unless the page's switch says otherwise). A thin adapter: the database decides
 * ({@link MessageLinks}). An unknown, forged or other salon's token is the same 404 as any
 * address; a used or expired one says so.
 */
final class MessageLinkPages {

    private final MessageLinks links;
    private final Pages pages;

    MessageLinkPages(MessageLinks links, Pages pages) {
        this.links = links;
        this.pages = pages;
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
            case "used" -> "web.link.used";
            case "expired" -> "web.link.expired";
            case "tooLate" -> "web.link.tooLate";
            default -> null;
        };
        render(ctx, 200, found.get(), notice);
    }

    void act(Context ctx) {
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
        String notice = noticeKey != null ? t.get(noticeKey) : l.expired() ? t.get("web.link.expired")
                : l.usedFor() != null ? t.get("web.link.used") : null;
        String note = !open || cancelled || !active ? null : mayCancel ? t.format("web.booking.cancelUntil", (l.cancelCutoffMin() + 59) / 60)
                : t.format("web.booking.cannotCancel", (l.cancelCutoffMin() + 59) / 60, l.salonPhone() == null ? "" : l.salonPhone());
        String other = open && active && l.onlineSlug() != null
                ? "/" + l.onlineSlug() + "?service=" + (l.serviceId() == null ? "" : l.serviceId()) + "&master=" + l.masterId() : null;
        boolean anyForm = mayConfirm || mayCancel || open;
        Views.MessageLinkView view = new Views.MessageLinkView(title, notice, lines, statusText,
                mayConfirm ? here + "/confirm" : null, mayCancel ? here + "/cancel" : null, open ? here + "/unsubscribe" : null,
                anyForm ? pages.csrfToken(ctx) : null, other, note);
        Views.Frame frame = pages.frame(ctx, t, title, null);
        frame = new Views.Frame(frame.t(), frame.title(), l.salonName(), null, frame.languages(), null);
        ctx.header("Cache-Control", "no-store");
        pages.render(ctx, status, "messagelink.jte", frame, "v", view);
    }

    private static String statusKey(String status) {
        return switch (status == null ? "" : status) {
            case "pending", "confirmed", "arrived", "completed", "cancelled", "no_show" -> status;
            default -> "confirmed";
        };
    }
}
