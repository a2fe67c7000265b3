package app.salondesk.gui.clients;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.model.clients.DuplicatePair;
import app.salondesk.model.clients.PhoneNumbers;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.function.Function;

/**
 * What the client card suggests (issue 36): the clients who are likely her under another card — the same phone
 * digits, the same e-mail, the same name and birthday — each in one sentence with why, so an admin can go on to
 * Merge into…. Read off the FX thread when the card loads; an answer for an older load is thrown away.
 */
public final class CardDuplicates {

    /** One suggestion: the other client's number and what the card says of her. */
    public record Suggestion(long otherId, String text) {
    }

    /** At most this many suggestions on a card. */
    static final int SHOWN = 5;

    private final Function<Long, List<DuplicatePair>> lookup;
    private final TaskRunner tasks;
    private final Messages messages;
    private final String region;
    private final ObservableList<Suggestion> suggestions = FXCollections.observableArrayList();
    private int asked;

    /** @param lookup the likely duplicates of a client (off the FX thread), each pair's second the other client */
    public CardDuplicates(Function<Long, List<DuplicatePair>> lookup, TaskRunner tasks, Messages messages, String region) {
        this.lookup = lookup;
        this.tasks = tasks;
        this.messages = messages;
        this.region = region;
    }

    public void load(long clientId) {
        int mine = ++asked;
        tasks.run(() -> lookup.apply(clientId), found -> {
            if (mine == asked) {
                suggestions.setAll(found.stream().limit(SHOWN).map(this::suggestion).toList());
            }
        }, failure -> {
            if (mine == asked) {
                suggestions.clear();     // a suggestion is a help, not a must: nothing shown rather than an error
            }
        });
    }

    private Suggestion suggestion(DuplicatePair pair) {
        var other = pair.second();
        String who = other.phone() == null ? other.name() : other.name() + ", " + PhoneNumbers.display(other.phone(), region);
        return new Suggestion(other.id(), messages.format("client.duplicates.one", who, other.id(), messages.get(pair.reason().messageKey())));
    }

    public ObservableList<Suggestion> suggestions() {
        return suggestions;
    }
}
