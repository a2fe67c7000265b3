package app.salondesk.gui.calendar;

import app.salondesk.gui.booking.form.BookingFormViewModel;
import app.salondesk.gui.staff.setup.Immediately;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingSeries;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.calendar.EngineCommands;
import app.salondesk.logic.calendar.ScheduleService;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Repeat;
import app.salondesk.model.booking.Source;
import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * Issue 30: a booking's history names the road each desk change came by — the form, a drag, the
 * right-click menu (a status, Move to ▸), Ctrl+Z, a series changed or cancelled from one occurrence
 * on — through the desk's own view models and the real engine, on a real PostgreSQL (the work run
 * in place, no toolkit).
 */
class DeskRoadsTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC);
    private static EngineFixture f;
    private static Salon salon;
    private List<Master> masters;
    private DayScheduleViewModel vm;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("roads", 4);
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void desk() {
        f.clearSchedule();
        masters = new MasterRepository(f.dsl).findActive(f.tenant);
        vm = new DayScheduleViewModel(salon, masters, new ScheduleService(new ScheduleRepository(f.dsl), new MasterRepository(f.dsl)),
                new Immediately(), new Messages(Locale.ENGLISH), CLOCK);
        vm.setCommands(new EngineCommands(f.engine, f.tenant));
        vm.dateProperty().set(EngineFixture.DAY);
    }

    @Test
    void aStatusFromTheMenuAMoveToAndItsUndoAreRecordedByTheirRoads() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        vm.reload();
        vm.changeStatus(ref(b.id()), BookingStatus.ARRIVED);
        assertEquals("menu", newestRoad(b.id()), "a right-click status change is the menu's, not the form's");
        vm.reload();
        vm.move(ref(b.id()), f.bohdan, at(10, 0), 60, Source.MENU, saved -> { });
        assertEquals("menu", newestRoad(b.id()), "Move to \u25b8");
        assertEquals(f.bohdan, f.engine.find(f.tenant, b.id()).orElseThrow().masterId());
        vm.undo();
        assertEquals(f.anna, f.engine.find(f.tenant, b.id()).orElseThrow().masterId());
        assertEquals("undo", newestRoad(b.id()));
        vm.undo();
        assertEquals(BookingStatus.CONFIRMED, f.engine.find(f.tenant, b.id()).orElseThrow().status());
        assertEquals("undo", newestRoad(b.id()), "the status taken back is an undo too");
    }

    @Test
    void aDragIsADragAndTheFormIsTheForm() {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, at(10, 0))));
        vm.reload();
        vm.move(ref(b.id()), f.anna, at(11, 0), 60, saved -> { });
        assertEquals("drag", newestRoad(b.id()));
        BookingFormViewModel form = form();
        form.startEdit(new BookingFormViewModel.Existing(f.engine.find(f.tenant, b.id()).orElseThrow(), "Iryna", null));
        form.timeProperty().set("12:00");
        form.save();
        assertInstanceOf(BookingOutcome.Booked.class, form.answerProperty().get());
        assertEquals("form", newestRoad(b.id()));
    }

    @Test
    void aSeriesChangedOrCancelledFromOneOccurrenceOnIsTheSeries() {
        UUID series = UUID.randomUUID();
        List<Booking> made = new BookingSeries(f.engine).book(new NewBooking(f.tenant, f.anna, f.client, null, f.cut, at(10, 0), null, "",
                series, Source.FORM, false), Repeat.times(1, 3), EngineFixture.ZONE).stream()
                .map(o -> ((BookingOutcome.Booked) o.outcome()).booking()).toList();
        BookingFormViewModel change = form();
        change.startEdit(new BookingFormViewModel.Existing(made.get(1), "Iryna", null));
        change.repeat().laterProperty().set(true);
        change.timeProperty().set("12:30");
        change.save();
        assertEquals("series", newestRoad(made.get(1).id()));
        assertEquals("series", newestRoad(made.get(2).id()));
        BookingFormViewModel cancel = form();
        cancel.startEdit(new BookingFormViewModel.Existing(f.engine.find(f.tenant, made.get(1).id()).orElseThrow(), "Iryna", null));
        cancel.cancelSeriesFromHere();
        assertEquals(BookingStatus.CANCELLED, f.engine.find(f.tenant, made.get(2).id()).orElseThrow().status());
        assertEquals(List.of("series", "series"), List.of(newestRoad(made.get(1).id()), newestRoad(made.get(2).id())));
        assertEquals("form", newestRoad(made.get(0).id()), "the first, untouched, as the form made it");
    }

    private BookingFormViewModel form() {
        return new BookingFormViewModel(salon, f.engine, new Immediately(), new Messages(Locale.ENGLISH), masters,
                new ServiceRepository(f.dsl).findActive(f.tenant), new ServiceRepository(f.dsl).offers(f.tenant));
    }

    /** The booking as the desk shows it now (its version, master and status). */
    private BookingRef ref(long id) {
        Booking b = f.engine.find(f.tenant, id).orElseThrow();
        return new BookingRef(b.id(), b.masterId(), b.version(), b.status(), b.source(), b.serviceId());
    }

    private static String newestRoad(long bookingId) {
        return f.dsl.resultQuery("SELECT source FROM booking_history WHERE booking_id = ? ORDER BY id DESC LIMIT 1", bookingId)
                .fetchOne(0, String.class);
    }
}
