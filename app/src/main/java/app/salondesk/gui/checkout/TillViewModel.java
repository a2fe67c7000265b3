package app.salondesk.gui.checkout;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Receipt;
import app.salondesk.model.checkout.SaleSummary;
import app.salondesk.model.checkout.Takings;
import app.salondesk.model.checkout.TillDay;
import app.salondesk.model.salon.Salon;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The till and the day (issue 34), no controls: today's float, cash put in and taken out, the cash
 * its sales brought and its refunds gave back, what should be in the drawer; the day's sales and its
 * takings by method and by master; corrections of a sale (an admin's); and closing the day by the cash
 * counted — the difference shown as it is typed, recorded by the database, which lets only an admin
 * close with one. A closed day is shown as it was closed, and nothing on it can be changed.
 */
public final class TillViewModel {

    /** What the window reads and writes (the shell makes it from the desk's logic). */
    public interface Store {
        LocalDate today();

        TillDay day(LocalDate day);

        List<SaleSummary> sales(LocalDate day);

        Takings takings(LocalDate day);

        Answer<Long> open(long floatMinor);

        Answer<Long> move(long amountMinor, String reason);

        Answer<TillDay.Closing> close(LocalDate day, long countedMinor, String reason);

        Answer<Long> refund(long saleId, Long amountMinor, PaymentMethod method, String reason, UUID requestId);

        Answer<Long> voidSale(long saleId, String reason);

        Optional<Receipt> receipt(long saleId);
    }

    private final Store store;
    private final TaskRunner tasks;
    private final Messages messages;
    private final CheckoutWords words;
    private final boolean admin;
    private final ReadOnlyObjectWrapper<LocalDate> day = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<TillDay> till = new ReadOnlyObjectWrapper<>();
    private final ObservableList<SaleSummary> sales = FXCollections.observableArrayList();
    private final ObservableList<String> takings = FXCollections.observableArrayList();
    private final ObservableList<String> moves = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper floatShown = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper cashSales = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper cashRefunds = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper expected = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper difference = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper closedText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper opened = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper closed = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    public final StringProperty floatInput = new SimpleStringProperty("");
    public final StringProperty moveAmount = new SimpleStringProperty("");
    public final StringProperty moveReason = new SimpleStringProperty("");
    public final StringProperty counted = new SimpleStringProperty("");
    public final StringProperty closeReason = new SimpleStringProperty("");
    public final StringProperty correctionAmount = new SimpleStringProperty("");
    public final StringProperty correctionReason = new SimpleStringProperty("");

    public TillViewModel(Salon salon, Store store, TaskRunner tasks, Messages messages, boolean admin) {
        this.store = store;
        this.tasks = tasks;
        this.messages = messages;
        this.words = new CheckoutWords(messages, salon.currency());
        this.admin = admin;
        counted.addListener(o -> showDifference());
    }

    /** Reads today (the salon's, as the database reckons it) and everything the till knows of it. */
    public void load() {
        load(null);
    }

    private void load(LocalDate which) {
        busy.set(true);
        tasks.run(() -> {
            LocalDate d = which != null ? which : store.today();
            return new Loaded(d, store.day(d), store.sales(d), store.takings(d));
        }, this::show, failure -> {
            busy.set(false);
            status.set(messages.get("checkout.loadFailed"));
        });
    }

    private record Loaded(LocalDate day, TillDay till, List<SaleSummary> sales, Takings takings) {
    }

    private void show(Loaded l) {
        busy.set(false);
        day.set(l.day());
        till.set(l.till());
        TillDay t = l.till();
        title.set(messages.format("till.title", l.day().format(DateTimeFormatter.ofLocalizedDate(FormatStyle.FULL).withLocale(messages.locale()))));
        opened.set(t.floatMinor() != null);
        floatShown.set(t.floatMinor() == null ? messages.get("till.notOpened") : words.money(t.floatMinor()));
        moves.setAll(t.moves().stream().map(m -> messages.format("till.moveLine", words.money(m.amountMinor()), m.reason(), m.by())).toList());
        cashSales.set(words.money(t.cashSalesMinor()));
        cashRefunds.set(words.money(t.cashRefundsMinor()));
        expected.set(words.money(t.expectedMinor()));
        closed.set(t.closed());
        closedText.set(t.closed() ? messages.format("till.closedLine", words.money(t.closing().countedMinor()),
                words.money(t.closing().expectedMinor()), words.money(t.closing().differenceMinor()), t.closing().by(),
                t.closing().reason()) : "");
        sales.setAll(l.sales());
        Takings k = l.takings();
        takings.clear();
        for (Takings.ByMethod m : k.methods()) {
            if (m.paidMinor() != 0 || m.refundedMinor() != 0) {
                takings.add(messages.format("till.takingsMethod", words.method(m.method()), words.money(m.netMinor())));
            }
        }
        for (Takings.ByMaster m : k.masters()) {
            takings.add(messages.format("till.takingsMaster", m.masterName() == null ? messages.get("till.noMaster") : m.masterName(),
                    words.money(m.servicesMinor()), words.money(m.productsMinor()), words.money(m.tipsMinor())));
        }
        takings.add(messages.format("till.takingsTotal", words.money(k.totalMinor())));
        showDifference();
    }

    private void showDifference() {
        TillDay t = till.get();
        Long c = words.parse(counted.get());
        if (t == null || c == null || counted.get().isBlank()) {
            difference.set("");
            return;
        }
        long d = c - t.expectedMinor();
        difference.set(d == 0 ? messages.get("till.balances") : messages.format("till.differs", words.money(d)));
    }

    // ---- commands --------------------------------------------------------------------------

    public void openTill() {
        Long minor = amount(floatInput.get());
        if (minor != null) {
            write(() -> store.open(minor), "till.opened", () -> floatInput.set(""));
        }
    }

    /** Cash in ({@code in}) or out of the drawer, the amount and reason typed. */
    public void move(boolean in) {
        Long minor = amount(moveAmount.get());
        if (minor != null) {
            write(() -> store.move(in ? minor : -minor, moveReason.get()), "till.moved", () -> {
                moveAmount.set("");
                moveReason.set("");
            });
        }
    }

    public void closeDay() {
        Long minor = amount(counted.get());
        LocalDate d = day.get();
        if (minor != null && d != null) {
            write(() -> store.close(d, minor, closeReason.get()), "till.closed", () -> { });
        }
    }

    public void refund(SaleSummary sale) {
        if (sale == null) {
            return;
        }
        Long minor = correctionAmount.get().isBlank() ? null : amount(correctionAmount.get());
        if (minor == null && !correctionAmount.get().isBlank()) {
            return;
        }
        UUID request = UUID.randomUUID();
        write(() -> store.refund(sale.id(), minor, firstMethod(sale.id()),
                correctionReason.get(), request), "till.refunded", () -> {
            correctionAmount.set("");
            correctionReason.set("");
        });
    }

    private PaymentMethod firstMethod(long saleId) {
        return store.receipt(saleId).flatMap(r -> r.payments().stream().findFirst()).map(Receipt.Payment::method).orElse(PaymentMethod.CASH);
    }

    public void voidSale(SaleSummary sale) {
        if (sale != null) {
            write(() -> store.voidSale(sale.id(), correctionReason.get()), "till.voided", () -> correctionReason.set(""));
        }
    }

    /** The receipt of a sale, read off the FX thread. */
    public void receipt(SaleSummary sale, Consumer<Receipt> show) {
        if (sale != null) {
            tasks.run(() -> store.receipt(sale.id()).orElseThrow(), show, failure -> status.set(messages.get("checkout.loadFailed")));
        }
    }

    private Long amount(String text) {
        Long minor = words.parse(text);
        if (minor == null) {
            status.set(messages.format("checkout.cli.badAmount", text == null ? "" : text));
        }
        return minor;
    }

    private <T> void write(Callable<Answer<T>> work, String doneKey, Runnable cleared) {
        busy.set(true);
        tasks.save(messages.get("till.window"), work, answer -> {
            busy.set(false);
            if (answer instanceof Answer.Refused<T> no) {
                status.set(words.problem(no.problem(), "", null));
            } else {
                status.set(messages.get(doneKey));
                cleared.run();
                load(day.get());
            }
        }, failure -> {
            busy.set(false);
            status.set(words.tryAgain());
        });
    }

    // ---- what the view binds -------------------------------------------------------------

    public boolean admin() {
        return admin;
    }

    public ReadOnlyObjectProperty<LocalDate> dayProperty() {
        return day.getReadOnlyProperty();
    }

    public ObservableList<SaleSummary> sales() {
        return sales;
    }

    public ObservableList<String> takings() {
        return takings;
    }

    public ObservableList<String> moves() {
        return moves;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty floatProperty() {
        return floatShown.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty cashSalesProperty() {
        return cashSales.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty cashRefundsProperty() {
        return cashRefunds.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty expectedProperty() {
        return expected.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty differenceProperty() {
        return difference.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty closedTextProperty() {
        return closedText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty openedProperty() {
        return opened.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty closedProperty() {
        return closed.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public String money(long minor) {
        return words.money(minor);
    }
}
