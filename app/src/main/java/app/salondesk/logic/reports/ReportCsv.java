package app.salondesk.logic.reports;

import app.salondesk.logic.export.SpreadsheetCells;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A report's rows as a CSV file: UTF-8 with a byte-order mark (a spreadsheet then reads Cyrillic right), no cell read as a formula. */
public final class ReportCsv {

    private ReportCsv() {
    }

    public static void write(Path file, List<List<String>> rows) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write('\uFEFF');
            print(out, rows, "\r\n");
        }
    }

    /** The rows as CSV on {@code out} (the command line's standard output: lines end with {@code lineEnd}), flushed, not closed. */
    public static void print(Appendable out, List<List<String>> rows, String lineEnd) throws IOException {
        CSVPrinter csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setRecordSeparator(lineEnd).get());
        for (List<String> row : rows) {
            csv.printRecord(row.stream().map(SpreadsheetCells::neutral).toList());
        }
        csv.flush();
    }
}
