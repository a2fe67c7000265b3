package app.salondesk.gui.catalog;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.gui.common.UnsavedEdits;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.catalog.CatalogSetup;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.salon.SetupResult;
import app.salondesk.model.catalog.Phases;
import app.salondesk.model.catalog.ServiceDetails;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.util.List;
import java.util.Optional;

/**
 * A master's own phases and cleanup of a service she does (issue 31): what {@code masters
 * services --add X --phases … --cleanup …} sets, on a screen. It starts from her own shape, or the
 * service's when she has none; phases left as the service's are not copied as her own (a later
 * change of the service still reaches her). An empty cleanup is the service's. "Use the service's
 * phases" shows the service's again and, saved, drops hers — her length becomes the service's too —
 * as {@code masters services --add … --phases service} does.
 */
public final class OwnShapeViewModel {

    private final CatalogSetup setup;
    private final TaskRunner tasks;
    private final Messages messages;
    private final long masterId;
    private final ServiceDetails service;
    private final String masterName;
    private final PhasesViewModel phases;
    /** Her length as the phases' sum, or the service's for a plain one (what the bar draws). */
    private final StringProperty minutes = new SimpleStringProperty(this, "minutes", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(this, "loaded");
    private final UnsavedEdits edits;
    /** She has phases of her own saved. */
    private final ReadOnlyBooleanWrapper ownPhases = new ReadOnlyBooleanWrapper(this, "ownPhases");
    /** "Use the service's phases" was pressed: Save drops hers (a change even where hers looked the same). */
    private final javafx.beans.property.BooleanProperty useService = new javafx.beans.property.SimpleBooleanProperty(this, "useService");
    private List<Integer> shownPhases = List.of();
    /** The service's phases, signed as {@link #signed()} (what "Use the service's phases" shows). */
    private Phases servicePhases;
    private int plainMinutes;
    private Runnable onSaved = () -> { };

    public OwnShapeViewModel(CatalogSetup setup, TaskRunner tasks, Messages messages, long masterId, String masterName,
                             ServiceDetails service, Integer ownMinutes) {
        this.setup = setup;
        this.tasks = tasks;
        this.messages = messages;
        this.masterId = masterId;
        this.masterName = masterName;
        this.service = service;
        this.plainMinutes = ownMinutes != null ? ownMinutes : service.durationMin();
        this.phases = new PhasesViewModel(messages);
        this.edits = new UnsavedEdits(phases.cleanupProperty(), phases.steps(), useService)
                .watchEach(phases.steps(), PhasesViewModel.Step::processingProperty)
                .watchEach(phases.steps(), PhasesViewModel.Step::minutesProperty);
        phases.steps().addListener((javafx.collections.ListChangeListener<PhasesViewModel.Step>) c -> minutes.set(
                Integer.toString(phases.plain() ? plainMinutes : phases.minutes())));
        minutes.set(Integer.toString(plainMinutes));
    }

    private record Loaded(ServiceRepository.Shape own, ServiceRepository.Shape services) {
    }

    public void load() {
        tasks.run(() -> new Loaded(setup.ownShape(masterId, service.id()),
                setup.shapes().getOrDefault(service.id(), new ServiceRepository.Shape(null, 0))), l -> {
            ownPhases.set(l.own().phases() != null);
            servicePhases = l.services().phases();
            Phases shown = ownPhases.get() ? l.own().phases() : servicePhases;
            phases.show(shown, 0);
            phases.cleanupProperty().set(l.own().cleanupMin() < 0 ? "" : Integer.toString(l.own().cleanupMin()));
            shownPhases = signed();
            edits.markUnchanged();
            loaded.set(true);
        }, failure -> message.set(messages.get("setup.failed")));
    }

    public void save() {
        if (!loaded.get()) {
            return;
        }
        message.set("");
        Optional<Phases> shape = phases.phases(plainMinutes, message::set);
        if (shape.isEmpty()) {
            return;
        }
        String c = phases.cleanupProperty().get() == null ? "" : phases.cleanupProperty().get().strip();
        Integer clean = null;
        if (!c.isEmpty()) {
            int m = phases.cleanupMinutes(message::set);
            if (m < 0) {
                return;
            }
            clean = m;
        }
        if (shape.get().minutes() + (clean == null ? 0 : clean) > Phases.MAX_MINUTES) {
            message.set(messages.format("phases.tooLong", Phases.MAX_MINUTES));
            return;
        }
        // the service's phases untouched are not made hers: she keeps following the service
        boolean follows = (!ownPhases.get() || useService.get()) && signed().equals(shownPhases);
        Phases own = follows ? null : shape.get();
        // hers dropped only when she has some: else the service's are hers already
        boolean dropOwn = follows && ownPhases.get();
        Integer cleanup = clean;
        tasks.run(() -> dropOwn ? setup.useServicePhases(masterId, service.id(), cleanup) : setup.setOwnShape(masterId, service.id(), own, cleanup),
                (SetupResult<Boolean> result) -> result.fold(ok -> {
            message.set(messages.format(dropOwn ? "ownShape.followsAgain" : "ownShape.saved", masterName, service.name()));
            ownPhases.set(!follows);
            useService.set(false);
            shownPhases = signed();
            edits.markUnchanged();
            onSaved.run();
            return null;
        }, refused -> {
            message.set(messages.get(refused.messageKey()));
            return null;
        }), failure -> message.set(messages.get("setup.failed")));
    }

    private List<Integer> signed() {
        return phases.steps().stream().map(s -> s.processingProperty().get() ? -s.parsedMinutes() : s.parsedMinutes()).toList();
    }

    /**
     * Shows the service's phases in place of hers (issue 31: there was no way back to them); Save
     * then drops hers and her own length, so her bookings take the service's shape again.
     */
    public void useServicePhases() {
        if (!loaded.get()) {
            return;
        }
        plainMinutes = service.durationMin();   // her length goes with her phases
        String cleanupTyped = phases.cleanupProperty().get();   // the cleanup is not part of the phases: it stays
        phases.show(servicePhases, 0);
        phases.cleanupProperty().set(cleanupTyped);
        shownPhases = signed();
        useService.set(true);
        minutes.set(Integer.toString(phases.plain() ? plainMinutes : phases.minutes()));
    }

    /** Whether "Use the service's phases" means something: she has her own saved, and it was not pressed yet. */
    public javafx.beans.binding.BooleanBinding servicePhasesOffered() {
        return ownPhases.getReadOnlyProperty().and(useService.not()).and(loaded.getReadOnlyProperty());
    }

    /** A phase more (a plain one's first two: her length as work, then processing). */
    public void addPhase() {
        phases.addStep(plainMinutes);
    }

    /** "Anna's own phases of Colour" */
    public String title() {
        return messages.format("ownShape.title", masterName, service.name());
    }

    public String discardQuestion() {
        return messages.format("discard.changes.named", title());
    }

    public void setOnSaved(Runnable onSaved) {
        this.onSaved = onSaved;
    }

    public PhasesViewModel phases() {
        return phases;
    }

    public StringProperty minutesProperty() {
        return minutes;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty changedProperty() {
        return edits.changedProperty();
    }
}
