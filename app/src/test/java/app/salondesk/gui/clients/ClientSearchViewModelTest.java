package app.salondesk.gui.clients;

import app.salondesk.gui.common.Debouncer;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.model.clients.ClientSummary;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Search as you type without the FX toolkit: the pause, the query off the UI thread, stale answers, the pick. */
class ClientSearchViewModelTest {

    /** Holds the action waiting for typing to pause; the test decides when the pause is over. */
    private static final class ManualDebouncer implements Debouncer {
        Runnable waiting;
        int submitted;

        @Override
        public void submit(Runnable action) {
            waiting = action;
            submitted++;
        }

        void pauseEnds() {
            Runnable r = waiting;
            waiting = null;
            if (r != null) {
                r.run();
            }
        }
    }

    private static ClientsFixture fx;

    private final ManualTasks tasks = new ManualTasks();
    private final ManualDebouncer pause = new ManualDebouncer();
    private final List<ClientSummary> picked = new ArrayList<>();

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("client_search_vm");
    }

    @AfterAll
    static void close() {
        fx.close();
    }

    private ClientSearchViewModel vm() {
        ClientSearchViewModel vm = new ClientSearchViewModel(fx.clients(), fx.tenant, "UA", tasks, pause);
        vm.setOnPick(picked::add);
        return vm;
    }

    private static List<String> names(ClientSearchViewModel vm) {
        return vm.results().stream().map(ClientSummary::name).toList();
    }

    @Test
    void oneQueryRunsWhenTypingPauses() {
        ClientSearchViewModel vm = vm();
        vm.textProperty().set("i");
        vm.textProperty().set("ir");
        vm.textProperty().set("iry");
        assertTrue(tasks.pending.isEmpty(), "no query while typing");
        pause.pauseEnds();
        assertEquals(1, tasks.pending.size());
        assertTrue(vm.searchingProperty().get());
        tasks.runAll();
        assertFalse(vm.searchingProperty().get());
        assertEquals(List.of("Iryna Kovalenko", "Iryna Savchenko", "Oksana Iryshko", "Kiryl Bondar"), names(vm));
    }

    @Test
    void anAnswerForTextNoLongerTypedIsDropped() {
        ClientSearchViewModel vm = vm();
        vm.textProperty().set("iry");
        pause.pauseEnds();
        vm.textProperty().set("067 12");
        pause.pauseEnds();
        tasks.runOne(1);   // the answer for "067 12" comes first
        tasks.runOne(0);   // the slow answer for "iry" arrives late
        assertEquals(List.of("Iryna Savchenko"), names(vm));
    }

    @Test
    void anAnswerArrivingAfterTheTextChangedAgainIsDropped() {
        ClientSearchViewModel vm = vm();
        vm.textProperty().set("iry");
        pause.pauseEnds();
        vm.textProperty().set("iryna kov");   // still typing: its own query has not even started
        tasks.runAll();
        assertEquals(List.of(), names(vm), "the list never shows matches for older text");
        pause.pauseEnds();
        tasks.runAll();
        assertEquals(List.of("Iryna Kovalenko"), names(vm));
    }

    @Test
    void emptyingTheFieldEmptiesTheListWithoutAQuery() {
        ClientSearchViewModel vm = vm();
        vm.textProperty().set("iry");
        pause.pauseEnds();
        tasks.runAll();
        vm.textProperty().set("  ");
        assertEquals(List.of(), names(vm));
        assertTrue(tasks.pending.isEmpty());
    }

    @Test
    void findingNobodyIsReported() {
        ClientSearchViewModel vm = vm();
        vm.textProperty().set("zzz");
        pause.pauseEnds();
        tasks.runAll();
        assertTrue(vm.noMatchesProperty().get());
        vm.textProperty().set("kir");
        pause.pauseEnds();
        tasks.runAll();
        assertFalse(vm.noMatchesProperty().get());
        assertEquals(List.of("Kiryl Bondar"), names(vm));
    }

    @Test
    void pickingTellsTheListenerShowsTheNameAndDoesNotSearchAgain() {
        ClientSearchViewModel vm = vm();
        vm.textProperty().set("savch");
        pause.pauseEnds();
        tasks.runAll();
        int submittedBefore = pause.submitted;
        ClientSummary iryna = vm.results().get(0);
        vm.pick(iryna);
        assertEquals(List.of(new ClientSummary(fx.iryna, "Iryna Savchenko", "+380671234567")), picked);
        assertEquals("Iryna Savchenko", vm.textProperty().get());
        assertEquals(List.of(), names(vm));
        assertEquals(submittedBefore, pause.submitted, "the picked name is not a new search");
    }
}
