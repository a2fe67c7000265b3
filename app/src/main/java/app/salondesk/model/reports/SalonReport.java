package app.salondesk.model.reports;

import java.util.List;

/**
 * A salon's report over a period: its days, the days' sum, its clients, masters and services. The rates
 * are the figures' quotients, written here once.
 */
public record SalonReport(long salonId, String salonName, String currency, ReportPeriod period, List<DayFigures> days,
                          ClientFigures clients, List<MasterFigures> masters, List<ServiceFigures> services) {

    public SalonReport {
        days = List.copyOf(days);
        masters = List.copyOf(masters);
        services = List.copyOf(services);
    }

    public DayFigures total() {
        return DayFigures.sum(period.from(), days);
    }

    /** What the sales that stand took without tips ÷ their number (0 without sales), in minor units, half up. */
    public long averageTicketMinor() {
        DayFigures t = total();
        return t.sales() == 0 ? 0 : Math.round((double) t.ticketMinor() / t.sales());
    }

    /** Busy time ÷ working time of the salon's masters. */
    public double utilisation() {
        DayFigures t = total();
        return Ratio.of(t.busyMinutes(), t.workingMinutes());
    }

    /** No-shows ÷ bookings (bookings: not cancelled). */
    public double noShowRate() {
        DayFigures t = total();
        return Ratio.of(t.noShows(), t.bookings());
    }

    /** Late cancellations ÷ all bookings of the period (cancelled included). */
    public double lateCancellationRate() {
        DayFigures t = total();
        return Ratio.of(t.lateCancelled(), t.bookings() + t.cancelled());
    }

    public double onlineShare() {
        DayFigures t = total();
        return Ratio.of(t.online(), t.bookings());
    }

    public double waitlistShare() {
        DayFigures t = total();
        return Ratio.of(t.waitlist(), t.bookings());
    }

    public double remindersConfirmedShare() {
        DayFigures t = total();
        return Ratio.of(t.remindersConfirmed(), t.remindersSent());
    }
}
