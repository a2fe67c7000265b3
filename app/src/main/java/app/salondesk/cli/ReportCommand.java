package app.salondesk.cli;

import app.salondesk.logic.reports.ReportCsv;
import app.salondesk.logic.reports.ReportTables;
import app.salondesk.logic.reports.ReportsRepository;
import app.salondesk.model.reports.ReportKind;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.ReportTable;
import app.salondesk.model.reports.SalonRef;
import app.salondesk.model.reports.SalonReport;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code report summary|revenue|masters|services|clients|no-shows --from DATE --to DATE [--salon ID|--all]
 * [--format table|csv]}: a manager's figures (issue 35, migration 50), of one salon or of every salon the login may
 * read side by side with their total (a chain manager's). The figures are the database's; this prints them.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"A manager's figures over a period of salon days: summary, revenue (per day), masters, services, clients",
                "or no-shows (per day); of one salon, or with --all of every salon this login may read, side by side with their total."})
final class ReportCommand extends SalonCommand {

    @Parameters(index = "0", paramLabel = "KIND", descriptionKey = "kind",
            description = "summary, revenue, masters, services, clients or no-shows; or settings (the salon's two report settings).")
    String kind;

    @Option(names = "--rebook-weeks", paramLabel = "N", description = "With settings: a visit counts as rebooked when its client books again within N weeks (1-52).")
    Integer rebookWeeks;

    @Option(names = "--late-cancel-hours", paramLabel = "H", description = "With settings: a cancellation this close to the start is a late one (0-336).")
    Integer lateCancelHours;

    @Option(names = "--from", paramLabel = "DATE", description = "The first salon day (default: the first of this month).")
    String from;

    @Option(names = "--to", paramLabel = "DATE", description = "The last salon day (default: today).")
    String to;

    @ArgGroup(exclusive = true)
    Which which;

    static final class Which {
        @Option(names = "--salon", paramLabel = "ID", description = "This salon (default: the login's own).")
        Long salon;

        @Option(names = "--all", description = "Every salon this login may read, side by side, and their total.")
        boolean all;
    }

    @Option(names = "--format", paramLabel = "table|csv", description = "Columns aligned for reading (default), or CSV for a spreadsheet.")
    String format = "table";

    @Override
    Long tenant() {
        return which != null && which.salon != null ? which.salon : super.tenant();
    }

    @Override
    boolean readsSeveralSalons() {
        return which != null && which.all;
    }

    @Override
    int run(Setup setup) throws CliInvalid {
        if (kind.strip().equals("settings")) {
            return settings(setup);
        }
        ReportKind k = ReportKind.ofCliName(kind);
        if (k == null) {
            throw new CliInvalid(setup.messages.format("reports.cli.badKind", kind));
        }
        if (!format.strip().equals("table") && !format.strip().equals("csv")) {
            throw new CliInvalid(setup.messages.format("reports.cli.badFormat", format));
        }
        LocalDate first = from == null ? setup.today().withDayOfMonth(1) : setup.input.date(from);
        LocalDate last = to == null ? setup.today() : setup.input.date(to);
        if (last.isBefore(first)) {
            throw new CliInvalid(setup.messages.format("reports.cli.badPeriod", first, last));
        }
        ReportPeriod period = new ReportPeriod(first, last);
        ReportsRepository repo = new ReportsRepository(setup.dsl);
        List<SalonReport> reports = new ArrayList<>();
        if (readsSeveralSalons()) {
            reports.addAll(repo.reports(repo.salons().stream().map(SalonRef::id).toList(), period));
        } else {
            SalonReport r = repo.report(setup.salon.id(), period);
            if (r != null) {
                reports.add(r);
            }
        }
        if (reports.isEmpty()) {
            throw new CliInvalid(setup.messages.get("reports.cli.noSalon"));
        }
        ReportTable table = ReportTables.of(k, reports);
        if (format.strip().equals("csv")) {
            csv(table, setup);
        } else {
            table(table, setup);
        }
        return 0;
    }

    /** {@code report settings [--rebook-weeks N] [--late-cancel-hours H]}: sets what is given (an admin's right), prints both. */
    private int settings(Setup setup) {
        ReportsRepository repo = new ReportsRepository(setup.dsl);
        int[] now = repo.settings(setup.salon.id());
        if (rebookWeeks != null || lateCancelHours != null) {
            repo.saveSettings(setup.salon.id(), rebookWeeks == null ? now[0] : rebookWeeks, lateCancelHours == null ? now[1] : lateCancelHours);
            now = repo.settings(setup.salon.id());
        }
        setup.out.println("rebook_weeks=" + now[0]);
        setup.out.println("late_cancel_hours=" + now[1]);
        return 0;
    }

    private static void csv(ReportTable table, Setup setup) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(table.columns());
        rows.addAll(table.rows());
        try {
            ReportCsv.print(setup.out, rows, "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Columns padded to their widest cell, numbers to the right. */
    private static void table(ReportTable table, Setup setup) {
        int n = table.columns().size();
        int[] width = new int[n];
        List<List<String>> all = new ArrayList<>();
        all.add(table.columns());
        all.addAll(table.rows());
        for (List<String> row : all) {
            for (int i = 0; i < n; i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < n; i++) {
                String cell = row.get(i);
                boolean number = cell.matches("-?[0-9]+(\\.[0-9]+)?");
                String pad = " ".repeat(width[i] - cell.length());
                line.append(i == 0 ? "" : "  ").append(number ? pad + cell : cell + (i == n - 1 ? "" : pad));
            }
            setup.out.println(line.toString().stripTrailing());
        }
    }
}
