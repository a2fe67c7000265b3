package app.salondesk.gui.shell;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.backup.Backups;
import app.salondesk.logic.backup.Cluster;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.runtime.Backend;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ☰ → Settings → Backups through the real windows: "Back up now" lists a checked backup and the
 * status bar's warning goes; a backup older than two days is a warning in the status bar.
 */
@ExtendWith(ApplicationExtension.class)
class BackupsWindowTest {

    private final BackgroundTasks tasks = new BackgroundTasks();
    private Backend backend;
    private Shell shell;
    private Path home;

    @Start
    void start(Stage stage) throws Exception {
        ConnectionSettings settings = TestPostgres.migratedDatabase("bkwindow");
        backend = Backend.connect(settings, 3);
        TestDesks.offFx(() -> new DemoSalon(backend.dsl(), Clock.systemUTC()).seed());
        home = Files.createTempDirectory("salondesk-backups-ui");
        // an old checked backup: three days ago
        Path folder = Files.createDirectories(home.resolve("backups"));
        String old = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(LocalDateTime.now().minusDays(3));
        Files.writeString(folder.resolve("salondesk-" + old + ".zip"), "an old backup");
        Files.writeString(folder.resolve("salondesk-" + old + ".zip.verified"), "verified_at=…");
        shell = new Shell(stage, tasks, new Messages(Locale.ENGLISH), Clock.systemUTC(), home);
        shell.useBackups(new Backups(new Cluster(settings), home, Clock.systemDefaultZone()));
        shell.show(TestDesks.offFx(() -> Session.choose(backend, null)));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> {
            TestDesks.closeOwnedWindows();
            shell.close();
        });
        tasks.close();
    }

    @Test
    void anOldBackupIsAWarningUntilBackUpNowListsACheckedOne(FxRobot robot) throws Exception {
        waitFor(() -> warning(robot).isVisible());
        assertEquals("\u26a0 Last backup 3 days ago", warning(robot).getText());

        robot.clickOn("#more");
        robot.clickOn("#settings");
        robot.clickOn("#settings-backups");
        waitFor(() -> robot.lookup("#backups-list").tryQuery().isPresent() && rows(robot).size() == 1);
        assertTrue(rows(robot).get(0).endsWith(" \u00b7 3 days ago \u00b7 1 KB \u00b7 checked \u2713"), rows(robot).get(0));
        assertEquals(home.resolve("backups").toString(), robot.lookup("#backups-folder").queryAs(javafx.scene.control.TextField.class).getText());
        assertEquals("20:00", robot.lookup("#backups-time").queryAs(javafx.scene.control.TextField.class).getText());

        robot.clickOn("#backups-now");
        waitFor(() -> text(robot, "#backups-message").startsWith("Backup taken and checked: salondesk-"), 60);
        assertEquals(2, rows(robot).size());
        assertTrue(rows(robot).get(0).contains(" \u00b7 just now \u00b7 "), rows(robot).get(0));
        assertTrue(rows(robot).get(0).endsWith(" \u00b7 checked \u2713"), rows(robot).get(0));
        try (var files = Files.list(home.resolve("backups"))) {
            assertEquals(4, files.count(), "two backups, each with its mark");
        }
        waitFor(() -> !warning(robot).isVisible());
        MainWindowTest.screenshot(robot.lookup("#backups-now").query().getScene(), "settings-backups.png");
    }

    private static Hyperlink warning(FxRobot robot) {
        return robot.lookup("#backup-warning").queryAs(Hyperlink.class);
    }

    @SuppressWarnings("unchecked")
    private static List<String> rows(FxRobot robot) {
        ListView<app.salondesk.gui.backup.BackupsViewModel.Row> list = robot.lookup("#backups-list").queryAs(ListView.class);
        return list.getItems().stream().map(app.salondesk.gui.backup.BackupsViewModel.Row::text).toList();
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        waitFor(condition, 20);
    }

    private static void waitFor(Callable<Boolean> condition, int seconds) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
