package app.salondesk.logic.staff;

import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.salon.SetupResult;
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
import java.util.List;
import java.util.Map;

/**
 * The Masters screens' road to the database for one salon: the repositories' calls, with the
 * database's refusals turned into values. Bookings are only read here; moving or cancelling
 * them is the engine's (through the calendar's {@code BookingCommands}).
 */
public final class MasterSetupService implements MastersSetup, HoursSetup {

    private final MasterRepository masters;
    private final ScheduleRepository schedules;
    private final long tenantId;

    public MasterSetupService(MasterRepository masters, ScheduleRepository schedules, long tenantId) {
        this.masters = masters;
        this.schedules = schedules;
        this.tenantId = tenantId;
    }

    @Override
    public List<MasterDetails> masters() {
        return masters.findAll(tenantId);
    }

    @Override
    public SetupResult<Long> add(String name, String colour) {
        return SetupResult.attempt(() -> masters.add(tenantId, name, colour));
    }

    @Override
    public SetupResult<Boolean> update(long masterId, String name, String colour) {
        return found(SetupResult.attempt(() -> masters.update(tenantId, masterId, name, colour)));
    }

    @Override
    public SetupResult<Boolean> reorder(List<Long> masterIds) {
        return SetupResult.attempt(() -> {
            masters.reorder(tenantId, masterIds);
            return true;
        });
    }

    @Override
    public SetupResult<Boolean> setActive(long masterId, boolean active) {
        return found(SetupResult.attempt(() -> masters.setActive(tenantId, masterId, active)));
    }

    @Override
    public List<ScheduledBooking> bookingsFrom(long masterId, Instant from) {
        return schedules.activeFrom(tenantId, masterId, from);
    }

    @Override
    public java.util.Map<Long, java.util.Set<Long>> mastersWhoMayTake(java.util.Collection<Long> bookingIds) {
        return schedules.mastersWhoMayTake(tenantId, bookingIds);
    }

    @Override
    public List<Week> weeks(long masterId) {
        return masters.weeks(tenantId, masterId);
    }

    @Override
    public SetupResult<Boolean> saveWeek(long masterId, LocalDate validFrom, Map<DayOfWeek, List<LocalTime[]>> days) {
        return SetupResult.attempt(() -> {
            // the whole week: a weekday the screen left empty is a day off
            Map<DayOfWeek, List<LocalTime[]>> week = new java.util.EnumMap<>(DayOfWeek.class);
            for (DayOfWeek d : DayOfWeek.values()) {
                week.put(d, days.getOrDefault(d, List.of()));
            }
            masters.setWeekDays(tenantId, masterId, validFrom, week);
            return true;
        });
    }

    @Override
    public SetupResult<Boolean> removeWeek(long masterId, LocalDate validFrom) {
        return found(SetupResult.attempt(() -> masters.removeWeek(tenantId, masterId, validFrom)));
    }

    @Override
    public List<OwnDay> ownDays(long masterId, LocalDate from, LocalDate to) {
        return masters.ownDays(tenantId, masterId, from, to);
    }

    @Override
    public SetupResult<Boolean> setDay(long masterId, LocalDate day, List<LocalTime[]> intervals, String note) {
        return SetupResult.attempt(() -> {
            masters.setDay(tenantId, masterId, day, intervals, note);
            return true;
        });
    }

    @Override
    public SetupResult<Boolean> clearDay(long masterId, LocalDate day) {
        return found(SetupResult.attempt(() -> masters.clearDay(tenantId, masterId, day)));
    }

    @Override
    public List<TimeOffEntry> timeOff(long masterId, Instant from, Instant to) {
        return masters.timeOffEntries(tenantId, masterId, from, to);
    }

    @Override
    public SetupResult<Long> addTimeOff(long masterId, Instant start, Instant end, String reason) {
        return SetupResult.attempt(() -> masters.addTimeOff(tenantId, masterId, start, end, reason));
    }

    @Override
    public SetupResult<Boolean> removeTimeOff(long timeOffId) {
        return found(SetupResult.attempt(() -> masters.removeTimeOff(tenantId, timeOffId)));
    }

    @Override
    public List<BookingInTheWay> inTheWay(long masterId, Instant from, Instant to) {
        return schedules.inTheWay(tenantId, masterId, from, to);
    }

    /** "false" from a repository: no such row (another admin removed it, or it is not this salon's). */
    private static SetupResult<Boolean> found(SetupResult<Boolean> result) {
        return result.fold(ok -> ok ? result : new SetupResult.Refused<>(SetupRefusal.GONE), refused -> result);
    }
}
