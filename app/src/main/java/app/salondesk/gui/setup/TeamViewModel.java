package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.salon.SalonDefaults;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.Locale;

/**
 * The salon's first masters: a name each, and a colour picked for them (the calendar's column
 * headers), different from the others' while the palette lasts. More are added later.
 */
public final class TeamViewModel {

    /** Calm, distinct colours that carry white text (the column headers' text is white). */
    static final List<String> PALETTE = List.of("#8e24aa", "#d81b60", "#00897b", "#f4511e", "#3949ab",
            "#43a047", "#6d4c41", "#1e88e5", "#c0ca33", "#5e35b1", "#e53935", "#00acc1");

    /** One master's row. */
    public final class Member {
        private final StringProperty name = new SimpleStringProperty(this, "name", "");
        private final String colour;
        private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");

        Member(String colour) {
            this.colour = colour;
            name.addListener((obs, old, now) -> error.set(""));
        }

        public StringProperty nameProperty() {
            return name;
        }

        /** "#8e24aa". */
        public String colour() {
            return colour;
        }

        public ReadOnlyStringProperty errorProperty() {
            return error.getReadOnlyProperty();
        }

        String cleanName() {
            return name.get() == null ? "" : name.get().strip();
        }
    }

    private final Messages messages;
    private final ObservableList<Member> members = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper teamError = new ReadOnlyStringWrapper(this, "teamError", "");

    public TeamViewModel(Messages messages) {
        this.messages = messages;
        add();
        add();
    }

    public ObservableList<Member> members() {
        return members;
    }

    /** A new empty row with the next colour nobody has yet. */
    public Member add() {
        String colour = PALETTE.stream().filter(c -> members.stream().noneMatch(m -> m.colour.equals(c))).findFirst()
                .orElse(PALETTE.get(members.size() % PALETTE.size()));
        Member m = new Member(colour);
        members.add(m);
        teamError.set("");
        return m;
    }

    public void remove(Member m) {
        members.remove(m);
    }

    /** "At least one master" and the like, "" when there is nothing to say. */
    public ReadOnlyStringProperty teamErrorProperty() {
        return teamError.getReadOnlyProperty();
    }

    /** Shows what is wrong (Next); true when the masters may be made. Empty rows are left out. */
    public boolean check() {
        boolean ok = true;
        List<Member> named = named();
        for (Member m : members) {
            String n = m.cleanName();
            if (n.length() > SalonDefaults.MAX_NAME) {
                m.error.set(messages.format("salon.tooLong", SalonDefaults.MAX_NAME));
                ok = false;
            } else if (!n.isEmpty() && named.stream().filter(o -> o.cleanName().toLowerCase(Locale.ROOT)
                    .equals(n.toLowerCase(Locale.ROOT))).count() > 1) {
                // two columns of one name: nobody at the desk could tell them apart
                m.error.set(messages.get("team.sameName"));
                ok = false;
            } else {
                m.error.set("");
            }
        }
        if (named.isEmpty()) {
            teamError.set(messages.get("team.none"));
            ok = false;
        } else {
            teamError.set("");
        }
        return ok;
    }

    /** The rows with a name, in order. */
    public List<Member> named() {
        return members.stream().filter(m -> !m.cleanName().isEmpty()).toList();
    }
}
