package app.salondesk.gui.checkout;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.CommissionRate;
import app.salondesk.model.checkout.Product;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Masters' commission rates (issue 34), no controls: the rates as set (admins and managers read
 * them), and for admins a rate set for a master and a target — a service, a category, every other
 * service, a product, every other product — as a percentage or a fixed amount per unit.
 */
public final class CommissionsViewModel {

    public interface Store {
        List<CommissionRate> list();

        List<Product> products();

        Answer<Long> set(long masterId, CommissionRate.Scope scope, Long serviceId, String category, Long productId, BigDecimal percent,
                         Long fixedMinor);

        Answer<Boolean> remove(long rateId);
    }

    /** A target to pick: what it is and its words. */
    public record Target(CommissionRate.Scope scope, Long serviceId, String category, Long productId, String label) {
        @Override
        public String toString() {
            return label;
        }
    }

    private final Store store;
    private final TaskRunner tasks;
    private final Messages messages;
    private final CheckoutWords words;
    private final boolean admin;
    private final List<Master> masters;
    private final List<Service> services;
    private final List<String> categories;
    private final ObservableList<CommissionRate> rates = FXCollections.observableArrayList();
    private final ObservableList<Target> targets = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    public final ObjectProperty<Master> master = new SimpleObjectProperty<>();
    public final ObjectProperty<Target> target = new SimpleObjectProperty<>();
    public final StringProperty rate = new SimpleStringProperty("");

    public CommissionsViewModel(Salon salon, Store store, TaskRunner tasks, Messages messages, boolean admin, List<Master> masters,
                                List<Service> services, List<String> categories) {
        this.store = store;
        this.tasks = tasks;
        this.messages = messages;
        this.words = new CheckoutWords(messages, salon.currency());
        this.admin = admin;
        this.masters = List.copyOf(masters);
        this.services = List.copyOf(services);
        this.categories = List.copyOf(categories);
    }

    public void load() {
        tasks.run(() -> new Loaded(store.list(), store.products()), l -> {
            rates.setAll(l.rates());
            targets.clear();
            targets.add(new Target(CommissionRate.Scope.SERVICES, null, null, null, messages.get("commissions.allServices")));
            categories.forEach(c -> targets.add(new Target(CommissionRate.Scope.CATEGORY, null, c, null, messages.format("commissions.category", c))));
            services.forEach(s -> targets.add(new Target(CommissionRate.Scope.SERVICE, s.id(), null, null, s.name())));
            targets.add(new Target(CommissionRate.Scope.PRODUCTS, null, null, null, messages.get("commissions.allProducts")));
            l.products().forEach(p -> targets.add(new Target(CommissionRate.Scope.PRODUCT, null, null, p.id(), p.name())));
        }, failure -> status.set(messages.get("checkout.loadFailed")));
    }

    private record Loaded(List<CommissionRate> rates, List<Product> products) {
    }

    /** Sets the rate typed ("40%" or an amount per unit) for the master and target picked. */
    public void set() {
        Master m = master.get();
        Target t = target.get();
        String r = rate.get() == null ? "" : rate.get().strip();
        if (m == null || t == null || r.isEmpty()) {
            status.set(messages.get("commissions.pick"));
            return;
        }
        BigDecimal percent = null;
        Long fixed = null;
        if (r.endsWith("%")) {
            try {
                percent = new BigDecimal(r.substring(0, r.length() - 1).strip().replace(',', '.'));
            } catch (NumberFormatException e) {
                status.set(messages.format("checkout.cli.badAmount", r));
                return;
            }
        } else {
            fixed = words.parse(r);
            if (fixed == null) {
                status.set(messages.format("checkout.cli.badAmount", r));
                return;
            }
        }
        BigDecimal p = percent;
        Long f = fixed;
        write(() -> store.set(m.id(), t.scope(), t.serviceId(), t.category(), t.productId(), p, f));
    }

    public void remove(CommissionRate r) {
        if (r != null) {
            write(() -> store.remove(r.id()));
        }
    }

    private <T> void write(Callable<Answer<T>> work) {
        tasks.save(messages.get("commissions.window"), work, answer -> {
            if (answer instanceof Answer.Refused<T> no) {
                status.set(words.problem(no.problem(), "", null));
            } else {
                status.set(messages.get("commissions.saved"));
                rate.set("");
                load();
            }
        }, failure -> status.set(words.tryAgain()));
    }

    /** A rate in words: "40 %" or "50.00 ₴ per unit". */
    public String rateText(CommissionRate r) {
        return r.percent() != null ? r.percent().stripTrailingZeros().toPlainString() + " %" : messages.format("commissions.perUnit",
                words.money(r.fixedMinor()));
    }

    public String masterName(long id) {
        return masters.stream().filter(m -> m.id() == id).map(Master::name).findFirst().orElse("#" + id);
    }

    public String scopeText(CommissionRate r) {
        return switch (r.scope()) {
            case SERVICES -> messages.get("commissions.allServices");
            case PRODUCTS -> messages.get("commissions.allProducts");
            case CATEGORY -> messages.format("commissions.category", r.target());
            default -> r.target();
        };
    }

    public ObservableList<CommissionRate> rates() {
        return rates;
    }

    public ObservableList<Target> targets() {
        return targets;
    }

    public List<Master> masters() {
        return masters;
    }

    public boolean admin() {
        return admin;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }
}
