package app.salondesk.gui.calendar;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.calendar.ScheduleService;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import com.calendarfx.model.Calendar;
import com.calendarfx.model.Entry;
import com.calendarfx.model.Resource;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The week view's days load apart and their answers arrive in any order (issue 16). Real
 * answers of the real schedule query; the booking is moved by another connection's engine
 * between them. Whatever the order, the booking is on the calendars exactly once, where it is.
 */
class ShownDaysTest {

    private static EngineFixture f;
    private static BookingEngine otherDesk;
    private static ScheduleService schedule;
    private static Salon salon;
    private static final LocalDate MONDAY = EngineFixture.DAY;
    private static final LocalDate TUESDAY = MONDAY.plusDays(1);
    private Resource<Master> anna;
    private ShownDays shown;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("shown-days", 4);
        // another desk: its own connections
        otherDesk = new BookingEngine(DSL.using(f.backend.database().dataSource(), SQLDialect.POSTGRES));
        schedule = new ScheduleService(new ScheduleRepository(f.dsl), new MasterRepository(f.dsl));
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void aWeekOnScreen() {
        f.clearSchedule();
        Master m = new Master(f.anna, "Anna", "#336699", 1);
        anna = new Resource<>(m);
        shown = new ShownDays(new Messages(Locale.ENGLISH), EngineFixture.ZONE, new BookingEntries(new Messages(Locale.ENGLISH),
                EngineFixture.ZONE), Map.of(f.anna, anna), List.of(m));
    }

    private DaySchedule load(LocalDate day) {
        return schedule.loadDay(salon, List.of(f.anna), day, false);
    }

    /** The booking entries really on Anna's calendar this week (an entry over midnight counted once). */
    private List<Entry<?>> onTheCalendar() {
        Calendar<?> c = anna.getCalendars().get(0);
        Map<Entry<?>, Boolean> seen = new IdentityHashMap<>();
        c.findEntries(MONDAY.minusDays(1), TUESDAY.plusDays(1), EngineFixture.ZONE).values()
                .forEach(list -> list.forEach(e -> seen.put(e, true)));
        return List.copyOf(seen.keySet());
    }

    private Booking bookedMondayThenMovedToTuesday(DaySchedule[] before) {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, MONDAY.atTime(10, 0).atZone(EngineFixture.ZONE).toInstant())));
        before[0] = load(MONDAY);
        before[1] = load(TUESDAY);
        shown.show(before[0]);
        shown.show(before[1]);
        assertEquals(1, onTheCalendar().size());
        f.booked(otherDesk.reschedule(new Reschedule(f.tenant, b.id(), b.version(), f.anna, f.anna,
                TUESDAY.atTime(11, 0).atZone(EngineFixture.ZONE).toInstant(), 60, Source.DRAG, false)));
        return b;
    }

    private void assertShownOnceOnTuesdayAt11(Booking b) {
        List<Entry<?>> all = onTheCalendar();
        assertEquals(1, all.size(), "shown exactly once: " + all);
        Entry<?> e = all.get(0);
        assertEquals(b.id(), ((BookingRef) e.getUserObject()).bookingId());
        assertEquals(b.version() + 1, ((BookingRef) e.getUserObject()).version());
        assertEquals(TUESDAY.atTime(11, 0).atZone(EngineFixture.ZONE).toInstant(), e.getStartAsZonedDateTime().toInstant());
    }

    @Test
    void aBookingMovedToAnotherShownDayIsShownOnceWhenTheNewDayAnswersFirst() {
        Booking b = bookedMondayThenMovedToTuesday(new DaySchedule[2]);
        shown.show(load(TUESDAY));
        assertShownOnceOnTuesdayAt11(b);   // at once, not only after Monday's answer
        shown.show(load(MONDAY));
        assertShownOnceOnTuesdayAt11(b);
    }

    @Test
    void aBookingMovedToAnotherShownDayIsShownOnceWhenTheOldDayAnswersFirst() {
        Booking b = bookedMondayThenMovedToTuesday(new DaySchedule[2]);
        shown.show(load(MONDAY));
        shown.show(load(TUESDAY));
        assertShownOnceOnTuesdayAt11(b);
    }

    @Test
    void anOlderAnswerArrivingLateDoesNotBringTheBookingBack() {
        DaySchedule[] before = new DaySchedule[2];
        Booking b = bookedMondayThenMovedToTuesday(before);
        shown.show(load(TUESDAY));
        shown.show(before[0]);   // Monday's answer from before the move, delivered late
        assertShownOnceOnTuesdayAt11(b);
        shown.show(load(MONDAY));
        assertShownOnceOnTuesdayAt11(b);
    }

    @Test
    void aBookingAcrossMidnightIsShownOnce() {
        // outside her hours, as an admin may book it
        f.booked(otherDesk.book(new NewBooking(f.tenant, f.anna, f.client, null, null,
                MONDAY.atTime(23, 30).atZone(EngineFixture.ZONE).toInstant(), 60, "", UUID.randomUUID(), Source.FORM, true)));
        shown.show(load(MONDAY));
        shown.show(load(TUESDAY));
        assertEquals(1, onTheCalendar().size());
        shown.show(load(MONDAY));
        assertEquals(1, onTheCalendar().size());
    }

    @Test
    void weekThenDayThenWeekKeepsNoStaleEntries() {
        Booking b = bookedMondayThenMovedToTuesday(new DaySchedule[2]);
        shown.keepOnly(Set.of(MONDAY));   // week → day (Monday)
        assertEquals(Set.of(MONDAY), shown.days());
        shown.show(load(MONDAY));
        assertEquals(0, onTheCalendar().size(), "Monday no longer has it, and Tuesday's old entries are gone");
        shown.show(load(TUESDAY));   // day → week
        assertShownOnceOnTuesdayAt11(b);
    }
}
