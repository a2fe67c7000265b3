package app.salondesk.gui.shell;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.gui.staff.PasswordView;
import app.salondesk.gui.staff.PasswordViewModel;
import app.salondesk.gui.staff.SalonLocksView;
import app.salondesk.gui.staff.SalonLocksViewModel;
import app.salondesk.gui.staff.StaffView;
import app.salondesk.gui.staff.StaffViewModel;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.staff.StaffMember;
import app.salondesk.model.staff.StaffRole;
import javafx.stage.Window;

import java.time.Clock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The desk's windows about logins: Staff (admins), a password — one's own or a colleague's —
 * and who holds the masters' named locks. Owns only how they are opened and wired together;
 * each window has its own view and view model in {@code staff/}.
 */
final class StaffScreens {

    private final Window owner;
    private final StaffRepository staff;
    private final long tenantId;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Clock clock;
    private final StaffRole role;
    private final Supplier<String> ownLogin;
    private Consumer<String> ownPasswordChanged = password -> { };

    StaffScreens(Window owner, StaffRepository staff, long tenantId, TaskRunner tasks, Messages messages, Clock clock,
                 StaffRole role, Supplier<String> ownLogin) {
        this.owner = owner;
        this.staff = staff;
        this.tenantId = tenantId;
        this.tasks = tasks;
        this.messages = messages;
        this.clock = clock;
        this.role = role;
        this.ownLogin = ownLogin;
    }

    /** Told one's own new password, so that the desk's next connections sign in with it. */
    void setOnOwnPasswordChanged(Consumer<String> ownPasswordChanged) {
        this.ownPasswordChanged = ownPasswordChanged;
    }

    void openStaff() {
        StaffView.show(owner, new StaffViewModel(staff, tenantId, tasks, messages), messages, new StaffView.Actions() {
            @Override
            public void setPassword(Window over, StaffMember member) {
                openPassword(over, member.login());
            }

            @Override
            public void showLocks(Window over) {
                openLocks(over);
            }
        });
    }

    void openChangePassword() {
        openPassword(owner, ownLogin.get());
    }

    /** The password window for a login: one's own, or (for an admin) a colleague's. */
    private void openPassword(Window over, String login) {
        boolean own = login.equals(ownLogin.get());
        PasswordView.show(over, new PasswordViewModel(staff, login, own, tasks, messages, p -> ownPasswordChanged.accept(p)), messages);
    }

    /** Admins reach the lock list from the form's "busy" answer; the database shows it to nobody else. */
    Consumer<Window> whoHolds() {
        return role == StaffRole.ADMIN ? this::openLocks : null;
    }

    /** Admin → Staff → Locks: who holds the masters' named locks, and ending such a session. */
    private void openLocks(Window over) {
        SalonLocksView.show(over, new SalonLocksViewModel(staff, tenantId, tasks, messages, clock), messages);
    }
}
