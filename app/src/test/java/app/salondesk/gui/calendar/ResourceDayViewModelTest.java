package app.salondesk.gui.calendar;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.calendar.ResourceDay;
import app.salondesk.model.salon.Salon;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rooms' day without windows or a database: when it is read, and which answer is shown. */
class ResourceDayViewModelTest {

    private static final LocalDate MONDAY = LocalDate.of(2030, 1, 7);

    /** The background executor, run when the test says. */
    private final List<Runnable> pending = new ArrayList<>();
    private final TaskRunner tasks = new TaskRunner() {
        @Override
        public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
            pending.add(() -> {
                try {
                    onSuccess.accept(work.call());
                } catch (Exception e) {
                    onFailure.accept(e);
                }
            });
        }
    };
    private final List<LocalDate> asked = new ArrayList<>();
    private final SimpleObjectProperty<LocalDate> date = new SimpleObjectProperty<>(MONDAY);
    private final ResourceDayViewModel vm = new ResourceDayViewModel(new Salon(1, "Salon", ZoneId.of("Europe/Kyiv")), date,
            (salon, day) -> {
                asked.add(day);
                return new ResourceDay(day, List.of(new ResourceDay.Column(5, "Laser", 1, 1)), List.of());
            }, tasks, new Messages(Locale.ENGLISH));

    private void runNext() {
        pending.remove(0).run();
    }

    @Test
    void nothingIsReadWhileTheMastersColumnsAreShown() {
        vm.changed(List.of(MONDAY));
        date.set(MONDAY.plusDays(1));
        vm.reload();
        assertTrue(pending.isEmpty());
        vm.shownProperty().set(true);
        runNext();
        assertEquals(List.of(MONDAY.plusDays(1)), asked);
        assertEquals(MONDAY.plusDays(1), vm.dayProperty().get().date());
        assertEquals("", vm.statusProperty().get());
    }

    @Test
    void aChangeOfTheShownDayReadsItAgainAndChangesWhileAReadIsOnItsWayMakeOneMore() {
        vm.shownProperty().set(true);
        runNext();
        vm.changed(List.of(MONDAY.plusDays(3)));
        assertTrue(pending.isEmpty(), "another day's change");
        vm.changed(List.of(MONDAY));
        vm.changed(List.of(MONDAY));
        vm.changed(List.of(MONDAY));
        assertEquals(1, pending.size(), "one read at a time");
        runNext();
        assertEquals(1, pending.size(), "and one more after it: the answer may predate the changes");
        runNext();
        assertTrue(pending.isEmpty());
        assertEquals(List.of(MONDAY, MONDAY, MONDAY), asked);
    }

    @Test
    void anAnswerForADayLeftBehindIsNotShown() {
        vm.shownProperty().set(true);
        date.set(MONDAY.plusDays(1));
        runNext();   // Monday's, asked first
        assertEquals(null, vm.dayProperty().get(), "Monday is no longer shown");
        runNext();
        assertEquals(MONDAY.plusDays(1), vm.dayProperty().get().date());
    }

    @Test
    void aSalonWithoutRoomsIsToldWhereToAddThem() {
        ResourceDayViewModel none = new ResourceDayViewModel(new Salon(1, "Salon", ZoneId.of("Europe/Kyiv")), date,
                (salon, day) -> new ResourceDay(day, List.of(), List.of()), tasks, new Messages(Locale.ENGLISH));
        none.shownProperty().set(true);
        runNext();
        assertTrue(none.statusProperty().get().startsWith("No rooms or equipment yet"), none.statusProperty().get());
    }
}
