package app.salondesk.logic.booking;

import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.Visit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static app.salondesk.logic.clients.ClientsFixture.kyiv;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The client card's visit history against a real PostgreSQL. */
class ClientVisitsRepositoryTest {

    private static ClientsFixture fx;
    private static ClientVisitsRepository visits;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("client_visits");
        visits = new ClientVisitsRepository(fx.dsl);
    }

    @AfterAll
    static void close() {
        fx.close();
    }

    @Test
    void everyBookingOfTheClientIsListedNewestFirstCancelledIncluded() {
        List<Visit> list = visits.visits(fx.tenant, fx.iryna);
        assertEquals(Arrays.stream(fx.irynaBookings).boxed().toList(), list.stream().map(Visit::bookingId).toList());
        assertEquals(List.of(BookingStatus.CONFIRMED, BookingStatus.NO_SHOW, BookingStatus.CANCELLED, BookingStatus.NO_SHOW,
                BookingStatus.COMPLETED), list.stream().map(Visit::status).toList());
    }

    @Test
    void aVisitCarriesItsTimeMasterAndService() {
        List<Visit> list = visits.visits(fx.tenant, fx.iryna);
        Visit upcoming = list.get(0);
        assertEquals(new Visit(fx.irynaBookings[0], kyiv(2026, 3, 20, 16, 0), 60, BookingStatus.CONFIRMED,
                "Marta Shevchenko", "Haircut", new java.math.BigDecimal("500.00")), upcoming);
        Visit custom = list.get(1);
        assertEquals("Olena Kovalenko", custom.masterName());
        assertNull(custom.serviceName(), "a custom booking has no service");
        assertNull(custom.price(), "nor a price");
        assertEquals(kyiv(2026, 3, 1, 14, 45), custom.end());
    }

    @Test
    void noShowsAreCountedForThisClientOnly() {
        assertEquals(2, visits.noShowCount(fx.tenant, fx.iryna));
        assertEquals(1, visits.noShowCount(fx.tenant, fx.kovalenko));
        assertEquals(0, visits.noShowCount(fx.tenant, fx.kiryl));
    }

    @Test
    void anotherSalonSeesNoneOfTheClientsBookings() {
        assertEquals(List.of(), visits.visits(fx.otherTenant, fx.iryna));
        assertEquals(0, visits.noShowCount(fx.otherTenant, fx.iryna));
        // and the other salon's own client, with the same phone, has only its own booking
        assertEquals(1, visits.visits(fx.otherTenant, fx.otherIryna).size());
        assertEquals(0, visits.visits(fx.tenant, fx.otherIryna).size());
    }

    @Test
    void aClientWithoutBookingsHasAnEmptyHistory() {
        assertEquals(List.of(), visits.visits(fx.tenant, fx.kiryl));
    }
}
