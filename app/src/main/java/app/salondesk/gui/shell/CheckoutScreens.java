package app.salondesk.gui.shell;

import app.salondesk.gui.checkout.CheckoutView;
import app.salondesk.gui.checkout.CheckoutViewModel;
import app.salondesk.gui.checkout.CommissionsView;
import app.salondesk.gui.checkout.CommissionsViewModel;
import app.salondesk.gui.checkout.PayReportView;
import app.salondesk.gui.checkout.ProductsView;
import app.salondesk.gui.checkout.ProductsViewModel;
import app.salondesk.gui.checkout.ReceiptPrinter;
import app.salondesk.gui.checkout.ReceiptWindow;
import app.salondesk.gui.checkout.TakingsView;
import app.salondesk.gui.checkout.TakingsViewModel;
import app.salondesk.gui.checkout.TillView;
import app.salondesk.gui.checkout.TillViewModel;
import app.salondesk.gui.common.SaveFolder;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.checkout.CheckoutDesk;
import app.salondesk.logic.checkout.CommissionRepository;
import app.salondesk.logic.checkout.PayReportCsv;
import app.salondesk.logic.checkout.ProductRepository;
import app.salondesk.logic.checkout.ReceiptMail;
import app.salondesk.logic.checkout.SaleRepository;
import app.salondesk.logic.checkout.TakingsRepository;
import app.salondesk.logic.checkout.TillRepository;
import app.salondesk.logic.desk.DeskLogic;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.CommissionRate;
import app.salondesk.model.checkout.PayLine;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Product;
import app.salondesk.model.checkout.Receipt;
import app.salondesk.model.checkout.SaleSummary;
import app.salondesk.model.checkout.Takings;
import app.salondesk.model.checkout.TillDay;
import app.salondesk.model.print.PrintOutcome;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.StaffRole;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.File;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The desk's windows about money (issue 34): the checkout (from the calendar's right-click, the
 * booking form, the client card, ☰ → Sell products…), the receipt it ends on, the till and the day,
 * a period's takings with the pay report, products, commission rates. {@link FrontDesk} wires them to
 * the menu; this class owns how they are made from the desk's logic and what a sale refreshes.
 */
final class CheckoutScreens {

    private final Stage stage;
    private final Salon salon;
    private final List<Master> active;
    private final StaffRole role;
    private final CheckoutDesk checkouts;
    private final SaleRepository sales;
    private final TillRepository till;
    private final TakingsRepository takings;
    private final ProductRepository products;
    private final CommissionRepository commissions;
    private final ServiceRepository services;
    private final app.salondesk.logic.booking.ClientAlerts alertsOf;
    private final Supplier<List<Service>> catalogue;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Runnable refreshCalendar;
    private final ReceiptMail mail = ReceiptMail.NOT_SET_UP;
    private BiFunction<Window, String, File> chooseFile;

    CheckoutScreens(Stage stage, DeskLogic logic, Salon salon, List<Master> active, StaffRole role, Supplier<List<Service>> catalogue,
                    TaskRunner tasks, Messages messages, Runnable refreshCalendar) {
        this.stage = stage;
        this.salon = salon;
        this.active = active;
        this.role = role;
        this.checkouts = logic.checkout();
        this.sales = logic.sales();
        this.till = logic.till();
        this.takings = logic.takings();
        this.products = logic.products();
        this.commissions = logic.commissions();
        this.services = logic.services();
        this.alertsOf = logic.clientAlerts();
        this.catalogue = catalogue;
        this.tasks = tasks;
        this.messages = messages;
        this.refreshCalendar = refreshCalendar;
    }

    /** Tests choose the PDF's and CSV's files themselves (no system file dialog). */
    void setFileChooser(BiFunction<Window, String, File> chooseFile) {
        this.chooseFile = chooseFile;
    }

    // ---- the checkout ----------------------------------------------------------------------

    /** Checks out these bookings (and their visits' other parts); {@code clientId} for a sale of products alone to her. */
    void checkout(List<Long> bookingIds, List<Long> visitIds, Long clientId) {
        CheckoutViewModel vm = new CheckoutViewModel(salon, new CheckoutViewModel.Store() {
            @Override
            public CheckoutDesk.Start start(List<Long> ids, List<Long> visits, Long client) {
                return checkouts.start(salon.id(), ids, visits, client);
            }

            @Override
            public List<Product> products() {
                return checkouts.products(salon.id());
            }

            @Override
            public long servicePrice(long serviceId, long masterId) {
                return checkouts.servicePrice(salon.id(), serviceId, masterId);
            }

            @Override
            public CheckoutOutcome checkout(Checkout checkout) {
                return checkouts.checkout(checkout);
            }

            @Override
            public Optional<Receipt> receipt(long saleId) {
                return checkouts.receipt(salon.id(), saleId);
            }

            @Override
            public List<String> alerts(Long clientId) {
                return alertsOf.forClient(salon.id(), clientId);
            }
        }, tasks, messages, active);
        Stage window = CheckoutView.show(stage, vm, messages, catalogue.get());
        vm.setOnPaid(receipt -> {
            window.close();
            refreshCalendar.run();   // the bookings it paid for are completed now
            showReceipt(receipt);
        });
        vm.open(bookingIds, visitIds, clientId);
    }

    void showReceipt(Receipt receipt) {
        ReceiptPrinter printer = new ReceiptPrinter(messages, tasks, () -> stage, salon.zone());
        ReceiptWindow.show(stage, receipt, messages, salon.zone(), printer, chooseFile, mail.available(salon.id(), null));
    }

    // ---- the till and the day -------------------------------------------------------------

    void till() {
        TillViewModel vm = new TillViewModel(salon, new TillViewModel.Store() {
            @Override
            public LocalDate today() {
                return till.today(salon.id());
            }

            @Override
            public TillDay day(LocalDate day) {
                return till.day(salon.id(), day);
            }

            @Override
            public List<SaleSummary> sales(LocalDate day) {
                return sales.day(salon.id(), day);
            }

            @Override
            public Takings takings(LocalDate day) {
                return takings.takings(salon.id(), day, day);
            }

            @Override
            public Answer<Long> open(long floatMinor) {
                return till.open(salon.id(), floatMinor);
            }

            @Override
            public Answer<Long> move(long amountMinor, String reason) {
                return till.move(salon.id(), amountMinor, reason);
            }

            @Override
            public Answer<TillDay.Closing> close(LocalDate day, long countedMinor, String reason) {
                return till.close(salon.id(), day, countedMinor, reason);
            }

            @Override
            public Answer<Long> refund(long saleId, Long amountMinor, PaymentMethod method, String reason, UUID requestId) {
                return sales.refund(salon.id(), saleId, amountMinor, method, reason, requestId);
            }

            @Override
            public Answer<Long> voidSale(long saleId, String reason) {
                return sales.voidSale(salon.id(), saleId, reason);
            }

            @Override
            public Optional<Receipt> receipt(long saleId) {
                return sales.receipt(salon.id(), saleId);
            }
        }, tasks, messages, role == StaffRole.ADMIN);
        TillView.show(stage, vm, messages, salon.zone(), this::showReceipt);
    }

    // ---- takings and pay ------------------------------------------------------------------

    void takings() {
        boolean pay = role != StaffRole.RECEPTIONIST;
        TakingsViewModel vm = new TakingsViewModel(salon, new TakingsViewModel.Store() {
            @Override
            public Takings takings(LocalDate from, LocalDate to) {
                return takings.takings(salon.id(), from, to);
            }

            @Override
            public List<PayLine> pay(LocalDate from, LocalDate to) {
                return takings.pay(salon.id(), from, to);
            }
        }, tasks, messages, pay, LocalDate.now(salon.zone()));
        Stage[] window = new Stage[1];
        window[0] = TakingsView.show(stage, vm, messages, () -> saveCsv(vm, window[0]), () -> savePdf(vm, window[0]));
    }

    private void saveCsv(TakingsViewModel vm, Window over) {
        File file = choose(over, messages.format("pay.fileName", vm.from.get().toString(), vm.to.get().toString(), "csv"), "*.csv");
        if (file == null) {
            return;
        }
        List<PayLine> lines = vm.payLines();
        tasks.run(() -> {
            PayReportCsv.write(file.toPath(), lines, salon.currency());
            return file;
        }, f -> vm.say(messages.format("receipt.saved", f.getName())), failure -> vm.say(messages.get("receipt.failed")));
    }

    private void savePdf(TakingsViewModel vm, Window over) {
        File file = choose(over, messages.format("pay.fileName", vm.from.get().toString(), vm.to.get().toString(), "pdf"), "*.pdf");
        if (file == null) {
            return;
        }
        // A4 across: six columns of amounts in a currency's words need the room
        float w = 841.89f;
        float h = 595.28f;
        var pages = ReceiptPrinter.layOut(new PayReportView(salon.name(), vm.from.get(), vm.to.get(), vm.payLines(), messages, salon.currency())
                .pages(w - 2 * ReceiptPrinter.MARGIN, h - 2 * ReceiptPrinter.MARGIN));
        new ReceiptPrinter(messages, tasks, () -> over, salon.zone()).savePdf(pages, w, h, file.toPath(),
                o -> vm.say(o instanceof PrintOutcome.Saved s ? messages.format("receipt.saved", s.file().getFileName().toString())
                        : messages.get("receipt.failed")));
    }

    private File choose(Window over, String name, String pattern) {
        return SaveFolder.shared().saveAs(over, name, pattern, chooseFile);
    }

    // ---- products and commissions ---------------------------------------------------------

    void products() {
        ProductsViewModel vm = new ProductsViewModel(salon, new ProductsViewModel.Store() {
            @Override
            public List<Product> list() {
                return products.list(salon.id());
            }

            @Override
            public Answer<Long> add(String name, String category, long priceMinor, int lowStock) {
                return products.add(salon.id(), name, category, priceMinor, lowStock);
            }

            @Override
            public Answer<Integer> move(long productId, int delta, boolean adjustment, String reason) {
                return products.move(salon.id(), productId, delta, adjustment, reason);
            }
        }, tasks, messages, role == StaffRole.ADMIN);
        ProductsView.show(stage, vm, messages);
    }

    void commissions() {
        tasks.run(() -> services.findAll(salon.id()), all -> {
            List<Service> sold = all.stream().filter(ServiceDetails::active)
                    .map(s -> new Service(s.id(), s.name(), s.durationMin(), s.price())).toList();
            List<String> categories = all.stream().map(ServiceDetails::category).filter(c -> c != null && !c.isBlank()).distinct().sorted().toList();
            CommissionsViewModel vm = new CommissionsViewModel(salon, new CommissionsViewModel.Store() {
                @Override
                public List<CommissionRate> list() {
                    return commissions.list(salon.id());
                }

                @Override
                public List<Product> products() {
                    return products.list(salon.id());
                }

                @Override
                public Answer<Long> set(long masterId, CommissionRate.Scope scope, Long serviceId, String category, Long productId,
                                        BigDecimal percent, Long fixedMinor) {
                    return commissions.set(salon.id(), masterId, scope, serviceId, category, productId, percent, fixedMinor);
                }

                @Override
                public Answer<Boolean> remove(long rateId) {
                    return commissions.remove(salon.id(), rateId);
                }
            }, tasks, messages, role == StaffRole.ADMIN, active, sold, categories);
            CommissionsView.show(stage, vm, messages, this::takings);
        }, failure -> { });
    }
}
