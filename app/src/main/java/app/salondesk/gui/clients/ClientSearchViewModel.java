package app.salondesk.gui.clients;

import app.salondesk.gui.common.Debouncer;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.model.clients.ClientSummary;
import app.salondesk.model.clients.PhoneNumbers;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Search as you type: what is typed, the clients that match it, and the pick. A query runs
 * only once typing pauses (the {@link Debouncer}), off the UI thread, and an answer that
 * arrives after the text changed again is dropped, so a slow early query never overwrites
 * the list for what is typed now. No controls here; it runs without the FX toolkit in tests.
 */
public final class ClientSearchViewModel {

    /** More than fit in the popup would not help: typing one more letter narrows faster than scrolling. */
    public static final int LIMIT = 12;

    private final ClientRepository clients;
    private final long tenantId;
    private final String region;
    private final TaskRunner tasks;
    private final Debouncer debouncer;

    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ObservableList<ClientSummary> results = FXCollections.observableArrayList();
    private final ObservableList<ClientSummary> resultsView = FXCollections.unmodifiableObservableList(results);
    private final ReadOnlyBooleanWrapper searching = new ReadOnlyBooleanWrapper(this, "searching");
    private final ReadOnlyBooleanWrapper noMatches = new ReadOnlyBooleanWrapper(this, "noMatches");

    /** Counts every change of the text; an answer for an older count is stale. */
    private long generation;
    /** Setting the text to the picked name is not typing: it must not search again. */
    private boolean picking;
    private Consumer<ClientSummary> onPick = c -> { };

    /** @param region the salon's country: how a number typed without +code is read */
    public ClientSearchViewModel(ClientRepository clients, long tenantId, String region, TaskRunner tasks, Debouncer debouncer) {
        this.clients = clients;
        this.tenantId = tenantId;
        this.region = region;
        this.tasks = tasks;
        this.debouncer = debouncer;
        text.addListener((obs, old, now) -> {
            if (picking) {
                return;
            }
            generation++;
            if (now == null || now.isBlank()) {
                results.clear();
                noMatches.set(false);
                searching.set(false);
            } else {
                debouncer.submit(this::searchNow);
            }
        });
    }

    /** A client's number as staff of this salon write it (national for the salon's country). */
    public String phoneShown(ClientSummary client) {
        return PhoneNumbers.display(client.phone(), region);
    }

    public StringProperty textProperty() {
        return text;
    }

    /** The matches for the current text, best first; empty while nothing is typed. */
    public ObservableList<ClientSummary> results() {
        return resultsView;
    }

    public ReadOnlyBooleanProperty searchingProperty() {
        return searching.getReadOnlyProperty();
    }

    /** The last search for the current text found nobody (the popup says so rather than vanishing). */
    public ReadOnlyBooleanProperty noMatchesProperty() {
        return noMatches.getReadOnlyProperty();
    }

    /** Who is told when a client is picked (the toolbar opens the card, the booking form fills itself in). */
    public void setOnPick(Consumer<ClientSummary> onPick) {
        this.onPick = Objects.requireNonNull(onPick);
    }

    /** Searches for the current text now, without waiting for typing to pause. */
    public void searchNow() {
        String typed = text.get();
        long asked = ++generation;
        if (typed == null || typed.isBlank()) {
            results.clear();
            noMatches.set(false);
            return;
        }
        searching.set(true);
        tasks.run(() -> clients.search(tenantId, region, typed, LIMIT),
                found -> {
                    if (asked != generation) {
                        return;   // stale: the text changed while this query ran
                    }
                    searching.set(false);
                    results.setAll(found);
                    noMatches.set(found.isEmpty());
                },
                failure -> {
                    if (asked != generation) {
                        return;
                    }
                    // logged by the task runner; an empty list is all the popup can do about it
                    searching.set(false);
                    results.clear();
                    noMatches.set(false);
                });
    }

    /** The user chose this client: the text shows the name, the list closes, the listener is told. */
    public void pick(ClientSummary client) {
        Objects.requireNonNull(client);
        picking = true;
        try {
            text.set(client.name());
        } finally {
            picking = false;
        }
        generation++;
        searching.set(false);
        results.clear();
        noMatches.set(false);
        onPick.accept(client);
    }

    /** Empties the field (the toolbar does after opening a card). */
    public void clear() {
        text.set("");
    }
}
