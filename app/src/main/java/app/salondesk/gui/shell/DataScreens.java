package app.salondesk.gui.shell;

import app.salondesk.gui.clients.ClientCardView;
import app.salondesk.gui.clients.ClientCardViewModel;
import app.salondesk.gui.clients.ClientDataView;
import app.salondesk.gui.clients.ClientDataViewModel;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.gui.export.ExportView;
import app.salondesk.gui.export.ExportViewModel;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientDataService;
import app.salondesk.logic.export.ExportService;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.StaffRole;
import javafx.stage.Stage;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * The desk's windows about the salon's data (issue 15): ☰ → Export… (everyone: each login exports
 * what it may read), and the client card's "Export this client's data…" and "Forget this client…"
 * (admins; PostgreSQL refuses everyone else all the same). Owns only how they are opened and wired.
 */
final class DataScreens {

    private final Stage owner;
    private final ExportService exports;
    private final ClientDataService clientData;
    private final TaskRunner tasks;
    private final Messages messages;
    private final List<Master> masters;
    private final StaffRole role;

    DataScreens(Stage owner, ExportService exports, ClientDataService clientData, TaskRunner tasks, Messages messages,
                List<Master> masters, StaffRole role) {
        this.owner = owner;
        this.exports = exports;
        this.clientData = clientData;
        this.tasks = tasks;
        this.messages = messages;
        this.masters = masters;
        this.role = role;
    }

    /** ☰ → Export…, offering the month of {@code day}. */
    ExportView openExport(LocalDate day) {
        ExportView view = new ExportView(new ExportViewModel(exports, tasks, messages, masters, day), messages);
        view.show(owner);
        return view;
    }

    /**
     * Adds the admin's buttons to a client card; nothing for anyone else. Call {@link ClientDataViewModel#check()}
     * once the card has its client.
     */
    Optional<ClientDataViewModel> addClientActions(ClientCardView view, ClientCardViewModel card, Runnable onForgotten) {
        if (role != StaffRole.ADMIN) {
            return Optional.empty();
        }
        ClientDataViewModel vm = new ClientDataViewModel(card, clientData, tasks, messages);
        vm.setOnForgotten(onForgotten);
        new ClientDataView(vm, messages).nodes().forEach(view::addAction);
        return Optional.of(vm);
    }
}
