package app.salondesk.gui.messages;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.messages.MessagesDesk;
import app.salondesk.gui.common.TaskRunner;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.time.Clock;
import java.time.Duration;

/**
 * The status bar's warning when a channel keeps failing (issue 33): "E-mail not sent for 20
 * minutes: the mail server refuses the password". Checked when the desk starts and every minute;
 * an empty text hides it.
 */
public final class MessagesWarningViewModel {

    public static final Duration EVERY = Duration.ofMinutes(1);

    private final MessagesDesk desk;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");

    public MessagesWarningViewModel(MessagesDesk desk, TaskRunner tasks, Messages messages, Clock clock) {
        this.desk = desk;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
    }

    public javafx.beans.property.ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    public void check() {
        tasks.run(() -> desk.failing(clock.instant()), failing -> text.set(failing
                .map(f -> messages.format("messages.warning", messages.get("messages.channel." + f.channel().dbValue()),
                        MessagesDesk.FAILING_WINDOW.toMinutes(), f.reason()))
                .orElse("")), e -> { });
    }
}
