package app.salondesk.gui.print;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.model.print.DaySheet;
import app.salondesk.model.print.PrintOutcome;
import app.salondesk.model.print.SheetRequest;
import app.salondesk.model.staff.Master;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.function.Function;

/**
 * Printing the day sheet: which masters (all, or one), the day or the week from it, cancelled
 * bookings or not (as the desk shows them), and what became of it, in one sentence. The sheet
 * is read off the FX thread each time, so it is as the database has it now.
 */
public final class PrintViewModel {

    private final List<Master> masters;
    private final Function<SheetRequest, DaySheet> load;
    private final SheetOutput output;
    private final TaskRunner tasks;
    private final Messages messages;

    private final ObjectProperty<Master> master = new SimpleObjectProperty<>(this, "master");
    private final BooleanProperty week = new SimpleBooleanProperty(this, "week");
    private final ObjectProperty<LocalDate> day = new SimpleObjectProperty<>(this, "day");
    private final BooleanProperty includeCancelled = new SimpleBooleanProperty(this, "includeCancelled");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyBooleanWrapper noPrinter = new ReadOnlyBooleanWrapper(this, "noPrinter");
    private Runnable onPrinted = () -> { };

    /**
     * @param load         reads the sheet (off the FX thread: {@link DaySheetService#load})
     * @param printerThere whether this computer has a printer; without one the form says so at once and offers the PDF
     */
    public PrintViewModel(List<Master> masters, LocalDate shownDay, boolean showCancelled, Function<SheetRequest, DaySheet> load,
                          SheetOutput output, boolean printerThere, TaskRunner tasks, Messages messages) {
        this.masters = List.copyOf(masters);
        this.load = load;
        this.output = output;
        this.tasks = tasks;
        this.messages = messages;
        day.set(shownDay);
        includeCancelled.set(showCancelled);
        if (!printerThere) {
            told(new PrintOutcome.NoPrinter());
        }
    }

    /** What "Print" and "Save as PDF" print now. */
    public SheetRequest request() {
        return new SheetRequest(day.get(), master.get() == null ? null : master.get().id(), week.get(), includeCancelled.get());
    }

    public void print() {
        run(sheet -> output.print(sheet, this::told));
    }

    public void savePdf(Path file) {
        run(sheet -> output.savePdf(sheet, file, this::told));
    }

    private void run(java.util.function.Consumer<DaySheet> send) {
        if (busy.get() || day.get() == null) {
            return;
        }
        SheetRequest request = request();
        busy.set(true);
        message.set("");
        tasks.run(() -> load.apply(request), send, failure -> told(new PrintOutcome.Failed(failure)));
    }

    private void told(PrintOutcome outcome) {
        if (outcome instanceof PrintOutcome.Printed p) {
            message.set(messages.plural("print.printed.pages", p.pages()));
            onPrinted.run();
        } else if (outcome instanceof PrintOutcome.Saved s) {
            message.set(messages.plural("print.saved", s.pages(), s.file().toString()));
        } else if (outcome instanceof PrintOutcome.NoPrinter) {
            noPrinter.set(true);
            message.set(messages.get("print.noPrinter"));
        } else if (outcome instanceof PrintOutcome.Cancelled) {
            message.set("");
        } else {
            message.set(messages.get("print.failed"));
        }
        busy.set(false);
    }

    /** A file name for the PDF: what and when ("day-sheet-2030-01-07.pdf", "Olena-Kovalenko-2030-01-07-2030-01-13.pdf"). */
    public String suggestedFileName() {
        SheetRequest r = request();
        String who = master.get() == null ? messages.get("print.fileAll") : master.get().name();
        String when = r.week() ? r.day() + "-" + r.lastDay() : r.day().toString();
        return (who + "-" + when).replaceAll("[\\\\/:*?\"<>|\\s]+", "-") + ".pdf";
    }

    /** After the printer took the sheet (the window closes). */
    public void setOnPrinted(Runnable onPrinted) {
        this.onPrinted = onPrinted;
    }

    public List<Master> masters() {
        return masters;
    }

    /** null: every master on the desk. */
    public ObjectProperty<Master> masterProperty() {
        return master;
    }

    public BooleanProperty weekProperty() {
        return week;
    }

    public ObjectProperty<LocalDate> dayProperty() {
        return day;
    }

    public BooleanProperty includeCancelledProperty() {
        return includeCancelled;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** This computer has no printer: "Save as PDF" is the way. */
    public ReadOnlyBooleanProperty noPrinterProperty() {
        return noPrinter.getReadOnlyProperty();
    }
}
