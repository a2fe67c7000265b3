package app.salondesk.gui.checkout;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.Product;
import app.salondesk.model.salon.Salon;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * Products and their stock (issue 34), no controls: the list (or only what runs low), a new product
 * (an admin's), stock received, and a correction with its reason (an admin's); the database refuses
 * what a login may not do, and the sentence says so.
 */
public final class ProductsViewModel {

    public interface Store {
        List<Product> list();

        Answer<Long> add(String name, String category, long priceMinor, int lowStock);

        Answer<Integer> move(long productId, int delta, boolean adjustment, String reason);
    }

    private final Store store;
    private final TaskRunner tasks;
    private final Messages messages;
    private final CheckoutWords words;
    private final boolean admin;
    private final ObservableList<Product> products = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private List<Product> all = List.of();
    public final BooleanProperty lowOnly = new SimpleBooleanProperty(false);
    public final StringProperty name = new SimpleStringProperty("");
    public final StringProperty category = new SimpleStringProperty("");
    public final StringProperty price = new SimpleStringProperty("");
    public final StringProperty lowStock = new SimpleStringProperty("0");
    public final StringProperty count = new SimpleStringProperty("");
    public final StringProperty reason = new SimpleStringProperty("");

    public ProductsViewModel(Salon salon, Store store, TaskRunner tasks, Messages messages, boolean admin) {
        this.store = store;
        this.tasks = tasks;
        this.messages = messages;
        this.words = new CheckoutWords(messages, salon.currency());
        this.admin = admin;
        lowOnly.addListener(o -> filter());
    }

    public void load() {
        tasks.run(store::list, list -> {
            all = list;
            filter();
        }, failure -> status.set(messages.get("checkout.loadFailed")));
    }

    private void filter() {
        products.setAll(lowOnly.get() ? all.stream().filter(Product::low).toList() : all);
    }

    public void add() {
        Long minor = words.parse(price.get());
        int low;
        try {
            low = Integer.parseInt(lowStock.get().strip());
        } catch (NumberFormatException e) {
            low = -1;
        }
        if (minor == null || low < 0) {
            status.set(messages.format("checkout.cli.badAmount", price.get() + " / " + lowStock.get()));
            return;
        }
        int l = low;
        write(() -> store.add(name.get(), category.get(), minor, l), () -> {
            name.set("");
            category.set("");
            price.set("");
        });
    }

    /** Stock received ({@code adjustment} false) or corrected, for the product picked; the count typed. */
    public void move(Product p, boolean adjustment) {
        if (p == null) {
            return;
        }
        int delta;
        try {
            delta = Integer.parseInt(count.get().strip().replace("+", ""));
        } catch (NumberFormatException e) {
            status.set(messages.format("checkout.cli.badAmount", count.get()));
            return;
        }
        write(() -> store.move(p.id(), delta, adjustment, reason.get()), () -> {
            count.set("");
            reason.set("");
        });
    }

    private <T> void write(Callable<Answer<T>> work, Runnable cleared) {
        tasks.save(messages.get("products.window"), work, answer -> {
            if (answer instanceof Answer.Refused<T> no) {
                status.set(words.problem(no.problem(), "", null));
            } else {
                status.set(messages.get("products.saved"));
                cleared.run();
                load();
            }
        }, failure -> status.set(words.tryAgain()));
    }

    public ObservableList<Product> products() {
        return products;
    }

    public boolean admin() {
        return admin;
    }

    public String money(long minor) {
        return words.money(minor);
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }
}
