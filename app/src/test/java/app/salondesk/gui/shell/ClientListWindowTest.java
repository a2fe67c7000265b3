package app.salondesk.gui.shell;

import app.salondesk.gui.common.BackgroundTasks;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.model.clients.ClientListRow;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * ☰ → Clients… (issue 36) through the real window and a receptionist's real login: the search, each filter
 * (tag, last visit since / before, has no-shows, birthday this month) narrowing the table, and the export of
 * the filtered list read back as CSV.
 */
@ExtendWith(ApplicationExtension.class)
class ClientListWindowTest {

    private static ClientsFixture fx;
    private static StaffLogins logins;
    private static String receptionist;

    private final BackgroundTasks tasks = new BackgroundTasks();
    private Stage stage;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("client_list_window");
        logins = new StaffLogins(fx.dsl, fx.backend.database().settings());
        receptionist = logins.add(fx.tenant, "rec", "receptionist");
        // the fixture's clock is 10 March 2026: Iryna's birthday is this month, Zoia's is not
        fx.dsl.execute("UPDATE clients SET tags = '{VIP,student}', birthday = DATE '1990-03-15' WHERE id = " + fx.iryna);
        fx.dsl.execute("UPDATE clients SET tags = '{student}', birthday = DATE '1995-05-01' WHERE id = " + fx.zoia);
        fx.dsl.execute("INSERT INTO client_notes (tenant_id, client_id, body, alert) VALUES (" + fx.tenant + ", " + fx.iryna
                + ", 'Allergic to ammonia', true)");
    }

    @AfterAll
    static void close() {
        logins.close();
        fx.close();
    }

    @AfterEach
    void closeWindows(FxRobot robot) {
        robot.interact(() -> new java.util.ArrayList<>(javafx.stage.Window.getWindows()).stream().filter(w -> w != stage)
                .forEach(javafx.stage.Window::hide));
        tasks.close();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void filtersNarrowTheListAndTheExportReadsBack(FxRobot robot, @TempDir Path dir) throws Exception {
        Path csv = dir.resolve("clients.csv");
        robot.interact(() -> {
            FrontDesk desk = TestDesks.frontDesk(stage, logins.dsl(receptionist), fx.salon, tasks, new Messages(Locale.ENGLISH),
                    ClientsFixture.CLOCK, receptionist, "Database: test", null, StaffRole.RECEPTIONIST);
            desk.setFileChooser((window, name) -> {
                assertEquals("clients.csv", name);
                return csv.toFile();
            });
            stage.setScene(new Scene(desk.window().root(), 1100, 700));
            stage.show();
            desk.openClientList();
        });
        waitFor(() -> names(robot).size() == 8);
        assertEquals("Alla Zhuk", names(robot).get(0), "by name");

        robot.interact(() -> robot.lookup("#clients-search").queryAs(TextField.class).setText("iryna"));
        // the toolbar's search decides what a text finds (transliteration included): the same answer here
        waitFor(() -> names(robot).containsAll(List.of("Iryna Kovalenko", "Iryna Savchenko")) && !names(robot).contains("Alla Zhuk")
                && !names(robot).contains("Zoia Lys"));
        robot.interact(() -> robot.lookup("#clients-search").queryAs(TextField.class).setText(""));

        robot.interact(() -> robot.lookup("#clients-tag").queryAs(TextField.class).setText("vip"));
        waitFor(() -> names(robot).equals(List.of("Iryna Savchenko")));
        robot.interact(() -> robot.lookup("#clients-tag").queryAs(TextField.class).setText("student"));
        waitFor(() -> names(robot).equals(List.of("Iryna Savchenko", "Zoia Lys")));
        robot.interact(() -> robot.lookup("#clients-tag").queryAs(TextField.class).setText(""));

        robot.interact(() -> robot.lookup("#clients-birthday").queryAs(CheckBox.class).setSelected(true));
        waitFor(() -> names(robot).equals(List.of("Iryna Savchenko")));
        robot.interact(() -> robot.lookup("#clients-birthday").queryAs(CheckBox.class).setSelected(false));

        // she came on 1 February: since January finds her, before January does not (never-came clients do)
        robot.interact(() -> robot.lookup("#clients-visit-after").queryAs(DatePicker.class).setValue(LocalDate.of(2026, 1, 1)));
        waitFor(() -> names(robot).equals(List.of("Iryna Savchenko")));
        robot.interact(() -> robot.lookup("#clients-visit-after").queryAs(DatePicker.class).setValue(null));
        robot.interact(() -> robot.lookup("#clients-visit-before").queryAs(DatePicker.class).setValue(LocalDate.of(2026, 1, 1)));
        waitFor(() -> names(robot).size() == 7 && !names(robot).contains("Iryna Savchenko"));
        robot.interact(() -> robot.lookup("#clients-visit-before").queryAs(DatePicker.class).setValue(null));

        robot.interact(() -> robot.lookup("#clients-no-shows").queryAs(CheckBox.class).setSelected(true));
        waitFor(() -> names(robot).equals(List.of("Iryna Kovalenko", "Iryna Savchenko")));

        robot.clickOn("#clients-export");
        waitFor(() -> robot.lookup("#clients-status").queryLabeled().getText().equals("2 clients saved to clients.csv."));
        byte[] bytes = Files.readAllBytes(csv);
        assertEquals(0xEF, bytes[0] & 0xFF, "a byte-order mark, so a spreadsheet reads Cyrillic right");
        List<CSVRecord> records;
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            in.read();     // the byte-order mark
            records = CSVFormat.DEFAULT.parse(in).getRecords();
        }
        assertEquals(3, records.size(), "a header and her two lines");
        assertEquals(List.of("No.", "Name", "Phone", "E-mail", "Birthday", "Tags", "Found us by", "Last visit", "No-shows", "Alert"),
                records.get(0).toList());
        CSVRecord savchenko = records.get(2);
        assertEquals(Long.toString(fx.iryna), savchenko.get(0));
        assertEquals("Iryna Savchenko", savchenko.get(1));
        assertEquals("1990-03-15", savchenko.get(4));
        assertEquals("VIP, student", savchenko.get(5));
        assertEquals("2026-02-01", savchenko.get(7));
        assertEquals("2", savchenko.get(8));
        assertEquals("yes", savchenko.get(9));
        assertEquals("Iryna Kovalenko", records.get(1).get(1));
        assertEquals("1", records.get(1).get(8));
        assertEquals("", records.get(1).get(9));
    }

    @SuppressWarnings("unchecked")
    private static List<String> names(FxRobot robot) {
        TableView<ClientListRow> table = robot.lookup("#clients-table").queryAs(TableView.class);
        return List.copyOf(table.getItems()).stream().map(ClientListRow::name).toList();
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
