package app.salondesk.logic.clients;

import app.salondesk.gui.clients.ClientCardViewModel;
import app.salondesk.gui.clients.ManualTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.ClientCardService;
import app.salondesk.logic.booking.ClientVisitsRepository;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.clients.ClientSummary;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.SalonSettings;
import app.salondesk.model.staff.Week;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * A salon's country decides how a number typed without +code is read — by the engine's
 * new-client path (the form, the command line and imports all come through it), the search
 * and the client card — and how numbers are shown; the database keeps E.164.
 */
class PhonesFollowTheSalonTest {

    private static EngineFixture f;
    private static Salon warsaw;
    private static long master;
    private static long cut;

    @BeforeAll
    static void aPolishSalonNextToAUkrainianOne() {
        f = new EngineFixture("phones", 2);
        SalonRepository salons = new SalonRepository(f.dsl);
        long id = salons.create(new SalonSettings("Studio Wisła", "ul. Marszałkowska 1", "", ZoneId.of("Europe/Warsaw"),
                Currency.getInstance("PLN"), "PL"), false);
        warsaw = salons.find(id).orElseThrow();
        MasterRepository masters = new MasterRepository(f.dsl);
        master = masters.add(id, "Agnieszka", "#d81b60");
        masters.setWeekDay(id, master, Week.ALWAYS, EngineFixture.DAY.getDayOfWeek(),
                List.<LocalTime[]>of(new LocalTime[]{LocalTime.of(9, 0), LocalTime.of(18, 0)}));
        ServiceRepository services = new ServiceRepository(f.dsl);
        cut = services.add(id, "Strzyżenie", "", 60, new BigDecimal("120.00"));
        services.offer(id, new Offer(master, cut, null, null));
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Test
    void thePolishSalonReadsSixHundredSevenHundredEightHundredAsAPolishMobile() {
        assertEquals("PL", warsaw.country());
        assertEquals("PLN", warsaw.currency().getCurrencyCode());
        Instant ten = EngineFixture.DAY.atTime(10, 0).atZone(warsaw.zone()).toInstant();
        BookingOutcome outcome = f.engine.book(new NewBooking(warsaw.id(), master, null,
                new NewBooking.ClientDetails("Zofia Nowak", "600 700 800"), cut, ten, null, "", UUID.randomUUID(), Source.FORM, false));
        assertInstanceOf(BookingOutcome.Booked.class, outcome);
        long client = ((BookingOutcome.Booked) outcome).booking().clientId();
        assertEquals("+48600700800", f.dsl.resultQuery("SELECT phone FROM clients WHERE id = " + client).fetchOne(0, String.class));

        ClientRepository clients = new ClientRepository(f.dsl);
        assertEquals(List.of(client), clients.search(warsaw.id(), "PL", "600 700", 10).stream().map(ClientSummary::id).toList(),
                "found by the digits as Poles say them");

        ManualTasks tasks = new ManualTasks();
        ClientCardViewModel card = new ClientCardViewModel(warsaw, new ClientCardService(clients, new ClientVisitsRepository(f.dsl)),
                tasks, new Messages(Locale.ENGLISH), java.time.Clock.systemUTC());
        card.load(client);
        tasks.runAll();
        assertEquals("600 700 800", card.phoneProperty().get(), "shown nationally");
        assertEquals("PLN\u00a0120.00", card.visits().get(0).price());
    }

    @Test
    void theUkrainianSalonReadsNumbersAsBefore() {
        BookingOutcome outcome = f.engine.book(new NewBooking(f.tenant, f.anna, null,
                new NewBooking.ClientDetails("Oksana", "050 765 43 21"), f.cut, EngineFixture.at(9, 0), null, "", UUID.randomUUID(),
                Source.CLI, false));
        long client = ((BookingOutcome.Booked) outcome).booking().clientId();
        assertEquals("+380507654321", f.dsl.resultQuery("SELECT phone FROM clients WHERE id = " + client).fetchOne(0, String.class));
        BookingOutcome polishNumber = f.engine.book(new NewBooking(f.tenant, f.anna, null,
                new NewBooking.ClientDetails("Zofia", "600 700 800"), f.cut, EngineFixture.at(11, 0), null, "", UUID.randomUUID(),
                Source.CLI, false));
        assertInstanceOf(BookingOutcome.Invalid.class, polishNumber, "without +48 it is no Ukrainian number");
    }
}
