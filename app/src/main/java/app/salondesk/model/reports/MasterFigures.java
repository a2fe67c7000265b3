package app.salondesk.model.reports;

/** One master's figures over a period, as migration 50's {@code report_masters} defines them. */
public record MasterFigures(long masterId, String name, int bookings, int visits, int noShows, int busyMinutes, int workingMinutes,
                            long servicesMinor, long tipsMinor) {

    /** Booked busy time ÷ working time (may pass 1 when booked outside the hours; 0 without working time). */
    public double utilisation() {
        return Ratio.of(busyMinutes, workingMinutes);
    }
}
