package app.salondesk.gui.staff;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.StaffRepository;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The password window's rules, without the FX toolkit and before anything reaches the server. */
class PasswordViewModelTest {

    private final List<Runnable> asked = new ArrayList<>();
    private final TaskRunner tasks = new TaskRunner() {
        @Override
        public <T> void run(java.util.concurrent.Callable<T> work, java.util.function.Consumer<T> onSuccess,
                            java.util.function.Consumer<Throwable> onFailure) {
            asked.add(() -> { });
        }
    };

    private PasswordViewModel vm(Locale locale) {
        return new PasswordViewModel(new StaffRepository(null), "anna", true, tasks, new Messages(locale), p -> { });
    }

    @Test
    void aShortPasswordIsRefusedBeforeTheServerIsAsked() {
        PasswordViewModel vm = vm(Locale.ENGLISH);
        vm.passwordProperty().set("1234567");
        vm.repeatProperty().set("1234567");
        vm.submit();
        assertEquals("The password must have at least 8 characters.", vm.messageProperty().get());
        assertTrue(asked.isEmpty());
        assertFalse(vm.busyProperty().get());
    }

    @Test
    void twoDifferentPasswordsAreRefusedBeforeTheServerIsAsked() {
        PasswordViewModel vm = vm(Locale.forLanguageTag("uk"));
        vm.passwordProperty().set("long-enough-1");
        vm.repeatProperty().set("long-enough-2");
        vm.submit();
        assertEquals("Паролі не збігаються.", vm.messageProperty().get());
        assertTrue(asked.isEmpty());
    }

    @Test
    void theSameLongPasswordTwiceGoesToTheServerOnceWhileBusy() {
        PasswordViewModel vm = vm(Locale.ENGLISH);
        vm.passwordProperty().set("long-enough");
        vm.repeatProperty().set("long-enough");
        vm.submit();
        vm.submit();
        assertEquals(1, asked.size(), "a double click asks once");
        assertTrue(vm.busyProperty().get());
        assertEquals("", vm.messageProperty().get());
    }

    @Test
    void theTitleSaysWhosePasswordItIs() {
        assertEquals("Change my password", vm(Locale.ENGLISH).title());
        assertEquals("Новый пароль для vika", new PasswordViewModel(new StaffRepository(null), "vika", false, tasks,
                new Messages(Locale.forLanguageTag("ru")), p -> { }).title());
    }
}
