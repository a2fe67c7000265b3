package app.salondesk.gui.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.salon.Refusal;
import app.salondesk.logic.setup.SalonSettingsStore;
import app.salondesk.logic.setup.SetupResult;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.SalonSettings;
import org.junit.jupiter.api.Test;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Salon settings without windows or a database: a store that says what the test wants. */
class SalonSettingsViewModelTest {

    private static final TaskRunner NOW = new TaskRunner() {
        @Override
        public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
            try {
                onSuccess.accept(work.call());
            } catch (Exception e) {
                onFailure.accept(e);
            }
        }
    };
    private static final Salon DEMO = new Salon(1, "Bloom Beauty Studio", ZoneId.of("Europe/Kyiv"));

    /** Remembers what was saved; refuses when told to. */
    private static final class Store implements SalonSettingsStore {
        SalonSettings stored = new SalonSettings("Lotus", "", "+380441234567", ZoneId.of("Europe/Kyiv"), Currency.getInstance("UAH"), "UA");
        Refusal refuse;
        final List<Salon> removed = new ArrayList<>();

        @Override
        public Loaded load(long salonId) {
            return new Loaded(stored, Optional.of(DEMO));
        }

        @Override
        public SetupResult save(long salonId, SalonSettings settings) {
            if (refuse != null) {
                return new SetupResult.Refused(refuse);
            }
            stored = settings;
            return new SetupResult.Done(new Salon(salonId, settings.name(), settings.zone(), settings.currency(), settings.country()));
        }

        @Override
        public SetupResult removeDemo(Salon demo) {
            if (refuse != null) {
                return new SetupResult.Refused(refuse);
            }
            removed.add(demo);
            return new SetupResult.Done(demo);
        }
    }

    @Test
    void savedSettingsReachTheDeskAndARefusalIsOneSentence() {
        Store store = new Store();
        SalonSettingsViewModel vm = new SalonSettingsViewModel(store, 2, NOW, new Messages(Locale.ENGLISH));
        List<Salon> desk = new ArrayList<>();
        vm.setOnSaved(desk::add);
        vm.load();
        assertEquals("Lotus", vm.form().nameProperty().get());
        assertEquals("044 123 4567", vm.form().phoneProperty().get());

        vm.form().nameProperty().set("Lotus Nails");
        vm.form().zoneProperty().set("Europe/Warsaw");
        vm.form().currencyProperty().set(Currency.getInstance("PLN"));
        vm.form().countryProperty().set("PL");
        vm.form().phoneProperty().set("+380 44 123 4567");
        vm.save();
        assertEquals(new Salon(2, "Lotus Nails", ZoneId.of("Europe/Warsaw"), Currency.getInstance("PLN"), "PL"), desk.get(0));
        assertEquals("+380441234567", store.stored.phone(), "a foreign number, kept as E.164");
        assertTrue(vm.messageProperty().get().startsWith("Saved."));

        store.refuse = Refusal.NO_PERMISSION;
        vm.form().nameProperty().set("Lotus Spa");
        vm.save();
        assertEquals("Not saved: the database does not allow your login to do this (a salon's setup is changed by its admins; "
                + "the demo salon is removed by the database's owner).", vm.messageProperty().get());
        assertEquals(1, desk.size());

        vm.form().nameProperty().set("x".repeat(201));
        vm.save();
        assertEquals("Too long: at most 200 characters.", vm.form().nameErrorProperty().get(), "nothing is sent");
    }

    @Test
    void theDemoSalonIsOfferedForRemovalAndGoneAfterwards() {
        Store store = new Store();
        SalonSettingsViewModel vm = new SalonSettingsViewModel(store, 2, NOW, new Messages(Locale.ENGLISH));
        vm.load();
        assertTrue(vm.demoTextProperty().get().startsWith("The demo salon \"Bloom Beauty Studio\" is still in this database."));
        assertTrue(vm.removeDemoQuestion().startsWith("Remove the demo salon \"Bloom Beauty Studio\""));
        vm.removeDemo();
        assertEquals(List.of(DEMO), store.removed);
        assertEquals("", vm.demoTextProperty().get(), "the offer is gone with the salon");
        assertEquals("The demo salon \"Bloom Beauty Studio\" was removed.", vm.messageProperty().get());

        Store refusing = new Store();
        refusing.refuse = Refusal.NO_PERMISSION;
        SalonSettingsViewModel staff = new SalonSettingsViewModel(refusing, 2, NOW, new Messages(Locale.forLanguageTag("uk")));
        staff.load();
        staff.removeDemo();
        assertTrue(staff.messageProperty().get().startsWith("\u0414\u0435\u043c\u043e-\u0441\u0430\u043b\u043e\u043d \u043d\u0435 \u0432\u0438\u0434\u0430\u043b\u0435\u043d\u043e: "
                + "\u0431\u0430\u0437\u0430 \u0434\u0430\u043d\u0438\u0445 \u043d\u0435 \u0434\u043e\u0437\u0432\u043e\u043b\u044f\u0454"), staff.messageProperty().get());
    }
}
