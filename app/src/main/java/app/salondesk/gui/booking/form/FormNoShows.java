package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.model.booking.NoShows;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.LongFunction;

/**
 * What the booking form says of the chosen client's past no-shows ("2 no-shows, last 12 Oct"):
 * read off the FX thread once she is chosen, the answer for a client chosen since thrown away,
 * nothing while none is chosen or where the desk gave no way to read them.
 */
final class FormNoShows {

    private final ZoneId zone;
    private final TaskRunner tasks;
    private final Messages messages;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "noShows", "");
    private LongFunction<NoShows> lookup;
    private int request;

    FormNoShows(ZoneId zone, TaskRunner tasks, Messages messages) {
        this.zone = zone;
        this.tasks = tasks;
        this.messages = messages;
    }

    void use(LongFunction<NoShows> lookup) {
        this.lookup = lookup;
    }

    /** The client chosen now (null: none), whose no-shows the form shows once they are read. */
    void lookUp(Long client) {
        int asked = ++request;
        text.set("");
        if (client == null || lookup == null) {
            return;
        }
        LongFunction<NoShows> reader = lookup;
        tasks.run(() -> reader.apply(client), found -> {
            if (asked == request) {   // another client chosen meanwhile: hers will come
                text.set(sentence(found));
            }
        }, failure -> { });
    }

    private String sentence(NoShows found) {
        if (found.count() == 0) {
            return "";
        }
        LocalDate last = found.last().atZone(zone).toLocalDate();
        boolean thisYear = last.getYear() == LocalDate.now(Clock.system(zone)).getYear();
        String day = last.format(DateTimeFormatter.ofPattern(thisYear ? "d MMM" : "d MMM yyyy", messages.locale()));
        return messages.plural("form.noShows", found.count(), day);
    }

    ReadOnlyStringProperty property() {
        return text.getReadOnlyProperty();
    }
}
