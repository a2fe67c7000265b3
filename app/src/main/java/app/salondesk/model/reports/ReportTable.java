package app.salondesk.model.reports;

import java.util.List;

/**
 * A report as rows of plain cells (amounts in the currency's units with a point, shares in percent with one
 * decimal), for the command line's table and CSV and the Reports window's CSV and PDF. Columns are keys
 * ({@code bookings}, {@code no_show_rate}): the command line prints them as they are, the window through its
 * bundle ({@code reports.col.<key>}).
 */
public record ReportTable(List<String> columns, List<List<String>> rows) {

    public ReportTable {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
    }
}
