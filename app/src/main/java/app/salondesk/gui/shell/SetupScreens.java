package app.salondesk.gui.shell;

import app.salondesk.gui.catalog.OffersView;
import app.salondesk.gui.catalog.OffersViewModel;
import app.salondesk.gui.catalog.ServicesView;
import app.salondesk.gui.catalog.ServicesViewModel;
import app.salondesk.gui.common.DiscardGuard;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.gui.setup.OnlineBookingView;
import app.salondesk.gui.setup.OnlineBookingViewModel;
import app.salondesk.gui.staff.setup.HoursView;
import app.salondesk.gui.staff.setup.HoursViewModel;
import app.salondesk.gui.staff.setup.InTheWayView;
import app.salondesk.gui.staff.setup.InTheWayViewModel;
import app.salondesk.gui.staff.setup.MastersView;
import app.salondesk.gui.staff.setup.MastersViewModel;
import app.salondesk.gui.staff.setup.OwnDaysView;
import app.salondesk.gui.staff.setup.OwnDaysViewModel;
import app.salondesk.gui.staff.setup.TimeOffView;
import app.salondesk.gui.staff.setup.TimeOffViewModel;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.calendar.BookingCommands;
import app.salondesk.logic.catalog.CatalogSetup;
import app.salondesk.logic.setup.OnlineBookingStore;
import app.salondesk.logic.staff.HoursSetup;
import app.salondesk.logic.staff.MastersSetup;
import app.salondesk.model.booking.BookingInTheWay;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.MasterDetails;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.time.Clock;
import java.util.List;

/**
 * Builds the setup windows (☰ → Masters, ☰ → Services, ☰ → Online booking) and wires their view models to each
 * other: the picked master drives its services, hours, days and time off; a change that
 * leaves bookings in the way opens the list of them. Everyone may look; only an admin gets
 * the setup's actions (and the database refuses anyone else all the same).
 */
public final class SetupScreens {

    private final Window owner;
    private final Salon salon;
    private final MastersSetup masters;
    private final HoursSetup hours;
    private final CatalogSetup catalog;
    private final OnlineBookingStore online;
    private final BookingCommands commands;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;
    private final boolean admin;
    private final Runnable onScheduleChanged;
    private final Runnable onColumnsChanged;

    /**
     * @param onScheduleChanged hours, time off or bookings changed: the calendar reloads
     * @param onColumnsChanged  masters were added, changed, reordered or deactivated (told when
     *                          the Masters window closes): the calendar's columns follow
     */
    public SetupScreens(Window owner, Salon salon, MastersSetup masters, HoursSetup hours, CatalogSetup catalog,
                        OnlineBookingStore online, BookingCommands commands, TaskRunner tasks, Messages messages, Clock clock, boolean admin,
                        Runnable onScheduleChanged, Runnable onColumnsChanged) {
        this.owner = owner;
        this.salon = salon;
        this.masters = masters;
        this.hours = hours;
        this.catalog = catalog;
        this.online = online;
        this.commands = commands;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        this.admin = admin;
        this.onScheduleChanged = onScheduleChanged;
        this.onColumnsChanged = onColumnsChanged;
    }

    /** The masters' screen on its working-hours tab (Salon settings' way to the salon's hours). */
    public Stage openMastersHours() {
        Stage s = openMasters();
        if (s.getScene().lookup("#master-tabs") instanceof javafx.scene.control.TabPane tabs) {
            tabs.getTabs().stream().filter(t -> "tab-hours".equals(t.getId())).findFirst().ifPresent(t -> tabs.getSelectionModel().select(t));
        }
        return s;
    }

    public Stage openMasters() {
        MastersViewModel list = new MastersViewModel(masters, tasks, messages, clock);
        OffersViewModel offers = new OffersViewModel(catalog, tasks, messages);
        HoursViewModel week = new HoursViewModel(hours, tasks, messages, clock, salon.zone());
        OwnDaysViewModel days = new OwnDaysViewModel(hours, tasks, messages, clock, salon.zone());
        TimeOffViewModel timeOff = new TimeOffViewModel(hours, tasks, messages, clock, salon.zone());
        for (var editable : List.of(list.editableProperty(), offers.editableProperty(), week.editableProperty(),
                days.editableProperty(), timeOff.editableProperty())) {
            editable.set(admin);
        }
        boolean[] columnsChanged = {false};
        list.setOnChanged(() -> {
            columnsChanged[0] = true;
            onScheduleChanged.run();
        });
        week.setOnChanged(onScheduleChanged);
        days.setOnChanged(onScheduleChanged);
        timeOff.setOnChanged(onScheduleChanged);
        list.selectedProperty().addListener((obs, was, now) -> {
            if (now != null && (was == null || was.id() != now.id())) {
                offers.showMaster(now.id());
                week.show(now.id());
                days.show(now.id());
                timeOff.show(now.id());
            }
        });

        Stage[] stage = new Stage[1];
        week.setOnInTheWay(found -> inTheWay(stage[0], InTheWayViewModel.Why.HOURS, list, found));
        days.setOnInTheWay(found -> inTheWay(stage[0], InTheWayViewModel.Why.HOURS, list, found));
        timeOff.setOnInTheWay(found -> inTheWay(stage[0], InTheWayViewModel.Why.TIME_OFF, list, found));
        list.setOnDeactivationAsked((master, bookings) -> {
            InTheWayViewModel vm = inTheWayModel(InTheWayViewModel.Why.DEACTIVATION, master, list);
            vm.addBookings(bookings);
            vm.setConfirmation(list.deactivation(master));
            InTheWayView.show(stage[0], vm, messages);
        });

        stage[0] = MastersView.show(owner, list, new MastersView.Tabs(
                OffersView.create(offers, messages, messages.get("offers.service")),
                HoursView.create(week, messages), OwnDaysView.create(days, messages), TimeOffView.create(timeOff, messages)), messages);
        // closing with a master's name, week, day or time off typed and not saved asks first (issue 31)
        var changed = list.changedProperty();
        DiscardGuard.install(stage[0], javafx.beans.binding.Bindings.createBooleanBinding(() -> changed.get()
                        || offers.changedProperty().get() || week.changedProperty().get() || days.changedProperty().get()
                        || timeOff.changedProperty().get(), changed, offers.changedProperty(), week.changedProperty(),
                days.changedProperty(), timeOff.changedProperty()),
                // a new master's name typed is not the picked one's change: then the question names nobody
                () -> list.selectedProperty().get() == null || !list.newNameProperty().get().isBlank() ? messages.get("discard.changes")
                        : messages.format("discard.changes.named", list.selectedProperty().get().name()), messages);
        stage[0].setOnHidden(e -> {
            if (columnsChanged[0]) {
                onColumnsChanged.run();
            }
        });
        return stage[0];
    }

    private void inTheWay(Window over, InTheWayViewModel.Why why, MastersViewModel list, List<BookingInTheWay> found) {
        MasterDetails master = list.masters().stream().filter(m -> m.id() == found.get(0).booking().masterId()).findFirst()
                .orElse(list.selectedProperty().get());
        InTheWayViewModel vm = inTheWayModel(why, master, list);
        vm.addInTheWay(found);
        InTheWayView.show(over, vm, messages);
    }

    private InTheWayViewModel inTheWayModel(InTheWayViewModel.Why why, MasterDetails master, MastersViewModel list) {
        // a booking goes to an active master; a leaving one's bookings go to the others
        List<Master> targets = list.masters().stream()
                .filter(m -> m.active() && !(why == InTheWayViewModel.Why.DEACTIVATION && m.id() == master.id()))
                .map(m -> new Master(m.id(), m.name(), m.colour(), m.sortOrder()))
                .toList();
        InTheWayViewModel vm = new InTheWayViewModel(why, master, targets, commands, tasks, messages, salon.zone(),
                masters::mastersWhoMayTake);
        vm.setOnChanged(onScheduleChanged);
        return vm;
    }

    public Stage openServices() {
        ServicesViewModel vm = new ServicesViewModel(catalog, tasks, messages);
        vm.editableProperty().set(admin);
        return ServicesView.show(owner, vm, messages, InTheWayView.STYLES);
    }

    /** Online booking: admins only (the menu offers it to them alone; PostgreSQL refuses the others). */
    public Stage openOnlineBooking() {
        return OnlineBookingView.show(owner, new OnlineBookingViewModel(online, salon.name(), tasks, messages), messages);
    }
}
