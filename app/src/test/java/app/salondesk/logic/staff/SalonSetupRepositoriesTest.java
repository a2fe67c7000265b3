package app.salondesk.logic.staff;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.salon.SalonSettings;
import app.salondesk.model.staff.MasterDetails;
import app.salondesk.model.staff.OwnDay;
import app.salondesk.model.staff.TimeOffEntry;
import app.salondesk.model.staff.Week;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Currency;
import java.util.List;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The setup's writes (salon, masters, services, offers, dated weeks, own days, time off) as
 * the screens and the command line make them, and what the engine then makes of them.
 */
class SalonSetupRepositoriesTest {

    private static EngineFixture f;
    private static MasterRepository masters;
    private static ServiceRepository services;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("setup", 3);
        masters = new MasterRepository(f.dsl);
        services = new ServiceRepository(f.dsl);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    private static List<LocalTime[]> iv(LocalTime[]... intervals) {
        return List.of(intervals);
    }

    private static LocalTime[] t(String from, String to) {
        return new LocalTime[]{LocalTime.parse(from), LocalTime.parse(to)};
    }

    @Test
    void aSalonIsCreatedAndItsSettingsChanged() {
        SalonRepository salons = new SalonRepository(f.dsl);
        long id = salons.create(new SalonSettings("Lotus", "Khreshchatyk 1", "+380441234567", ZoneId.of("Europe/Kyiv"),
                Currency.getInstance("UAH"), "UA"), false);
        salons.update(id, new SalonSettings("Lotus Nails", "Khreshchatyk 1", "+380441234567", ZoneId.of("Europe/Warsaw"),
                Currency.getInstance("PLN"), "PL"));
        SalonSettings s = salons.settings(id).orElseThrow();
        assertEquals(List.of("Lotus Nails", "Europe/Warsaw", "PLN", "PL"), List.of(s.name(), s.zone().getId(), s.currency().getCurrencyCode(), s.country()));
        assertFalse(salons.isDemo(id));
        assertEquals(1, f.count("SELECT count(*) FROM salon_keys WHERE tenant_id = " + id), "its secrets were made");
        assertEquals("23514", state(() -> salons.update(id, new SalonSettings("x".repeat(10_000), "", "", ZoneId.of("UTC"),
                Currency.getInstance("EUR"), "DE"))), "a 10 000-character name is refused by the database");
    }

    @Test
    void aMasterIsAddedAsTheLastColumnRenamedReorderedAndDeactivated() {
        long yana = masters.add(f.tenant, "Yana", "#ff8800");
        List<MasterDetails> all = masters.findAll(f.tenant);
        assertEquals(yana, all.get(all.size() - 1).id());
        masters.update(f.tenant, yana, "Yana K.", "#00aa00");
        masters.reorder(f.tenant, List.of(yana, f.anna, f.bohdan, f.vira));
        assertEquals(yana, masters.findActive(f.tenant).get(0).id());
        masters.setActive(f.tenant, yana, false);
        assertTrue(masters.findActive(f.tenant).stream().noneMatch(m -> m.id() == yana));
        assertTrue(masters.findAll(f.tenant).stream().anyMatch(m -> m.id() == yana && !m.active() && m.name().equals("Yana K.")));
        masters.reorder(f.tenant, List.of(f.anna, f.bohdan, f.vira, yana));
    }

    @Test
    void aMastersOwnLengthOfAServiceIsWhatTheEngineBooks() {
        f.clearSchedule();
        long colour = services.add(f.tenant, "Colour", "Hair", 90, new BigDecimal("1200.00"));
        services.offer(f.tenant, new Offer(f.anna, colour, 120, new BigDecimal("1500.00")));
        services.offer(f.tenant, new Offer(f.bohdan, colour, null, null));
        var withAnna = f.booked(f.engine.book(new app.salondesk.model.booking.NewBooking(f.tenant, f.anna, f.client, null, colour, at(9, 0),
                null, "", java.util.UUID.randomUUID(), app.salondesk.model.booking.Source.FORM, false)));
        var withBohdan = f.booked(f.engine.book(new app.salondesk.model.booking.NewBooking(f.tenant, f.bohdan, f.client, null, colour, at(9, 0),
                null, "", java.util.UUID.randomUUID(), app.salondesk.model.booking.Source.FORM, false)));
        assertEquals(List.of(120, 90), List.of(withAnna.durationMin(), withBohdan.durationMin()));
        assertTrue(services.withdraw(f.tenant, f.bohdan, colour));
        BookingOutcome.Invalid notOffered = assertInstanceOf(BookingOutcome.Invalid.class, f.engine.book(new app.salondesk.model.booking.NewBooking(
                f.tenant, f.bohdan, f.client, null, colour, at(15, 0), null, "", java.util.UUID.randomUUID(), app.salondesk.model.booking.Source.FORM, false)));
        assertEquals(InvalidReason.SERVICE_NOT_OFFERED, notOffered.reason());
        services.setActive(f.tenant, colour, false);
        assertTrue(services.findAll(f.tenant).stream().anyMatch(s -> s.id() == colour && !s.active() && s.category().equals("Hair")));
        f.clearSchedule();
    }

    @Test
    void aNewWeekFromADateAndOwnDaysAreWhatTheEngineAndTheCalendarRead() {
        f.clearSchedule();
        long lina = masters.add(f.tenant, "Lina", "#3366cc");
        for (DayOfWeek d : DayOfWeek.values()) {
            masters.setWeekDay(f.tenant, lina, Week.ALWAYS, d, iv(t("09:00", "13:00"), t("14:00", "18:00")));
        }
        LocalDate monday = EngineFixture.DAY;             // a Monday
        LocalDate nextMonday = monday.plusWeeks(1);
        // from next Monday, Mondays are 12:00-20:00; the other days stay as they were
        masters.setWeekDay(f.tenant, lina, nextMonday, DayOfWeek.MONDAY, iv(t("12:00", "20:00")));
        List<Week> weeks = masters.weeks(f.tenant, lina);
        assertEquals(List.of(Week.ALWAYS, nextMonday), weeks.stream().map(Week::validFrom).toList());
        assertEquals(2, weeks.get(1).on(DayOfWeek.TUESDAY).size(), "the new week began as a copy of the old one");
        // this Sunday she works 10:00-14:00 only; next Tuesday not at all
        LocalDate sunday = monday.plusDays(6);
        masters.setDay(f.tenant, lina, sunday, iv(t("10:00", "14:00")), "covering");
        masters.setDay(f.tenant, lina, nextMonday.plusDays(1), List.of(), "closed");
        assertEquals(List.of(sunday, nextMonday.plusDays(1)), masters.ownDays(f.tenant, lina, monday, nextMonday.plusDays(6))
                .stream().map(OwnDay::day).toList());

        assertEquals(List.of("09:00", "13:00", "14:00", "18:00"), flat(masters.hoursOn(f.tenant, List.of(lina), monday).get(lina)));
        assertEquals(List.of("12:00", "20:00"), flat(masters.hoursOn(f.tenant, List.of(lina), nextMonday).get(lina)));
        assertEquals(List.of("10:00", "14:00"), flat(masters.hoursOn(f.tenant, List.of(lina), sunday).get(lina)));
        assertEquals(null, masters.hoursOn(f.tenant, List.of(lina), nextMonday.plusDays(1)).get(lina));

        Instant mondayNoonNext = nextMonday.atTime(12, 30).atZone(EngineFixture.ZONE).toInstant();
        assertInstanceOf(BookingOutcome.Booked.class, f.engine.book(f.newBooking(lina, mondayNoonNext, 60)));
        assertEquals(InvalidReason.OUTSIDE_WORKING_HOURS, ((BookingOutcome.Invalid) f.engine.book(f.newBooking(lina,
                nextMonday.atTime(9, 0).atZone(EngineFixture.ZONE).toInstant(), 60))).reason(), "09:00 is no longer hers on Mondays");
        assertEquals(InvalidReason.OUTSIDE_WORKING_HOURS, ((BookingOutcome.Invalid) f.engine.book(f.newBooking(lina,
                sunday.atTime(15, 0).atZone(EngineFixture.ZONE).toInstant(), 30))).reason(), "this Sunday ends at 14:00");

        // the schedule changes under a booking: it stays, and is listed as in the way
        masters.setDay(f.tenant, lina, nextMonday, iv(t("15:00", "20:00")), "late start");
        List<BookingInTheWay> inTheWay = new ScheduleRepository(f.dsl).inTheWay(f.tenant, lina, monday.atStartOfDay(EngineFixture.ZONE).toInstant(),
                nextMonday.plusWeeks(1).atStartOfDay(EngineFixture.ZONE).toInstant());
        assertEquals(1, inTheWay.size());
        assertEquals("outside_working_hours", inTheWay.get(0).rule());
        assertTrue(masters.clearDay(f.tenant, lina, nextMonday));
        assertTrue(masters.removeWeek(f.tenant, lina, nextMonday));
        assertEquals(List.of("09:00", "13:00", "14:00", "18:00"), flat(masters.hoursOn(f.tenant, List.of(lina), nextMonday).get(lina)));
        // the table's checks refuse overlapping intervals and an end before its start
        assertEquals("23P01", state(() -> masters.setWeekDay(f.tenant, lina, Week.ALWAYS, DayOfWeek.MONDAY,
                iv(t("09:00", "13:00"), t("12:00", "18:00")))));
        assertEquals("23514", state(() -> masters.setDay(f.tenant, lina, sunday, iv(t("14:00", "10:00")), "")));
        f.clearSchedule();
        masters.setActive(f.tenant, lina, false);
    }

    @Test
    void timeOffIsAddedListedAndRemovedAndABookingUnderItIsInTheWay() {
        f.clearSchedule();
        var booked = f.booked(f.engine.book(f.newBooking(f.anna, at(11, 0), 60)));
        long off = masters.addTimeOff(f.tenant, f.anna, at(10, 0), at(13, 0), "dentist");
        assertEquals(List.of(off), masters.timeOffEntries(f.tenant, f.anna, at(0, 0), at(23, 0)).stream().map(TimeOffEntry::id).toList());
        List<BookingInTheWay> inTheWay = new ScheduleRepository(f.dsl).inTheWay(f.tenant, f.anna, at(0, 0), at(23, 59));
        assertEquals(List.of(booked.id()), inTheWay.stream().map(b -> b.booking().id()).toList());
        assertEquals("master_time_off", inTheWay.get(0).rule());
        assertTrue(masters.removeTimeOff(f.tenant, off));
        assertTrue(new ScheduleRepository(f.dsl).inTheWay(f.tenant, f.anna, at(0, 0), at(23, 59)).isEmpty());
        f.clearSchedule();
    }

    private static List<String> flat(List<LocalTime[]> intervals) {
        return intervals.stream().flatMap(i -> java.util.stream.Stream.of(i[0].toString(), i[1].toString())).toList();
    }

    private static String state(Runnable action) {
        return assertThrows(DataAccessException.class, action::run).sqlState();
    }
}
