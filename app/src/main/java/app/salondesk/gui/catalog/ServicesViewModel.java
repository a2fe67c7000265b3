package app.salondesk.gui.catalog;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.catalog.CatalogSetup;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.salon.SetupResult;
import app.salondesk.model.catalog.Money;
import app.salondesk.model.catalog.Phases;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.salon.SetupRefusal;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Services: what the salon sells — name, category, usual length, price in the salon's
 * currency, whether it is still sold — its phases and cleanup ({@link PhasesViewModel}, issue 31)
 * and which masters do it ({@link OffersViewModel}). Whether the picked service's fields were
 * changed and not saved is {@link app.salondesk.gui.common.UnsavedEdits}'.
 */
public final class ServicesViewModel {

    public static final int MAX_NAME = 200;
    public static final int MAX_CATEGORY = 100;

    private final CatalogSetup setup;
    private final TaskRunner tasks;
    private final Messages messages;
    private final OffersViewModel offers;

    private final ObservableList<ServiceDetails> services = FXCollections.observableArrayList();
    private final ObservableList<String> categories = FXCollections.observableArrayList();
    private final ObjectProperty<ServiceDetails> selected = new SimpleObjectProperty<>(this, "selected");
    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final StringProperty category = new SimpleStringProperty(this, "category", "");
    private final StringProperty minutes = new SimpleStringProperty(this, "minutes", "");
    private final StringProperty price = new SimpleStringProperty(this, "price", "");
    private final ReadOnlyObjectWrapper<Money> money = new ReadOnlyObjectWrapper<>(this, "money");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final BooleanProperty editable = new SimpleBooleanProperty(this, "editable", true);
    private final PhasesViewModel phases;
    private final app.salondesk.gui.common.UnsavedEdits edits;
    private final javafx.beans.binding.BooleanBinding changed;
    private java.util.Map<Long, ServiceRepository.Shape> shapes = java.util.Map.of();
    private Runnable onChanged = () -> { };

    public ServicesViewModel(CatalogSetup setup, TaskRunner tasks, Messages messages) {
        this.setup = setup;
        this.tasks = tasks;
        this.messages = messages;
        this.offers = new OffersViewModel(setup, tasks, messages);
        offers.editableProperty().bind(editable);
        this.phases = new PhasesViewModel(messages);
        this.edits = new app.salondesk.gui.common.UnsavedEdits(name, category, minutes, price, phases.cleanupProperty(), phases.steps())
                .watchEach(phases.steps(), PhasesViewModel.Step::processingProperty)
                .watchEach(phases.steps(), PhasesViewModel.Step::minutesProperty);
        edits.markUnchanged();
        this.changed = edits.changedProperty().or(offers.changedProperty());
        // a service of phases lasts their sum: the length follows them
        phases.steps().addListener((javafx.collections.ListChangeListener<PhasesViewModel.Step>) c -> {
            if (!phases.plain()) {
                minutes.set(Integer.toString(phases.minutes()));
            }
        });
    }

    private record Loaded(List<ServiceDetails> services, Currency currency, java.util.Map<Long, ServiceRepository.Shape> shapes) {
    }

    public void load() {
        load(selected.get() == null ? null : selected.get().id());
    }

    private void load(Long select) {
        tasks.run(() -> new Loaded(setup.services(), setup.currency(), setup.shapes()), loaded -> {
            money.set(new Money(messages.locale(), loaded.currency()));
            shapes = loaded.shapes();
            services.setAll(loaded.services());
            categories.setAll(loaded.services().stream().map(ServiceDetails::category).filter(c -> !c.isBlank())
                    .distinct().sorted().toList());
            select(loaded.services().stream().filter(s -> select != null && s.id() == select).findFirst()
                    .orElse(loaded.services().isEmpty() ? null : loaded.services().get(0)));
        }, failure -> message.set(messages.get("setup.failed")));
    }

    /** A service into the fields (null: a new one). */
    public void select(ServiceDetails s) {
        selected.set(s);
        name.set(s == null ? "" : s.name());
        category.set(s == null ? "" : s.category());
        minutes.set(s == null ? "" : Integer.toString(s.durationMin()));
        price.set(s == null || money.get() == null ? "" : money.get().format(s.price()));
        ServiceRepository.Shape shape = s == null ? null : shapes.get(s.id());
        phases.show(shape == null ? null : shape.phases(), shape == null ? 0 : shape.cleanupMin());
        edits.markUnchanged();
        if (s == null) {
            offers.clear();
        } else {
            offers.showService(s.id());
        }
    }

    /** Empty fields for a new service. */
    public void startNew() {
        message.set("");
        select(null);
    }

    /** Adds the new service, or saves the selected one's changes. */
    public void save() {
        String n = name.get().strip();
        String c = category.get() == null ? "" : category.get().strip();
        String m = minutes.get().strip();
        // a service of phases lasts their sum (checked with the phases below)
        Integer length = !phases.plain() ? Integer.valueOf(phases.minutes()) : m.matches("\\d{1,4}") ? Integer.valueOf(m) : null;
        BigDecimal amount = money.get() == null ? null : money.get().parse(price.get());
        if (n.isEmpty()) {
            message.set(messages.get("services.nameMissing"));
        } else if (n.length() > MAX_NAME || c.length() > MAX_CATEGORY) {
            message.set(messages.format("services.tooLong", MAX_NAME, MAX_CATEGORY));
        } else if (phases.plain() && (length == null || length < 1 || length > OffersViewModel.MAX_MINUTES)) {
            message.set(messages.format("offers.badMinutes", OffersViewModel.MAX_MINUTES));
        } else if (amount == null) {
            message.set(messages.get("offers.badPrice"));
        } else {
            // the phases and cleanup as the command line's --phases and --cleanup: the same limits, nothing written when wrong
            Optional<Phases> shape = phases.phases(length, message::set);
            int clean = shape.isEmpty() ? -1 : phases.cleanupMinutes(message::set);
            if (shape.isEmpty() || clean < 0) {
                return;
            }
            if (shape.get().minutes() + clean > Phases.MAX_MINUTES) {
                message.set(messages.format("phases.tooLong", Phases.MAX_MINUTES));
                return;
            }
            int total = shape.get().minutes();
            ServiceDetails s = selected.get();
            if (s == null) {
                change(() -> setup.add(n, c, total, amount, shape.get(), clean), id -> {
                    message.set(messages.format("services.added", n));
                    load(id);
                });
            } else {
                change(() -> setup.update(s.id(), n, c, total, amount, shape.get(), clean), ok -> {
                    message.set(messages.format("services.saved", n));
                    load(s.id());
                });
            }
        }
    }

    /** No longer sold (its bookings and history stay), or sold again. */
    public void setActive(boolean active) {
        ServiceDetails s = selected.get();
        if (s == null || s.active() == active) {
            return;
        }
        change(() -> setup.setActive(s.id(), active), ok -> {
            message.set(messages.format(active ? "services.reactivated" : "services.deactivated", s.name()));
            load(s.id());
        });
    }

    private <T> void change(Supplier<SetupResult<T>> work, Consumer<T> then) {
        if (!editable.get()) {
            return;
        }
        message.set("");
        tasks.run(work::get, result -> result.fold(value -> {
            then.accept(value);
            onChanged.run();
            return null;
        }, refused -> {
            message.set(messages.get(refused == SetupRefusal.NAME_TAKEN ? "services.nameTaken" : refused.messageKey()));
            return null;
        }), failure -> message.set(messages.get("setup.failed")));
    }

    /** The price as the table shows it. */
    public String price(ServiceDetails s) {
        return money.get() == null ? s.price().toPlainString() : money.get().format(s.price());
    }

    /** The booking form reads services when it opens; told anyway, for a desk that caches them. */
    public void setOnChanged(Runnable onChanged) {
        this.onChanged = onChanged;
    }

    /** The picked service's phases and cleanup. */
    public PhasesViewModel phases() {
        return phases;
    }

    /** A phase more, after the last (a plain service's first two: its length as work, then processing). */
    public void addPhase() {
        String m = minutes.get() == null ? "" : minutes.get().strip();
        phases.addStep(m.matches("\\d{1,4}") ? Integer.parseInt(m) : 0);
    }

    /** The picked service's fields, phases or masters' terms changed and not saved: closing asks first. */
    public javafx.beans.value.ObservableBooleanValue changedProperty() {
        return changed;
    }

    /** "Discard the changes to Colour?" */
    public String discardQuestion() {
        ServiceDetails s = selected.get();
        String n = name.get() == null ? "" : name.get().strip();
        String what = s != null ? s.name() : n;
        return what.isEmpty() ? messages.get("discard.changes") : messages.format("discard.changes.named", what);
    }

    public OffersViewModel offers() {
        return offers;
    }

    public ObservableList<ServiceDetails> services() {
        return services;
    }

    public ObservableList<String> categories() {
        return categories;
    }

    public ObjectProperty<ServiceDetails> selectedProperty() {
        return selected;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty categoryProperty() {
        return category;
    }

    public StringProperty minutesProperty() {
        return minutes;
    }

    public StringProperty priceProperty() {
        return price;
    }

    public ReadOnlyObjectProperty<Money> moneyProperty() {
        return money.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public BooleanProperty editableProperty() {
        return editable;
    }
}
