package app.salondesk.logic.waitlist;

import java.time.LocalDate;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * Where time may have been freed: these masters on these salon days ({@code null}: all of them).
 * A change notification names the masters and days of the booking before and after the change;
 * the safety-net sweep looks everywhere ({@link #EVERYWHERE}).
 */
record Scope(Set<Long> masters, Set<LocalDate> days) {

    static final Scope EVERYWHERE = new Scope(null, null);

    Scope {
        masters = masters == null ? null : Set.copyOf(masters);
        days = days == null ? null : Set.copyOf(days);
    }

    static Scope of(Collection<Long> masters, Collection<LocalDate> days) {
        return new Scope(Set.copyOf(masters), Set.copyOf(days));
    }

    /** Both places at once (a pass that covers both covers each). */
    Scope merge(Scope other) {
        return new Scope(union(masters, other.masters), union(days, other.days));
    }

    private static <T> Set<T> union(Set<T> a, Set<T> b) {
        if (a == null || b == null) {
            return null;
        }
        Set<T> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }
}
