package app.salondesk.logic.setup;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.logic.salon.Refusal;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.SalonSettings;
import app.salondesk.model.setup.SalonPlan;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.TemporalAdjusters;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The wizard's salon made in the database, the way the booking rules then read it; and the
 * demo salon removed — all of it, and only it, and only by the owner.
 */
class SalonSetupTest {

    private static Backend backend;
    private static DSLContext dsl;

    @BeforeAll
    static void database() {
        backend = Backend.connect(TestPostgres.freshDatabase("salonsetup"), 3);
        dsl = backend.dsl();
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    private static SalonPlan plan(String name) {
        return new SalonPlan(new SalonSettings(name, "Rynek 1", "+48600700800", ZoneId.of("Europe/Warsaw"), Currency.getInstance("PLN"), "PL"),
                Map.of(DayOfWeek.MONDAY, new LocalTime[]{LocalTime.of(9, 0), LocalTime.of(19, 0)},
                        DayOfWeek.SATURDAY, new LocalTime[]{LocalTime.of(10, 0), LocalTime.of(16, 0)}),
                List.of(new SalonPlan.NewMaster("Agnieszka", "#8e24aa"), new SalonPlan.NewMaster("Zofia", "#d81b60")),
                List.of(new SalonPlan.NewService("Strzyżenie", 60, new BigDecimal("120.00"), List.of(0, 1)),
                        new SalonPlan.NewService("Manicure", 90, new BigDecimal("99.50"), List.of(1))));
    }

    private static int count(String sql) {
        return dsl.resultQuery(sql).fetchOne(0, Integer.class);
    }

    @Test
    void theWizardsSalonIsMadeWithItsWeekMastersAndServicesAndTakesBookings() {
        SetupResult result = new SalonSetup(dsl).create(plan("Studio Wisła"));
        Salon salon = assertInstanceOf(SetupResult.Done.class, result).salon();
        assertEquals(new Salon(salon.id(), "Studio Wisła", ZoneId.of("Europe/Warsaw"), Currency.getInstance("PLN"), "PL"), salon);
        assertFalse(new SalonRepository(dsl).isDemo(salon.id()));
        long zofia = dsl.resultQuery("SELECT id FROM masters WHERE tenant_id = " + salon.id() + " AND name = 'Zofia'").fetchOne(0, Long.class);
        assertEquals(2, count("SELECT count(*) FROM masters WHERE tenant_id = " + salon.id()));
        assertEquals(3, count("SELECT count(*) FROM master_services WHERE tenant_id = " + salon.id()), "both cut, Zofia does nails");
        // every master got the opening week as their first week: Monday 9–19, Saturday 10–16, nothing else
        LocalDate monday = LocalDate.now().plusWeeks(2).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        assertEquals(List.of("09:00:00-19:00:00", "10:00:00-16:00:00"),
                dsl.resultQuery("SELECT local_start || '-' || local_end FROM master_hours(?, ?, CAST(? AS date), CAST(? AS date)) ORDER BY day",
                        salon.id(), zofia, monday, monday.plusDays(6)).fetch(0, String.class));
        assertEquals(1, count("SELECT count(*) FROM master_weeks WHERE tenant_id = " + salon.id() + " AND master_id = " + zofia
                + " AND valid_from = DATE '1900-01-01'"));

        long nails = dsl.resultQuery("SELECT id FROM services WHERE tenant_id = " + salon.id() + " AND name = 'Manicure'").fetchOne(0, Long.class);
        BookingOutcome booked = new BookingEngine(dsl).book(new NewBooking(salon.id(), zofia, null,
                new NewBooking.ClientDetails("Ewa", "600 700 801"), nails, monday.atTime(10, 0).atZone(salon.zone()).toInstant(),
                null, "", UUID.randomUUID(), Source.FORM, false));
        assertInstanceOf(BookingOutcome.Booked.class, booked, "ready to book at once");
    }

    @Test
    void aRefusedSalonLeavesNothingBehind() {
        int before = count("SELECT count(*) FROM tenants");
        SalonPlan twoOfOneName = new SalonPlan(plan("Twice").salon(), plan("Twice").week(), plan("Twice").masters(),
                List.of(new SalonPlan.NewService("Cut", 60, BigDecimal.TEN, List.of(0)), new SalonPlan.NewService("Cut", 30, BigDecimal.ONE, List.of(1))));
        assertEquals(new SetupResult.Refused(Refusal.DUPLICATE), new SalonSetup(dsl).create(twoOfOneName));
        SalonPlan longName = plan("x".repeat(201));
        assertEquals(new SetupResult.Refused(Refusal.CHECK_FAILED), new SalonSetup(dsl).create(longName),
                "the database's check is the last word, should a name get past the form");
        assertEquals(before, count("SELECT count(*) FROM tenants"), "one transaction: no half-made salon");
        assertEquals(0, count("SELECT count(*) FROM masters m WHERE NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = m.tenant_id)"));
    }

    @Test
    void theDemoSalonIsRemovedWithAllItHadAndTheRealOneIsUntouched() {
        Salon real = ((SetupResult.Done) new SalonSetup(dsl).create(plan("Real Salon"))).salon();
        Salon demo = new DemoSalon(dsl, Clock.systemUTC()).seed();
        int realBookings = count("SELECT count(*) FROM bookings WHERE tenant_id = " + real.id());
        SalonSettingsService settings = new SalonSettingsService(dsl);
        assertEquals(demo, settings.load(real.id()).removableDemo().orElseThrow(), "offered in the real salon's settings");
        assertTrue(settings.load(demo.id()).removableDemo().isEmpty(), "not from the demo's own settings");

        assertEquals(new SetupResult.Refused(Refusal.BAD_VALUE), settings.removeDemo(real), "a real salon is never removed here");
        assertEquals(new SetupResult.Done(demo), settings.removeDemo(demo));
        for (String table : List.of("bookings", "booking_history", "clients", "masters", "master_working_hours", "master_weeks",
                "master_time_off", "master_services", "services", "staff", "salon_keys")) {
            assertEquals(0, count("SELECT count(*) FROM " + table + " WHERE tenant_id = " + demo.id()), table);
        }
        assertEquals(0, count("SELECT count(*) FROM tenants WHERE id = " + demo.id()));
        assertEquals(1, count("SELECT count(*) FROM tenants WHERE id = " + real.id()));
        assertEquals(realBookings, count("SELECT count(*) FROM bookings WHERE tenant_id = " + real.id()));
        assertEquals(2, count("SELECT count(*) FROM masters WHERE tenant_id = " + real.id()));
    }

    @Test
    void theDeskOpensOnARealSalonEvenWhenTheDemoCameFirst() {
        try (Backend fresh = Backend.connect(TestPostgres.freshDatabase("demofirst"), 2)) {
            SalonRepository salons = new SalonRepository(fresh.dsl());
            Salon demo = new DemoSalon(fresh.dsl(), Clock.systemUTC()).seed();
            assertEquals(demo, salons.first().orElseThrow(), "only the demo: the demo");
            Salon real = ((SetupResult.Done) new SalonSetup(fresh.dsl()).create(plan("Set up later"))).salon();
            assertTrue(demo.id() < real.id());
            assertEquals(real, salons.first().orElseThrow());
        }
    }

    @Test
    void anAdminOfTheDemoSalonMayNotRemoveIt() {
        Salon demo = new DemoSalon(dsl, Clock.systemUTC()).seed();
        String login = "demo_admin_" + Long.toString(System.nanoTime(), 36);
        dsl.execute("CREATE ROLE " + login + " LOGIN PASSWORD 'admin-password' IN ROLE salondesk_admin");
        dsl.execute("INSERT INTO staff (tenant_id, login, display_name, role) VALUES (" + demo.id() + ", '" + login + "', 'Admin', 'admin')");
        int bookings = count("SELECT count(*) FROM bookings WHERE tenant_id = " + demo.id());
        ConnectionSettings own = backend.database().settings();
        try (Backend admin = Backend.connect(new ConnectionSettings(own.url(), login, "admin-password"), 2)) {
            assertEquals(new SetupResult.Refused(Refusal.NO_PERMISSION),
                    new SalonSettingsService(admin.dsl()).removeDemo(demo));
        }
        assertEquals(bookings, count("SELECT count(*) FROM bookings WHERE tenant_id = " + demo.id()), "nothing was removed");
        assertEquals(1, count("SELECT count(*) FROM tenants WHERE id = " + demo.id()));
    }
}
