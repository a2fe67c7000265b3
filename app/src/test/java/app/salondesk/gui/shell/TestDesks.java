package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.desk.DeskLogic;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.StaffRole;
import javafx.stage.Stage;
import org.jooq.DSLContext;

import java.time.Clock;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Front desks for tests, built as the application builds them: what the desk needs is read
 * on another thread first (a test's {@code @Start} runs on the FX thread, where the build's
 * FxThreadGuard refuses every database call), then the window is built from it.
 */
public final class TestDesks {

    private TestDesks() {
    }

    /** An admin's desk. */
    public static FrontDesk frontDesk(Stage stage, DSLContext dsl, Salon salon, TaskRunner tasks, Messages messages, Clock clock,
                                      String userName, String databaseLabel, ConnectionSettings liveSettings) {
        return frontDesk(stage, dsl, salon, tasks, messages, clock, userName, databaseLabel, liveSettings, StaffRole.ADMIN);
    }

    public static FrontDesk frontDesk(Stage stage, DSLContext dsl, Salon salon, TaskRunner tasks, Messages messages, Clock clock,
                                      String userName, String databaseLabel, ConnectionSettings liveSettings, StaffRole role) {
        DeskLogic logic = new DeskLogic(dsl);
        DeskData data = offFx(() -> FrontDesk.deskData(logic, salon.id(), role));
        return new FrontDesk(stage, logic, salon, tasks, messages, clock, userName, databaseLabel, liveSettings, data);
    }

    /** The desk of an open session, its role read from the database. */
    public static FrontDesk forSession(Stage stage, Session session, TaskRunner tasks, Messages messages, Clock clock) {
        return FrontDesk.forSession(stage, session, offFx(() -> FrontDesk.deskData(session)), tasks, messages, clock);
    }

    /** A test fixture's database work, on another thread, waited for. */
    public static <T> T offFx(Callable<T> work) {
        try {
            return CompletableFuture.supplyAsync(() -> {
                try {
                    return work.call();
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            }).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    /**
     * A salon set up as an admin sets one up (the set-up wizard's service): "Lotus Beauty" in
     * Kyiv, open Mondays 9–19, Olena doing a 60-minute Haircut for 120 UAH. Its id.
     */
    public static long lotusBeauty(app.salondesk.runtime.Backend backend) {
        app.salondesk.logic.setup.SetupResult made = offFx(() -> new app.salondesk.logic.setup.SalonSetup(backend.dsl()).create(new app.salondesk.model.setup.SalonPlan(
                new app.salondesk.model.salon.SalonSettings("Lotus Beauty", "Khreshchatyk 1", "+380441234567", java.time.ZoneId.of("Europe/Kyiv"),
                        java.util.Currency.getInstance("UAH"), "UA"),
                java.util.Map.of(java.time.DayOfWeek.MONDAY, new java.time.LocalTime[]{java.time.LocalTime.of(9, 0), java.time.LocalTime.of(19, 0)}),
                java.util.List.of(new app.salondesk.model.setup.SalonPlan.NewMaster("Olena", "#8e24aa")),
                java.util.List.of(new app.salondesk.model.setup.SalonPlan.NewService("Haircut", 60, new java.math.BigDecimal("120"), java.util.List.of(0))))));
        return ((app.salondesk.logic.setup.SetupResult.Done) made).salon().id();
    }

    /**
     * Closes every window another window owns (a form, a dialog, a settings window a failed test
     * left open); call on the FX thread.
     */
    public static void closeOwnedWindows() {
        for (javafx.stage.Window w : java.util.List.copyOf(javafx.stage.Window.getWindows())) {
            if (w instanceof javafx.stage.Stage s && s.getOwner() != null) {
                s.close();
            }
        }
    }

    public static void offFx(Runnable work) {
        offFx(() -> {
            work.run();
            return null;
        });
    }
}
