package app.salondesk.gui.shell;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.ServerAddress;
import app.salondesk.runtime.SignInMemory;
import app.salondesk.runtime.StartupException;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Signing in to a shared server: the server as a receptionist names it (a host, host:port, or
 * a cluster's hosts), the database (prefilled), login and password; the JDBC URL only under
 * "Advanced". Server, database and login are remembered, with the last few servers to choose
 * from; the password never is. A refused attempt is one sentence and another try; the window
 * stays usable throughout.
 */
public final class SignInViewModel {

    /** The form's fields, in the order the cursor goes through them. */
    public enum Field { SERVER, DATABASE, LOGIN, PASSWORD }

    private final SignInMemory memory;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Function<DbOptions, Opening> open;

    private final StringProperty server = new SimpleStringProperty(this, "server", "");
    private final StringProperty database = new SimpleStringProperty(this, "database", ServerAddress.DEFAULT_DATABASE);
    private final StringProperty login = new SimpleStringProperty(this, "login", "");
    private final StringProperty password = new SimpleStringProperty(this, "password", "");
    private final StringProperty url = new SimpleStringProperty(this, "url", "");
    private final BooleanProperty advanced = new SimpleBooleanProperty(this, "advanced");
    private final ObservableList<String> recentServers = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final StringBinding builtUrl;
    private Consumer<Opening> onSignedIn = s -> { };

    /**
     * @param serverGiven the JDBC URL given on the command line ({@code --db-url}), or null
     * @param open        opens the database as the given login (in the app: {@code Session.start})
     */
    public SignInViewModel(SignInMemory memory, TaskRunner tasks, Messages messages, String serverGiven,
                           Function<DbOptions, Opening> open) {
        this.memory = memory;
        this.tasks = tasks;
        this.messages = messages;
        this.open = open;
        recentServers.setAll(memory.recentServers());
        String given = serverGiven != null ? serverGiven : memory.server().orElse(null);
        if (given != null) {
            ServerAddress.entryOf(given).ifPresentOrElse(e -> {
                server.set(e.server());
                database.set(e.database());
            }, () -> {
                // a URL the form does not build (parameters of its own): kept whole, under Advanced
                url.set(given);
                advanced.set(true);
            });
        } else if (!recentServers.isEmpty()) {
            server.set(recentServers.get(0));
            memory.database().ifPresent(database::set);
        }
        login.set(memory.login().orElse(""));
        builtUrl = Bindings.createStringBinding(() -> ServerAddress.build(server.get(), database.get()) instanceof ServerAddress.Url u
                ? u.url() : "", server, database);
    }

    public void setOnSignedIn(Consumer<Opening> onSignedIn) {
        this.onSignedIn = onSignedIn;
    }

    /** Where the cursor starts: the first empty field (the password when server and login are remembered). */
    public Field firstEmptyField() {
        if (server.get().isBlank() && !usesAdvancedUrl()) {
            return Field.SERVER;
        }
        if (database.get().isBlank() && !usesAdvancedUrl()) {
            return Field.DATABASE;
        }
        return login.get().isBlank() ? Field.LOGIN : Field.PASSWORD;
    }

    private boolean usesAdvancedUrl() {
        return advanced.get() && !url.get().isBlank();
    }

    public void signIn() {
        if (busy.get()) {
            return;
        }
        if (server.get().isBlank() && !usesAdvancedUrl() || login.get().isBlank() || password.get().isEmpty()) {
            error.set(messages.get("signin.missing"));
            return;
        }
        ServerAddress.Built built = usesAdvancedUrl() ? ServerAddress.advanced(url.get())
                : ServerAddress.build(server.get(), database.get());
        if (built instanceof ServerAddress.Refused r) {
            error.set(messages.format(r.problem().messageKey, r.detail()));
            return;
        }
        String jdbcUrl = ((ServerAddress.Url) built).url();
        String typed = usesAdvancedUrl() ? null : server.get().strip();
        String db = usesAdvancedUrl() ? null : ((ServerAddress.Url) built).database();
        String user = login.get().strip();
        DbOptions options = new DbOptions(jdbcUrl, user, password.get());
        error.set("");
        busy.set(true);
        tasks.run(() -> open.apply(options),
                session -> {
                    busy.set(false);
                    password.set("");
                    memory.remember(jdbcUrl, user, typed, db);
                    onSignedIn.accept(session);
                },
                failure -> {
                    busy.set(false);
                    error.set(failure instanceof StartupException se
                            ? messages.format(se.reason().messageKey, se.detail())
                            : messages.get("signin.failed"));
                });
    }

    /** Host, host:port, or a cluster's hosts separated by commas ({@code db1,db2:5433}). */
    public StringProperty serverProperty() {
        return server;
    }

    public StringProperty databaseProperty() {
        return database;
    }

    public StringProperty loginProperty() {
        return login;
    }

    public StringProperty passwordProperty() {
        return password;
    }

    /** A JDBC URL typed under "Advanced": used as it is instead of server and database, while Advanced is open. */
    public StringProperty urlProperty() {
        return url;
    }

    public BooleanProperty advancedProperty() {
        return advanced;
    }

    /** The URL that server and database make now ("" while they make none): Advanced shows it. */
    public StringBinding builtUrlProperty() {
        return builtUrl;
    }

    /** The servers signed in to lately, the latest first. */
    public ObservableList<String> recentServers() {
        return recentServers;
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }
}
