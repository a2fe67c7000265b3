package app.salondesk.online;

/**
 * A salon's online booking as its admins set it (migration 12): switched on, the page's address
 * {@code /<slug>}, how far ahead and how soon clients may book, until when they may cancel, whether
 * bookings arrive confirmed, and how many open online bookings one phone may hold.
 */
public record OnlineSettings(boolean enabled, String slug, int daysAhead, int minNoticeMin, int cancelCutoffMin,
                             boolean arriveConfirmed, int maxOpenPerPhone) {

    /** What a salon starts from (the table's defaults) at a slug of its choosing, switched off. */
    public static OnlineSettings defaults(String slug) {
        return new OnlineSettings(false, slug, 30, 60, 120, true, 3);
    }
}
