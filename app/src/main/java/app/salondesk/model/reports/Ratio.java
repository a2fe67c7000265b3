package app.salondesk.model.reports;

/** A share of a whole, 0 when there is no whole: the figures' rates are all such. */
public final class Ratio {

    private Ratio() {
    }

    public static double of(long part, long whole) {
        return whole == 0 ? 0 : (double) part / whole;
    }

    /** The change from {@code before} to {@code now} as a share of {@code before}; null when there was nothing before. */
    public static Double trend(double now, double before) {
        return before == 0 ? null : (now - before) / before;
    }
}
