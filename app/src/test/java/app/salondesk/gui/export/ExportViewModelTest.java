package app.salondesk.gui.export;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingExportRepository;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.logic.export.ExportService;
import app.salondesk.model.staff.Master;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Export window's state without the FX toolkit: what it asks for, what it refuses, and the file it saves as a manager. */
class ExportViewModelTest {

    /** Runs the work at once, on the calling thread. */
    private static final TaskRunner NOW = new TaskRunner() {
        @Override
        public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
            T result;
            try {
                result = work.call();
            } catch (Exception e) {
                onFailure.accept(e);
                return;
            }
            onSuccess.accept(result);
        }
    };

    private static ClientsFixture fx;
    private static StaffLogins logins;
    private static ExportViewModel vm;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("export_window");
        logins = new StaffLogins(fx.dsl, fx.backend.database().settings());
        var dsl = logins.dsl(logins.add(fx.tenant, "mgr", "manager"));
        Messages en = new Messages(Locale.ENGLISH);
        vm = new ExportViewModel(new ExportService(new BookingExportRepository(dsl), new ClientRepository(dsl), fx.salon, en, ClientsFixture.CLOCK),
                NOW, en, List.of(new Master(fx.olena, "Olena Kovalenko", "#7e57c2", 1), new Master(fx.marta, "Marta Shevchenko", "#7e57c2", 2)),
                LocalDate.of(2026, 3, 10));
    }

    @AfterAll
    static void close() {
        logins.close();
        fx.close();
    }

    @Test
    void itOffersTheMonthRefusesABackwardRangeAndSavesWhatItSays(@TempDir Path dir) throws Exception {
        assertEquals(LocalDate.of(2026, 3, 1), vm.fromProperty().get());
        assertEquals(LocalDate.of(2026, 3, 31), vm.toProperty().get());
        assertTrue(vm.canSaveProperty().get());

        vm.fromProperty().set(LocalDate.of(2026, 4, 1));
        assertEquals("the first day 2026-04-01 is after the last day 2026-03-31", vm.problemProperty().get());
        assertFalse(vm.canSaveProperty().get());
        assertTrue(vm.request().isEmpty());
        vm.kindProperty().set(ExportKind.CLIENTS);
        assertTrue(vm.canSaveProperty().get(), "the clients export asks for no days");
        assertFalse(vm.datesNeeded().get());

        vm.kindProperty().set(ExportKind.SCHEDULE);
        vm.fromProperty().set(LocalDate.of(2026, 2, 1));
        assertTrue(vm.masterNeeded().get());
        assertEquals("schedule-Olena-Kovalenko-2026-02-01-2026-03-31.ics", vm.request().orElseThrow().fileName());
        Path file = dir.resolve("olena.ics");
        vm.export(file);
        assertEquals("Saved " + file.toAbsolutePath() + " (rows: 3)", vm.messageProperty().get());
        assertEquals(3, Files.readAllLines(file).stream().filter("BEGIN:VEVENT"::equals).count());

        vm.export(dir.resolve("no/such/folder/x.ics"));
        assertTrue(vm.messageProperty().get().startsWith("Not exported: "), vm.messageProperty().get());
        assertFalse(vm.busyProperty().get());
    }
}
