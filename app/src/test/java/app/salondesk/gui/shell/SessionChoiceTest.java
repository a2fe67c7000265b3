package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.logic.setup.SalonSetup;
import app.salondesk.logic.setup.SetupResult;
import app.salondesk.model.salon.SalonSettings;
import app.salondesk.model.setup.SalonPlan;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.StartupException;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Currency;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Which salon a desk opens on, on a shared server: none yet is the welcome screen for the
 * database's owner and one sentence for a staff login; then the demo; then one's own salon.
 */
class SessionChoiceTest {

    @Test
    void anEmptyServerIsTheOwnersToSetUpAndNoStaffLoginsAndTheRealSalonComesBeforeTheDemo() {
        ConnectionSettings owner = TestPostgres.migratedDatabase("sessionchoice");
        String login = "nobody_" + Long.toString(System.nanoTime(), 36);
        try (Backend backend = Backend.connect(owner, 2)) {
            assertInstanceOf(Opening.Empty.class, Session.choose(backend, null), "the owner gets the welcome screen");

            backend.dsl().execute("CREATE ROLE " + login + " LOGIN PASSWORD 'staff-password' IN ROLE salondesk_receptionist");
            try (Backend staff = Backend.connect(new ConnectionSettings(owner.url(), login, "staff-password"), 2)) {
                StartupException e = assertThrows(StartupException.class, () -> Session.choose(staff, null));
                assertEquals(StartupException.Reason.NO_SALON_FOR_LOGIN, e.reason());
                assertEquals(login, e.detail());
            }

            long demo = new DemoSalon(backend.dsl(), Clock.systemUTC()).seed().id();
            assertEquals(demo, ((Session) Session.choose(backend, null)).salon().id());
            SetupResult made = new SalonSetup(backend.dsl()).create(new SalonPlan(
                    new SalonSettings("Lotus", "", "", ZoneId.of("Europe/Kyiv"), Currency.getInstance("UAH"), "UA"),
                    Map.of(DayOfWeek.MONDAY, new LocalTime[]{LocalTime.of(9, 0), LocalTime.of(18, 0)}),
                    List.of(new SalonPlan.NewMaster("Olena", "#8e24aa")),
                    List.of(new SalonPlan.NewService("Cut", 60, BigDecimal.TEN, List.of(0)))));
            assertEquals(((SetupResult.Done) made).salon(), ((Session) Session.choose(backend, null)).salon(),
                    "one's own salon, though the demo came first");
            assertEquals(demo, ((Session) Session.choose(backend, demo)).salon().id(), "unless asked for by its id");
        }
    }
}
