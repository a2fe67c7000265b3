package app.salondesk.gui.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.salon.Refusal;
import app.salondesk.logic.setup.SetupResult;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.setup.SalonPlan;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The wizard's steps without windows or a database: what stops Next, and what Finish hands on. */
class SetupWizardViewModelTest {

    private static final Messages ENGLISH = new Messages(Locale.ENGLISH);
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

    private final List<SalonPlan> made = new ArrayList<>();

    private SetupWizardViewModel wizard(Function<SalonPlan, SetupResult> create) {
        return new SetupWizardViewModel(ENGLISH, NOW, "UA", ZoneId.of("Europe/Kyiv"), create);
    }

    private SetupWizardViewModel wizard() {
        return wizard(plan -> {
            made.add(plan);
            return new SetupResult.Done(new Salon(7, plan.salon().name(), plan.salon().zone()));
        });
    }

    @Test
    void whatWasTypedIsAChangeAndEmptyRowsAreNot() {
        SetupWizardViewModel vm = wizard();
        assertFalse(vm.changedProperty().get(), "as it opened: its own defaults are no change");
        assertEquals("Discard the salon you started to set up?", vm.discardQuestion());
        vm.team().add();
        vm.services().add();
        vm.next();   // nothing written, only the errors shown
        assertFalse(vm.changedProperty().get(), "an empty master's or service's row, a step's errors");

        vm.services().items().get(2).priceProperty().set("450");
        assertTrue(vm.changedProperty().get(), "a price typed in a row with no name yet");
        vm.services().items().get(2).priceProperty().set(" ");
        assertFalse(vm.changedProperty().get(), "typed away again");
        vm.team().members().get(1).nameProperty().set("Marta");
        assertTrue(vm.changedProperty().get());
        vm.team().members().get(1).nameProperty().set("");
        vm.week().days().get(6).openProperty().set(true);
        assertTrue(vm.changedProperty().get(), "Sunday opened");
        vm.week().days().get(6).openProperty().set(false);
        assertFalse(vm.changedProperty().get());
        vm.salon().nameProperty().set("Lotus");
        assertTrue(vm.changedProperty().get());
        assertEquals("Discard the set-up of Lotus?", vm.discardQuestion());
    }

    @Test
    void nextStaysOnAStepUntilItIsRight() {
        SetupWizardViewModel vm = wizard();
        vm.next();
        assertEquals(SetupWizardViewModel.Step.SALON, vm.stepProperty().get(), "no name yet");
        assertEquals("Enter the salon's name.", vm.salon().nameErrorProperty().get());
        vm.salon().nameProperty().set("Lotus");
        vm.next();
        assertEquals(SetupWizardViewModel.Step.WEEK, vm.stepProperty().get());

        OpeningWeekViewModel.Day monday = vm.week().days().get(0);
        monday.toProperty().set("8:00");
        assertEquals("The salon must close after it opens.", monday.errorProperty().get());
        vm.next();
        assertEquals(SetupWizardViewModel.Step.WEEK, vm.stepProperty().get());
        monday.toProperty().set("20.30");
        assertEquals("", monday.errorProperty().get(), "20.30 is how some people write 20:30");
        vm.week().days().forEach(d -> d.openProperty().set(false));
        vm.next();
        assertEquals("The salon is open on at least one day.", vm.week().weekErrorProperty().get());
        monday.openProperty().set(true);
        monday.fromProperty().set("nine");
        vm.next();
        assertEquals("Write the time like 09:00, not \"nine\".", monday.errorProperty().get());
        monday.fromProperty().set("9");
        vm.next();
        assertEquals(SetupWizardViewModel.Step.MASTERS, vm.stepProperty().get());

        vm.next();
        assertEquals("Name at least one master.", vm.team().teamErrorProperty().get());
        vm.team().members().get(0).nameProperty().set("Olena");
        vm.team().members().get(1).nameProperty().set(" olena ");
        vm.next();
        assertEquals("Two masters have this name: nobody could tell their columns apart.",
                vm.team().members().get(1).errorProperty().get());
        vm.team().members().get(1).nameProperty().set("Marta");
        vm.next();
        assertEquals(SetupWizardViewModel.Step.SERVICES, vm.stepProperty().get());

        vm.back();
        assertEquals(SetupWizardViewModel.Step.MASTERS, vm.stepProperty().get(), "back keeps what was typed");
        assertEquals("Marta", vm.team().members().get(1).nameProperty().get());
    }

    @Test
    void finishMakesTheSalonDescribedAndHandsItOn() {
        SetupWizardViewModel vm = wizard();
        List<Salon> opened = new ArrayList<>();
        vm.setOnCreated(opened::add);
        vm.salon().nameProperty().set("  Lotus Beauty ");
        vm.salon().zoneProperty().set("Europe/Warsaw");
        vm.next();
        vm.week().days().get(6).openProperty().set(true);   // Sunday too
        vm.week().days().get(6).fromProperty().set("11:00");
        vm.week().days().get(6).toProperty().set("15:00");
        vm.next();
        vm.team().members().get(0).nameProperty().set("Olena");
        TeamViewModel.Member third = vm.team().add();
        third.nameProperty().set("Andrii");
        vm.next();   // the empty second row is left out

        ServiceListViewModel.Item cut = vm.services().items().get(0);
        cut.nameProperty().set("Haircut");
        cut.priceProperty().set("1 200,50");
        ServiceListViewModel.Item nails = vm.services().items().get(1);
        nails.nameProperty().set("Manicure");
        nails.minutesProperty().set("90");
        nails.priceProperty().set("450");
        nails.doneBy(third).set(false);
        ServiceListViewModel.Item brows = vm.services().add();
        brows.nameProperty().set("Brows");
        brows.minutesProperty().set("0");
        brows.priceProperty().set("300");
        vm.next();
        assertEquals("The length is a whole number of minutes, 1 to 720.", brows.errorProperty().get());
        assertTrue(made.isEmpty(), "nothing is made while a row is wrong");
        brows.minutesProperty().set("45");
        brows.priceProperty().set("3oo");
        vm.next();
        assertEquals("Write the price as a number, e.g. 650 or 650.50.", brows.errorProperty().get());
        brows.priceProperty().set("300");
        vm.team().members().forEach(m -> brows.doneBy(m).set(false));
        vm.next();
        assertEquals("Tick at least one master who does it.", brows.errorProperty().get());
        brows.doneBy(third).set(true);
        vm.next();

        assertEquals(1, made.size());
        SalonPlan plan = made.get(0);
        assertEquals("Lotus Beauty", plan.salon().name());
        assertEquals(ZoneId.of("Europe/Warsaw"), plan.salon().zone());
        assertEquals(List.of(DayOfWeek.values()), List.copyOf(plan.week().keySet()), "Monday to Sunday");
        assertArrayEquals(new LocalTime[]{LocalTime.of(11, 0), LocalTime.of(15, 0)}, plan.week().get(DayOfWeek.SUNDAY));
        assertEquals(List.of("Olena", "Andrii"), plan.masters().stream().map(SalonPlan.NewMaster::name).toList());
        assertNotEquals(plan.masters().get(0).colour(), plan.masters().get(1).colour(), "each column its own colour");
        assertEquals(List.of(
                new SalonPlan.NewService("Haircut", 60, new BigDecimal("1200.50"), List.of(0, 1)),
                new SalonPlan.NewService("Manicure", 90, new BigDecimal("450"), List.of(0)),
                new SalonPlan.NewService("Brows", 45, new BigDecimal("300"), List.of(1))), plan.services());
        assertEquals(List.of("Lotus Beauty"), opened.stream().map(Salon::name).toList(), "the desk opens on the new salon");
    }

    @Test
    void aRefusalOrAFailureIsOneSentenceAndTheWizardStaysOpen() {
        SetupWizardViewModel refused = wizard(plan -> new SetupResult.Refused(Refusal.CHECK_FAILED));
        List<Salon> opened = new ArrayList<>();
        refused.setOnCreated(opened::add);
        fillIn(refused);
        refused.next();
        assertEquals("the database refused a value: a text may be too long (a name is at most 200 characters, an address 300).",
                refused.errorProperty().get());
        assertFalse(refused.busyProperty().get());
        assertEquals(SetupWizardViewModel.Step.SERVICES, refused.stepProperty().get());

        SetupWizardViewModel failing = wizard(plan -> {
            throw new IllegalStateException("the server went away");
        });
        failing.setOnCreated(opened::add);
        fillIn(failing);
        failing.next();
        assertEquals("The salon could not be created. The details are in the log.", failing.errorProperty().get());
        assertTrue(opened.isEmpty());
    }

    @Test
    void servicesAreDoneByEveryMasterUnlessUnticked() {
        ServiceListViewModel services = new ServiceListViewModel(ENGLISH);
        TeamViewModel team = new TeamViewModel(ENGLISH);
        team.members().get(0).nameProperty().set("A");
        team.members().get(1).nameProperty().set("B");
        services.items().get(0).nameProperty().set("Cut");
        services.items().get(0).priceProperty().set("500");
        services.items().get(1).nameProperty().set("cut");
        services.items().get(1).priceProperty().set("500");
        assertFalse(services.check(team.named()));
        assertEquals("Two services have this name.", services.items().get(1).errorProperty().get());
        services.remove(services.items().get(1));
        TeamViewModel.Member late = team.add();
        late.nameProperty().set("C");
        assertTrue(services.check(team.named()));
        assertEquals(List.of(0, 1, 2), services.plan(team.named()).get(0).masters(), "a master added later does it too");
        assertEquals("", services.items().get(0).errorProperty().get());
    }

    @Test
    void theWelcomeScreensDemoChoiceMakesTheDemoOffTheCallingThreadAndSaysWhenItCannot() {
        List<Salon> shown = new ArrayList<>();
        WelcomeViewModel vm = new WelcomeViewModel(ENGLISH, NOW, () -> new Salon(1, "Bloom Beauty Studio", ZoneId.of("Europe/Kyiv")));
        vm.setOnDemo(shown::add);
        vm.exploreDemo();
        assertEquals(List.of("Bloom Beauty Studio"), shown.stream().map(Salon::name).toList());
        WelcomeViewModel broken = new WelcomeViewModel(ENGLISH, NOW, () -> {
            throw new IllegalStateException("disk full");
        });
        broken.exploreDemo();
        assertEquals("The demo salon could not be made. The details are in the log.", broken.errorProperty().get());
        assertFalse(broken.busyProperty().get());
    }

    private static void fillIn(SetupWizardViewModel vm) {
        vm.salon().nameProperty().set("Lotus");
        vm.next();
        vm.next();
        vm.team().members().get(0).nameProperty().set("Olena");
        vm.next();
        vm.services().items().get(0).nameProperty().set("Haircut");
        vm.services().items().get(0).priceProperty().set("650");
    }
}
