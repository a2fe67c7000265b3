package app.salondesk.gui.staff;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.staff.StaffMember;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.concurrent.Callable;

/**
 * Admin → Staff: the salon's logins, adding one, moving one to another role, disabling one.
 * The database decides what this admin may do; a refusal is one sentence.
 */
public final class StaffViewModel {

    public static final java.util.List<String> ROLES = java.util.List.of("receptionist", "admin", "manager");

    private final StaffRepository staff;
    private final long tenantId;
    private final TaskRunner tasks;
    private final Messages messages;

    private final ObservableList<StaffMember> members = FXCollections.observableArrayList();
    private final StringProperty newLogin = new SimpleStringProperty(this, "newLogin", "");
    private final StringProperty newName = new SimpleStringProperty(this, "newName", "");
    private final StringProperty newRole = new SimpleStringProperty(this, "newRole", "receptionist");
    private final StringProperty newPassword = new SimpleStringProperty(this, "newPassword", "");
    /** A new login's fields typed and not added (issue 31): closing the window asks first. */
    private final javafx.beans.binding.BooleanBinding changed = javafx.beans.binding.Bindings.createBooleanBinding(
            () -> !newLogin.get().isBlank() || !newName.get().isBlank() || !newPassword.get().isEmpty(), newLogin, newName, newPassword);

    public javafx.beans.value.ObservableBooleanValue changedProperty() {
        return changed;
    }
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");

    public StaffViewModel(StaffRepository staff, long tenantId, TaskRunner tasks, Messages messages) {
        this.staff = staff;
        this.tenantId = tenantId;
        this.tasks = tasks;
        this.messages = messages;
    }

    public void load() {
        tasks.run(() -> staff.list(tenantId), members::setAll, this::failed);
    }

    public void add() {
        String login = newLogin.get().strip();
        char[] password = newPassword.get().toCharArray();
        if (login.isEmpty() || password.length < 8) {
            message.set(messages.get(password.length < 8 ? "users.shortPassword" : "staff.loginMissing"));
            return;
        }
        String name = newName.get().isBlank() ? login : newName.get().strip();
        String role = newRole.get();
        change(() -> {
            staff.add(tenantId, login, name, role, password);
            return null;
        }, messages.format("staff.added", login));
        newPassword.set("");
    }

    public void setRole(StaffMember member, String role) {
        change(() -> {
            staff.setRole(member.login(), role);
            return null;
        }, messages.format("staff.roleChanged", member.login()));
    }

    public void disable(StaffMember member) {
        change(() -> {
            staff.disable(member.login());
            return null;
        }, messages.format("staff.disabled", member.login()));
    }

    private void change(Callable<Void> work, String done) {
        message.set("");
        tasks.run(work, ok -> {
            message.set(done);
            newLogin.set("");
            newName.set("");
            load();
        }, this::failed);
    }

    private void failed(Throwable t) {
        message.set(messages.get(StaffRepository.refusalKey(t).orElse("staff.failed")));
    }

    public ObservableList<StaffMember> members() {
        return members;
    }

    public StringProperty newLoginProperty() {
        return newLogin;
    }

    public StringProperty newNameProperty() {
        return newName;
    }

    public StringProperty newRoleProperty() {
        return newRole;
    }

    public StringProperty newPasswordProperty() {
        return newPassword;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
