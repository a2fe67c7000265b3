package app.salondesk.ui;

import app.salondesk.i18n.Messages;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.SignInMemory;
import app.salondesk.runtime.StartupException;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Signing in to a shared server: server and login are remembered, the password never is. A
 * refused attempt is one sentence and another try; the window stays usable throughout.
 */
public final class SignInViewModel {

    private final SignInMemory memory;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Function<DbOptions, Opening> open;

    private final StringProperty server = new SimpleStringProperty(this, "server", "");
    private final StringProperty login = new SimpleStringProperty(this, "login", "");
    private final StringProperty password = new SimpleStringProperty(this, "password", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private Consumer<Opening> onSignedIn = s -> { };

    /** @param open opens the database as the given login (in the app: {@code Session.start}) */
    public SignInViewModel(SignInMemory memory, TaskRunner tasks, Messages messages, String serverGiven,
                           Function<DbOptions, Opening> open) {
        this.memory = memory;
        this.tasks = tasks;
        this.messages = messages;
        this.open = open;
        server.set(serverGiven != null ? serverGiven : memory.server().orElse(""));
        login.set(memory.login().orElse(""));
    }

    public void setOnSignedIn(Consumer<Opening> onSignedIn) {
        this.onSignedIn = onSignedIn;
    }

    public void signIn() {
        if (busy.get()) {
            return;
        }
        if (server.get().isBlank() || login.get().isBlank() || password.get().isEmpty()) {
            error.set(messages.get("signin.missing"));
            return;
        }
        String url = server.get().strip();
        String user = login.get().strip();
        DbOptions options = new DbOptions(url, user, password.get());
        error.set("");
        busy.set(true);
        tasks.run(() -> open.apply(options),
                session -> {
                    busy.set(false);
                    password.set("");
                    memory.remember(url, user);
                    onSignedIn.accept(session);
                },
                failure -> {
                    busy.set(false);
                    error.set(failure instanceof StartupException se
                            ? messages.format(se.reason().messageKey, se.detail())
                            : messages.get("signin.failed"));
                });
    }

    public StringProperty serverProperty() {
        return server;
    }

    public StringProperty loginProperty() {
        return login;
    }

    public StringProperty passwordProperty() {
        return password;
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }
}
