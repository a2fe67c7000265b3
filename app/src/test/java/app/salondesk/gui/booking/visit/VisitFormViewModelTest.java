package app.salondesk.gui.booking.visit;

import app.salondesk.i18n.Messages;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.OfferShape;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The visit form's parts without windows or a database: how many, and when each starts. */
class VisitFormViewModelTest {

    private final Master anna = new Master(1, "Anna", "#7e57c2", 1);
    private final Master bohdan = new Master(2, "Bohdan", "#26a69a", 2);
    private final Service colour = new Service(10, "Colour", 100, BigDecimal.TEN);
    private final Service cut = new Service(11, "Cut", 60, BigDecimal.TEN);
    private final Service styling = new Service(12, "Styling", 30, BigDecimal.TEN);
    private final Service manicure = new Service(13, "Manicure", 60, BigDecimal.TEN);
    private final Service pedicure = new Service(14, "Pedicure", 45, BigDecimal.TEN);
    private final Service footBath = new Service(15, "Foot bath", 30, BigDecimal.TEN);
    private final VisitFormViewModel vm = new VisitFormViewModel(new Salon(1, "Salon", ZoneId.of("Europe/Kyiv")), null,
            null, new Messages(Locale.ENGLISH), List.of(anna, bohdan), List.of(colour, cut, styling, manicure, pedicure, footBath),
            List.of(new Offer(1, 10, null, null), new Offer(2, 11, 45, null), new Offer(1, 12, null, null), new Offer(2, 10, null, null),
                    new Offer(1, 13, null, null), new Offer(1, 14, null, null), new Offer(2, 14, null, null), new Offer(1, 15, null, null)),
            // Anna cleans 10 minutes after a manicure; the foot bath and the pedicure need the one chair (room 7),
            // cleaned 15 minutes after the bath
            List.of(new OfferShape(1, 10, 100, List.of(30, -40, 30), 0, Set.of()), new OfferShape(2, 11, 45, List.of(), 0, Set.of()),
                    new OfferShape(1, 13, 60, List.of(), 10, Set.of()), new OfferShape(1, 14, 45, List.of(), 0, Set.of(7L)),
                    new OfferShape(2, 14, 45, List.of(), 0, Set.of(7L)), new OfferShape(1, 15, 30, List.of(), 15, Set.of(7L))),
            Locale.UK);

    @Test
    void aVisitTakesTwoToFourPartsAndAPartTakenOutLetsTheOthersMoveUp() {
        assertEquals(2, vm.parts.size());
        assertFalse(vm.canRemovePart.get());
        vm.removePart(vm.parts.get(0));
        assertEquals(2, vm.parts.size(), "never fewer than two");
        vm.addPart();
        vm.addPart();
        assertEquals(4, vm.parts.size());
        assertFalse(vm.canAddPart.get());
        vm.addPart();
        assertEquals(4, vm.parts.size(), "four at most");
        VisitFormViewModel.Part third = vm.parts.get(2);
        vm.removePart(vm.parts.get(1));
        assertEquals(3, vm.parts.size());
        assertEquals(third, vm.parts.get(1));
        assertTrue(vm.canAddPart.get() && vm.canRemovePart.get());
    }

    @Test
    void eachPartStartsWhenTheOneBeforeEndsWithItsMastersOwnLength() {
        vm.addPart();
        vm.time.set("09:00");
        vm.parts.get(0).service.set(colour);
        vm.parts.get(0).master.set(anna);
        vm.parts.get(1).service.set(cut);
        assertEquals(List.of(bohdan), vm.parts.get(1).masters, "only who does the service");
        vm.parts.get(1).master.set(bohdan);
        assertEquals("09:00", vm.parts.get(0).starts.get());
        assertEquals("10:40", vm.parts.get(1).starts.get());
        // Bohdan's own cut is 45 minutes
        assertEquals("11:25", vm.parts.get(2).starts.get());
        vm.parts.get(2).service.set(styling);
        vm.parts.get(2).master.set(anna);
        vm.addPart();
        assertEquals("11:55", vm.parts.get(3).starts.get());
        // a part not chosen whole leaves the starts after it unknown
        vm.parts.get(1).master.set(null);
        assertEquals("10:40", vm.parts.get(1).starts.get());
        assertEquals("", vm.parts.get(2).starts.get());
        assertEquals("", vm.parts.get(3).starts.get());
        vm.removePart(vm.parts.get(1));
        assertEquals("10:40", vm.parts.get(1).starts.get(), "the styling follows the colour now");
        assertEquals("11:10", vm.parts.get(2).starts.get());
    }

    @Test
    void aPartWaitsForTheCleanupOfAnEarlierPartWithTheSameMasterOrTheSameRoomOnly() {
        vm.time.set("10:00");
        vm.parts.get(0).service.set(manicure);
        vm.parts.get(0).master.set(anna);
        vm.parts.get(1).service.set(pedicure);
        assertEquals("11:00", vm.parts.get(1).starts.get(), "no master yet: when the client is free");
        vm.parts.get(1).master.set(anna);
        assertEquals("11:10", vm.parts.get(1).starts.get(), "Anna cleans until 11:10");
        vm.parts.get(1).master.set(bohdan);
        assertEquals("11:00", vm.parts.get(1).starts.get(), "Anna's cleanup is not the client's");
        // the chair is cleaned for 15 minutes after the foot bath, whoever does the pedicure
        vm.parts.get(0).service.set(footBath);
        vm.parts.get(0).master.set(anna);
        assertEquals("10:45", vm.parts.get(1).starts.get());
    }
}
