package app.salondesk.logic.waitlist;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.JoinOutcome;
import app.salondesk.model.waitlist.NewWaitlistEntry;
import app.salondesk.model.waitlist.WaitlistEntry;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static app.salondesk.logic.booking.EngineFixture.ZONE;

/**
 * {@link EngineFixture}'s salon with Anna's and Bohdan's days {@link #DAY} and the day after
 * booked solid (hourly Cuts, 08:00–20:00), so the only free time is what a test frees; Vira is
 * not working (inactive), so her free hours are offered to nobody.
 */
final class WaitlistFixture implements AutoCloseable {

    static final LocalDate DAY = EngineFixture.DAY;

    final EngineFixture f;
    final WaitlistRepository repo;
    final WaitlistBooker booker;

    WaitlistFixture(String name, int poolSize) {
        f = new EngineFixture(name, poolSize);
        repo = new WaitlistRepository(f.dsl);
        booker = new WaitlistBooker(f.dsl);
        f.dsl.execute("UPDATE masters SET active = false WHERE id = " + f.vira);
    }

    /** Bookings gone, entries gone, rules back to the defaults, Anna's and Bohdan's two days full. */
    List<Booking> reset() {
        f.dsl.execute("DELETE FROM waitlist_entries");
        f.dsl.execute("DELETE FROM waitlist_settings");
        f.clearSchedule();
        List<Booking> made = new ArrayList<>();
        for (LocalDate day : List.of(DAY, DAY.plusDays(1))) {
            for (long master : List.of(f.anna, f.bohdan)) {
                for (int hour = 8; hour < 20; hour++) {
                    made.add(f.booked(f.engine.book(f.cutWith(master, at(day, hour, 0)))));
                }
            }
        }
        return made;
    }

    static Instant at(LocalDate day, int hour, int minute) {
        return day.atTime(hour, minute).atZone(ZONE).toInstant();
    }

    /** Cancels the booking through the engine, as a desk does. */
    void cancel(Booking b) {
        Booking now = f.engine.find(f.tenant, b.id()).orElseThrow();
        f.booked(f.engine.changeStatus(new StatusChange(f.tenant, now.id(), now.version(), now.masterId(), BookingStatus.CANCELLED, Source.FORM)));
    }

    /** The booking of {@code master} at {@code hour} on {@code day} among {@code made}. */
    static Booking at(List<Booking> made, long master, LocalDate day, int hour) {
        Instant start = at(day, hour, 0);
        return made.stream().filter(b -> b.masterId() == master && b.start().equals(start)).findFirst().orElseThrow();
    }

    long join(Long serviceId, Integer minutes, Long master, LocalDate from, LocalDate to, DailyWindow window) {
        JoinOutcome o = repo.add(NewWaitlistEntry.forClient(f.tenant, f.client, serviceId, minutes, master, from, to, window), Source.FORM);
        return ((JoinOutcome.Joined) o).entryId();
    }

    /** A client of its own per entry (the cap is per client). */
    long joinAs(String name, String phone, Long serviceId, Integer minutes, Long master, LocalDate from, LocalDate to, DailyWindow window) {
        JoinOutcome o = repo.add(new NewWaitlistEntry(f.tenant, null, name, phone, serviceId, minutes, master, from, to, window, ""),
                Source.FORM);
        if (o instanceof JoinOutcome.Joined j) {
            return j.entryId();
        }
        throw new AssertionError("not joined: " + o);
    }

    WaitlistEntry entry(long id) {
        return repo.find(f.tenant, id).orElseThrow();
    }

    @Override
    public void close() {
        f.close();
    }
}
