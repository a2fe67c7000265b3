package app.salondesk.gui.catalog;

import app.salondesk.gui.staff.setup.Immediately;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.catalog.CatalogSetup;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.salon.SetupResult;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.Phases;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.staff.MasterDetails;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Who does what: ticks become offers, unticks withdrawals, and a master's own length and price are checked first. */
class OffersViewModelTest {

    /** A salon with a cut and a colour; Anna does the cut (45 min, her own) and Bohdan the cut. */
    private static final class Catalog implements CatalogSetup {
        final List<Offer> offers = new ArrayList<>(List.of(new Offer(1, 10, 45, null), new Offer(2, 10, null, null)));
        final List<String> saved = new ArrayList<>();

        @Override
        public List<ServiceDetails> services() {
            return List.of(new ServiceDetails(10, "Cut", "Hair", 60, new BigDecimal("500.00"), true),
                    new ServiceDetails(11, "Colour", "Hair", 90, new BigDecimal("1200.00"), true),
                    new ServiceDetails(12, "Perm", "Hair", 120, new BigDecimal("900.00"), false));
        }

        @Override
        public List<MasterDetails> masters() {
            return List.of(new MasterDetails(1, "Anna", "#e57373", 1, true), new MasterDetails(2, "Bohdan", "#64b5f6", 2, true),
                    new MasterDetails(3, "Olha", "#81c784", 3, false));
        }

        @Override
        public List<Offer> offers() {
            return List.copyOf(offers);
        }

        @Override
        public Currency currency() {
            return Currency.getInstance("UAH");
        }

        @Override
        public SetupResult<Long> add(String name, String category, int durationMin, BigDecimal price) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SetupResult<Boolean> update(long serviceId, String name, String category, int durationMin, BigDecimal price) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SetupResult<Boolean> setActive(long serviceId, boolean active) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ServiceRepository.Shape ownShape(long masterId, long serviceId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SetupResult<Boolean> setOwnShape(long masterId, long serviceId, Phases phases, Integer cleanupMin) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SetupResult<Boolean> useServicePhases(long masterId, long serviceId, Integer cleanupMin) {
            throw new UnsupportedOperationException();
        }

        @Override
        public java.util.Map<Long, ServiceRepository.Shape> shapes() {
            return java.util.Map.of();
        }

        @Override
        public SetupResult<Long> add(String name, String category, int durationMin, BigDecimal price, Phases phases, int cleanupMin) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SetupResult<Boolean> update(long serviceId, String name, String category, int durationMin, BigDecimal price,
                                           Phases phases, int cleanupMin) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SetupResult<Boolean> saveOffers(List<Offer> offered, List<Offer> withdrawn) {
            saved.add("offered " + offered + " withdrawn " + withdrawn);
            return new SetupResult.Done<>(true);
        }
    }

    private final Catalog catalog = new Catalog();
    private final OffersViewModel vm = new OffersViewModel(catalog, new Immediately(), new Messages(Locale.forLanguageTag("uk")));

    @Test
    void aMastersServicesWithHerOwnLengthAndTheUsualOnes() {
        vm.showMaster(1);
        assertEquals(List.of("Cut", "Colour"), vm.rows().stream().map(OffersViewModel.Row::label).toList(), "Perm is no longer sold");
        OffersViewModel.Row cut = vm.rows().get(0);
        assertTrue(cut.offeredProperty().get());
        assertEquals("45", cut.minutesProperty().get());
        assertEquals("", cut.priceProperty().get());
        assertEquals("60 \u0445\u0432 \u00b7 500,00\u00a0\u20b4", vm.usual(cut));
    }

    @Test
    void ticksAndOwnPricesAreSavedTogether() {
        vm.showMaster(1);
        OffersViewModel.Row cut = vm.rows().get(0);
        OffersViewModel.Row colour = vm.rows().get(1);
        cut.offeredProperty().set(false);
        colour.offeredProperty().set(true);
        colour.priceProperty().set("1 500");
        vm.save();
        assertEquals(List.of("offered [Offer[masterId=1, serviceId=11, durationMin=null, price=1500.00]] "
                + "withdrawn [Offer[masterId=1, serviceId=10, durationMin=45, price=null]]"), catalog.saved);
        assertEquals("\u0417\u0431\u0435\u0440\u0435\u0436\u0435\u043d\u043e.", vm.messageProperty().get());
    }

    @Test
    void aWrongLengthOrPriceIsMarkedOnItsLineAndNothingIsSaved() {
        vm.showMaster(1);
        vm.rows().get(0).minutesProperty().set("0");
        vm.rows().get(1).offeredProperty().set(true);
        vm.rows().get(1).priceProperty().set("lots");
        vm.save();
        assertTrue(vm.rows().get(0).errorProperty().get().contains("720"));
        assertEquals("\u0426\u0456\u043d\u0430 \u043c\u0430\u0454 \u0431\u0443\u0442\u0438 \u0441\u0443\u043c\u043e\u044e, \u043d\u0430\u043f\u0440\u0438\u043a\u043b\u0430\u0434 1500 \u0430\u0431\u043e 1 500,50.",
                vm.rows().get(1).errorProperty().get());
        assertEquals(List.of(), catalog.saved);
    }

    @Test
    void fromTheServicesSideTheActiveMastersAreListed() {
        vm.showService(10);
        assertEquals(List.of("Anna", "Bohdan"), vm.rows().stream().map(OffersViewModel.Row::label).toList(), "Olha is not active");
        vm.save();
        assertEquals(List.of(), catalog.saved, "nothing changed, nothing written");
    }
}
