package app.salondesk.logic.booking;

import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.booking.Utilisation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;

class UtilisationRepositoryTest {

    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("utilisation", 2);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Test
    void bookedMinutesCountWhatHoldsOrHeldTimeAgainstTheDaysWorkingHours() {
        f.booked(f.engine.book(f.newBooking(f.vira, at(10, 0), 60)));
        f.booked(f.engine.book(f.newBooking(f.vira, at(12, 0), 90)));
        Booking cancelled = f.booked(f.engine.book(f.newBooking(f.vira, at(11, 0), 60)));
        f.booked(f.engine.changeStatus(new StatusChange(f.tenant, cancelled.id(), cancelled.version(), f.vira,
                BookingStatus.CANCELLED, Source.FORM)));
        List<Long> ids = List.of(f.vira, f.anna);
        List<Utilisation> days = new UtilisationRepository(f.dsl).perDay(f.tenant, ids,
                EngineFixture.DAY, 7, EngineFixture.ZONE);
        assertEquals(14, days.size());
        Utilisation vira = days.stream().filter(u -> u.masterId() == f.vira && u.day().equals(EngineFixture.DAY)).findFirst().orElseThrow();
        assertEquals(150, vira.bookedMinutes(), "cancelled does not count");
        assertEquals(240, vira.workingMinutes(), "10:00-14:00");
        assertEquals(0.625, vira.share(), 1e-9);
        Utilisation anna = days.stream().filter(u -> u.masterId() == f.anna && u.day().equals(EngineFixture.DAY)).findFirst().orElseThrow();
        assertEquals(0, anna.bookedMinutes());
        assertEquals(720, anna.workingMinutes());
    }
}
