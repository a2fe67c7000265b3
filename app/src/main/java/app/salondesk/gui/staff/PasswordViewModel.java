package app.salondesk.gui.staff;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.StaffRepository;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.util.function.Consumer;

/**
 * A new password for one login, typed twice: one's own (every staff member) or a colleague's
 * of the own salon (an admin). The current password is not asked for: the session is signed
 * in already, and the database decides who may set whose (salondesk_set_password). The
 * password leaves this process only as a SCRAM verifier.
 */
public final class PasswordViewModel {

    public static final int MIN_LENGTH = 8;

    private final StaffRepository staff;
    private final String login;
    private final boolean own;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Consumer<String> ownPasswordChanged;

    private final StringProperty password = new SimpleStringProperty(this, "password", "");
    private final StringProperty repeat = new SimpleStringProperty(this, "repeat", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyBooleanWrapper done = new ReadOnlyBooleanWrapper(this, "done");
    /** A password typed and not set: closing the window asks first (issue 31). Set, the fields are empty again. */
    private final app.salondesk.gui.common.UnsavedEdits edits = new app.salondesk.gui.common.UnsavedEdits(password, repeat);

    /**
     * @param own                whether {@code login} is the signed-in one
     * @param ownPasswordChanged told the new password after one's own was changed, so that
     *                           this desk's next connections sign in with it
     */
    public PasswordViewModel(StaffRepository staff, String login, boolean own, TaskRunner tasks, Messages messages,
                             Consumer<String> ownPasswordChanged) {
        this.staff = staff;
        this.login = login;
        this.own = own;
        this.tasks = tasks;
        this.messages = messages;
        this.ownPasswordChanged = ownPasswordChanged;
    }

    public String title() {
        return own ? messages.get("password.titleOwn") : messages.format("password.titleFor", login);
    }

    public void submit() {
        if (busy.get() || done.get()) {
            return;
        }
        String typed = password.get();
        if (typed.length() < MIN_LENGTH) {
            message.set(messages.format("password.tooShort", MIN_LENGTH));
            return;
        }
        if (!typed.equals(repeat.get())) {
            message.set(messages.get("password.mismatch"));
            return;
        }
        char[] chars = typed.toCharArray();   // wiped by the repository
        busy.set(true);
        message.set("");
        tasks.run(() -> {
            staff.setPassword(login, chars);
            return null;
        }, ok -> {
            busy.set(false);
            done.set(true);
            password.set("");
            repeat.set("");
            if (own) {
                ownPasswordChanged.accept(typed);
            }
            message.set(own ? messages.get("password.changedOwn") : messages.format("password.changedFor", login));
        }, failure -> {
            busy.set(false);
            message.set(StaffRepository.refusalKey(failure)
                    .map(key -> messages.format("password.refused", messages.get(key)))
                    .orElseGet(() -> messages.get("staff.failed")));
        });
    }

    public ReadOnlyBooleanProperty changedProperty() {
        return edits.changedProperty();
    }

    public String discardQuestion() {
        return messages.get("discard.password");
    }

    public String login() {
        return login;
    }

    public StringProperty passwordProperty() {
        return password;
    }

    public StringProperty repeatProperty() {
        return repeat;
    }

    /** What happened, in one sentence: changed, or why not. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The password was changed; the window has nothing more to do. */
    public ReadOnlyBooleanProperty doneProperty() {
        return done.getReadOnlyProperty();
    }
}
