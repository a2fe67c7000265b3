package app.salondesk.model.waitlist;

/**
 * What a salon decided about its waitlist (an admin's settings, {@code waitlist_settings}):
 * whether it is on, whether the worker books a freed time itself (pending, "call to confirm")
 * or only proposes it, how many days an entry lives, how many open entries one client may have.
 * A salon that never saved any has {@link #DEFAULTS}.
 */
public record WaitlistRules(boolean enabled, boolean autoBook, int lifetimeDays, int maxPerClient) {

    public static final WaitlistRules DEFAULTS = new WaitlistRules(true, true, 30, 3);
    public static final int MAX_LIFETIME_DAYS = 366;
    public static final int MAX_PER_CLIENT = 20;

    public WaitlistRules {
        if (lifetimeDays < 1 || lifetimeDays > MAX_LIFETIME_DAYS || maxPerClient < 1 || maxPerClient > MAX_PER_CLIENT) {
            throw new IllegalArgumentException("lifetime 1.." + MAX_LIFETIME_DAYS + " days, 1.." + MAX_PER_CLIENT + " entries per client");
        }
    }
}
