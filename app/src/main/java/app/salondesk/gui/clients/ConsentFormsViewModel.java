package app.salondesk.gui.clients;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ConsentForms;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.ConsentTemplate;
import app.salondesk.model.clients.RecordOutcome;
import app.salondesk.model.clients.RecordProblem;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * ☰ → Consent forms… (issue 36, item 5): the salon's consent forms as an admin writes them — the list (retired ones
 * marked), and one form's title and text in uk / ru / en and the service it is for. Properties and commands only;
 * the database work goes through the {@link TaskRunner}, and the database itself refuses anyone but an admin.
 * Rewriting a form changes what is signed from now on, never what was signed (each signature keeps its text).
 */
public final class ConsentFormsViewModel {

    /** A form as the list shows it. */
    public record Row(ConsentTemplate form, String text) {
        @Override
        public String toString() {
            return text;
        }
    }

    /** "Any service" in the service choice: a salon-wide form. */
    public static final ConsentForms.ServiceChoice ANY = new ConsentForms.ServiceChoice(-1, "");

    private final long tenantId;
    private final ConsentForms forms;
    private final TaskRunner tasks;
    private final Messages messages;

    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ObservableList<ConsentForms.ServiceChoice> services = FXCollections.observableArrayList(ANY);
    private final ObjectProperty<ConsentTemplate> editing = new SimpleObjectProperty<>(this, "editing");
    private final ObjectProperty<ConsentForms.ServiceChoice> service = new SimpleObjectProperty<>(this, "service", ANY);
    private final Map<String, StringProperty> titles = new LinkedHashMap<>();
    private final Map<String, StringProperty> bodies = new LinkedHashMap<>();
    private final BooleanProperty editable = new SimpleBooleanProperty(this, "editable");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final BooleanBinding changed;

    public ConsentFormsViewModel(long tenantId, ConsentForms forms, TaskRunner tasks, Messages messages) {
        this.tenantId = tenantId;
        this.forms = forms;
        this.tasks = tasks;
        this.messages = messages;
        for (String language : ConsentTemplate.LANGUAGES) {
            titles.put(language, new SimpleStringProperty(this, "title_" + language, ""));
            bodies.put(language, new SimpleStringProperty(this, "body_" + language, ""));
        }
        List<Observable> typed = new ArrayList<>(List.of(editing, service));
        typed.addAll(titles.values());
        typed.addAll(bodies.values());
        changed = Bindings.createBooleanBinding(this::differs, typed.toArray(Observable[]::new));
    }

    /** Something typed and not saved: closing the window asks first. */
    public BooleanBinding changedProperty() {
        return changed;
    }

    private boolean differs() {
        ConsentTemplate was = editing.get();
        for (String language : ConsentTemplate.LANGUAGES) {
            if (!titles.get(language).get().strip().equals(was == null ? "" : was.title(language).strip())
                    || !bodies.get(language).get().strip().equals(was == null ? "" : was.body(language).strip())) {
                return true;
            }
        }
        return service.get() != null && service.get().id() != choiceOf(was).id();
    }

    private ConsentForms.ServiceChoice choiceOf(ConsentTemplate form) {
        return form == null || form.serviceId() == null ? ANY
                : services.stream().filter(s -> s.id() == form.serviceId()).findFirst().orElse(ANY);
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    /** The services a form can be for, "any" ({@link #ANY}) first. */
    public ObservableList<ConsentForms.ServiceChoice> services() {
        return services;
    }

    /** The form being written; null for a new one. */
    public ObjectProperty<ConsentTemplate> editingProperty() {
        return editing;
    }

    public ObjectProperty<ConsentForms.ServiceChoice> serviceProperty() {
        return service;
    }

    public StringProperty titleProperty(String language) {
        return titles.get(language);
    }

    public StringProperty bodyProperty(String language) {
        return bodies.get(language);
    }

    /** Whether this login may write forms (an admin); the database refuses anyone else all the same. */
    public BooleanProperty editableProperty() {
        return editable;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The service's name for a choice ("Any service" for {@link #ANY}). */
    public String serviceName(ConsentForms.ServiceChoice choice) {
        return choice == null || choice.id() == ANY.id() ? messages.get("consents.anyService") : choice.name();
    }

    /** Reads the salon's forms and services. */
    public void load() {
        record Loaded(List<ConsentTemplate> forms, List<ConsentForms.ServiceChoice> services) {
        }
        tasks.run(() -> new Loaded(forms.all(tenantId), forms.services(tenantId)), l -> {
            List<ConsentForms.ServiceChoice> choices = new ArrayList<>();
            choices.add(ANY);
            choices.addAll(l.services());
            services.setAll(choices);
            rows.setAll(l.forms().stream().map(f -> new Row(f, rowText(f))).toList());
            ConsentTemplate shown = editing.get();
            if (shown != null) {
                l.forms().stream().filter(f -> f.id() == shown.id()).findFirst().ifPresent(this::show);
            }
        }, failure -> message.set(messages.get("consents.loadFailed")));
    }

    private String rowText(ConsentTemplate f) {
        String language = f.languageFor(messages.locale().getLanguage());
        String service = f.serviceId() == null ? messages.get("consents.anyService")
                : services.stream().filter(s -> s.id() == f.serviceId()).map(ConsentForms.ServiceChoice::name).findFirst()
                .orElse(messages.get("consents.oldService"));
        String line = f.title(language) + " \u00b7 " + service;
        return f.active() ? line : line + " \u00b7 " + messages.get("consents.retired");
    }

    /** Shows a form to rewrite. */
    public void edit(ConsentTemplate form) {
        show(form);
        message.set("");
    }

    private void show(ConsentTemplate form) {
        editing.set(form);
        service.set(choiceOf(form));
        for (String language : ConsentTemplate.LANGUAGES) {
            titles.get(language).set(form.title(language));
            bodies.get(language).set(form.body(language));
        }
    }

    /** Empties the fields for a new form. */
    public void startNew() {
        editing.set(null);
        service.set(ANY);
        titles.values().forEach(p -> p.set(""));
        bodies.values().forEach(p -> p.set(""));
        message.set("");
    }

    /** Saves the form shown: a new one, or the rewritten one (what was signed with it stays as it was). */
    public void save() {
        ConsentTemplate was = editing.get();
        Long id = was == null ? null : was.id();
        ConsentForms.ServiceChoice s = service.get();
        Long serviceId = s == null || s.id() == ANY.id() ? null : s.id();
        Map<String, String> t = new LinkedHashMap<>();
        Map<String, String> b = new LinkedHashMap<>();
        for (String language : ConsentTemplate.LANGUAGES) {
            t.put(language, titles.get(language).get());
            b.put(language, bodies.get(language).get());
        }
        boolean active = was == null || was.active();
        write(() -> forms.save(tenantId, id, serviceId, t, b, active), saved -> {
            if (was == null) {
                editing.set(new ConsentTemplate(saved, serviceId, t, b, true));
            }
            message.set(messages.get("consents.saved"));
        });
    }

    /** The form shown is no longer offered for signing (or, when retired, offered again). */
    public void retireOrRestore() {
        ConsentTemplate form = editing.get();
        if (form == null) {
            return;
        }
        boolean retire = form.active();
        write(() -> retire ? forms.retire(tenantId, form.id(), Source.FORM) : forms.restore(tenantId, form.id(), Source.FORM),
                done -> message.set(messages.get(retire ? "consents.retiredDone" : "consents.restoredDone")));
    }

    private void write(Callable<RecordOutcome<Long>> work, Consumer<Long> then) {
        tasks.save(messages.get("consents.window"), work, outcome -> outcome.fold(saved -> {
            then.accept(saved);
            load();
            return null;
        }, problem -> {
            // the record's sentence is about signing ("no text in that language"); writing one needs its own
            message.set(messages.get(problem == RecordProblem.CONSENT_NO_TEXT ? "consents.needText" : problem.messageKey()));
            return null;
        }), failure -> message.set(messages.get("client.saveFailed")));
    }
}
