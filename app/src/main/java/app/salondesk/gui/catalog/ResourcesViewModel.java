package app.salondesk.gui.catalog;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.catalog.ResourceRepository;
import app.salondesk.model.catalog.ServiceDetails;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * ☰ → Rooms and equipment (issue 18): the salon's resources with how many of each, a new one
 * added, the one picked renamed, given another count or switched off, and which services need it.
 * Every read and write runs off the FX thread ({@link TaskRunner}); the database gives bookings
 * their units, never this screen, and refuses a change that would leave a future booking without
 * its unit (migration 22) — said here in a sentence with how many bookings. Everyone may look; only
 * an admin gets the actions (and PostgreSQL refuses anyone else all the same).
 */
public final class ResourcesViewModel {

    /** What the screen needs of the database. */
    public interface Store {
        List<ResourceRepository.Resource> resources();

        List<ServiceDetails> services();

        void add(String name, int capacity);

        /** Empty: saved; else why the database refused it, nothing written. */
        Optional<ResourceRepository.Refused> change(long resourceId, String name, int capacity, boolean active);

        /** Empty: saved; else why the database refused it, nothing written. */
        Optional<ResourceRepository.Refused> setNeededBy(long resourceId, Set<Long> before, Set<Long> now);
    }

    public final ObservableList<ResourceRepository.Resource> resources = FXCollections.observableArrayList();
    public final ObservableList<ServiceDetails> services = FXCollections.observableArrayList();
    public final ObjectProperty<ResourceRepository.Resource> picked = new SimpleObjectProperty<>();
    /** The services ticked as needing the picked resource. */
    public final ObservableList<Long> neededBy = FXCollections.observableArrayList();
    public final StringProperty newName = new SimpleStringProperty("");
    public final StringProperty newCapacity = new SimpleStringProperty("1");
    /** The picked resource as it is being changed: its name, count, and whether it is in use. */
    public final StringProperty editName = new SimpleStringProperty("");
    public final StringProperty editCapacity = new SimpleStringProperty("");
    public final BooleanProperty editActive = new SimpleBooleanProperty(true);
    public final StringProperty message = new SimpleStringProperty("");
    public final BooleanProperty editable = new SimpleBooleanProperty(false);

    private final Store store;
    private final TaskRunner tasks;
    private final Messages messages;

    public ResourcesViewModel(Store store, TaskRunner tasks, Messages messages) {
        this.store = store;
        this.tasks = tasks;
        this.messages = messages;
        picked.addListener((obs, old, now) -> {
            neededBy.setAll(now == null ? List.of() : now.neededBy());
            editName.set(now == null ? "" : now.name());
            editCapacity.set(now == null ? "" : Integer.toString(now.capacity()));
            editActive.set(now == null || now.active());
        });
    }

    /**
     * Typed and not saved (issue 31): a new room's name not added, the picked one's name, count,
     * use or services changed. Closing the window asks first then.
     */
    public final javafx.beans.binding.BooleanBinding changed = javafx.beans.binding.Bindings.createBooleanBinding(() -> {
        if (newName.get() != null && !newName.get().isBlank()) {
            return true;
        }
        ResourceRepository.Resource r = picked.get();
        return r != null && (!r.name().equals(editName.get() == null ? "" : editName.get().strip())
                || !Integer.toString(r.capacity()).equals(editCapacity.get() == null ? "" : editCapacity.get().strip())
                || r.active() != editActive.get() || !new HashSet<>(r.neededBy()).equals(new HashSet<>(neededBy)));
    }, newName, picked, editName, editCapacity, editActive, neededBy);

    /** "Discard the changes to Pedicure chair?" */
    public String discardQuestion() {
        ResourceRepository.Resource r = picked.get();
        return r != null ? messages.format("discard.changes.named", r.name()) : messages.get("discard.changes");
    }

    public void load() {
        tasks.run(() -> new Object[]{store.resources(), store.services()}, r -> {
            @SuppressWarnings("unchecked") List<ResourceRepository.Resource> rs = (List<ResourceRepository.Resource>) r[0];
            @SuppressWarnings("unchecked") List<ServiceDetails> ss = (List<ServiceDetails>) r[1];
            Long keep = picked.get() == null ? null : picked.get().id();
            resources.setAll(rs);
            services.setAll(ss);
            picked.set(rs.stream().filter(x -> keep != null && x.id() == keep).findFirst().orElse(null));
        }, failure -> message.set(messages.get("resources.failed")));
    }

    public void add() {
        String name = newName.get() == null ? "" : newName.get().strip();
        Integer capacity = checked(name, newCapacity.get(), null);
        if (capacity == null) {
            return;
        }
        tasks.save(messages.get("resources.title"), () -> {
            store.add(name, capacity);
            return true;
        }, ok -> {
            newName.set("");
            newCapacity.set("1");
            message.set(messages.format("resources.added", name));
            load();
        }, failure -> message.set(messages.get("resources.failed")));
    }

    /** The name and count as typed, or null with the reason in {@link #message}; {@code except}: the resource being renamed. */
    private Integer checked(String name, String capacityText, Long except) {
        int capacity;
        try {
            capacity = Integer.parseInt(capacityText == null ? "" : capacityText.strip());
        } catch (NumberFormatException e) {
            capacity = 0;
        }
        if (name.isEmpty() || name.length() > 200) {
            message.set(messages.get("resources.nameNeeded"));
            return null;
        }
        if (capacity < 1 || capacity > 50) {
            message.set(messages.format("cli.invalid.capacity", capacityText == null ? "" : capacityText.strip()));
            return null;
        }
        if (resources.stream().anyMatch(r -> (except == null || r.id() != except) && r.name().equalsIgnoreCase(name))) {
            message.set(messages.format("cli.invalid.resourceExists", name));
            return null;
        }
        return capacity;
    }

    /** Saves the picked resource's name, count and use as edited; a refusal says how many future bookings stand in the way. */
    public void saveResource() {
        ResourceRepository.Resource r = picked.get();
        if (r == null) {
            return;
        }
        String name = editName.get() == null ? "" : editName.get().strip();
        Integer capacity = checked(name, editCapacity.get(), r.id());
        if (capacity == null) {
            return;
        }
        boolean active = editActive.get();
        tasks.save(messages.get("resources.title"), () -> store.change(r.id(), name, capacity, active), refused -> {
            if (refused.isPresent()) {
                message.set(refusal(refused.get(), r.name(), capacity, active, active && !r.active()));
                return;
            }
            message.set(messages.format("resources.changed", name));
            load();
        }, failure -> message.set(messages.get("resources.failed")));
    }

    /** The database's refusal in the user's words: switching off, a lower count, or switching on that leaves bookings without a unit. */
    private String refusal(ResourceRepository.Refused refused, String name, int capacity, boolean active, boolean switchingOn) {
        if (refused.why() == ResourceRepository.Refused.Why.WITHOUT_UNIT) {
            return messages.format(switchingOn ? "resources.refused.on" : "resources.refused.need", name, refused.bookings());
        }
        return active ? messages.format("resources.refused.count", name, refused.bookings(), capacity)
                : messages.format("resources.refused.off", name, refused.bookings());
    }

    /** Ticks or unticks a service for the picked resource (saved with {@link #saveNeeds}). */
    public void setNeeded(long serviceId, boolean needed) {
        if (needed && !neededBy.contains(serviceId)) {
            neededBy.add(serviceId);
        } else if (!needed) {
            neededBy.remove(serviceId);
        }
    }

    public void saveNeeds() {
        ResourceRepository.Resource r = picked.get();
        if (r == null) {
            return;
        }
        Set<Long> before = new HashSet<>(r.neededBy());
        Set<Long> now = new HashSet<>(neededBy);
        tasks.save(messages.get("resources.title"), () -> store.setNeededBy(r.id(), before, now), refused -> {
            if (refused.isPresent()) {
                message.set(refusal(refused.get(), r.name(), r.capacity(), true, false));
                return;
            }
            message.set(messages.format("resources.saved", r.name()));
            load();
        }, failure -> message.set(messages.get("resources.failed")));
    }
}
