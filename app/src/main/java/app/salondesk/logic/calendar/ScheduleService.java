package app.salondesk.logic.calendar;

import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.WallClock;
import app.salondesk.model.staff.WorkingTime;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** What a day view needs from the database for one salon day. */
public final class ScheduleService implements ScheduleSource {

    private final ScheduleRepository schedules;
    private final MasterRepository masters;

    public ScheduleService(ScheduleRepository schedules, MasterRepository masters) {
        this.schedules = schedules;
        this.masters = masters;
    }

    @Override
    public DaySchedule loadDay(Salon salon, List<Long> masterIds, LocalDate date, boolean includeCancelled) {
        // the salon's day, not the PC's: 00:00 to 24:00 in the salon's zone (23 or 25 h on DST days),
        // read as the database reads them (a midnight that happens twice is the second)
        Instant from = WallClock.startOfDay(date, salon.zone());
        Instant to = WallClock.startOfDay(date.plusDays(1), salon.zone());
        if (masterIds.isEmpty()) {
            return new DaySchedule(date, List.of(), Map.of(), List.of());
        }
        Map<Long, List<WorkingTime>> working = masters.intervalsOn(salon.id(), masterIds, date);
        return new DaySchedule(date,
                schedules.findRange(salon.id(), masterIds, from, to, includeCancelled),
                working,
                masters.timeOff(salon.id(), masterIds, from, to),
                masters.daysOff(salon.id(), masterIds, date));
    }
}
