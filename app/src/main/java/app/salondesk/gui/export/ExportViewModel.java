package app.salondesk.gui.export;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.export.ExportService;
import app.salondesk.model.export.ExportRequest;
import app.salondesk.model.staff.Master;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableBooleanValue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * The Export window's state (issue 15): what to export (bookings, clients, a master's schedule),
 * for which days and which master, what is wrong with that, and the outcome of the last export.
 * No controls here; the export runs through the {@link TaskRunner}, off the FX thread, with the
 * signed-in login (row-level security decides what the file holds).
 */
public final class ExportViewModel {

    private final ExportService service;
    private final TaskRunner tasks;
    private final Messages messages;
    private final List<Master> masters;
    private final ObjectProperty<ExportKind> kind = new SimpleObjectProperty<>(this, "kind", ExportKind.BOOKINGS);
    private final ObjectProperty<LocalDate> from = new SimpleObjectProperty<>(this, "from");
    private final ObjectProperty<LocalDate> to = new SimpleObjectProperty<>(this, "to");
    private final ObjectProperty<Master> master = new SimpleObjectProperty<>(this, "master");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyBooleanWrapper canSave = new ReadOnlyBooleanWrapper(this, "canSave");

    /** @param firstDay the first day offered (the calendar's month, say); the range offered is that month */
    public ExportViewModel(ExportService service, TaskRunner tasks, Messages messages, List<Master> masters, LocalDate firstDay) {
        this.service = service;
        this.tasks = tasks;
        this.messages = messages;
        this.masters = List.copyOf(masters);
        from.set(firstDay.withDayOfMonth(1));
        to.set(firstDay.withDayOfMonth(firstDay.lengthOfMonth()));
        if (!masters.isEmpty()) {
            master.set(masters.get(0));
        }
        kind.addListener((obs, old, now) -> validate());
        from.addListener((obs, old, now) -> validate());
        to.addListener((obs, old, now) -> validate());
        master.addListener((obs, old, now) -> validate());
        busy.addListener((obs, old, now) -> validate());
        validate();
    }

    public ObjectProperty<ExportKind> kindProperty() {
        return kind;
    }

    public ObjectProperty<LocalDate> fromProperty() {
        return from;
    }

    public ObjectProperty<LocalDate> toProperty() {
        return to;
    }

    public ObjectProperty<Master> masterProperty() {
        return master;
    }

    public List<Master> masters() {
        return masters;
    }

    /** Whether the chosen export asks for days (the clients export does not). */
    public ObservableBooleanValue datesNeeded() {
        return Bindings.createBooleanBinding(() -> kind.get() != ExportKind.CLIENTS, kind);
    }

    /** Whether the chosen export asks for a master (the schedule). */
    public ObservableBooleanValue masterNeeded() {
        return Bindings.createBooleanBinding(() -> kind.get() == ExportKind.SCHEDULE, kind);
    }

    /** What stops the export, "" when nothing does. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The last export's outcome: saved where, how many rows; or why not. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canSaveProperty() {
        return canSave.getReadOnlyProperty();
    }

    /** What the window's choices ask for; empty while something is wrong with them. */
    public Optional<ExportRequest> request() {
        if (!problem.get().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(switch (kind.get()) {
            case BOOKINGS -> new ExportRequest.Bookings(from.get(), to.get());
            case CLIENTS -> new ExportRequest.Clients(service.today());
            case SCHEDULE -> new ExportRequest.Schedule(master.get().id(), master.get().name(), from.get(), to.get());
        });
    }

    /** Writes the export into {@code file} in the background (the view asked where with a save dialog). */
    public void export(Path file) {
        Optional<ExportRequest> request = request();
        if (request.isEmpty() || busy.get()) {
            return;
        }
        busy.set(true);
        message.set(messages.get("export.saving"));
        tasks.run(() -> service.save(request.get(), file),
                rows -> {
                    busy.set(false);
                    message.set(messages.format("export.saved", rows, file.toAbsolutePath()));
                },
                failure -> {
                    busy.set(false);
                    message.set(failure instanceof java.io.IOException io
                            ? messages.format("export.failed", io.getMessage() == null ? file.toString() : io.getMessage())
                            : messages.get("export.failedConnection"));
                });
    }

    private void validate() {
        String why = "";
        if (kind.get() == ExportKind.SCHEDULE && master.get() == null) {
            why = messages.get("export.invalid.noMaster");
        } else if (kind.get() != ExportKind.CLIENTS) {
            why = ExportRequest.rangeProblem(from.get(), to.get())
                    .map(key -> messages.format(key, from.get(), to.get(), ExportRequest.MAX_DAYS)).orElse("");
        }
        problem.set(why);
        canSave.set(why.isEmpty() && !busy.get());
    }
}
