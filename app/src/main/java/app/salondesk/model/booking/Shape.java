package app.salondesk.model.booking;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A booking's shape as the schema keeps it (migration 17): phases in signed minutes — positive
 * while the master works, negative while the client waits and the master is free — and the
 * master's cleanup after the client has gone. No phases: one busy phase as long as the booking.
 * The calendar draws it and asks it where a drop can land; the database decides.
 */
public record Shape(List<Integer> phases, int cleanupMin) {

    public static final Shape PLAIN = new Shape(List.of(), 0);

    public Shape {
        phases = phases == null ? List.of() : List.copyOf(phases);
    }

    public static Shape of(Integer[] phases, Integer cleanupMin) {
        return new Shape(phases == null ? List.of() : List.of(phases), cleanupMin == null ? 0 : cleanupMin);
    }

    /** Whether the master is free at some time of it (another client may be booked then). */
    public boolean hasProcessing() {
        return phases.stream().anyMatch(m -> m < 0);
    }

    /** The master's busy intervals of this booking from {@code start} lasting {@code minutes}: busy phases, then the cleanup. */
    public List<Instant[]> busy(Instant start, int minutes) {
        List<Instant[]> out = new ArrayList<>();
        if (phases.isEmpty()) {
            out.add(new Instant[]{start, start.plus(Duration.ofMinutes(minutes + (long) cleanupMin))});
            return out;
        }
        long at = 0;
        for (int m : phases) {
            if (m > 0) {
                out.add(new Instant[]{start.plus(Duration.ofMinutes(at)), start.plus(Duration.ofMinutes(at + m))});
            }
            at += Math.abs(m);
        }
        if (cleanupMin > 0) {
            out.add(new Instant[]{start.plus(Duration.ofMinutes(minutes)), start.plus(Duration.ofMinutes(minutes + (long) cleanupMin))});
        }
        return out;
    }

    /** The processing phases as minutes from the start: {from, to} pairs. */
    public List<int[]> processing() {
        List<int[]> out = new ArrayList<>();
        int at = 0;
        for (int m : phases) {
            if (m < 0) {
                out.add(new int[]{at, at - m});
            }
            at += Math.abs(m);
        }
        return out;
    }

    /** Whether two bookings' busy times share an instant. */
    public static boolean meet(List<Instant[]> a, List<Instant[]> b) {
        return a.stream().anyMatch(x -> b.stream().anyMatch(y -> x[0].isBefore(y[1]) && y[0].isBefore(x[1])));
    }
}
