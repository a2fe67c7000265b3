package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.util.List;
import java.util.function.LongFunction;

/**
 * What the booking form shouts about the chosen client (issue 36): her alerts ("Allergic to ammonia"),
 * read off the FX thread once she is chosen, the answer for a client chosen since thrown away, nothing
 * while none is chosen or where the desk gave no way to read them. As {@link FormNoShows}.
 */
final class FormAlerts {

    private final TaskRunner tasks;
    private final Messages messages;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "alerts", "");
    private LongFunction<List<String>> lookup;
    private int request;

    FormAlerts(TaskRunner tasks, Messages messages) {
        this.tasks = tasks;
        this.messages = messages;
    }

    void use(LongFunction<List<String>> lookup) {
        this.lookup = lookup;
    }

    void lookUp(Long client) {
        int asked = ++request;
        text.set("");
        if (client == null || lookup == null) {
            return;
        }
        LongFunction<List<String>> reader = lookup;
        tasks.run(() -> reader.apply(client), found -> {
            if (asked == request) {
                text.set(found.isEmpty() ? "" : messages.format("form.alert", String.join("\n", found)));
            }
        }, failure -> { });
    }

    ReadOnlyStringProperty property() {
        return text.getReadOnlyProperty();
    }
}
