package app.salondesk.logic.checkout;

import app.salondesk.logic.export.SpreadsheetCells;
import app.salondesk.model.checkout.Amounts;
import app.salondesk.model.checkout.PayLine;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Currency;
import java.util.List;

/**
 * The pay report as CSV (RFC 4180, commons-csv), for the command line and the desk alike: a line per
 * master — services, products, tips, commission, pay — and the totals last; amounts in the currency's
 * minor digits with a point ("1295.00"), names never read as a formula by a spreadsheet (ADR 26).
 * Written whole or not at all (a {@code .part} file moved into place).
 */
public final class PayReportCsv {

    private PayReportCsv() {
    }

    public static void write(Path file, List<PayLine> lines, Currency currency) throws IOException {
        Path target = file.toAbsolutePath();
        Path part = target.resolveSibling(target.getFileName() + ".part");
        try (Writer out = Files.newBufferedWriter(part, StandardCharsets.UTF_8)) {
            write(out, lines, currency);
        }
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
    }

    public static void write(Writer out, List<PayLine> lines, Currency currency) throws IOException {
        try (CSVPrinter printer = new CSVPrinter(out, CSVFormat.RFC4180.builder()
                .setHeader("master", "services", "products", "tips", "commission", "pay").build())) {
            long[] sum = new long[5];
            for (PayLine l : lines) {
                long[] row = {l.servicesMinor(), l.productsMinor(), l.tipsMinor(), l.commissionMinor(), l.payMinor()};
                printer.print(SpreadsheetCells.neutral(l.masterName()));
                for (int i = 0; i < 5; i++) {
                    printer.print(plain(row[i], currency));
                    sum[i] += row[i];
                }
                printer.println();
            }
            printer.print("total");
            for (long v : sum) {
                printer.print(plain(v, currency));
            }
            printer.println();
        }
    }

    private static String plain(long minor, Currency currency) {
        return Amounts.toDecimal(minor, currency).toPlainString();
    }
}
