package app.salondesk.gui.staff.setup;

import app.salondesk.logic.salon.SetupResult;
import app.salondesk.logic.staff.HoursSetup;
import app.salondesk.logic.staff.MastersSetup;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.salon.SetupRefusal;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.model.staff.OwnDay;
import app.salondesk.model.staff.TimeOffEntry;
import app.salondesk.model.staff.Week;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The masters' setup in memory, noting what the view models ask of it. */
final class FakeSetup implements MastersSetup, HoursSetup {

    final List<MasterDetails> masters = new ArrayList<>();
    final List<Week> weeks = new ArrayList<>();
    final List<ScheduledBooking> bookings = new ArrayList<>();
    final List<BookingInTheWay> inTheWay = new ArrayList<>();
    final List<String> calls = new ArrayList<>();
    /** The next change is refused with this (once). */
    SetupRefusal refuse;
    Map<DayOfWeek, List<LocalTime[]>> savedWeek;

    private <T> SetupResult<T> answer(String call, T value) {
        calls.add(call);
        if (refuse != null) {
            SetupRefusal r = refuse;
            refuse = null;
            return new SetupResult.Refused<>(r);
        }
        return new SetupResult.Done<>(value);
    }

    /** Who may take each booking, as the database's rule book would say; a booking not named: nobody. */
    final Map<Long, java.util.Set<Long>> mayTake = new java.util.HashMap<>();

    @Override
    public Map<Long, java.util.Set<Long>> mastersWhoMayTake(java.util.Collection<Long> bookingIds) {
        Map<Long, java.util.Set<Long>> may = new java.util.HashMap<>();
        bookingIds.forEach(id -> may.put(id, mayTake.getOrDefault(id, java.util.Set.of())));
        return may;
    }

    @Override
    public List<MasterDetails> masters() {
        return List.copyOf(masters);
    }

    @Override
    public SetupResult<Long> add(String name, String colour) {
        long id = masters.stream().mapToLong(MasterDetails::id).max().orElse(0) + 1;
        SetupResult<Long> r = answer("add " + name + " " + colour, id);
        if (r instanceof SetupResult.Done<Long>) {
            masters.add(new MasterDetails(id, name, colour, masters.size() + 1, true));
        }
        return r;
    }

    @Override
    public SetupResult<Boolean> update(long masterId, String name, String colour) {
        return answer("update " + masterId + " " + name + " " + colour, true);
    }

    @Override
    public SetupResult<Boolean> reorder(List<Long> masterIds) {
        return answer("reorder " + masterIds, true);
    }

    @Override
    public SetupResult<Boolean> setActive(long masterId, boolean active) {
        return answer("setActive " + masterId + " " + active, true);
    }

    @Override
    public List<ScheduledBooking> bookingsFrom(long masterId, Instant from) {
        return List.copyOf(bookings);
    }

    @Override
    public List<Week> weeks(long masterId) {
        return List.copyOf(weeks);
    }

    @Override
    public SetupResult<Boolean> saveWeek(long masterId, LocalDate validFrom, Map<DayOfWeek, List<LocalTime[]>> days) {
        savedWeek = days;
        SetupResult<Boolean> r = answer("saveWeek " + validFrom, true);
        if (r instanceof SetupResult.Done<Boolean>) {
            weeks.removeIf(w -> w.validFrom().equals(validFrom));
            weeks.add(new Week(validFrom, days));
            weeks.sort(java.util.Comparator.comparing(Week::validFrom));
        }
        return r;
    }

    @Override
    public SetupResult<Boolean> removeWeek(long masterId, LocalDate validFrom) {
        return answer("removeWeek " + validFrom, true);
    }

    @Override
    public List<OwnDay> ownDays(long masterId, LocalDate from, LocalDate to) {
        return List.of();
    }

    @Override
    public SetupResult<Boolean> setDay(long masterId, LocalDate day, List<LocalTime[]> intervals, String note) {
        return answer("setDay " + day + " " + Intervals.format(intervals), true);
    }

    @Override
    public SetupResult<Boolean> clearDay(long masterId, LocalDate day) {
        return answer("clearDay " + day, true);
    }

    @Override
    public List<TimeOffEntry> timeOff(long masterId, Instant from, Instant to) {
        return List.of();
    }

    @Override
    public SetupResult<Long> addTimeOff(long masterId, Instant start, Instant end, String reason) {
        return answer("addTimeOff " + start + " " + end + " " + reason, 1L);
    }

    @Override
    public SetupResult<Boolean> removeTimeOff(long timeOffId) {
        return answer("removeTimeOff " + timeOffId, true);
    }

    @Override
    public List<BookingInTheWay> inTheWay(long masterId, Instant from, Instant to) {
        calls.add("inTheWay");
        return List.copyOf(inTheWay);
    }
}
