package app.salondesk.gui.catalog;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.catalog.CatalogSetup;
import app.salondesk.model.catalog.Money;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.staff.MasterDetails;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Who does what, from either side: the services one master does, or the masters who do one
 * service — a tick each, and where it differs from the service's, the master's own length and
 * price (a senior stylist's haircut: 45 min, 1 500). Both setup screens use it.
 */
public final class OffersViewModel {

    public static final int MAX_MINUTES = 720;

    /** One master and one service: whether she does it, and at what length and price. */
    public static final class Row {
        private final long masterId;
        private final long serviceId;
        private final String label;
        private final ServiceDetails service;
        private final Offer saved;
        private final String note;
        private final BooleanProperty offered = new SimpleBooleanProperty(this, "offered");
        private final StringProperty minutes = new SimpleStringProperty(this, "minutes", "");
        private final StringProperty price = new SimpleStringProperty(this, "price", "");
        private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
        private String shownMinutes;
        private String shownPrice;

        /** Ticked or unticked, or the master's own terms typed, since it was shown. */
        boolean changed() {
            return offered.get() != (saved != null) || !minutes.get().strip().equals(shownMinutes.strip())
                    || !price.get().strip().equals(shownPrice.strip());
        }

        Row(long masterId, ServiceDetails service, String label, Offer saved, Money money, String note) {
            this.masterId = masterId;
            this.note = note;
            this.serviceId = service.id();
            this.service = service;
            this.label = label;
            this.saved = saved;
            offered.set(saved != null);
            minutes.set(saved == null || saved.durationMin() == null ? "" : saved.durationMin().toString());
            price.set(saved == null || saved.price() == null ? "" : money.format(saved.price()));
            shownMinutes = minutes.get();
            shownPrice = price.get();
        }

        public long masterId() {
            return masterId;
        }

        public long serviceId() {
            return serviceId;
        }

        /** The other side's name: the service on a master's list, the master on a service's. */
        public String label() {
            return label;
        }

        public ServiceDetails service() {
            return service;
        }

        /** "not sold any more" / "not active" for a row kept only because it is still offered; else "". */
        public String note() {
            return note;
        }

        public BooleanProperty offeredProperty() {
            return offered;
        }

        /** The master's own length in minutes; empty for the service's. */
        public StringProperty minutesProperty() {
            return minutes;
        }

        /** The master's own price; empty for the service's. */
        public StringProperty priceProperty() {
            return price;
        }

        public ReadOnlyStringProperty errorProperty() {
            return error.getReadOnlyProperty();
        }
    }

    private final CatalogSetup setup;
    private final TaskRunner tasks;
    private final Messages messages;
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final BooleanProperty editable = new SimpleBooleanProperty(this, "editable", true);
    private final javafx.beans.property.ReadOnlyBooleanWrapper changed = new javafx.beans.property.ReadOnlyBooleanWrapper(this, "changed");
    private Money money;
    private Map<Long, String> masterNames = Map.of();
    private Runnable reload = () -> { };
    private Object shown;

    public OffersViewModel(CatalogSetup setup, TaskRunner tasks, Messages messages) {
        this.setup = setup;
        this.tasks = tasks;
        this.messages = messages;
        javafx.beans.InvalidationListener again = x -> changed.set(rows.stream().anyMatch(Row::changed));
        rows.addListener((javafx.collections.ListChangeListener<Row>) c -> {
            while (c.next()) {
                for (Row r : c.getAddedSubList()) {
                    r.offered.addListener(again);
                    r.minutes.addListener(again);
                    r.price.addListener(again);
                }
            }
            again.invalidated(rows);
        });
    }

    /** A row ticked, unticked or its terms typed and not saved (issue 31: closing asks first). */
    public javafx.beans.property.ReadOnlyBooleanProperty changedProperty() {
        return changed.getReadOnlyProperty();
    }

    private record Loaded(List<ServiceDetails> services, List<MasterDetails> masters, List<Offer> offers, Currency currency) {
    }

    private void load(Object key, Function<Loaded, List<Row>> rowsOf) {
        shown = key;
        reload = () -> load(key, rowsOf);
        tasks.run(() -> new Loaded(setup.services(), setup.masters(), setup.offers(), setup.currency()), loaded -> {
            if (!key.equals(shown)) {
                return;   // the admin picked another master or service meanwhile
            }
            money = new Money(messages.locale(), loaded.currency());
            masterNames = loaded.masters().stream().collect(Collectors.toMap(MasterDetails::id, MasterDetails::name));
            rows.setAll(rowsOf.apply(loaded));
        }, failure -> message.set(messages.get("setup.failed")));
    }

    /** The services a master does or could do (the ones still sold, and any she still does). */
    public void showMaster(long masterId) {
        rows.clear();
        message.set("");
        load("master:" + masterId, l -> {
            Map<Long, Offer> hers = l.offers().stream().filter(o -> o.masterId() == masterId)
                    .collect(Collectors.toMap(Offer::serviceId, o -> o));
            return l.services().stream().filter(s -> s.active() || hers.containsKey(s.id()))
                    .map(s -> new Row(masterId, s, s.name(), hers.get(s.id()), money,
                            s.active() ? "" : messages.get("services.notSold"))).toList();
        });
    }

    /** The masters who do or could do a service (the active ones, and any who still do it). */
    public void showService(long serviceId) {
        rows.clear();
        message.set("");
        load("service:" + serviceId, l -> {
            Map<Long, Offer> by = l.offers().stream().filter(o -> o.serviceId() == serviceId)
                    .collect(Collectors.toMap(Offer::masterId, o -> o));
            ServiceDetails service = l.services().stream().filter(s -> s.id() == serviceId).findFirst().orElse(null);
            if (service == null) {
                return List.of();
            }
            return l.masters().stream().filter(m -> m.active() || by.containsKey(m.id()))
                    .map(m -> new Row(m.id(), service, m.name(), by.get(m.id()), money,
                            m.active() ? "" : messages.get("masters.inactive"))).toList();
        });
    }

    /** Nothing to show (a service not saved yet). */
    public void clear() {
        shown = null;
        rows.clear();
    }

    /** The offer a row stands for (null: not offered), or null with the row's error set. */
    Offer offerOf(Row r) {
        r.error.set("");
        if (!r.offered.get()) {
            return null;
        }
        Integer minutes = null;
        String m = r.minutes.get().strip();
        if (!m.isEmpty()) {
            minutes = m.matches("\\d{1,4}") ? Integer.valueOf(m) : null;
            if (minutes == null || minutes < 1 || minutes > MAX_MINUTES) {
                r.error.set(messages.format("offers.badMinutes", MAX_MINUTES));
                return null;
            }
        }
        BigDecimal price = null;
        if (!r.price.get().isBlank()) {
            price = money.parse(r.price.get());
            if (price == null) {
                r.error.set(messages.get("offers.badPrice"));
                return null;
            }
        }
        return new Offer(r.masterId, r.serviceId, minutes, price);
    }

    public void save() {
        if (!editable.get() || money == null) {
            return;
        }
        List<Offer> offered = new ArrayList<>();
        List<Offer> withdrawn = new ArrayList<>();
        boolean ok = true;
        for (Row r : rows) {
            Offer o = offerOf(r);
            if (r.offered.get() && o == null) {
                ok = false;
            } else if (o != null && !same(o, r.saved)) {
                offered.add(o);
            } else if (o == null && r.saved != null) {
                withdrawn.add(r.saved);
            }
        }
        if (!ok) {
            message.set(messages.get("offers.fixRows"));
            return;
        }
        if (offered.isEmpty() && withdrawn.isEmpty()) {
            message.set(messages.get("offers.unchanged"));
            return;
        }
        message.set("");
        tasks.run(() -> setup.saveOffers(offered, withdrawn), result -> result.fold(done -> {
            message.set(messages.get("offers.saved"));
            reload.run();
            return null;
        }, refused -> {
            message.set(messages.get(refused.messageKey()));
            return null;
        }), failure -> message.set(messages.get("setup.failed")));
    }

    private static boolean same(Offer a, Offer b) {
        return b != null && Objects.equals(a.durationMin(), b.durationMin())
                && (a.price() == null ? b.price() == null : b.price() != null && a.price().compareTo(b.price()) == 0);
    }

    /**
     * The master's own phases and cleanup of a row's service (issue 31), for a row already saved as
     * offered (the shape belongs to the offer); null otherwise.
     */
    public OwnShapeViewModel ownShape(Row r) {
        if (r.saved == null || !editable.get()) {
            return null;
        }
        OwnShapeViewModel vm = new OwnShapeViewModel(setup, tasks, messages, r.masterId,
                masterNames.getOrDefault(r.masterId, ""), r.service, r.saved.durationMin());
        vm.setOnSaved(() -> reload.run());
        return vm;
    }

    /** Whether a row's own phases may be set: offered and saved so. */
    public boolean mayShape(Row r) {
        return r.saved != null && editable.get();
    }

    /** What a row costs when nothing of the master's own is typed: "60 min · 500,00 ₴". */
    public String usual(Row r) {
        return money == null ? "" : messages.format("offers.usual", r.service().durationMin(), money.format(r.service().price()));
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public BooleanProperty editableProperty() {
        return editable;
    }
}
