package app.salondesk.web;

import app.salondesk.logic.online.OnlineDesk;
import app.salondesk.model.online.OnlineBooking;
import app.salondesk.model.online.OnlineSalon;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The private link /{slug}/b/{token}: the booking as its client sees it (the confirmation page
 * right after booking), its calendar file, and "Cancel" until the salon's cut-off. The token is
 * the only key; pages behind it are never cached and never sent as a Referer.
 */
final class BookingLinkPages {

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{16,128}");

    private final OnlineDesk desk;
    private final Pages pages;

    BookingLinkPages(OnlineDesk desk, Pages pages) {
        this.desk = desk;
        this.pages = pages;
    }

    void show(Context ctx) {
        Optional<OnlineBooking> found = booking(ctx);
        if (found.isEmpty()) {
            return;
        }
        OnlineBooking b = found.get();
        WebText t = pages.text(ctx, b.salon());
        String notice = null;
        if (ctx.queryParam("cancelled") != null) {
            notice = t.get("web.booking.cancelledNow");
        } else if (ctx.queryParam("tooLate") != null) {
            // "please call the salon" only when the page has a number to call (issue 37)
            notice = t.format(phone(b.salon()) == null ? "web.booking.tooLateNoPhone" : "web.booking.tooLate", hours(b.salon()));
        }
        render(ctx, 200, t, b, ctx.queryParam("new") != null, notice);
    }

    void cancel(Context ctx) {
        Optional<OnlineBooking> found = booking(ctx);
        if (found.isEmpty()) {
            return;
        }
        OnlineBooking b = found.get();
        String here = "/" + b.salon().slug() + "/b/" + b.token();
        switch (desk.cancel(b.token())) {
            case CANCELLED, ALREADY_CANCELLED -> ctx.redirect(here + "?cancelled=1", HttpStatus.SEE_OTHER);
            case TOO_LATE -> ctx.redirect(here + "?tooLate=1", HttpStatus.SEE_OTHER);
            case NOT_FOUND -> pages.message(ctx, 404, null, "web.notFound.title", "web.notFound.text", false);
            case TRY_AGAIN -> {
                WebText t = pages.text(ctx, b.salon());
                render(ctx, 503, t, b, false, t.get("web.busy.text"));
            }
        }
    }

    void calendar(Context ctx) {
        Optional<OnlineBooking> found = booking(ctx);
        if (found.isEmpty()) {
            return;
        }
        OnlineBooking b = found.get();
        WebText t = pages.text(ctx, b.salon());
        String link = pages.baseUrl(ctx) + "/" + b.salon().slug() + "/b/" + b.token();
        String host = URI.create(pages.baseUrl(ctx)).getHost();
        ctx.header("Content-Disposition", "attachment; filename=\"booking.ics\"");
        ctx.contentType("text/calendar; charset=utf-8").result(CalendarFile.of(b, t, link, host == null ? "salondesk" : host));
    }

    /** The booking behind the token, in the salon the address names; otherwise a 404 page has been rendered. */
    private Optional<OnlineBooking> booking(Context ctx) {
        String slug = ctx.pathParam("slug");
        String token = ctx.pathParam("token");
        Optional<OnlineBooking> b = SalonPage.SLUG.matcher(slug).matches() && TOKEN.matcher(token).matches()
                ? desk.booking(token).filter(x -> x.salon().slug().equals(slug)) : Optional.empty();
        if (b.isEmpty()) {
            pages.message(ctx, 404, null, "web.notFound.title", "web.notFound.text", false);
        }
        return b;
    }

    private void render(Context ctx, int status, WebText t, OnlineBooking b, boolean justBooked, String notice) {
        OnlineSalon salon = b.salon();
        boolean cancelled = "cancelled".equals(b.status());
        String title = cancelled ? t.get("web.booking.cancelledTitle")
                : justBooked ? t.get("web.booking.bookedTitle") : t.get("web.booking.title");
        List<Views.Line> lines = new ArrayList<>();
        lines.add(new Views.Line(t.get("web.booking.service"), b.serviceName()));
        lines.add(new Views.Line(t.get("web.booking.master"), b.masterName()));
        // from when to when the client is in the salon (a colour's processing time included, the master's cleanup after not)
        lines.add(new Views.Line(t.get("web.booking.when"), t.dateOf(b.start()) + ", " + t.timeSpan(b.start(), b.minutes())));
        lines.add(new Views.Line(t.get("web.booking.length"), t.minutes(b.minutes(), b.minutes())));
        if (b.price() != null) {
            lines.add(new Views.Line(t.get("web.booking.price"), t.money(b.price())));
        }
        if (b.clientName() != null) {
            // the name typed on the page, never the one the salon keeps for the phone (migration 25);
            // none for a booking made before the name was kept
            lines.add(new Views.Line(t.get("web.booking.name"), b.clientName()));
        }
        if (salon.address() != null && !salon.address().isBlank()) {
            lines.add(new Views.Line(t.get("web.booking.address"), salon.address()));
        }
        String here = "/" + salon.slug() + "/b/" + b.token();
        boolean canCancel = b.cancellable() && !cancelled;
        String cancelNote = cancelled ? null : canCancel ? t.format("web.booking.cancelUntil", hours(salon))
                : phone(salon) == null ? t.format("web.booking.cannotCancelNoPhone", hours(salon))
                : t.format("web.booking.cannotCancel", hours(salon), phone(salon));
        Views.BookingView view = new Views.BookingView(title, notice, lines, t.get("web.status." + statusKey(b.status())),
                // a cancelled booking has nothing left to keep a link for (issue 37)
                cancelled ? null : here + "/calendar.ics", cancelled ? null : pages.baseUrl(ctx) + here,
                canCancel ? here + "/cancel" : null, canCancel ? pages.csrfToken(ctx) : null, cancelNote, "/" + salon.slug());
        pages.render(ctx, status, "booking.jte", pages.frame(ctx, t, title, salon), "v", view);
    }

    /** The salon's phone when it has one; a salon made without --phone keeps an empty one. */
    static String phone(OnlineSalon salon) {
        return salon.phone() == null || salon.phone().isBlank() ? null : salon.phone().strip();
    }

    private static String statusKey(String status) {
        return switch (status == null ? "" : status) {
            case "pending", "confirmed", "arrived", "completed", "cancelled", "no_show" -> status;
            default -> "confirmed";
        };
    }

    /** The cut-off in whole hours, as the page says it (rounded up). */
    private static long hours(OnlineSalon salon) {
        return (salon.cancelCutoffMin() + 59) / 60;
    }
}
