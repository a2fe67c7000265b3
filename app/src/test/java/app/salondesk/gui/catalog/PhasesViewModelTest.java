package app.salondesk.gui.catalog;

import app.salondesk.i18n.Messages;
import app.salondesk.model.catalog.Phases;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A service's phases as the Services screen edits them (issue 31): the command line's limits, in words. */
class PhasesViewModelTest {

    private final PhasesViewModel vm = new PhasesViewModel(new Messages(Locale.ENGLISH));
    private final List<String> problems = new ArrayList<>();

    @Test
    void aPlainServiceIsOneBusyPhaseAndAddingAPhaseStartsWorkThenProcessing() {
        assertEquals(List.of(60), vm.phases(60, problems::add).orElseThrow().signedMinutes());
        vm.addStep(100);
        assertEquals(2, vm.steps().size());
        assertEquals("100", vm.steps().get(0).minutesProperty().get());
        assertTrue(vm.steps().get(1).processingProperty().get());
        vm.steps().get(0).minutesProperty().set("30");
        vm.steps().get(1).minutesProperty().set("40");
        vm.addStep(100);
        vm.steps().get(2).minutesProperty().set("30");
        vm.cleanupProperty().set("10");
        assertEquals(List.of(30, -40, 30), vm.phases(0, problems::add).orElseThrow().signedMinutes());
        assertEquals(10, vm.cleanupMinutes(problems::add));
        assertEquals(List.of(new PhasesViewModel.Piece(PhasesViewModel.Kind.BUSY, 30),
                new PhasesViewModel.Piece(PhasesViewModel.Kind.PROCESSING, 40), new PhasesViewModel.Piece(PhasesViewModel.Kind.BUSY, 30),
                new PhasesViewModel.Piece(PhasesViewModel.Kind.CLEANUP, 10)), vm.timeline(0));
        assertEquals("100 min with the client, 40 min of them processing \u00b7 then 10 min cleanup", vm.summaryProperty().get());
        assertEquals(List.of(), problems);
    }

    @Test
    void wrongMinutesAreSaidAsTheLimitsTheCommandLineHas() {
        vm.show(new Phases(List.of(30, -40, 30)), 0);
        vm.steps().get(1).minutesProperty().set("forty");
        assertTrue(vm.phases(0, problems::add).isEmpty());
        vm.steps().get(1).minutesProperty().set("721");
        assertTrue(vm.phases(0, problems::add).isEmpty());
        vm.steps().get(1).minutesProperty().set("700");
        assertTrue(vm.phases(0, problems::add).isEmpty(), "760 in all");
        vm.cleanupProperty().set("121");
        assertEquals(-1, vm.cleanupMinutes(problems::add));
        assertEquals(List.of("Each phase lasts 1 to 720 minutes.", "Each phase lasts 1 to 720 minutes.",
                "The phases and the cleanup last at most 720 minutes in all.", "The cleanup is 0 to 120 minutes."), problems);
    }
}
