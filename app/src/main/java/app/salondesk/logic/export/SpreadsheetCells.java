package app.salondesk.logic.export;

/**
 * A CSV cell a spreadsheet shows as text, never runs (OWASP's "CSV injection"): a cell that
 * begins with {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return is written
 * with a single quote in front, which Excel, LibreOffice and Google Sheets read as "text". A
 * client named {@code =HYPERLINK(…)} or a note {@code =cmd|…} is then a name and a note again.
 *
 * <p>A phone is written as every other cell: {@code '+380671234567}. Written bare, a spreadsheet
 * reads {@code +380671234567} as a formula whose value is the number 380671234567 (the plus
 * gone, and a long number shown in scientific notation), so the quote keeps the phone as the
 * salon typed it, too. The imports ({@code salondesk import clients|bookings}) read such a cell
 * back without the quote ({@link #read}), so an exported file imports into another salon as it
 * was (README, "Exports").
 */
public final class SpreadsheetCells {

    private SpreadsheetCells() {
    }

    /** The cell as written to a CSV file: quoted in front when a spreadsheet would read it as a formula. */
    public static String neutral(String value) {
        if (value == null || value.isEmpty()) {
            return value == null ? "" : value;
        }
        return formulaStart(value.charAt(0)) ? "'" + value : value;
    }

    /**
     * A cell of a CSV file as the import takes it: a single quote the export put in front of a
     * formula character is taken off again ({@code '=1+1} is {@code =1+1}); any other cell is
     * left as it is.
     */
    public static String read(String cell) {
        if (cell != null && cell.length() >= 2 && cell.charAt(0) == '\'' && formulaStart(cell.charAt(1))) {
            return cell.substring(1);
        }
        return cell;
    }

    /** Whether a spreadsheet takes a cell beginning with this character for a formula. */
    public static boolean formulaStart(char c) {
        return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
    }
}
