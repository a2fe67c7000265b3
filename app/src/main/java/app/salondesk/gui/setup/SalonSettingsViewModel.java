package app.salondesk.gui.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.setup.SalonSettingsStore;
import app.salondesk.logic.setup.SetupResult;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.SalonSettings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Salon settings (admins, ☰ → Salon settings): the wizard's salon fields, loaded and saved off
 * the FX thread; and, once a real salon exists next to the demo one, removing the demo salon.
 * The database has the last word: a refusal is one sentence here.
 */
public final class SalonSettingsViewModel {

    private final SalonSettingsStore store;
    private final long salonId;
    private final TaskRunner tasks;
    private final Messages messages;
    private final SalonFormViewModel form;
    private final app.salondesk.gui.common.UnsavedEdits edits;
    /** The salon's name as loaded (or saved): what the question names. */
    private String savedName = "";
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(this, "loaded");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper demoText = new ReadOnlyStringWrapper(this, "demoText", "");
    private Optional<Salon> demo = Optional.empty();
    private Consumer<Salon> onSaved = s -> { };
    private Consumer<Salon> onDemoRemoved = s -> { };

    public SalonSettingsViewModel(SalonSettingsStore store, long salonId, TaskRunner tasks, Messages messages) {
        this.store = store;
        this.salonId = salonId;
        this.tasks = tasks;
        this.messages = messages;
        // the defaults do not matter: the salon's own settings replace them once loaded
        this.form = new SalonFormViewModel(messages, "", ZoneId.of("UTC"));
        this.edits = new app.salondesk.gui.common.UnsavedEdits(form.nameProperty(), form.addressProperty(), form.phoneProperty(),
                form.zoneProperty(), form.currencyProperty(), form.countryProperty());
    }

    /** Typed since the settings were loaded or saved: closing asks first (issue 31). */
    public ReadOnlyBooleanProperty changedProperty() {
        return edits.changedProperty();
    }

    /** "Discard the changes to Lotus Beauty?" */
    public String discardQuestion() {
        return savedName.isBlank() ? messages.get("discard.changes") : messages.format("discard.changes.named", savedName);
    }

    /** Told the salon as saved (the desk takes its new zone, currency and country at once). */
    public void setOnSaved(Consumer<Salon> onSaved) {
        this.onSaved = Objects.requireNonNull(onSaved);
    }

    public void setOnDemoRemoved(Consumer<Salon> onDemoRemoved) {
        this.onDemoRemoved = Objects.requireNonNull(onDemoRemoved);
    }

    public void load() {
        busy.set(true);
        message.set(messages.get("client.loading"));
        tasks.run(() -> store.load(salonId), l -> {
            busy.set(false);
            message.set("");
            form.fill(l.settings());
            savedName = l.settings().name();
            edits.markUnchanged();
            demo = l.removableDemo();
            demoText.set(demo.map(d -> messages.format("salonSettings.demoThere", d.name())).orElse(""));
            loaded.set(true);
        }, failure -> {
            busy.set(false);
            message.set(messages.get("salonSettings.loadFailed"));
        });
    }

    public void save() {
        if (busy.get() || !loaded.get()) {
            return;
        }
        Optional<SalonSettings> settings = form.settings();
        if (settings.isEmpty()) {
            return;
        }
        busy.set(true);
        message.set("");
        tasks.run(() -> store.save(salonId, settings.get()), result -> {
            busy.set(false);
            if (result instanceof SetupResult.Refused refused) {
                message.set(messages.format("salonSettings.refused", messages.get(refused.reason().messageKey)));
            } else {
                message.set(messages.get("salonSettings.saved"));
                savedName = settings.get().name();
                edits.markUnchanged();
                onSaved.accept(((SetupResult.Done) result).salon());
            }
        }, failure -> {
            busy.set(false);
            message.set(messages.get("salonSettings.failed"));
        });
    }

    /** Removes the demo salon (the view has asked "are you sure?"). */
    public void removeDemo() {
        if (busy.get() || demo.isEmpty()) {
            return;
        }
        Salon d = demo.get();
        busy.set(true);
        message.set("");
        tasks.run(() -> store.removeDemo(d), result -> {
            busy.set(false);
            if (result instanceof SetupResult.Refused refused) {
                message.set(messages.format("salonSettings.demoRefused", messages.get(refused.reason().messageKey)));
            } else {
                demo = Optional.empty();
                demoText.set("");
                message.set(messages.format("salonSettings.demoRemoved", d.name()));
                onDemoRemoved.accept(d);
            }
        }, failure -> {
            busy.set(false);
            message.set(messages.get("salonSettings.failed"));
        });
    }

    /** The question to ask before removing the demo salon. */
    public String removeDemoQuestion() {
        return demo.map(d -> messages.format("salonSettings.demoConfirm", d.name())).orElse("");
    }

    public SalonFormViewModel form() {
        return form;
    }

    public ReadOnlyBooleanProperty loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Saved, refused (why), or failed: one sentence, "" while there is nothing to say. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** "The demo salon … is still here" while it may be removed; "" otherwise (the view hides that part). */
    public ReadOnlyStringProperty demoTextProperty() {
        return demoText.getReadOnlyProperty();
    }
}
