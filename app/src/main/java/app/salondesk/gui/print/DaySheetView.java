package app.salondesk.gui.print;

import app.salondesk.i18n.Messages;
import app.salondesk.model.print.DaySheet;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.ArrayList;
import java.util.List;

/**
 * The day sheet laid out on pages of a given size (a printer's printable area, or A4 for a
 * PDF), in points: a header on every page (salon, what the sheet is of, page n of m), then per
 * master and day a heading with her whole hours and her time off under it (as many lines as they
 * take: issue 31 found them cut to "2:00 PM–7:00…") and a line per booking, its price included. Every block has a fixed
 * height, so pages are cut before they are drawn and never overflow; a section that goes on
 * over a page says so and repeats its heading. A view only: the words come made
 * ({@link DaySheet}).
 */
public final class DaySheetView {

    static final double PAGE_HEAD = 48;
    static final double COLUMNS = 15;
    static final double ROW = 15;
    static final double NOTE_LINE = 12;
    static final int MAX_NOTE_LINES = 3;
    /** Roughly how wide a character of a note is, in points (9 pt text). */
    private static final double NOTE_CHAR = 4.6;
    private static final double[] SHARES = {0.18, 0.21, 0.15, 0.20, 0.13, 0.13};
    /** The heading's first line: the master and the day. */
    static final double HEADING_LINE = 17;

    private final DaySheet sheet;
    private final Messages messages;

    public DaySheetView(DaySheet sheet, Messages messages) {
        this.sheet = sheet;
        this.messages = messages;
    }

    private sealed interface Block permits Heading, Columns, Row, Nothing {
        double height();
    }

    /** {@code hoursLines}, {@code offLines}: how many lines her hours and her time off take. */
    private record Heading(DaySheet.Section section, boolean continued, int hoursLines, int offLines) implements Block {
        public double height() {
            return HEADING_LINE + (hoursLines + offLines) * NOTE_LINE + 3;
        }
    }

    private record Columns() implements Block {
        public double height() {
            return COLUMNS;
        }
    }

    private record Row(DaySheet.Line line, int noteLines) implements Block {
        public double height() {
            return ROW + noteLines * NOTE_LINE;
        }
    }

    private record Nothing() implements Block {
        public double height() {
            return ROW;
        }
    }

    /** The pages, each exactly {@code width} × {@code height}. */
    public List<Region> pages(double width, double height) {
        List<List<Block>> cut = cut(width, height - PAGE_HEAD);
        List<Region> pages = new ArrayList<>();
        for (int i = 0; i < cut.size(); i++) {
            pages.add(page(cut.get(i), i + 1, cut.size(), width, height));
        }
        return pages;
    }

    /** The blocks of each page: a heading keeps its columns and first line with it. */
    private List<List<Block>> cut(double width, double room) {
        List<List<Block>> pages = new ArrayList<>();
        List<Block> page = new ArrayList<>();
        double used = 0;
        for (DaySheet.Section s : sheet.sections()) {
            List<Block> rows = new ArrayList<>();
            if (s.lines().isEmpty()) {
                rows.add(new Nothing());
            }
            for (DaySheet.Line l : s.lines()) {
                rows.add(new Row(l, noteLines(l.note(), width)));
            }
            Heading head = new Heading(s, false, lines(s.hours(), width), lines(s.timeOff(), width));
            double opening = head.height() + COLUMNS + rows.get(0).height();
            if (used + opening > room && !page.isEmpty()) {
                pages.add(page);
                page = new ArrayList<>();
                used = 0;
            }
            page.add(head);
            page.add(new Columns());
            used += head.height() + COLUMNS;
            for (Block r : rows) {
                if (used + r.height() > room) {
                    pages.add(page);
                    Heading again = new Heading(s, true, head.hoursLines(), head.offLines());
                    page = new ArrayList<>(List.of(again, new Columns()));
                    used = again.height() + COLUMNS;
                }
                page.add(r);
                used += r.height();
            }
        }
        if (!page.isEmpty() || pages.isEmpty()) {
            pages.add(page);
        }
        return pages;
    }

    /** How many lines of 9 pt text the whole of {@code text} takes across the page (never cut: at least enough). */
    private static int lines(String text, double width) {
        if (text.isEmpty()) {
            return 0;
        }
        double perLine = Math.max(20, width / (NOTE_CHAR * 1.15));
        return (int) Math.ceil(text.length() / perLine);
    }

    private static int noteLines(String note, double width) {
        if (note.isEmpty()) {
            return 0;
        }
        double perLine = Math.max(20, (width * (1 - SHARES[0])) / NOTE_CHAR);
        return (int) Math.min(MAX_NOTE_LINES, Math.ceil(note.length() / perLine));
    }

    private Region page(List<Block> blocks, int number, int of, double width, double height) {
        VBox page = new VBox();
        page.getStyleClass().add("day-sheet-page");
        page.getStylesheets().add(DaySheetView.class.getResource("day-sheet.css").toExternalForm());
        fix(page, width, height);
        Label title = label(sheet.title(), "sheet-title", width * 0.75);
        Label pageNo = label(messages.format("print.page", number, of), "sheet-page-number", width * 0.25);
        pageNo.setAlignment(Pos.CENTER_RIGHT);
        HBox top = new HBox(title, pageNo);
        Label salon = label(sheet.salon() + " \u00b7 " + sheet.printed(), "sheet-salon", width);
        VBox head = new VBox(2, top, salon);
        head.getStyleClass().add("sheet-head");
        fix(head, width, PAGE_HEAD);
        page.getChildren().add(head);
        for (Block b : blocks) {
            page.getChildren().add(node(b, width));
        }
        return page;
    }

    private Region node(Block b, double width) {
        if (b instanceof Heading h) {
            return heading(h, width);
        }
        if (b instanceof Row r) {
            return line(r, width);
        }
        if (b instanceof Columns) {
            return row(width, COLUMNS, "sheet-columns", messages.get("print.col.time"), messages.get("print.col.client"),
                    messages.get("print.col.phone"), messages.get("print.col.service"), messages.get("print.col.status"),
                    messages.get("print.col.price"));
        }
        Label none = label(messages.get("print.noBookings"), "sheet-nothing", width);
        fix(none, width, ROW);
        return none;
    }

    private Region heading(Heading h, double width) {
        String text = h.section().heading() + (h.continued() ? " " + messages.get("print.continued") : "");
        Label heading = label(text, "sheet-section", width);
        fix(heading, width, HEADING_LINE);
        VBox box = new VBox(heading);
        box.getChildren().add(wrapped(h.section().hours(), "sheet-hours", width, h.hoursLines()));
        if (h.offLines() > 0) {
            box.getChildren().add(wrapped(h.section().timeOff(), "sheet-time-off", width, h.offLines()));
        }
        box.setAlignment(Pos.BOTTOM_LEFT);
        box.getStyleClass().add("sheet-section-head");
        fix(box, width, h.height());
        return box;
    }

    private static Label wrapped(String text, String style, double width, int lines) {
        Label l = label(text, style, width);
        l.setWrapText(true);
        fix(l, width, lines * NOTE_LINE);
        return l;
    }

    private Region line(Row r, double width) {
        DaySheet.Line l = r.line();
        HBox cells = row(width, ROW, "sheet-cells", l.time(), l.client(), l.phone(), l.service(), l.status(), l.price());
        VBox box = new VBox(cells);
        box.getStyleClass().add("sheet-line");
        if (l.cancelled()) {
            box.getStyleClass().add("sheet-cancelled");
        }
        if (r.noteLines() > 0) {
            Label note = label(l.note(), "sheet-note", width * (1 - SHARES[0]));
            note.setWrapText(true);
            note.setTextOverrun(OverrunStyle.ELLIPSIS);
            fix(note, width * (1 - SHARES[0]), r.noteLines() * NOTE_LINE);
            HBox indented = new HBox(note);
            indented.setPadding(new Insets(0, 0, 0, width * SHARES[0]));
            box.getChildren().add(indented);
        }
        fix(box, width, r.height());
        return box;
    }

    private static HBox row(double width, double height, String style, String... texts) {
        HBox row = new HBox();
        row.getStyleClass().add(style);
        String[] kinds = {"sheet-time", "sheet-client", "sheet-phone", "sheet-service", "sheet-status", "sheet-price"};
        for (int i = 0; i < texts.length; i++) {
            Label cell = label(texts[i], kinds[i], width * SHARES[i]);
            if (i == kinds.length - 1) {
                cell.setAlignment(Pos.CENTER_RIGHT);
            }
            fix(cell, width * SHARES[i], height);
            row.getChildren().add(cell);
        }
        HBox.setHgrow(row, Priority.NEVER);
        fix(row, width, height);
        return row;
    }

    private static Label label(String text, String style, double width) {
        Label l = new Label(text);
        l.getStyleClass().add(style);
        l.setTextOverrun(OverrunStyle.ELLIPSIS);
        l.setMinWidth(width);
        l.setPrefWidth(width);
        l.setMaxWidth(width);
        return l;
    }

    private static void fix(Region r, double width, double height) {
        r.setMinSize(width, height);
        r.setPrefSize(width, height);
        r.setMaxSize(width, height);
    }
}
