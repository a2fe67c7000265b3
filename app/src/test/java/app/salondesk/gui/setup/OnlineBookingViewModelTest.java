package app.salondesk.gui.setup;

import app.salondesk.gui.staff.setup.Immediately;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.online.OnlineSettingsRepository.Bookable;
import app.salondesk.logic.online.OnlineSettingsRepository.Saved;
import app.salondesk.logic.setup.OnlineBookingStore;
import app.salondesk.model.online.OnlineSettings;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Online booking window's rules without a window or a database: what is sent, what is refused before sending. */
class OnlineBookingViewModelTest {

    /** Remembers what was saved; answers what it is told to. */
    private static final class Store implements OnlineBookingStore {
        Optional<OnlineSettings> settings = Optional.empty();
        Saved answer = Saved.SAVED;
        final List<Object[]> saves = new ArrayList<>();

        @Override
        public Loaded load() {
            return new Loaded(settings, List.of(new Bookable(1, "Cut", true), new Bookable(2, "Nails", true)),
                    List.of(new Bookable(10, "Anna", true), new Bookable(11, "Bohdan", false)));
        }

        @Override
        public Saved save(OnlineSettings s, Map<Long, Boolean> services, Map<Long, Boolean> masters) {
            saves.add(new Object[]{s, services, masters});
            return answer;
        }
    }

    private final Store store = new Store();
    private final OnlineBookingViewModel vm = new OnlineBookingViewModel(store, "Лотос Beauty", new Immediately(), new Messages(Locale.ENGLISH));

    @Test
    void aFirstAddressComesFromTheSalonsNameInLatinLetters() {
        vm.load();
        assertEquals("lotos-beauty", vm.slugProperty().get());
        assertFalse(vm.enabledProperty().get());
        assertEquals(List.of(1, 0, 2, 0), List.of(vm.noticeHoursProperty().get(), vm.noticeMinutesProperty().get(),
                vm.cutoffHoursProperty().get(), vm.cutoffMinutesProperty().get()), "the defaults: 60 and 120 minutes");
        assertEquals("kvitka-salon", OnlineBookingViewModel.suggestSlug("  Квітка — Salon! "));
        assertEquals("cafe-creme", OnlineBookingViewModel.suggestSlug("Café Crème"));
        assertEquals("salon", OnlineBookingViewModel.suggestSlug("★★★"));
        assertEquals(40, OnlineBookingViewModel.suggestSlug("a".repeat(60)).length());
    }

    @Test
    void onlyChangedTicksAndMinutesFromHoursAndMinutesAreSent() {
        vm.load();
        vm.enabledProperty().set(true);
        vm.slugProperty().set("  Lotus  ");
        vm.noticeHoursProperty().set(2);
        vm.noticeMinutesProperty().set(30);
        vm.cutoffHoursProperty().set(48);
        vm.cutoffMinutesProperty().set(0);
        vm.masters().get(1).bookableProperty().set(true);
        vm.services().get(1).bookableProperty().set(false);
        vm.save();
        assertEquals(1, store.saves.size());
        assertEquals(new OnlineSettings(true, "lotus", 30, 150, 2880, true, 3), store.saves.get(0)[0]);
        assertEquals(Map.of(2L, false), store.saves.get(0)[1]);
        assertEquals(Map.of(11L, true), store.saves.get(0)[2]);
        assertEquals("Saved. Clients can book at /lotus now.", vm.messageProperty().get());
        vm.save();
        assertEquals(Map.of(), store.saves.get(1)[1], "saved ticks are not sent again");
    }

    @Test
    void whatTheDatabaseWouldRefuseIsSaidBeforeAskingIt() {
        vm.load();
        vm.slugProperty().set("two--hyphens");
        assertFalse(vm.slugErrorProperty().get().isEmpty());
        vm.save();
        assertTrue(vm.messageProperty().get().startsWith("Not saved: the address may have only lower-case Latin letters"));
        vm.slugProperty().set("fine");
        assertEquals("", vm.slugErrorProperty().get());
        vm.noticeHoursProperty().set(336);
        vm.noticeMinutesProperty().set(5);
        vm.save();
        assertEquals("Not saved: how early to book and the cancellation cut-off are at most 14 days (336 h).", vm.messageProperty().get());
        assertTrue(store.saves.isEmpty());

        vm.noticeMinutesProperty().set(0);
        store.answer = Saved.SLUG_TAKEN;
        vm.save();
        assertEquals("Not saved: the address /fine is another salon's already \u2014 choose another.", vm.messageProperty().get());
        store.answer = Saved.NOT_ALLOWED;
        vm.save();
        assertEquals("Not saved: only the salon's admins may change online booking.", vm.messageProperty().get());
    }
}
