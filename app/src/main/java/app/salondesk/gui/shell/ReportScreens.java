package app.salondesk.gui.shell;

import app.salondesk.gui.checkout.ReceiptPrinter;
import app.salondesk.gui.common.SaveFolder;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.gui.print.SheetPrinter;
import app.salondesk.gui.reports.ReportsView;
import app.salondesk.gui.reports.ReportsViewModel;
import app.salondesk.gui.reports.SalonPick;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.print.PdfFile;
import app.salondesk.logic.reports.ReportCsv;
import app.salondesk.logic.reports.ReportsRepository;
import app.salondesk.model.reports.BookingRow;
import app.salondesk.model.reports.Figure;
import app.salondesk.model.reports.ReportPeriod;
import app.salondesk.model.reports.SaleRow;
import app.salondesk.model.reports.SalonRef;
import app.salondesk.model.reports.SalonReport;
import app.salondesk.model.reports.SummedReport;
import app.salondesk.model.salon.Salon;
import javafx.scene.control.Label;
import javafx.scene.image.ImageView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.File;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * ☰ → Reports (issue 35, managers and admins): how the Reports window is made from the desk's logic, and where its
 * CSV and PDF go. The PDF is A4: the figures on the first page, the charts as drawn on the second. A chain manager
 * picks whose figures (a salon, or its salons of one currency added up: {@link SalonPick}); the files then say whose.
 */
final class ReportScreens {

    private static final float A4_WIDTH = 595.28f;
    private static final float A4_HEIGHT = 841.89f;

    private final Stage stage;
    private final Salon salon;
    private final ReportsRepository reports;
    private final TaskRunner tasks;
    private final Messages messages;
    private final boolean chainManager;
    private BiFunction<Window, String, File> chooseFile;

    ReportScreens(Stage stage, ReportsRepository reports, Salon salon, TaskRunner tasks, Messages messages) {
        this(stage, reports, salon, tasks, messages, false);
    }

    /**
     * @param chainManager a chain manager's login (migration 51): the window is its only one, in {@code stage}, and
     *                     lists no bookings or sales behind a figure (their clients are not its to read)
     */
    ReportScreens(Stage stage, ReportsRepository reports, Salon salon, TaskRunner tasks, Messages messages, boolean chainManager) {
        this.stage = stage;
        this.salon = salon;
        this.reports = reports;
        this.tasks = tasks;
        this.messages = messages;
        this.chainManager = chainManager;
    }

    void setFileChooser(BiFunction<Window, String, File> chooseFile) {
        this.chooseFile = chooseFile;
    }

    void reports() {
        ReportsViewModel vm = new ReportsViewModel(new ReportsViewModel.Store() {
            @Override
            public SalonReport report(ReportPeriod period) {
                return reports.report(salon.id(), period);
            }

            @Override
            public List<BookingRow> bookings(ReportPeriod period, Figure figure) {
                return reports.bookingsBehind(salon.id(), period, figure);
            }

            @Override
            public List<SaleRow> sales(ReportPeriod period) {
                return reports.salesBehind(salon.id(), period);
            }

            @Override
            public List<SalonRef> salons() {
                // the desk's Reports stay the desk's salon; a chain manager has no desk and picks among its salons
                return chainManager ? reports.salons() : List.of();
            }

            @Override
            public SalonReport report(SalonPick pick, ReportPeriod period) {
                if (pick == null) {
                    return report(period);
                }
                if (!pick.summed()) {
                    return readable(reports.report(pick.salons().get(0), period));
                }
                List<SalonReport> each = reports.reports(pick.salons(), period);
                if (each.isEmpty()) {
                    throw new IllegalStateException("none of " + pick.salons() + " is this login's to read");
                }
                return SummedReport.of(0, pick.label(), each);
            }

            @Override
            public List<BookingRow> bookings(SalonPick pick, ReportPeriod period, Figure figure) {
                List<BookingRow> out = new ArrayList<>();
                for (long id : pick == null ? List.of(salon.id()) : pick.salons()) {
                    out.addAll(reports.bookingsBehind(id, period, figure));
                }
                out.sort(java.util.Comparator.comparing(BookingRow::startsAt));
                return out;
            }

            @Override
            public List<SaleRow> sales(SalonPick pick, ReportPeriod period) {
                List<SaleRow> out = new ArrayList<>();
                for (long id : pick == null ? List.of(salon.id()) : pick.salons()) {
                    out.addAll(reports.salesBehind(id, period));
                }
                out.sort(java.util.Comparator.comparing(SaleRow::soldAt));
                return out;
            }

            @Override
            public List<SalonReport> chain(ReportPeriod period) {
                // row-level security answers which salons: a salon's own staff read theirs only, and see no such tab
                List<Long> ids = reports.salons().stream().map(SalonRef::id).toList();
                return ids.size() < 2 ? List.of() : reports.reports(ids, period);
            }

            @Override
            public boolean mayList() {
                return !chainManager;
            }
        }, tasks, messages, salon.zone(), LocalDate.now(salon.zone()));
        Stage[] window = new Stage[1];
        if (chainManager) {
            window[0] = ReportsView.showIn(stage, vm, messages, () -> saveCsv(vm, window[0]), view -> savePdf(view, window[0]));
        } else {
            window[0] = ReportsView.show(stage, vm, messages, () -> saveCsv(vm, window[0]), view -> savePdf(view, window[0]));
        }
    }

    /** A login of one salon: "report 2026-12-01 2026-12-31.csv"; a chain's pick names whose: "report Lotus 2026-12-01 …". */
    private String fileName(ReportsViewModel vm, String ext) {
        if (vm.picks().isEmpty()) {
            return messages.format("reports.fileName", vm.from.get().toString(), vm.to.get().toString(), ext);
        }
        // a salon's name may hold what a file name may not ("Nails/Lashes")
        String whose = vm.shownSalon().replaceAll("[\\\\/:*?\"<>|]", "_");
        return messages.format("reports.fileNameOf", whose, vm.from.get().toString(), vm.to.get().toString(), ext);
    }

    private static SalonReport readable(SalonReport r) {
        if (r == null) {
            throw new IllegalStateException("a salon this login may not read");
        }
        return r;
    }

    private void saveCsv(ReportsViewModel vm, Window over) {
        File file = choose(over, fileName(vm, "csv"), "*.csv");
        if (file == null) {
            return;
        }
        List<List<String>> rows = vm.csvRows();
        tasks.run(() -> {
            ReportCsv.write(file.toPath(), rows);
            return file;
        }, f -> vm.say(messages.format("reports.saved", f.getName())), failure -> vm.say(messages.get("reports.failed")));
    }

    private void savePdf(ReportsView view, Window over) {
        ReportsViewModel vm = view.viewModel();
        File file = choose(over, fileName(vm, "pdf"), "*.pdf");
        if (file == null) {
            return;
        }
        double width = A4_WIDTH - 2 * ReceiptPrinter.MARGIN;
        VBox first = new VBox(6);
        first.setPrefWidth(width);
        first.setStyle("-fx-background-color: white; -fx-font-size: 9px;");
        Label title = new Label(vm.shownSalon() + " — " + messages.get("reports.window") + " " + vm.from.get() + " … " + vm.to.get());
        title.setStyle("-fx-font-size: 13px; -fx-font-weight: bold;");
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(2);
        List<List<String>> rows = vm.shownRows();
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 1; c < rows.get(r).size(); c++) {
                grid.add(new Label(rows.get(r).get(c)), c - 1, r);
            }
        }
        first.getChildren().addAll(title, new Label(vmCompared(vm)), grid);
        VBox second = new VBox(6);
        second.setPrefWidth(width);
        second.setStyle("-fx-background-color: white;");
        for (var picture : view.chartPictures()) {
            ImageView image = new ImageView(picture);
            image.setPreserveRatio(true);
            image.setFitWidth(width);
            image.setFitHeight((A4_HEIGHT - 2 * ReceiptPrinter.MARGIN) / 4 - 8);
            second.getChildren().add(image);
        }
        List<Region> pages = ReceiptPrinter.layOut(new ArrayList<>(List.of(first, second)));
        List<PdfFile.Page> pictures = new ArrayList<>();
        for (Region page : pages) {
            pictures.add(SheetPrinter.pdfPage(page));
        }
        tasks.run(() -> PdfFile.write(file.toPath(), pictures, A4_WIDTH, A4_HEIGHT, ReceiptPrinter.MARGIN),
                n -> vm.say(messages.format("reports.saved", file.getName())), failure -> vm.say(messages.get("reports.failed")));
    }

    private static String vmCompared(ReportsViewModel vm) {
        return vm.comparedProperty().get();
    }

    private File choose(Window over, String name, String pattern) {
        return SaveFolder.shared().saveAs(over, name, pattern, chooseFile);
    }
}
