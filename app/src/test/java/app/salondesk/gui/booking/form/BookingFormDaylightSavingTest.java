package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The form on the two daylight-saving days of the salon's zone (Europe/Kyiv, issue 16): on
 * Sunday 28 March 2027 the clocks go from 03:00 to 04:00 (EET +02 to EEST +03, at 01:00 UTC); on
 * Sunday 31 October 2027 they go back from 04:00 to 03:00, so 03:00–03:59 happens twice (first
 * at +03, then at +02). Anna works a night shift 02:00–05:00 salon time on both days: two real
 * hours in spring, four in autumn. Real engine, real database, work run in place.
 */
class BookingFormDaylightSavingTest {

    static final LocalDate SPRING = LocalDate.of(2027, 3, 28);
    static final LocalDate AUTUMN = LocalDate.of(2027, 10, 31);
    /** 31 October 2027, the first 03:30 (summer time, +03) and the second (winter time, +02). */
    static final Instant FIRST_0330 = Instant.parse("2027-10-31T00:30:00Z");
    static final Instant SECOND_0330 = Instant.parse("2027-10-31T01:30:00Z");

    private static EngineFixture f;
    private static final TaskRunner NOW = new TaskRunner() {
        @Override
        public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
            try {
                onSuccess.accept(work.call());
            } catch (Exception e) {
                onFailure.accept(e);
            }
        }
    };
    private List<Master> masters;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("formdst", 4);
        for (LocalDate day : List.of(SPRING, AUTUMN)) {
            f.dsl.execute("INSERT INTO master_days (tenant_id, master_id, day) VALUES (" + f.tenant + ", " + f.anna + ", '" + day + "')");
            f.dsl.execute("INSERT INTO master_day_hours (tenant_id, master_id, day, starts_at, ends_at) VALUES ("
                    + f.tenant + ", " + f.anna + ", '" + day + "', '02:00', '05:00')");
        }
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void emptySchedule() {
        f.clearSchedule();
        masters = new MasterRepository(f.dsl).findActive(f.tenant);
    }

    /** A new booking for Nina with Anna, custom length, on a day at 02:00 salon time. */
    private BookingFormViewModel form(Locale locale, LocalDate day, int minutes) {
        BookingFormViewModel vm = new BookingFormViewModel(new Salon(f.tenant, "Fixture", EngineFixture.ZONE), f.engine, NOW,
                new Messages(locale), masters, new ServiceRepository(f.dsl).findActive(f.tenant),
                new ServiceRepository(f.dsl).offers(f.tenant));
        Master anna = masters.stream().filter(m -> m.id() == f.anna).findFirst().orElseThrow();
        vm.startNew(anna, day.atTime(2, 0).atZone(EngineFixture.ZONE).toInstant());
        vm.clientNameProperty().set("Nina");
        vm.durationProperty().set(Integer.toString(minutes));
        return vm;
    }

    private static List<Instant> everyQuarter(String from, String to) {
        List<Instant> all = new java.util.ArrayList<>();
        for (Instant t = Instant.parse(from); !t.isAfter(Instant.parse(to)); t = t.plusSeconds(15 * 60)) {
            all.add(t);
        }
        return all;
    }

    private Instant bookedStart() {
        return f.dsl.resultQuery("SELECT starts_at FROM bookings").fetchOne(0, java.time.OffsetDateTime.class).toInstant();
    }

    @Test
    void aStartInTheSpringGapIsRefusedWithOneSentenceNamingTheJumpAndNothingIsSent() {
        BookingFormViewModel vm = form(Locale.ENGLISH, SPRING, 60);
        vm.timeProperty().set("03:30");
        assertEquals("03:30 does not exist on 28 March: the clocks go from 03:00 to 04:00",
                vm.visibleError("time", vm.timeErrorProperty()).get());
        assertTrue(vm.startInstant().isEmpty(), "no start: not 04:30, not 02:30");
        assertTrue(!vm.validProperty().get());
        vm.save();
        assertNull(vm.answerProperty().get(), "nothing was sent to the engine");
        assertEquals(0, f.count("SELECT count(*) FROM bookings"));
        vm.timeProperty().set("04:00");
        assertEquals("", vm.timeErrorProperty().get(), "the first time after the jump is a time");

        BookingFormViewModel uk = form(Locale.forLanguageTag("uk"), SPRING, 60);
        uk.timeProperty().set("3:30");
        assertEquals("28 березня немає часу 03:30: о 03:00 годинники переводять на 04:00", uk.timeErrorProperty().get());
        BookingFormViewModel ru = form(Locale.forLanguageTag("ru"), SPRING, 60);
        ru.timeProperty().set("03:00");
        assertEquals("28 марта нет времени 03:00: в 03:00 часы переводят на 04:00", ru.timeErrorProperty().get());
    }

    @Test
    void theSpringForwardDaysFreeStartsAreInRealMinutes() {
        BookingFormViewModel vm = form(Locale.ENGLISH, SPRING, 60);
        // 02:00-05:00 salon time is two real hours (00:00Z-02:00Z): an hour fits from 02:00 to 02:45 and at 04:00;
        // a wall-clock walk would offer 03:00-03:45, which do not exist, and 04:00 again as "03:00"
        assertEquals(everyQuarter("2027-03-28T00:00:00Z", "2027-03-28T01:00:00Z"), vm.freeStarts());
        assertEquals(List.of("02:00", "02:15", "02:30", "02:45", "04:00"), vm.freeStarts().stream().map(vm::startLabel).toList());
        vm.chooseStart(vm.freeStarts().get(4));
        assertEquals("04:00", vm.timeProperty().get());
        vm.save();
        f.booked(vm.answerProperty().get());
        assertEquals(Instant.parse("2027-03-28T01:00:00Z"), bookedStart(), "the engine takes the last start it was offered");
    }

    @Test
    void theFallBackDaysFreeStartsAreInRealMinutesAndTellTheTwo0300sApart() {
        BookingFormViewModel vm = form(Locale.ENGLISH, AUTUMN, 90);
        // 02:00-05:00 salon time is four real hours (23:00Z-03:00Z): 90 minutes fit from 23:00Z to 01:30Z
        assertEquals(everyQuarter("2027-10-30T23:00:00Z", "2027-10-31T01:30:00Z"), vm.freeStarts());
        assertEquals(List.of("02:00", "02:15", "02:30", "02:45",
                        "03:00 summer time", "03:15 summer time", "03:30 summer time", "03:45 summer time",
                        "03:00 winter time", "03:15 winter time", "03:30 winter time"),
                vm.freeStarts().stream().map(vm::startLabel).toList());
        BookingFormViewModel uk = form(Locale.forLanguageTag("uk"), AUTUMN, 90);
        assertEquals("03:30 за зимовим часом", uk.startLabel(SECOND_0330));
        BookingFormViewModel ru = form(Locale.forLanguageTag("ru"), AUTUMN, 90);
        assertEquals("03:30 по летнему времени", ru.startLabel(FIRST_0330));
    }

    @Test
    void eachOfTheTwo0330ChipsBooksItsOwnInstant() {
        BookingFormViewModel second = form(Locale.ENGLISH, AUTUMN, 60);
        Instant chip = second.freeStarts().stream().filter(t -> second.startLabel(t).equals("03:30 winter time")).findFirst().orElseThrow();
        second.chooseStart(chip);
        assertEquals("03:30", second.timeProperty().get());
        assertEquals("03:30 happens twice on 31 October: this is 03:30 winter time.", second.startNoteProperty().get());
        second.save();
        f.booked(second.answerProperty().get());
        assertEquals(SECOND_0330, bookedStart());

        BookingFormViewModel first = form(Locale.ENGLISH, AUTUMN, 60);
        Instant other = first.freeStarts().stream().filter(t -> first.startLabel(t).equals("03:30 summer time")).findFirst().orElseThrow();
        first.chooseStart(other);
        first.save();
        f.booked(first.answerProperty().get());
        assertEquals(List.of(FIRST_0330, SECOND_0330), f.dsl.resultQuery("SELECT starts_at FROM bookings ORDER BY starts_at")
                .fetch(0, java.time.OffsetDateTime.class).stream().map(java.time.OffsetDateTime::toInstant).toList(),
                "an hour apart, back to back: each chip booked exactly its own 03:30");
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void aTypedTimeThatHappensTwiceTakesTheEarlierSaysSoAndTheOtherCanBePicked() {
        BookingFormViewModel vm = form(Locale.ENGLISH, AUTUMN, 60);
        vm.timeProperty().set("03:30");
        assertEquals(FIRST_0330, vm.startInstant().orElseThrow());
        assertEquals("03:30 happens twice on 31 October: this is 03:30 summer time.", vm.startNoteProperty().get());
        assertEquals(SECOND_0330, vm.otherStartProperty().get());
        assertEquals("03:30 winter time", vm.startLabel(vm.otherStartProperty().get()));
        vm.pickOtherStart();
        assertEquals("03:30", vm.timeProperty().get());
        assertEquals(SECOND_0330, vm.startInstant().orElseThrow());
        assertEquals("03:30 happens twice on 31 October: this is 03:30 winter time.", vm.startNoteProperty().get());
        // typing again means the time typed: the earlier one
        vm.timeProperty().set("3:30");
        assertEquals(FIRST_0330, vm.startInstant().orElseThrow());
        vm.pickOtherStart();
        vm.save();
        f.booked(vm.answerProperty().get());
        assertEquals(SECOND_0330, bookedStart());
        vm.timeProperty().set("04:30");
        assertEquals("", vm.startNoteProperty().get(), "04:30 happens once");
        assertNull(vm.otherStartProperty().get());
    }

    @Test
    void editingABookingThatStartsAtTheSecond0330KeepsItsInstant() {
        Booking b = f.booked(f.engine.book(f.newBooking(f.anna, SECOND_0330, 60)));
        BookingFormViewModel vm = form(Locale.ENGLISH, AUTUMN, 60);
        vm.startEdit(new BookingFormViewModel.Existing(b, "Iryna", "+380671112233"));
        assertEquals("03:30", vm.timeProperty().get());
        assertEquals(SECOND_0330, vm.startInstant().orElseThrow(), "not the first 03:30, an hour earlier");
        assertEquals("03:30 happens twice on 31 October: this is 03:30 winter time.", vm.startNoteProperty().get());
        vm.durationProperty().set("30");   // shortened, not moved
        vm.save();
        assertInstanceOf(BookingOutcome.Booked.class, vm.answerProperty().get());
        Booking now = f.engine.find(f.tenant, b.id()).orElseThrow();
        assertEquals(SECOND_0330, now.start());
        assertEquals(30, now.durationMin());
    }
}
