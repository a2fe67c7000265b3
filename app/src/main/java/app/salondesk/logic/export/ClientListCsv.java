package app.salondesk.logic.export;

import app.salondesk.model.clients.ClientListRow;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;

/**
 * The client list as the desk shows it (issue 36), as CSV: the columns of {@link #COLUMNS} (a file
 * format, English in every language, like the other exports), the salon's wall clock for the last
 * visit, tags joined by "; ". No text cell begins with what a spreadsheet runs as a formula
 * ({@link SpreadsheetCells}). A file is written whole or not at all.
 */
public final class ClientListCsv {

    public static final List<String> COLUMNS = List.of("id", "name", "phone", "email", "birthday", "tags", "source", "last_visit",
            "no_shows", "alert");

    private ClientListCsv() {
    }

    /** Writes the rows to {@code out} (left open); answers how many. */
    public static int write(List<ClientListRow> rows, ZoneId zone, Writer out) throws IOException {
        CSVPrinter csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader(COLUMNS.toArray(String[]::new)).get());
        for (ClientListRow c : rows) {
            csv.printRecord(c.id(), SpreadsheetCells.neutral(c.name()), SpreadsheetCells.neutral(c.phone()),
                    SpreadsheetCells.neutral(c.email()), c.birthday() == null ? "" : c.birthday().toString(),
                    SpreadsheetCells.neutral(String.join("; ", c.tags())), SpreadsheetCells.neutral(c.source()),
                    c.lastVisit() == null ? "" : CsvExports.LOCAL.format(c.lastVisit().atZone(zone)), c.noShows(), c.alert() ? "yes" : "");
        }
        csv.flush();
        return rows.size();
    }

    /** Writes the rows to {@code file} whole (a {@code .part} moved into place). */
    public static int write(List<ClientListRow> rows, ZoneId zone, Path file) throws IOException {
        Path target = file.toAbsolutePath();
        Path part = target.resolveSibling(target.getFileName() + ".part");
        int n;
        try (Writer w = new OutputStreamWriter(Files.newOutputStream(part), StandardCharsets.UTF_8)) {
            n = write(rows, zone, w);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(part);
            throw e;
        }
        app.salondesk.runtime.WholeFile.moveIntoPlace(part, target);
        return n;
    }
}
