package app.salondesk.gui.calendar;

import app.salondesk.i18n.Messages;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.TimeOff;
import app.salondesk.model.staff.WorkingTime;

import java.time.Instant;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Why a master's whole day is closed, in words for her column (issue 31: "a demo master whose
 * whole day is shaded says not why"): a day off of her own (with its note), a weekday her week
 * has no hours on, or time off over all of her hours (with its reason). Empty when she works
 * some of the day. Plain Java, from what the day's load brought ({@link DaySchedule}).
 */
final class ClosedDay {

    private ClosedDay() {
    }

    static Optional<String> why(DaySchedule day, Master m, Messages messages) {
        List<WorkingTime> working = day.workingTimeOf(m.id());
        if (working.isEmpty()) {
            String note = day.daysOff().get(m.id());
            if (note != null) {
                return Optional.of(note.isBlank() ? messages.get("schedule.why.dayOff")
                        : messages.format("schedule.why.dayOffNote", note.strip()));
            }
            String weekday = day.date().getDayOfWeek().getDisplayName(TextStyle.FULL_STANDALONE, messages.locale());
            weekday = weekday.isEmpty() ? weekday : Character.toUpperCase(weekday.charAt(0)) + weekday.substring(1);
            return Optional.of(messages.format("schedule.why.notWorking", weekday));
        }
        List<TimeOff> hers = day.timeOff().stream().filter(t -> t.masterId() == m.id()).toList();
        for (WorkingTime iv : working) {
            if (!covered(iv.start(), iv.end(), hers)) {
                return Optional.empty();
            }
        }
        List<String> reasons = new ArrayList<>();
        hers.stream().map(TimeOff::reason).filter(r -> r != null && !r.isBlank()).map(String::strip).distinct().forEach(reasons::add);
        return Optional.of(reasons.isEmpty() ? messages.get("schedule.why.timeOff")
                : messages.format("schedule.why.timeOffReason", String.join(", ", reasons)));
    }

    /** Whether [from, to) lies wholly under time off (pieces of it may follow one another). */
    private static boolean covered(Instant from, Instant to, List<TimeOff> off) {
        Instant t = from;
        boolean moved = true;
        while (t.isBefore(to) && moved) {
            moved = false;
            for (TimeOff o : off) {
                if (!o.start().isAfter(t) && o.end().isAfter(t)) {
                    t = o.end();
                    moved = true;
                }
            }
        }
        return !t.isBefore(to);
    }
}
