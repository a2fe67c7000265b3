package app.salondesk.gui.shell;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientsFixture;
import app.salondesk.model.clients.ClientListRow;
import app.salondesk.model.staff.StaffRole;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ☰ → Clients… (issue 36) through the real window and a receptionist's real login: the search, each filter
 * (tag, last visit since / before, has no-shows, birthday this month) narrowing the table, and the export of
 * the filtered list read back as CSV; in each of the desk's languages, the last visit shown as the desk shows a day
 * and no column header or date picker's prompt cut short.
 */
@ExtendWith(ApplicationExtension.class)
class ClientListWindowTest {

    @RegisterExtension
    static final ClientsOnDesk salon = new ClientsOnDesk("client_list_window");
    private static ClientsFixture fx;
    private static String receptionist;

    @BeforeAll
    static void data() {
        fx = salon.fx();
        receptionist = salon.login("rec", StaffRole.RECEPTIONIST);
        // the fixture's clock is 10 March 2026: Iryna's birthday is this month, Zoia's is not
        fx.dsl.execute("UPDATE clients SET tags = '{VIP,student}', birthday = DATE '1990-03-15' WHERE id = " + fx.iryna);
        fx.dsl.execute("UPDATE clients SET tags = '{student}', birthday = DATE '1995-05-01' WHERE id = " + fx.zoia);
        fx.dsl.execute("INSERT INTO client_notes (tenant_id, client_id, body, alert) VALUES (" + fx.tenant + ", " + fx.iryna
                + ", 'Allergic to ammonia', true)");
    }

    @Test
    void filtersNarrowTheListAndTheExportReadsBack(FxRobot robot, @TempDir Path dir) throws Exception {
        Path csv = dir.resolve("clients.csv");
        FrontDesk desk = salon.open(robot, receptionist);
        robot.interact(() -> {
            desk.setFileChooser((window, name) -> {
                assertEquals("clients.csv", name);
                return csv.toFile();
            });
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

    @Test
    void lastVisitIsTheDesksDayAndNoHeaderOrPromptIsCutInAnyLanguage(FxRobot robot) throws Exception {
        for (Locale language : List.of(Locale.ENGLISH, Locale.forLanguageTag("uk"), Locale.forLanguageTag("ru"))) {
            Messages messages = new Messages(language);
            FrontDesk desk = salon.open(robot, receptionist, language, ClientsFixture.CLOCK);
            robot.interact(desk::openClientList);
            waitFor(() -> names(robot).size() == 8);

            // she came on 1 February: the day as her card says it, in the desk's language, not 2026-02-01
            String day = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(language).format(LocalDate.of(2026, 2, 1));
            if (language == Locale.ENGLISH) {
                assertEquals("Feb 1, 2026", day);
            }
            TableCell<?, ?> cell = cell(robot, messages.get("clients.list.col.lastVisit"), "Iryna Savchenko");
            assertEquals(day, cell.getText(), language + ": the Last visit column");
            assertEquals(day, shown(cell), language + ": the day fits its column");

            TableView<?> table = robot.lookup("#clients-table").queryAs(TableView.class);
            List<String> headers = table.getColumns().stream().map(TableColumnBase::getText).toList();
            assertTrue(headers.contains(messages.get("clients.list.col.noShows")), headers.toString());
            int looked = 0;
            for (Node header : robot.from(table).lookup(".column-header").queryAll()) {
                Label label = (Label) header.lookup(".label");
                if (label != null && headers.contains(label.getText())) {
                    assertEquals(label.getText(), shown(label), language + ": a column's header is cut");
                    looked++;
                }
            }
            assertEquals(headers.size(), looked, language + ": every column's header was looked at");
            for (String picker : List.of("#clients-visit-before", "#clients-visit-after")) {
                TextField editor = robot.lookup(picker).queryAs(DatePicker.class).getEditor();
                Text prompt = new Text(editor.getPromptText());
                prompt.setFont(editor.getFont());
                double room = editor.getWidth() - editor.snappedLeftInset() - editor.snappedRightInset();
                assertTrue(prompt.getLayoutBounds().getWidth() <= room, language + ": the prompt \"" + editor.getPromptText()
                        + "\" needs " + prompt.getLayoutBounds().getWidth() + " px, its field has " + room);
            }
            salon.closeOtherWindows(robot);
        }
    }

    /** The cell of {@code column} in the row of the client named {@code name}. */
    private static TableCell<?, ?> cell(FxRobot robot, String column, String name) {
        return robot.lookup((Node n) -> n instanceof TableCell<?, ?> c && c.getTableColumn() != null
                && column.equals(c.getTableColumn().getText()) && c.getTableRow() != null && c.getTableRow().getItem() instanceof ClientListRow r
                && name.equals(r.name())).queryAs(TableCell.class);
    }

    /** The words a label shows on screen: its text, or what is left of it when it does not fit ("No-sh…"). */
    private static String shown(Labeled labeled) {
        return labeled.lookupAll(".text").stream().filter(n -> n instanceof Text).map(n -> ((Text) n).getText()).findFirst().orElse("");
    }

    @SuppressWarnings("unchecked")
    private static List<String> names(FxRobot robot) {
        TableView<ClientListRow> table = robot.lookup("#clients-table").queryAs(TableView.class);
        return List.copyOf(table.getItems()).stream().map(ClientListRow::name).toList();
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        ClientsOnDesk.waitFor(condition);
    }
}
