package app.salondesk.gui.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.setup.SetupResult;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.SalonSettings;
import app.salondesk.model.setup.SalonPlan;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * "Set up my salon": four short steps — the salon, its opening week, the first masters, the
 * first services — and Finish, which makes all of it in one go (off the FX thread) and hands
 * the new salon on, so the desk opens on its empty calendar. Each step says what is wrong
 * before the next one opens; nothing is written before Finish, so Cancel and Esc ask before
 * losing what was typed (issue 31: at first start the wizard is the main window's screen, not a
 * window of its own, and nothing asked).
 */
public final class SetupWizardViewModel {

    public enum Step {
        SALON, WEEK, MASTERS, SERVICES;

        public String titleKey() {
            return "wizard.step." + name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Messages messages;
    private final TaskRunner tasks;
    private final Function<SalonPlan, SetupResult> create;
    private final SalonFormViewModel salon;
    private final OpeningWeekViewModel week;
    private final TeamViewModel team;
    private final ServiceListViewModel services;
    private final ObjectProperty<Step> step = new SimpleObjectProperty<>(this, "step", Step.SALON);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private Consumer<Salon> onCreated = s -> { };
    /** Anything typed or chosen since the wizard opened (an empty master's or service's row is nothing). */
    private final app.salondesk.gui.common.UnsavedEdits edits;

    /**
     * @param region the computer's region, for the defaults (ISO 3166 alpha-2, "" if none)
     * @param system the computer's time zone
     * @param create makes the salon (in the app: {@link SalonSetup#create})
     */
    public SetupWizardViewModel(Messages messages, TaskRunner tasks, String region, ZoneId system,
                                Function<SalonPlan, SetupResult> create) {
        this.messages = messages;
        this.tasks = tasks;
        this.create = create;
        this.salon = new SalonFormViewModel(messages, region, system);
        this.week = new OpeningWeekViewModel(messages);
        this.team = new TeamViewModel(messages);
        this.services = new ServiceListViewModel(messages);
        step.addListener((obs, old, now) -> error.set(""));
        List<javafx.beans.Observable> fields = new java.util.ArrayList<>(List.of(salon.countryProperty(), salon.nameProperty(),
                salon.addressProperty(), salon.phoneProperty(), salon.zoneProperty(), salon.currencyProperty()));
        for (OpeningWeekViewModel.Day d : week.days()) {
            fields.addAll(List.of(d.openProperty(), d.fromProperty(), d.toProperty()));
        }
        this.edits = new app.salondesk.gui.common.UnsavedEdits(fields.toArray(javafx.beans.Observable[]::new))
                .watchTyped(team.members(), TeamViewModel.Member::nameProperty)
                .watchTyped(services.items(), ServiceListViewModel.Item::typedProperty);
        edits.markUnchanged();
    }

    /** Something was typed or chosen: Cancel, Esc and closing ask first. */
    public ReadOnlyBooleanProperty changedProperty() {
        return edits.changedProperty();
    }

    /** "Discard the set-up of Lotus Beauty?", or without a name yet "Discard the salon you started to set up?" */
    public String discardQuestion() {
        String name = salon.nameProperty().get() == null ? "" : salon.nameProperty().get().strip();
        return name.isEmpty() ? messages.get("discard.wizard") : messages.format("discard.wizard.named", name);
    }

    /** Told the new salon once it is made (on the FX thread). */
    public void setOnCreated(Consumer<Salon> onCreated) {
        this.onCreated = Objects.requireNonNull(onCreated);
    }

    /** Checks this step; opens the next one, or on the last step makes the salon. */
    public void next() {
        if (busy.get() || !currentStepOk()) {
            return;
        }
        Step s = step.get();
        if (s == Step.SERVICES) {
            finish();
        } else {
            step.set(Step.values()[s.ordinal() + 1]);
        }
    }

    public void back() {
        if (!busy.get() && step.get().ordinal() > 0) {
            step.set(Step.values()[step.get().ordinal() - 1]);
        }
    }

    private boolean currentStepOk() {
        return switch (step.get()) {
            case SALON -> salon.check();
            case WEEK -> week.check();
            case MASTERS -> team.check();
            case SERVICES -> services.check(team.named());
        };
    }

    /** The whole salon as the steps describe it, if every step is right. */
    public Optional<SalonPlan> plan() {
        Optional<SalonSettings> settings = salon.settings();
        if (settings.isEmpty() || !week.check() || !team.check() || !services.check(team.named())) {
            return Optional.empty();
        }
        List<TeamViewModel.Member> masters = team.named();
        return Optional.of(new SalonPlan(settings.get(), week.week(),
                masters.stream().map(m -> new SalonPlan.NewMaster(m.cleanName(), m.colour())).toList(),
                services.plan(masters)));
    }

    private void finish() {
        Optional<SalonPlan> plan = plan();
        if (plan.isEmpty()) {
            return;
        }
        busy.set(true);
        error.set("");
        tasks.run(() -> create.apply(plan.get()), result -> {
            busy.set(false);
            if (result instanceof SetupResult.Refused refused) {
                error.set(messages.get(refused.reason().messageKey));
            } else {
                onCreated.accept(((SetupResult.Done) result).salon());
            }
        }, failure -> {
            busy.set(false);
            error.set(messages.get("wizard.failed"));
        });
    }

    // ---- properties ------------------------------------------------------------------------------

    public SalonFormViewModel salon() {
        return salon;
    }

    public OpeningWeekViewModel week() {
        return week;
    }

    public TeamViewModel team() {
        return team;
    }

    public ServiceListViewModel services() {
        return services;
    }

    public ObjectProperty<Step> stepProperty() {
        return step;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Why Finish did not make the salon, in one sentence; "" otherwise. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }
}
