package app.salondesk.ui;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.i18n.Messages;
import app.salondesk.salon.Salon;
import app.salondesk.staff.StaffRole;
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
        DeskData data = offFx(() -> FrontDesk.deskData(dsl, salon.id(), role));
        return new FrontDesk(stage, dsl, salon, tasks, messages, clock, userName, databaseLabel, liveSettings, data);
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

    public static void offFx(Runnable work) {
        offFx(() -> {
            work.run();
            return null;
        });
    }
}
