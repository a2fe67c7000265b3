package app.salondesk.model.reports;

import java.time.LocalDate;

/**
 * One salon day's figures that add up over days, as migration 50's {@code report_days} defines them
 * (README "Reports" says each in a sentence). Money in the salon currency's minor units.
 */
public record DayFigures(LocalDate day, int bookings, int cancelled, int lateCancelled, int noShows, int visits,
                         int online, int waitlist, int desk,
                         long servicesMinor, long productsMinor, long tipsMinor, long otherMinor, int sales, long ticketMinor,
                         int busyMinutes, int workingMinutes, int remindersSent, int remindersConfirmed) {

    public long revenueMinor() {
        return servicesMinor + productsMinor + tipsMinor + otherMinor;
    }

    /** The days' sum, dated {@code day}. */
    public static DayFigures sum(LocalDate day, Iterable<DayFigures> days) {
        int bookings = 0, cancelled = 0, late = 0, noShows = 0, visits = 0, online = 0, waitlist = 0, desk = 0, sales = 0;
        int busy = 0, working = 0, sent = 0, confirmed = 0;
        long services = 0, products = 0, tips = 0, other = 0, ticket = 0;
        for (DayFigures d : days) {
            bookings += d.bookings;
            cancelled += d.cancelled;
            late += d.lateCancelled;
            noShows += d.noShows;
            visits += d.visits;
            online += d.online;
            waitlist += d.waitlist;
            desk += d.desk;
            services += d.servicesMinor;
            products += d.productsMinor;
            tips += d.tipsMinor;
            other += d.otherMinor;
            sales += d.sales;
            ticket += d.ticketMinor;
            busy += d.busyMinutes;
            working += d.workingMinutes;
            sent += d.remindersSent;
            confirmed += d.remindersConfirmed;
        }
        return new DayFigures(day, bookings, cancelled, late, noShows, visits, online, waitlist, desk, services, products, tips, other,
                sales, ticket, busy, working, sent, confirmed);
    }
}
