package app.salondesk.gui.shell;

import app.salondesk.gui.clients.ClientListView;
import app.salondesk.gui.common.SaveFolder;
import app.salondesk.gui.clients.ClientListViewModel;
import app.salondesk.gui.clients.ConsentFormsView;
import app.salondesk.gui.clients.ConsentFormsViewModel;
import app.salondesk.logic.clients.ConsentForms;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.ClientListRepository;
import app.salondesk.logic.reports.ReportCsv;
import app.salondesk.model.clients.ClientFilter;
import app.salondesk.model.clients.ClientListRow;
import app.salondesk.model.salon.Salon;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * ☰ → Clients… (issue 36): the client list window made from the desk's logic; a double click opens her card.
 * And ☰ → Consent forms… (admins): the salon's forms, written in three languages.
 */
final class ClientListScreens {

    private final Stage stage;
    private final ClientListRepository list;
    private final ConsentForms consentForms;
    private final boolean admin;
    private final Salon salon;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;
    private final Consumer<Long> openCard;
    private BiFunction<Window, String, File> chooseFile;

    ClientListScreens(Stage stage, ClientListRepository list, ConsentForms consentForms, boolean admin, Salon salon, TaskRunner tasks,
                      Messages messages, Clock clock, Consumer<Long> openCard) {
        this.stage = stage;
        this.list = list;
        this.consentForms = consentForms;
        this.admin = admin;
        this.salon = salon;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        this.openCard = openCard;
    }

    /** Tests choose the CSV's file themselves (no system file dialog). */
    void setFileChooser(BiFunction<Window, String, File> chooseFile) {
        this.chooseFile = chooseFile;
    }

    Stage show() {
        ClientListViewModel vm = new ClientListViewModel(new ClientListViewModel.Store() {
            @Override
            public List<ClientListRow> list(ClientFilter filter, int limit) {
                return list.list(salon.id(), salon.zone(), salon.country(), filter, limit);
            }

            @Override
            public void write(Path file, List<List<String>> rows) throws IOException {
                ReportCsv.write(file, rows);
            }
        }, tasks, messages, salon.zone(), salon.country(), clock);
        return ClientListView.show(stage, vm, messages, this::choose, openCard);
    }

    /** The salon's consent forms; only an admin gets the writing (the database refuses anyone else all the same). */
    Stage consentForms() {
        ConsentFormsViewModel vm = new ConsentFormsViewModel(salon.id(), consentForms, tasks, messages);
        vm.editableProperty().set(admin);
        return ConsentFormsView.show(stage, vm, messages);
    }

    private File choose(Window over, String name) {
        if (chooseFile != null) {
            return chooseFile.apply(over, name);
        }
        FileChooser chooser = SaveFolder.shared().chooser();
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("*.csv", "*.csv"));
        return SaveFolder.shared().remember(chooser.showSaveDialog(over));
    }
}
