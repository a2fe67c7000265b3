package app.salondesk.gui.checkout;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.checkout.CheckoutDesk;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.Source;
import app.salondesk.model.checkout.Bill;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Product;
import app.salondesk.model.checkout.Receipt;
import app.salondesk.model.checkout.Tender;
import app.salondesk.model.checkout.Tip;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The checkout window's state and commands (issue 34), no controls: the lines as done (each with its
 * price, quantity, discount and one reason for a price or a discount that is not the list's), the
 * discount on the whole, tips per master, what the client hands over by card, transfer, other and in
 * cash — and, worked out again at every keystroke by the same {@link Bill} the sale is written from,
 * the totals, the cash rounding, what is still due or the change, and the first thing to put right.
 * Paying writes the sale through the checkout off the FX thread; a refusal is said in one sentence and
 * nothing is written; a repeat (a double click, "try again") carries the same request id: one sale.
 */
public final class CheckoutViewModel {

    /** What the window asks of the salon's data (the shell makes it from the desk's logic). */
    public interface Store {
        CheckoutDesk.Start start(List<Long> bookingIds, List<Long> visitIds, Long clientId);

        List<Product> products();

        long servicePrice(long serviceId, long masterId);

        CheckoutOutcome checkout(Checkout checkout);

        Optional<Receipt> receipt(long saleId);

        /** The client's alerts (issue 36: "Allergic to ammonia" shouts at checkout too), oldest first; none for a walk-in. */
        default List<String> alerts(Long clientId) {
            return List.of();
        }
    }

    /** A line the person edits. */
    public final class Row {
        private final CheckoutLine base;
        public final String description;
        public final String master;
        public final boolean extra;
        public final StringProperty price = new SimpleStringProperty("");
        public final IntegerProperty quantity = new SimpleIntegerProperty(1);
        public final StringProperty discount = new SimpleStringProperty("");
        public final StringProperty reason = new SimpleStringProperty("");
        private final ReadOnlyStringWrapper amount = new ReadOnlyStringWrapper("");

        Row(CheckoutLine base, String description, String master, boolean extra) {
            this.base = base;
            this.description = description;
            this.master = master;
            this.extra = extra;
            price.set(words.plainMoney(base.listPriceMinor()));
            quantity.set(base.quantity());
            watch(price, quantity, discount, reason);
        }

        public ReadOnlyStringProperty amountProperty() {
            return amount.getReadOnlyProperty();
        }

        public long listPriceMinor() {
            return base.listPriceMinor();
        }

        public boolean product() {
            return base.productId() != null;
        }
    }

    /** A tip for one master. */
    public final class TipRow {
        public final Master master;
        public final StringProperty amount = new SimpleStringProperty("");

        TipRow(Master master) {
            this.master = master;
            watch(amount);
        }
    }

    private final Salon salon;
    private final Store store;
    private final TaskRunner tasks;
    private final Messages messages;
    private final Words words;
    private final List<Master> masters;
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ObservableList<TipRow> tips = FXCollections.observableArrayList();
    private final ObservableList<Product> products = FXCollections.observableArrayList();
    public final StringProperty wholeDiscount = new SimpleStringProperty("");
    public final StringProperty wholeReason = new SimpleStringProperty("");
    public final StringProperty card = new SimpleStringProperty("");
    public final StringProperty transfer = new SimpleStringProperty("");
    public final StringProperty other = new SimpleStringProperty("");
    public final StringProperty otherNote = new SimpleStringProperty("");
    public final StringProperty cash = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper client = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper alerts = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper sold = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper discounts = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper tipsTotal = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper rounding = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper total = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper due = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper change = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper payable = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper edited = new ReadOnlyBooleanWrapper(false);
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final UUID requestId = UUID.randomUUID();
    private CheckoutDesk.Start start;
    private Long defaultMaster;
    private Bill bill;
    private Consumer<Receipt> onPaid = r -> { };

    public CheckoutViewModel(Salon salon, Store store, TaskRunner tasks, Messages messages, List<Master> masters) {
        this.salon = salon;
        this.store = store;
        this.tasks = tasks;
        this.messages = messages;
        this.words = new Words(new CheckoutWords(messages, salon.currency()), salon);
        this.masters = List.copyOf(masters);
        watch(wholeDiscount, wholeReason, card, transfer, other, otherNote, cash);
        rows.addListener((Observable o) -> recompute());
        tips.addListener((Observable o) -> recompute());
    }

    /** Money as typed and shown in this window: the salon's currency, the person's language. */
    static final class Words {
        private final CheckoutWords words;
        private final java.text.NumberFormat plain;

        Words(CheckoutWords words, Salon salon) {
            this.words = words;
            int digits = app.salondesk.model.checkout.Amounts.minorDigits(salon.currency());
            this.plain = java.text.NumberFormat.getNumberInstance(java.util.Locale.ROOT);
            plain.setMinimumFractionDigits(digits);
            plain.setMaximumFractionDigits(digits);
            plain.setGroupingUsed(false);
            this.currency = salon.currency();
        }

        private final java.util.Currency currency;

        String money(long minor) {
            return words.money(minor);
        }

        /** An amount as it is typed into a field: "450.00". */
        String plainMoney(long minor) {
            return plain.format(app.salondesk.model.checkout.Amounts.toDecimal(minor, currency));
        }

        Long parse(String text) {
            return text == null || text.isBlank() ? Long.valueOf(0) : words.parse(text);
        }

        CheckoutWords checkout() {
            return words;
        }
    }

    private void watch(Observable... fields) {
        for (Observable f : fields) {
            f.addListener(o -> recompute());
        }
    }

    // ---- opening ---------------------------------------------------------------------------

    /** Opens on these bookings (and the other parts of their visits), read off the FX thread. */
    public void open(List<Long> bookingIds, List<Long> visitIds) {
        open(bookingIds, visitIds, null);
    }

    /** Opens on products (and tips) sold to {@code clientId}, or on her bookings of today when she has some. */
    public void open(List<Long> bookingIds, List<Long> visitIds, Long clientId) {
        busy.set(true);
        tasks.run(() -> {
            CheckoutDesk.Start found = store.start(bookingIds, visitIds, clientId);
            return new Opened(found, store.products(), found.clientId() == null ? List.of() : store.alerts(found.clientId()));
        }, opened -> {
            busy.set(false);
            start = opened.start();
            products.setAll(opened.products());
            client.set(start.clientName());
            alerts.set(opened.alerts().isEmpty() ? "" : "\u26a0 " + String.join(" \u00b7 ", opened.alerts()));
            for (CheckoutDesk.Part p : start.parts()) {
                var b = p.booking();
                String description = p.service().isBlank() ? messages.format("checkout.customLine", String.valueOf(b.id())) : p.service();
                rows.add(new Row(CheckoutLine.ofBooking(b.id(), null, b.masterId(), p.service().isBlank() ? description : "", p.listPriceMinor()),
                        description, p.master(), false));
                if (defaultMaster == null) {
                    defaultMaster = b.masterId();
                }
            }
            if (!start.paidBy().isEmpty()) {
                status.set(messages.format("checkout.problem.already_paid", String.valueOf(start.paidBy().values().iterator().next())));
            }
            loaded.set(true);
            recompute();
        }, failure -> {
            busy.set(false);
            status.set(messages.get("checkout.loadFailed"));
        });
    }

    /** A sale of products (and tips) alone, to a walk-in. */
    public void openWalkIn() {
        open(List.of(), List.of());
    }

    private record Opened(CheckoutDesk.Start start, List<Product> products, List<String> alerts) {
    }

    // ---- adding ----------------------------------------------------------------------------

    public void addProduct(Product p, int quantity) {
        if (p == null) {
            return;
        }
        Row row = new Row(CheckoutLine.product(p.id(), defaultMaster, "", Math.max(1, quantity), p.priceMinor()), p.name(),
                defaultMaster == null ? "" : masterName(defaultMaster), true);
        rows.add(row);
    }

    /** An extra service by {@code master} at its list price, read off the FX thread. */
    public void addService(long serviceId, String name, Master master) {
        if (master == null) {
            return;
        }
        tasks.run(() -> store.servicePrice(serviceId, master.id()),
                price -> rows.add(new Row(CheckoutLine.service(serviceId, master.id(), "", price), name, master.name(), true)),
                failure -> status.set(messages.get("checkout.loadFailed")));
    }

    public void remove(Row row) {
        if (row.extra) {
            rows.remove(row);
        }
    }

    public TipRow addTip(Master master) {
        for (TipRow t : tips) {
            if (t.master.id() == master.id()) {
                return t;
            }
        }
        TipRow t = new TipRow(master);
        tips.add(t);
        return t;
    }

    public void removeTip(TipRow t) {
        tips.remove(t);
    }

    /** Cash given: exactly what is due in cash (the due amount of the bill as it stands). */
    public void cashExact() {
        Bill b = bill;
        if (b != null) {
            long due = Math.max(0, b.subtotalMinor() - nonCash());
            long rounded = app.salondesk.model.checkout.Amounts.roundTo(due, app.salondesk.model.checkout.Amounts.cashStep(salon.currency()));
            cash.set(rounded == 0 ? "" : words.plainMoney(rounded));
        }
    }

    private long nonCash() {
        long n = 0;
        for (StringProperty p : List.of(card, transfer, other)) {
            Long v = words.parse(p.get());
            n += v == null ? 0 : v;
        }
        return n;
    }

    private String masterName(long id) {
        return masters.stream().filter(m -> m.id() == id).map(Master::name).findFirst().orElse("");
    }

    // ---- the bill ----------------------------------------------------------------------------

    /** The checkout as the fields say now, or null with {@code why} set when a field cannot be read. */
    Checkout draft(String[] why) {
        List<CheckoutLine> lines = new ArrayList<>();
        for (Row r : rows) {
            Long price = words.parse(r.price.get());
            if (price == null) {
                why[0] = messages.format("checkout.cli.badAmount", r.price.get());
                return null;
            }
            Discount d = discount(r.discount.get(), r.reason.get(), why);
            if (d == null) {
                return null;
            }
            lines.add(r.base.times(r.quantity.get()).priced(price, r.reason.get()).discounted(d));
        }
        List<Tip> tipped = new ArrayList<>();
        for (TipRow t : tips) {
            Long amount = words.parse(t.amount.get());
            if (amount == null) {
                why[0] = messages.format("checkout.cli.badAmount", t.amount.get());
                return null;
            }
            if (amount > 0) {
                tipped.add(new Tip(t.master.id(), amount));
            }
        }
        Discount whole = discount(wholeDiscount.get(), wholeReason.get(), why);
        if (whole == null) {
            return null;
        }
        List<Tender> tenders = new ArrayList<>();
        for (var f : List.of(Map.entry(PaymentMethod.CARD, card), Map.entry(PaymentMethod.TRANSFER, transfer),
                Map.entry(PaymentMethod.OTHER, other), Map.entry(PaymentMethod.CASH, cash))) {
            Long amount = words.parse(f.getValue().get());
            if (amount == null) {
                why[0] = messages.format("checkout.cli.badAmount", f.getValue().get());
                return null;
            }
            if (amount > 0 || f.getKey() == PaymentMethod.CASH && !f.getValue().get().isBlank()) {
                tenders.add(new Tender(f.getKey(), amount, f.getKey() == PaymentMethod.OTHER ? otherNote.get() : ""));
            }
        }
        Long clientId = start == null ? null : start.clientId();
        List<BookingAsSeen> seen = start == null ? List.of() : start.parts().stream().map(p -> BookingAsSeen.of(p.booking())).toList();
        return new Checkout(salon.id(), salon.currency(), clientId, requestId, seen, lines, whole, tipped, tenders, "", Source.CHECKOUT);
    }

    private Discount discount(String text, String reason, String[] why) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) {
            return Discount.NONE;
        }
        if (t.endsWith("%")) {
            try {
                return Discount.percent(new BigDecimal(t.substring(0, t.length() - 1).strip().replace(',', '.')), reason);
            } catch (NumberFormatException e) {
                why[0] = messages.format("checkout.cli.badAmount", t);
                return null;
            }
        }
        Long amount = words.parse(t);
        if (amount == null) {
            why[0] = messages.format("checkout.cli.badAmount", t);
            return null;
        }
        return Discount.amount(amount, reason);
    }

    private void recompute() {
        edited.set(hasChanges() && !messages.get("checkout.paid").equals(status.get()));
        String[] why = {null};
        Checkout c = draft(why);
        if (c == null) {
            bill = null;
            problem.set(why[0]);
            payable.set(false);
            return;
        }
        Bill b = c.bill();
        bill = b;
        for (int i = 0; i < rows.size() && i < b.lines().size(); i++) {
            rows.get(i).amount.set(words.money(b.lines().get(i).amountMinor()));
        }
        sold.set(words.money(b.lines().stream().mapToLong(Bill.BilledLine::grossMinor).sum()));
        discounts.set(words.money(b.lines().stream().mapToLong(l -> l.discountMinor() + l.shareMinor()).sum()));
        tipsTotal.set(words.money(b.tipsMinor()));
        rounding.set(b.roundingMinor() == 0 ? "" : words.money(b.roundingMinor()));
        total.set(words.money(b.totalMinor()));
        due.set(b.dueMinor() > 0 ? words.money(b.dueMinor()) : "");
        change.set(words.money(b.changeMinor()));
        problem.set(b.ok() ? "" : words.checkout().problem(b.problem(), b.detail(), null));
        payable.set(b.ok() && loaded.get() && (start == null || start.paidBy().isEmpty()));
    }

    // ---- paying ------------------------------------------------------------------------------

    /** Writes the sale; on success the receipt goes to {@link #setOnPaid}, else the refusal is said. */
    public void pay() {
        String[] why = {null};
        Checkout c = draft(why);
        if (c == null || busy.get() || !payable.get()) {
            return;
        }
        busy.set(true);
        status.set(messages.get("checkout.saving"));
        tasks.save(messages.format("checkout.savingWhat", client.get()), () -> {
            CheckoutOutcome o = store.checkout(c);
            Receipt receipt = o instanceof CheckoutOutcome.CheckedOut done ? store.receipt(done.sale().id()).orElse(null) : null;
            return new Paid(o, receipt);
        }, paid -> {
            busy.set(false);
            CheckoutOutcome o = paid.outcome();
            if (o instanceof CheckoutOutcome.CheckedOut && paid.receipt() != null) {
                status.set(messages.get("checkout.paid"));
                edited.set(false);
                payable.set(false);
                onPaid.accept(paid.receipt());
            } else if (o instanceof CheckoutOutcome.TryAgain) {
                status.set(words.checkout().tryAgain());
            } else if (o instanceof CheckoutOutcome.Refused r) {
                status.set(words.checkout().refusal(r));
                if (r.problem() == CheckoutProblem.ALREADY_PAID || r.problem() == CheckoutProblem.CHANGED) {
                    payable.set(false);
                }
            }
        }, failure -> {
            busy.set(false);
            status.set(words.checkout().tryAgain());
        });
    }

    private record Paid(CheckoutOutcome outcome, Receipt receipt) {
    }

    public void setOnPaid(Consumer<Receipt> onPaid) {
        this.onPaid = onPaid;
    }

    // ---- what the view binds -------------------------------------------------------------

    public ObservableList<Row> rows() {
        return rows;
    }

    public ObservableList<TipRow> tips() {
        return tips;
    }

    public ObservableList<Product> products() {
        return products;
    }

    public List<Master> masters() {
        return masters;
    }

    public Optional<Master> defaultMaster() {
        return masters.stream().filter(m -> defaultMaster != null && m.id() == defaultMaster).findFirst()
                .or(() -> masters.stream().findFirst());
    }

    public ReadOnlyStringProperty clientProperty() {
        return client.getReadOnlyProperty();
    }

    /** The client's alerts in one line ("⚠ Allergic to ammonia · …"), empty when she has none. */
    public ReadOnlyStringProperty alertsProperty() {
        return alerts.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty soldProperty() {
        return sold.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty discountsProperty() {
        return discounts.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty tipsTotalProperty() {
        return tipsTotal.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty roundingProperty() {
        return rounding.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty totalProperty() {
        return total.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty dueProperty() {
        return due.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty changeProperty() {
        return change.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty payableProperty() {
        return payable.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    /** Something typed that paying would keep: closing the window asks first. */
    public ReadOnlyBooleanProperty editedProperty() {
        return edited.getReadOnlyProperty();
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    /** Whether anything was typed that paying would keep (the window asks before it closes). */
    public boolean hasChanges() {
        return !tips.isEmpty() || rows.stream().anyMatch(r -> r.extra || !r.discount.get().isBlank() || !r.reason.get().isBlank())
                || !(card.get() + transfer.get() + other.get() + cash.get() + wholeDiscount.get()).isBlank();
    }
}
