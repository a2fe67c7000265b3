package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.salon.SalonDefaults;
import app.salondesk.model.setup.SalonPlan;
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
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The salon's first services: name, usual length, price, and which of the masters do each —
 * all of them unless unticked, masters added later included.
 */
public final class ServiceListViewModel {

    /** The database's numeric(10,2): up to 99 999 999.99. */
    private static final Pattern PRICE = Pattern.compile("\\d{1,8}([.,]\\d{1,2})?");
    /** A new row's length, as offered. */
    private static final String USUAL_MINUTES = "60";

    /** One service's row. */
    public final class Item {
        private final StringProperty name = new SimpleStringProperty(this, "name", "");
        private final StringProperty minutes = new SimpleStringProperty(this, "minutes", USUAL_MINUTES);
        private final StringProperty price = new SimpleStringProperty(this, "price", "");
        private final Map<TeamViewModel.Member, BooleanProperty> doneBy = new IdentityHashMap<>();
        private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");

        /** What was typed in the row, for the wizard's "has changes": nothing (null) while it is as it was added. */
        private final javafx.beans.binding.ObjectBinding<List<String>> typed = javafx.beans.binding.Bindings.createObjectBinding(
                () -> blank(name.get()) && blank(price.get()) && USUAL_MINUTES.equals(minutes.get() == null ? "" : minutes.get().strip()) ? null
                        : java.util.Arrays.asList(name.get(), minutes.get(), price.get()), name, minutes, price);

        Item() {
            name.addListener((obs, old, now) -> error.set(""));
            minutes.addListener((obs, old, now) -> error.set(""));
            price.addListener((obs, old, now) -> error.set(""));
        }

        public StringProperty nameProperty() {
            return name;
        }

        /** The row's name, length and price once anything of them was typed; null while it is as added. */
        public javafx.beans.value.ObservableValue<List<String>> typedProperty() {
            return typed;
        }

        private static boolean blank(String s) {
            return s == null || s.isBlank();
        }

        public StringProperty minutesProperty() {
            return minutes;
        }

        /** As typed: "650", "650.50", "650,50". */
        public StringProperty priceProperty() {
            return price;
        }

        /** Whether this master does the service (yes unless unticked). */
        public BooleanProperty doneBy(TeamViewModel.Member m) {
            return doneBy.computeIfAbsent(m, k -> {
                BooleanProperty p = new SimpleBooleanProperty(true);
                p.addListener((obs, old, now) -> error.set(""));
                return p;
            });
        }

        public ReadOnlyStringProperty errorProperty() {
            return error.getReadOnlyProperty();
        }

        String cleanName() {
            return name.get() == null ? "" : name.get().strip();
        }

        private String problem(List<TeamViewModel.Member> masters, List<Item> named) {
            String n = cleanName();
            if (n.length() > SalonDefaults.MAX_NAME) {
                return messages.format("salon.tooLong", SalonDefaults.MAX_NAME);
            }
            if (named.stream().filter(o -> o.cleanName().toLowerCase(Locale.ROOT).equals(n.toLowerCase(Locale.ROOT))).count() > 1) {
                return messages.get("services.sameName");   // the database keeps one service per name
            }
            if (minutes() == null) {
                return messages.format("wizard.serviceMinutesInvalid", BookingEngine.MAX_DURATION_MIN);
            }
            if (price() == null) {
                return messages.get("wizard.servicePriceInvalid");
            }
            if (masters.stream().noneMatch(m -> doneBy(m).get())) {
                return messages.get("services.nobody");
            }
            return "";
        }

        Integer minutes() {
            try {
                int m = Integer.parseInt(minutes.get() == null ? "" : minutes.get().strip());
                return m > 0 && m <= BookingEngine.MAX_DURATION_MIN ? m : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }

        BigDecimal price() {
            // spaces group thousands in many languages ("1 200"); a comma is their decimal point
            String p = price.get() == null ? "" : price.get().replaceAll("[\\s\\u00a0\\u202f]", "");
            return PRICE.matcher(p).matches() ? new BigDecimal(p.replace(',', '.')) : null;
        }
    }

    private final Messages messages;
    private final ObservableList<Item> items = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper listError = new ReadOnlyStringWrapper(this, "listError", "");

    public ServiceListViewModel(Messages messages) {
        this.messages = messages;
        add();
        add();
    }

    public ObservableList<Item> items() {
        return items;
    }

    public Item add() {
        Item item = new Item();
        items.add(item);
        listError.set("");
        return item;
    }

    public void remove(Item item) {
        items.remove(item);
    }

    public ReadOnlyStringProperty listErrorProperty() {
        return listError.getReadOnlyProperty();
    }

    /** Shows what is wrong (Next, Finish); true when the services may be made. Rows without a name are left out. */
    public boolean check(List<TeamViewModel.Member> masters) {
        List<Item> named = named();
        boolean ok = true;
        for (Item item : items) {
            String problem = item.cleanName().isEmpty() ? "" : item.problem(masters, named);
            item.error.set(problem);
            ok &= problem.isEmpty();
        }
        if (named.isEmpty()) {
            listError.set(messages.get("services.none"));
            ok = false;
        }
        return ok;
    }

    /** The services as the plan has them (after {@link #check} said yes): masters as indexes into {@code masters}. */
    public List<SalonPlan.NewService> plan(List<TeamViewModel.Member> masters) {
        List<SalonPlan.NewService> plan = new ArrayList<>();
        for (Item item : named()) {
            List<Integer> who = new ArrayList<>();
            for (int i = 0; i < masters.size(); i++) {
                if (item.doneBy(masters.get(i)).get()) {
                    who.add(i);
                }
            }
            plan.add(new SalonPlan.NewService(item.cleanName(), item.minutes(), item.price(), who));
        }
        return plan;
    }

    private List<Item> named() {
        return items.stream().filter(i -> !i.cleanName().isEmpty()).toList();
    }
}
