package app.salondesk.gui.shell;

import app.salondesk.gui.booking.form.BookingFormViewModel;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.gui.waitlist.WaitlistView;
import app.salondesk.gui.waitlist.WaitlistViewModel;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.waitlist.WaitlistDesk;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.StaffRole;
import app.salondesk.model.waitlist.WaitlistEntry;
import javafx.stage.Stage;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Builds the Waitlist window (☰ → Waitlist) and its "book now": the booking form for an
 * entry — its client, service and master on the day shown, booking with the entry's request id —
 * which, once saved, fulfils the entry. Everyone may look; receptionists and admins book and
 * remove, admins set the rules (PostgreSQL enforces each).
 */
final class WaitlistScreens {

    private final Stage owner;
    private final WaitlistDesk desk;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Salon salon;
    private final List<Master> active;
    private final StaffRole role;
    private final Supplier<BookingFormViewModel> forms;
    private final Consumer<BookingFormViewModel> openForm;
    private final java.util.function.BiConsumer<Master, java.time.LocalDateTime> newBooking;

    WaitlistScreens(Stage owner, WaitlistDesk desk, TaskRunner tasks, Messages messages, Salon salon, List<Master> active,
                    StaffRole role, Supplier<BookingFormViewModel> forms, Consumer<BookingFormViewModel> openForm,
                    java.util.function.BiConsumer<Master, java.time.LocalDateTime> newBooking) {
        this.owner = owner;
        this.desk = desk;
        this.tasks = tasks;
        this.messages = messages;
        this.salon = salon;
        this.active = active;
        this.role = role;
        this.forms = forms;
        this.openForm = openForm;
        this.newBooking = newBooking;
    }

    Stage open(LocalDate day) {
        WaitlistViewModel vm = new WaitlistViewModel(desk, tasks, messages, active, salon.zone(), salon.country(), day,
                role == StaffRole.ADMIN);
        if (role.mayEditBookings()) {
            vm.setOnBookNow(entry -> bookNow(vm, entry));
            vm.setOnAdd((master, shown) -> newBooking.accept(master, shown.atTime(10, 0)));
        }
        return WaitlistView.show(owner, vm, messages);
    }

    private void bookNow(WaitlistViewModel vm, WaitlistEntry entry) {
        BookingFormViewModel form = forms.get();
        Master master = entry.masterId() == null ? null
                : active.stream().filter(m -> m.id() == entry.masterId()).findFirst().orElse(null);
        LocalTime from = entry.window().from();
        form.startNew(master, vm.dayProperty().get().atTime(from.equals(LocalTime.MIDNIGHT) ? LocalTime.of(10, 0) : from));
        form.chooseClient(entry.clientId(), entry.clientName(), entry.clientPhone());
        if (entry.serviceId() != null) {
            form.services().stream().filter(s -> s.id() == entry.serviceId()).findFirst().ifPresent(form.serviceProperty()::set);
        } else {
            form.durationProperty().set(Integer.toString(entry.durationMin()));
        }
        form.useRequestId(entry.requestId());
        form.onSaved(booking -> vm.booked(entry, booking.id()));
        openForm.accept(form);
    }
}
