package app.salondesk.gui.staff;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.StaffRepository;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Who sits at a desk on a shared server. The database owner (or a superuser) bypasses every
 * salon's row-level security and is meant for migrations and the first admin only, so a desk
 * signed in as that login says so for as long as it is open; staff members may change their
 * own password. Not used in the embedded single-PC mode, where the application itself is the
 * owner by design and its password is its own business.
 */
public final class AccountViewModel {

    private final StaffRepository staff;
    private final TaskRunner tasks;
    private final Messages messages;

    private final ReadOnlyStringWrapper login = new ReadOnlyStringWrapper(this, "login", "");
    private final ReadOnlyStringWrapper ownerWarning = new ReadOnlyStringWrapper(this, "ownerWarning", "");
    private final ReadOnlyBooleanWrapper ownPasswordChangeable = new ReadOnlyBooleanWrapper(this, "ownPasswordChangeable");

    public AccountViewModel(StaffRepository staff, TaskRunner tasks, Messages messages) {
        this.staff = staff;
        this.tasks = tasks;
        this.messages = messages;
    }

    /** The login as the server sees it; what it may do depends on it, not on what was typed. */
    private record SignedIn(String login, boolean owner) {
    }

    /**
     * Asks the server who this desk signed in as. Until it answers (or when it cannot) the desk
     * warns of nothing and offers no password change.
     */
    public void check() {
        tasks.run(() -> new SignedIn(staff.sessionLogin(), staff.signedInAsOwner()), signedIn -> {
            login.set(signedIn.login());
            ownerWarning.set(signedIn.owner() ? messages.format("account.ownerWarning", signedIn.login()) : "");
            // the owner is nobody's staff member: the database would refuse, and its password is the migrations'
            ownPasswordChangeable.set(!signedIn.owner());
        }, failure -> { });   // the runner logged it; a desk that cannot ask cannot do much else either
    }

    /** The signed-in login, once the server has said it; empty before. */
    public ReadOnlyStringProperty loginProperty() {
        return login.getReadOnlyProperty();
    }

    /** The warning to show while the owner's login sits on this desk; empty otherwise. */
    public ReadOnlyStringProperty ownerWarningProperty() {
        return ownerWarning.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty ownPasswordChangeableProperty() {
        return ownPasswordChangeable.getReadOnlyProperty();
    }
}
