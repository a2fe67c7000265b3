package app.salondesk.model.online;

/**
 * A salon's online booking as its admins set it (migrations 13 and 25): switched on, the page's
 * address {@code /<slug>}, how far ahead and how soon clients may book, until when they may cancel,
 * whether bookings arrive confirmed, how many open online bookings and waitlist places one phone may
 * hold, and how many open bookings made on the page one salon day may hold.
 */
public record OnlineSettings(boolean enabled, String slug, int daysAhead, int minNoticeMin, int cancelCutoffMin,
                             boolean arriveConfirmed, int maxOpenPerPhone, int maxOnlinePerDay) {

    /** The table's default for {@link #maxOnlinePerDay} (migration 25). */
    public static final int DEFAULT_PER_DAY = 40;

    /** Settings with the default cap per day. */
    public OnlineSettings(boolean enabled, String slug, int daysAhead, int minNoticeMin, int cancelCutoffMin,
                          boolean arriveConfirmed, int maxOpenPerPhone) {
        this(enabled, slug, daysAhead, minNoticeMin, cancelCutoffMin, arriveConfirmed, maxOpenPerPhone, DEFAULT_PER_DAY);
    }

    /** What a salon starts from (the table's defaults) at a slug of its choosing, switched off. */
    public static OnlineSettings defaults(String slug) {
        return new OnlineSettings(false, slug, 30, 60, 120, true, 3, DEFAULT_PER_DAY);
    }
}
