package app.salondesk.gui.booking.visit;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Shape;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
import app.salondesk.model.booking.VisitSequence;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.OfferShape;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * A visit from the desk (issue 18): one client, two to four services in sequence, each with its
 * master — a colour with Marta, a cut with Olena right after, then a styling with Marta again. Each
 * part after the first starts as {@link VisitSequence} places it: when the client is free (another
 * master's cleanup is not hers to wait for), but after the cleanup of an earlier part with the same
 * master or the same room. The form shows those starts from the shapes it was given; it sends only
 * the first, and the engine places the others by the same rule with the database's shapes.
 * Saved through the engine as one visit, all or nothing; "taken" lists the nearest times at which
 * the whole visit fits. Holds properties and commands only; the engine is called off the FX
 * thread ({@link TaskRunner}).
 */
public final class VisitFormViewModel {

    /** The fewest and the most parts the form takes (the engine books up to {@link NewVisit#MAX_PARTS}). */
    public static final int MIN_PARTS = 2;
    public static final int MAX_PARTS = 4;

    /** One part of the visit: a service, who does it, and when it starts (shown, not typed). */
    public static final class Part {
        public final ObjectProperty<Service> service = new SimpleObjectProperty<>();
        public final ObjectProperty<Master> master = new SimpleObjectProperty<>();
        public final ObservableList<Master> masters = FXCollections.observableArrayList();
        /** When this part starts, as the salon's clock says ("" until the parts before it are chosen). */
        public final StringProperty starts = new SimpleStringProperty("");
    }

    public final StringProperty clientName = new SimpleStringProperty("");
    public final StringProperty clientPhone = new SimpleStringProperty("");
    public final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>();
    public final StringProperty time = new SimpleStringProperty("");
    /** The parts, in the visit's order. */
    public final ObservableList<Part> parts = FXCollections.observableArrayList();
    public final BooleanProperty canAddPart = new SimpleBooleanProperty(true);
    public final BooleanProperty canRemovePart = new SimpleBooleanProperty(false);
    public final StringProperty message = new SimpleStringProperty("");
    public final BooleanProperty saving = new SimpleBooleanProperty(false);
    public final BooleanProperty saved = new SimpleBooleanProperty(false);

    private final Salon salon;
    private final BookingEngine engine;
    private final TaskRunner tasks;
    private final Messages messages;
    private final List<Master> active;
    private final List<Service> services;
    private final List<Offer> offers;
    private final List<OfferShape> shapes;
    private final UUID requestId = UUID.randomUUID();
    private final DateTimeFormatter shortTime;
    /** Typed or chosen since the form opened (issue 31): closing it asks first. */
    public final app.salondesk.gui.common.UnsavedEdits edits = new app.salondesk.gui.common.UnsavedEdits(clientName, clientPhone, date, time, parts)
            .watchEach(parts, p -> p.service).watchEach(parts, p -> p.master);

    public VisitFormViewModel(Salon salon, BookingEngine engine, TaskRunner tasks, Messages messages, List<Master> active,
                              List<Service> services, List<Offer> offers, List<OfferShape> shapes, Locale locale) {
        this.salon = salon;
        this.engine = engine;
        this.tasks = tasks;
        this.messages = messages;
        this.active = List.copyOf(active);
        this.services = List.copyOf(services);
        this.offers = List.copyOf(offers);
        this.shapes = List.copyOf(shapes);
        this.shortTime = DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(locale);
        for (int i = 0; i < MIN_PARTS; i++) {
            addPart();
        }
        time.addListener((obs, old, now) -> updateStarts());
    }

    /** "Discard the visit for Iryna at 15:00?", naming what is known of it. */
    public String discardQuestion() {
        String who = clientName.get() == null ? "" : clientName.get().strip();
        String when = time.get() == null ? "" : time.get().strip();
        return who.isEmpty() || when.isEmpty() ? messages.get("discard.visit") : messages.format("discard.visit.named", who, when);
    }

    public List<Service> services() {
        return services;
    }

    /** One more service after the last (up to {@link #MAX_PARTS}). */
    public void addPart() {
        if (parts.size() >= MAX_PARTS) {
            return;
        }
        Part p = new Part();
        p.service.addListener((obs, old, now) -> {
            p.masters.setAll(now == null ? List.of() : active.stream().filter(m -> offers(m, now)).toList());
            if (p.master.get() != null && !p.masters.contains(p.master.get())) {
                p.master.set(null);
            }
            updateStarts();
        });
        p.master.addListener((obs, old, now) -> updateStarts());
        parts.add(p);
        partsChanged();
    }

    /** Takes a part out of the visit (never below {@link #MIN_PARTS}); the parts after it move up. */
    public void removePart(Part p) {
        if (parts.size() > MIN_PARTS && parts.remove(p)) {
            partsChanged();
        }
    }

    private void partsChanged() {
        canAddPart.set(parts.size() < MAX_PARTS);
        canRemovePart.set(parts.size() > MIN_PARTS);
        updateStarts();
    }

    private boolean offers(Master m, Service s) {
        return offers.stream().anyMatch(o -> o.masterId() == m.id() && o.serviceId() == s.id());
    }

    /** The master's own length of the service, else the service's. */
    int minutes(Master m, Service s) {
        return offers.stream().filter(o -> o.masterId() == m.id() && o.serviceId() == s.id() && o.durationMin() != null)
                .map(Offer::durationMin).findFirst().orElse(s.durationMin());
    }

    private LocalTime startTime() {
        try {
            return LocalTime.parse(time.get().strip());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** What {@link VisitSequence} needs of a part chosen whole: the master's shape of the service, as the desk last read it. */
    VisitSequence.Step step(Master m, Service s) {
        return shapes.stream().filter(o -> o.masterId() == m.id() && o.serviceId() == s.id()).findFirst()
                .map(o -> new VisitSequence.Step(m.id(), o.minutes(), new Shape(o.phases(), o.cleanupMin()), o.resources()))
                .orElse(new VisitSequence.Step(m.id(), minutes(m, s), Shape.PLAIN, Set.of()));
    }

    /**
     * Each part's start: the typed time, then as {@link VisitSequence} places them (a part not chosen
     * yet: when the client is free); unknown after a part not chosen whole.
     */
    private void updateStarts() {
        LocalTime t = startTime();
        List<VisitSequence.Step> chosen = new ArrayList<>();
        boolean known = t != null;
        for (Part p : parts) {
            if (!known) {
                p.starts.set("");
                continue;
            }
            boolean whole = p.service.get() != null && p.master.get() != null;
            List<VisitSequence.Step> upTo = new ArrayList<>(chosen);
            upTo.add(whole ? step(p.master.get(), p.service.get()) : new VisitSequence.Step(-1, 0, Shape.PLAIN, Set.of()));
            p.starts.set(t.plusMinutes(VisitSequence.offsets(upTo).get(chosen.size())).format(shortTime));
            if (whole) {
                chosen.add(upTo.get(chosen.size()));
            }
            known = whole;
        }
    }

    /** Saves the visit; the answer comes back on the FX thread into {@link #message} and {@link #saved}. */
    public void save() {
        LocalTime t = startTime();
        if (clientName.get().isBlank()) {
            message.set(messages.get("invalid.client_name_missing"));
            return;
        }
        if (date.get() == null || t == null) {
            message.set(messages.get("invalid.start_missing"));
            return;
        }
        if (parts.stream().anyMatch(p -> p.service.get() == null || p.master.get() == null)) {
            message.set(messages.get("visit.choosePart"));
            return;
        }
        Instant at = app.salondesk.model.salon.WallClock.instant(date.get().atTime(t), salon.zone());   // as the database reads the time
        List<NewVisit.Part> asked = new ArrayList<>();
        // what each part is, in words, as it was asked (the form may change while the answer comes)
        List<String> named = new ArrayList<>();
        for (Part p : parts) {
            // the parts after the first are placed by the engine, by the rule the form showed them with
            asked.add(new NewVisit.Part(p.master.get().id(), p.service.get().id(), asked.isEmpty() ? at : null, null));
            named.add(messages.format("visit.partNamed", p.service.get().name(), p.master.get().name()));
        }
        NewVisit visit = new NewVisit(salon.id(), null, new NewBooking.ClientDetails(clientName.get().strip(),
                clientPhone.get().isBlank() ? null : clientPhone.get().strip()), asked, "", requestId, Source.FORM);
        saving.set(true);
        message.set("");
        tasks.save(messages.get("visit.title"), () -> engine.bookVisit(visit), o -> answered(o, named), failure -> {
            saving.set(false);
            message.set(messages.get("visit.failed"));
        });
    }

    private void answered(VisitOutcome o, List<String> named) {
        saving.set(false);
        if (o instanceof VisitOutcome.Booked) {
            saved.set(true);
            message.set(messages.get("visit.saved"));
        } else if (o instanceof VisitOutcome.TimeTaken taken) {
            String times = taken.nearestStarts().stream().map(i -> i.atZone(salon.zone()).toLocalTime().format(shortTime))
                    .collect(Collectors.joining(", "));
            String part = taken.part() >= 0 && taken.part() < named.size() ? named.get(taken.part()) : "";
            message.set(times.isEmpty() ? messages.format("visit.takenNoOffer", part) : messages.format("visit.taken", times, part));
        } else if (o instanceof VisitOutcome.Invalid invalid) {
            message.set(invalid.reason().sentence(messages, invalid.detail()));
        } else {
            message.set(messages.get("visit.failed"));
        }
    }
}
