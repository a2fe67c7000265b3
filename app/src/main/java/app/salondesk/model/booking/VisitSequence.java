package app.salondesk.model.booking;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * When each part of a visit starts (issue 18, ADR 18) — the one rule, used by the engine when it
 * places a visit's parts ({@link BookingEngine#bookVisit} with later starts left open), by the
 * desk's visit form to show them, and by the search for the starts a whole visit fits
 * ({@link VisitSlots}). A part starts at the latest of:
 * <ul>
 *   <li>the end of the part before it: the client is free (another master's cleanup is that
 *       master's, not the client's);</li>
 *   <li>the end of every earlier part with the <em>same master</em>, with its cleanup: the master
 *       is busy cleaning until then (the rule book would refuse anything sooner: time taken);</li>
 *   <li>the end of every earlier part that holds a <em>room or piece of equipment this part needs
 *       too</em>, with its cleanup: the hold lasts until the room is cleaned (migration 19's
 *       {@code booking_span}). Whatever the room's count: the sequence does not change when an
 *       admin changes it, and the client is not moved from one station to the next while hers is
 *       cleaned.</li>
 * </ul>
 * Processing time needs nothing here: the client stays through it, so it is part of the client's
 * minutes.
 */
public final class VisitSequence {

    private VisitSequence() {
    }

    /**
     * What the sequence needs of one part: who does it, how long the client stays (the master's
     * own length, or the one asked), the master's shape of it (phases fitted to those minutes, and
     * her cleanup after), and the ids of the rooms and equipment it holds.
     */
    public record Step(long masterId, int minutes, Shape shape, Set<Long> resources) {
        public Step {
            shape = shape == null ? Shape.PLAIN : shape;
            resources = resources == null ? Set.of() : Set.copyOf(resources);
        }

        /** The minutes from the part's start until its master and its rooms are free again. */
        public int heldMinutes() {
            return minutes + shape.cleanupMin();
        }
    }

    /** Each part's start, in minutes after the first part's start (the first: 0). */
    public static List<Integer> offsets(List<Step> steps) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            Step part = steps.get(i);
            int at = i == 0 ? 0 : out.get(i - 1) + steps.get(i - 1).minutes();
            for (int j = 0; j < i; j++) {
                Step before = steps.get(j);
                if (before.masterId() == part.masterId() || !Collections.disjoint(before.resources(), part.resources())) {
                    at = Math.max(at, out.get(j) + before.heldMinutes());
                }
            }
            out.add(at);
        }
        return out;
    }

    /** Each part's start when the first starts at {@code first}. */
    public static List<Instant> starts(Instant first, List<Step> steps) {
        return offsets(steps).stream().map(m -> first.plus(Duration.ofMinutes(m))).toList();
    }

    /**
     * Whether two parts of the visit, at the starts given, would give one master overlapping busy
     * time: then no start of the whole visit can ever be booked (the rule book refuses the later
     * part wherever the visit goes). Never true of a visit placed by {@link #starts}.
     */
    public static boolean clashesWithin(List<Instant> starts, List<Step> steps) {
        for (int i = 0; i < steps.size(); i++) {
            for (int j = i + 1; j < steps.size(); j++) {
                Step a = steps.get(i);
                Step b = steps.get(j);
                if (a.masterId() == b.masterId()
                        && Shape.meet(a.shape().busy(starts.get(i), a.minutes()), b.shape().busy(starts.get(j), b.minutes()))) {
                    return true;
                }
            }
        }
        return false;
    }
}
