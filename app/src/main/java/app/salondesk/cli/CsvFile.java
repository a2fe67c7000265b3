package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.export.SpreadsheetCells;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jooq.exception.DataAccessException;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A CSV file as a salon's spreadsheet saves it, for the imports: UTF-8 with or without a
 * byte-order mark, and whichever delimiter the header line uses — a comma, a tab, or the
 * semicolon that Excel writes where the decimal separator is a comma (Ukrainian, Russian).
 * Column names are matched ignoring case. Rows are handled one at a time: a bad row is one
 * line saying why, and the import goes on.
 */
final class CsvFile implements AutoCloseable {

    /** What became of one row: its category for the summary, and the line printed for it. */
    record Outcome(String category, String text) {
    }

    interface RowHandler {
        Outcome handle(CSVRecord row) throws CliInvalid;
    }

    static final String INVALID = "invalid";

    private final CSVParser parser;
    private final Map<String, Integer> header = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    private final Messages messages;

    private CsvFile(CSVParser parser, Messages messages) {
        this.parser = parser;
        this.messages = messages;
        header.putAll(parser.getHeaderMap());
    }

    /** Reads the file and its header line; a file that cannot be read is one sentence. */
    static CsvFile open(Path file, Messages messages) throws CliInvalid {
        String text;
        try {
            // strict: a file saved in Windows-1251 must be refused, not read as mojibake
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new CliInvalid(messages.format("cli.invalid.notUtf8", file));
        } catch (IOException | UncheckedIOException | SecurityException e) {
            throw new CliInvalid(messages.format("cli.invalid.unreadable", file));
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);   // a spreadsheet's byte-order mark
        }
        CSVFormat format = CSVFormat.DEFAULT.builder().setDelimiter(delimiter(text)).setHeader().setSkipHeaderRecord(true)
                .setIgnoreEmptyLines(true).setTrim(true).setAllowMissingColumnNames(true).get();
        try {
            return new CsvFile(CSVParser.parse(new StringReader(text), format), messages);
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            // a broken quote in the header, or a column named twice
            throw new CliInvalid(messages.format("cli.invalid.malformed", e.getMessage()));
        }
    }

    /**
     * The delimiter of the first line that holds anything: of comma, semicolon and tab, the
     * one it has most of outside quotes (a header "name;phone;notes" has two semicolons and no
     * comma); a comma when it has none (a file of one column).
     */
    static char delimiter(String text) {
        String first = text.lines().filter(l -> !l.isBlank()).findFirst().orElse("");
        Map<Character, Integer> counts = new LinkedHashMap<>(Map.of(',', 0, ';', 0, '\t', 0));
        boolean quoted = false;
        for (char c : first.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && counts.containsKey(c)) {
                counts.merge(c, 1, Integer::sum);
            }
        }
        char best = ',';
        for (char c : new char[]{';', '\t'}) {
            if (counts.get(c) > counts.get(best)) {
                best = c;
            }
        }
        return best;
    }

    /** Refuses the file as a whole unless its header names every required column. */
    void require(List<String> required, String messageKey, Object... args) throws CliInvalid {
        if (!header.keySet().containsAll(required)) {
            throw new CliInvalid(messages.format(messageKey, args));
        }
    }

    /**
     * A cell by column name, stripped; "" when the column or the cell is missing. A quote the
     * export put in front of a formula character ({@code '+380…}, {@code '=…}) is taken off:
     * an exported file imports as it was ({@link SpreadsheetCells#read}).
     */
    String value(CSVRecord row, String column) {
        Integer index = header.get(column);
        return index != null && index < row.size() ? SpreadsheetCells.read(row.get(index).strip()).strip() : "";
    }

    /** A cell that must not be empty; "name is empty" when it is. */
    String required(CSVRecord row, String column) throws CliInvalid {
        String v = value(row, column);
        if (v.isEmpty()) {
            throw new CliInvalid(messages.format("cli.invalid.missingValue", column));
        }
        return v;
    }

    /** The line of the file a row began on (the header is line 1). */
    static long line(CSVRecord row) {
        return row.getRecordNumber() + 1;
    }

    /**
     * Handles every row, printing "row N: …" for each, and counts the outcomes by category
     * ({@code categories} in the order the summary names them). A row refused by its handler or
     * by the database is {@link #INVALID}; a broken quote ends the reading, as it swallows the
     * rest of the file.
     */
    Map<String, Integer> rows(PrintWriter out, List<String> categories, RowHandler handler) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        categories.forEach(c -> counts.put(c, 0));
        counts.putIfAbsent(INVALID, 0);
        Iterator<CSVRecord> rows = parser.iterator();
        long line = 1;
        while (true) {
            CSVRecord row;
            try {
                if (!rows.hasNext()) {
                    break;
                }
                row = rows.next();
            } catch (UncheckedIOException | IllegalStateException e) {
                out.println("row " + (line + 1) + ": invalid: " + messages.format("cli.invalid.malformed", e.getMessage()));
                counts.merge(INVALID, 1, Integer::sum);
                break;
            }
            line = line(row);
            Outcome outcome;
            try {
                outcome = handler.handle(row);
            } catch (CliInvalid e) {
                outcome = new Outcome(INVALID, "invalid: " + e.getMessage());
            } catch (DataAccessException e) {
                String sentence = Setup.refusal(e, messages).orElseThrow(() -> e);
                outcome = new Outcome(INVALID, "invalid: " + sentence);
            }
            counts.merge(outcome.category(), 1, Integer::sum);
            out.println("row " + line + ": " + outcome.text());
        }
        return counts;
    }

    /** "added=3 exists=1 invalid=0" */
    static String summary(Map<String, Integer> counts) {
        return counts.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    @Override
    public void close() {
        try {
            parser.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
