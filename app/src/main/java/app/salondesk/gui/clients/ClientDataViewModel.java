package app.salondesk.gui.clients;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientDataService;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The client card's admin actions on a client's data (issue 15): export everything stored about
 * the client into one file, and forget the client. Offered to admins only; the database refuses
 * anyone else all the same ({@link ClientDataService.NotAllowed}). No controls here; database work
 * goes through the {@link TaskRunner}.
 */
public final class ClientDataViewModel {

    private final ClientCardViewModel card;
    private final ClientDataService service;
    private final TaskRunner tasks;
    private final Messages messages;
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyBooleanWrapper forgotten = new ReadOnlyBooleanWrapper(this, "forgotten");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private Runnable onForgotten = () -> { };

    public ClientDataViewModel(ClientCardViewModel card, ClientDataService service, TaskRunner tasks, Messages messages) {
        this.card = card;
        this.service = service;
        this.tasks = tasks;
        this.messages = messages;
    }

    /** An export or a forgetting is under way. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The client was forgotten (now, or before): nothing more to forget. */
    public ReadOnlyBooleanProperty forgottenProperty() {
        return forgotten.getReadOnlyProperty();
    }

    /** One sentence about the last export or forgetting. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Told after a forgetting, e.g. to reload the calendar that shows the client's name. */
    public void setOnForgotten(Runnable onForgotten) {
        this.onForgotten = Objects.requireNonNull(onForgotten);
    }

    /** The file name a save dialog suggests. */
    public String suggestedFileName() {
        return "client-" + card.clientId() + ".json";
    }

    /** The confirmation's question, naming the client. */
    public String forgetTitle() {
        return messages.format("client.forget.title", card.nameProperty().get());
    }

    /** The confirmation's text: what is replaced, what is kept. */
    public String forgetText() {
        return messages.format("client.forget.text", card.nameProperty().get(), card.clientId(), card.visits().size());
    }

    /** Looks up whether the card's client was forgotten before (then Forget stays off). */
    public void check() {
        long client = card.clientId();
        tasks.run(() -> service.forgotten(client), forgotten::set, failure -> { });
    }

    /** Writes everything stored about the client into {@code file}, in the background. */
    public void exportTo(Path file) {
        long client = card.clientId();
        busy.set(true);
        message.set("");
        tasks.run(() -> service.export(client, file),
                bookings -> {
                    busy.set(false);
                    message.set(messages.format("client.exportedData", file.getFileName()));
                },
                failure -> {
                    busy.set(false);
                    message.set(messages.format("client.exportDataFailed", reason(failure)));
                });
    }

    /** Forgets the client, in the background; the card then loads what is left (the marker). */
    public void forget() {
        long client = card.clientId();
        busy.set(true);
        message.set(messages.get("client.forgetting"));
        tasks.run(() -> service.forget(client),
                outcome -> {
                    busy.set(false);
                    forgotten.set(true);
                    message.set(messages.get(outcome == ClientDataService.Forgetting.FORGOTTEN ? "client.forgotten" : "client.forgottenBefore"));
                    card.reload();
                    onForgotten.run();
                },
                failure -> {
                    busy.set(false);
                    message.set(messages.format("client.forgetFailed", reason(failure)));
                });
    }

    private String reason(Throwable failure) {
        if (failure instanceof ClientDataService.NotAllowed) {
            return messages.get("invalid.no_permission");
        }
        if (failure instanceof java.io.IOException io) {
            // a file's own words ("… : Permission denied"); never a class name
            return io.getMessage() == null ? app.salondesk.gui.common.Failures.say(messages, "client.dataReference", io) : io.getMessage();
        }
        return messages.get("client.dataConnection");
    }
}
