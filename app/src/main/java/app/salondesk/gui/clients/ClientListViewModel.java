package app.salondesk.gui.clients;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.model.clients.ClientFilter;
import app.salondesk.model.clients.ClientListRow;
import app.salondesk.model.clients.PhoneNumbers;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;

/**
 * The client list window's state and commands (issue 36), no controls: the search text and the filters
 * (a tag, last visit before / on or after a day, has no-shows, birthday this month), the clients they let
 * through — read off the FX thread by the same query as {@code clients list}, an older answer never
 * replacing a newer one — and the export of the whole filtered list (not only the rows shown) as CSV.
 */
public final class ClientListViewModel {

    /** What the window asks of the salon's data (the shell makes it from the desk's logic). */
    public interface Store {
        /** The clients the filter lets through, by name; at most {@code limit} (≤ 0: all). */
        List<ClientListRow> list(ClientFilter filter, int limit);

        /** Writes the rows (the first one the header) as a CSV file. */
        void write(Path file, List<List<String>> rows) throws java.io.IOException;
    }

    /** Rows the window shows at most; the export writes them all. */
    public static final int SHOWN = 2000;

    private final Store store;
    private final TaskRunner tasks;
    private final Messages messages;
    private final ZoneId zone;
    private final String region;
    private final Clock clock;
    private final DateTimeFormatter shownDay;
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final StringProperty tag = new SimpleStringProperty(this, "tag", "");
    private final ObjectProperty<LocalDate> lastVisitBefore = new SimpleObjectProperty<>(this, "lastVisitBefore");
    private final ObjectProperty<LocalDate> lastVisitAfter = new SimpleObjectProperty<>(this, "lastVisitAfter");
    private final BooleanProperty withNoShows = new SimpleBooleanProperty(this, "withNoShows");
    private final BooleanProperty birthdayThisMonth = new SimpleBooleanProperty(this, "birthdayThisMonth");
    private final ObservableList<ClientListRow> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private int asked;

    public ClientListViewModel(Store store, TaskRunner tasks, Messages messages, ZoneId zone, String region, Clock clock) {
        this.store = store;
        this.tasks = tasks;
        this.messages = messages;
        this.zone = zone;
        this.region = region;
        this.clock = clock;
        // as the client's card and record show a day
        this.shownDay = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale());
    }

    /** The filter as the fields say now. */
    public ClientFilter filter() {
        Integer month = birthdayThisMonth.get() ? LocalDate.now(clock.withZone(zone)).getMonthValue() : null;
        return new ClientFilter(text.get(), tag.get(), lastVisitBefore.get(), lastVisitAfter.get(), withNoShows.get(), null, month);
    }

    /** Reads the list again for the fields as they are (each change of a field asks this). */
    public void search() {
        int mine = ++asked;
        ClientFilter filter = filter();
        tasks.run(() -> store.list(filter, SHOWN + 1), found -> {
            if (mine != asked) {
                return;     // a newer question is on its way: its answer is the one to show
            }
            rows.setAll(found.size() > SHOWN ? found.subList(0, SHOWN) : found);
            status.set(found.size() > SHOWN ? messages.format("clients.list.first", SHOWN) : messages.format("clients.list.count", found.size()));
        }, failure -> {
            if (mine == asked) {
                status.set(messages.get("clients.list.failed"));
            }
        });
    }

    /** Writes every client the filter lets through to {@code file} as CSV, with the column names in the desk's language. */
    public void export(Path file) {
        ClientFilter filter = filter();
        status.set(messages.get("clients.list.exporting"));
        tasks.run(() -> {
            List<ClientListRow> all = store.list(filter, 0);
            store.write(file, table(all));
            return all.size();
        }, n -> status.set(messages.format("clients.list.exported", n, file.getFileName().toString())),
                failure -> status.set(messages.get("clients.list.exportFailed")));
    }

    /** The rows as the CSV holds them: a header, then one line per client. */
    List<List<String>> table(List<ClientListRow> all) {
        List<List<String>> out = new ArrayList<>();
        out.add(List.of(messages.get("clients.list.col.id"), messages.get("clients.list.col.name"), messages.get("clients.list.col.phone"),
                messages.get("clients.list.col.email"), messages.get("clients.list.col.birthday"), messages.get("clients.list.col.tags"),
                messages.get("clients.list.col.source"), messages.get("clients.list.col.lastVisit"), messages.get("clients.list.col.noShows"),
                messages.get("clients.list.col.alert")));
        for (ClientListRow r : all) {
            out.add(List.of(Long.toString(r.id()), r.name(), phone(r), r.email() == null ? "" : r.email(),
                    r.birthday() == null ? "" : r.birthday().toString(), String.join(", ", r.tags()), r.source() == null ? "" : r.source(),
                    day(r.lastVisit()), Integer.toString(r.noShows()), r.alert() ? messages.get("clients.list.alertYes") : ""));
        }
        return out;
    }

    /** How a row's phone reads at the salon. */
    public String phone(ClientListRow r) {
        return r.phone() == null ? "" : PhoneNumbers.display(r.phone(), region);
    }

    /** The last visit's day in the salon's zone as the CSV holds it (ISO, so a spreadsheet sorts it), empty when she never came. */
    String day(Instant at) {
        return at == null ? "" : DateTimeFormatter.ISO_LOCAL_DATE.format(at.atZone(zone));
    }

    /** The last visit's day in the salon's zone as the window shows it (the desk's language, as on her card), empty when she never came. */
    public String shownDay(Instant at) {
        return at == null ? "" : shownDay.format(at.atZone(zone));
    }

    public StringProperty textProperty() {
        return text;
    }

    public StringProperty tagProperty() {
        return tag;
    }

    public ObjectProperty<LocalDate> lastVisitBeforeProperty() {
        return lastVisitBefore;
    }

    public ObjectProperty<LocalDate> lastVisitAfterProperty() {
        return lastVisitAfter;
    }

    public BooleanProperty withNoShowsProperty() {
        return withNoShows;
    }

    public BooleanProperty birthdayThisMonthProperty() {
        return birthdayThisMonth;
    }

    public ObservableList<ClientListRow> rows() {
        return rows;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }
}
