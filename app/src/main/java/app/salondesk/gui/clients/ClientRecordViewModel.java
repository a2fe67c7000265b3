package app.salondesk.gui.clients;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.VisitRecords;
import app.salondesk.logic.clients.ClientMerges;
import app.salondesk.logic.clients.ClientRecordRepository;
import app.salondesk.logic.clients.ConsentPdf;
import app.salondesk.logic.clients.PhotoIntake;
import app.salondesk.model.booking.PatchResult;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.CardFields;
import app.salondesk.model.clients.ClientNote;
import app.salondesk.model.clients.ClientPhoto;
import app.salondesk.model.clients.ConsentSignature;
import app.salondesk.model.clients.ConsentTemplate;
import app.salondesk.model.clients.Formula;
import app.salondesk.model.clients.FormulaLine;
import app.salondesk.model.clients.MergeOutcome;
import app.salondesk.model.clients.PatchTest;
import app.salondesk.model.clients.PhotoKind;
import app.salondesk.model.clients.RecordOutcome;
import app.salondesk.model.salon.Salon;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The client's record beside her card (issue 36): alerts, notes with the alert tick, colour formulas
 * newest first with "copy last formula", patch tests, photos, consent forms signed at the desk and
 * their PDF, the card fields, and an admin's "Merge into…". Properties and commands only; the
 * database work goes through the {@link TaskRunner}, answers come back on the FX thread, and every
 * refusal is one sentence in {@link #messageProperty()}.
 */
public final class ClientRecordViewModel {

    /** A note as the list shows it. */
    public record NoteRow(long id, String text, boolean alert) {
    }

    /** A photo: its thumbnail's JPEG bytes and a caption line. */
    public record PhotoRow(long id, byte[] thumbnail, String caption) {
    }

    /** A signed consent as the list shows it; {@code signature} is what its PDF prints. */
    public record SignatureRow(ConsentSignature signature, String text) {
    }

    private final Salon salon;
    private final ClientRecordRepository record;
    private final VisitRecords visits;
    private final ClientMerges merges;
    private final TaskRunner tasks;
    private final Messages messages;
    private final DateTimeFormatter dateFormat;
    private final ZoneId zone;

    private long clientId = -1;
    private String clientName = "";

    private final ReadOnlyStringWrapper alerts = new ReadOnlyStringWrapper(this, "alerts", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    /** The notes, formulas and tests as the lists show them, in their order: what an admin's correction names. */
    private List<ClientNote> shownNotes = List.of();
    private List<Formula> shownFormulas = List.of();
    private List<PatchTest> shownTests = List.of();
    private final ObservableList<NoteRow> notes = FXCollections.observableArrayList();
    private final ObservableList<String> formulas = FXCollections.observableArrayList();
    private final ObservableList<String> patchTests = FXCollections.observableArrayList();
    private final ObservableList<PhotoRow> photos = FXCollections.observableArrayList();
    private final ObservableList<SignatureRow> signatures = FXCollections.observableArrayList();
    private final ObservableList<ConsentTemplate> templates = FXCollections.observableArrayList();

    private final StringProperty noteText = new SimpleStringProperty(this, "noteText", "");
    private final BooleanProperty noteAlert = new SimpleBooleanProperty(this, "noteAlert");
    private final ObjectProperty<Long> formulaBooking = new SimpleObjectProperty<>(this, "formulaBooking");
    private final StringProperty product = new SimpleStringProperty(this, "product", "");
    private final StringProperty shade = new SimpleStringProperty(this, "shade", "");
    private final StringProperty developer = new SimpleStringProperty(this, "developer", "");
    private final StringProperty minutes = new SimpleStringProperty(this, "minutes", "");
    private final ObjectProperty<LocalDate> testDay = new SimpleObjectProperty<>(this, "testDay");
    private final ObjectProperty<PatchResult> testResult = new SimpleObjectProperty<>(this, "testResult", PatchResult.PASS);
    private final ObjectProperty<ConsentTemplate> template = new SimpleObjectProperty<>(this, "template");
    private final StringProperty typedName = new SimpleStringProperty(this, "typedName", "");
    private final BooleanProperty agreed = new SimpleBooleanProperty(this, "agreed");
    private final ObjectProperty<LocalDate> birthday = new SimpleObjectProperty<>(this, "birthday");
    private final StringProperty tags = new SimpleStringProperty(this, "tags", "");
    private final StringProperty source = new SimpleStringProperty(this, "source", "");
    private final StringProperty mergeInto = new SimpleStringProperty(this, "mergeInto", "");
    private final MarketingConsent marketing;
    private Consumer<Long> onMerged = into -> { };

    public ClientRecordViewModel(Salon salon, ClientRecordRepository record, VisitRecords visits, ClientMerges merges, TaskRunner tasks,
                                 Messages messages) {
        this.salon = salon;
        this.record = record;
        this.visits = visits;
        this.merges = merges;
        this.tasks = tasks;
        this.messages = messages;
        this.zone = salon.zone();
        this.dateFormat = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale());
        this.marketing = new MarketingConsent(salon.id(), zone, record, tasks, messages);
    }

    // ---- properties --------------------------------------------------------------------------

    /** Her alerts, one a line ("" when she has none): the card shows them on top, in red. */
    public ReadOnlyStringProperty alertsProperty() {
        return alerts.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ObservableList<NoteRow> notes() {
        return notes;
    }

    /** Her formula lines, newest visit first. */
    public ObservableList<String> formulas() {
        return formulas;
    }

    public ObservableList<String> patchTests() {
        return patchTests;
    }

    public ObservableList<PhotoRow> photos() {
        return photos;
    }

    public ObservableList<SignatureRow> signatures() {
        return signatures;
    }

    /** The salon's consent forms that can be signed now. */
    public ObservableList<ConsentTemplate> templates() {
        return templates;
    }

    public StringProperty noteTextProperty() {
        return noteText;
    }

    public BooleanProperty noteAlertProperty() {
        return noteAlert;
    }

    /** The booking (visit) a new formula line is of. */
    public ObjectProperty<Long> formulaBookingProperty() {
        return formulaBooking;
    }

    public StringProperty productProperty() {
        return product;
    }

    public StringProperty shadeProperty() {
        return shade;
    }

    public StringProperty developerProperty() {
        return developer;
    }

    public StringProperty minutesProperty() {
        return minutes;
    }

    public ObjectProperty<LocalDate> testDayProperty() {
        return testDay;
    }

    public ObjectProperty<PatchResult> testResultProperty() {
        return testResult;
    }

    public ObjectProperty<ConsentTemplate> templateProperty() {
        return template;
    }

    public StringProperty typedNameProperty() {
        return typedName;
    }

    public BooleanProperty agreedProperty() {
        return agreed;
    }

    public ObjectProperty<LocalDate> birthdayProperty() {
        return birthday;
    }

    public StringProperty tagsProperty() {
        return tags;
    }

    public StringProperty sourceProperty() {
        return source;
    }

    /** Marketing consent per channel, with who last changed it and when. */
    public MarketingConsent marketing() {
        return marketing;
    }

    /** The number of the client this one is merged into (an admin's). */
    public StringProperty mergeIntoProperty() {
        return mergeInto;
    }

    /** Told the survivor's id after a merge (the desk opens her card). */
    public void setOnMerged(Consumer<Long> onMerged) {
        this.onMerged = onMerged;
    }

    /** The title of a consent form in the desk's language (or the first written). */
    public String titleOf(ConsentTemplate t) {
        String lang = language(t);
        return lang == null ? "#" + t.id() : t.title(lang);
    }

    /** The text she signs, in the desk's language. */
    public String bodyOf(ConsentTemplate t) {
        String lang = language(t);
        return lang == null ? "" : t.body(lang);
    }

    private String language(ConsentTemplate t) {
        String mine = messages.locale().getLanguage();
        if (t.writtenIn(mine)) {
            return mine;
        }
        return ConsentTemplate.LANGUAGES.stream().filter(t::writtenIn).findFirst().orElse(null);
    }

    // ---- commands ----------------------------------------------------------------------------

    private Long preferredTemplate;

    /** The form to offer for signing once the record is read: the booking form's "Sign now…" (issue 36). */
    public void preferTemplate(long templateId) {
        this.preferredTemplate = templateId;
    }

    /** Reads the whole record of the client in the background. */
    public void load(long clientId, String clientName) {
        this.clientId = clientId;
        this.clientName = clientName == null ? "" : clientName;
        long salonId = salon.id();
        tasks.run(() -> new Loaded(record.notes(salonId, clientId), visits.formulas(salonId, clientId), record.patchTests(salonId, clientId),
                        record.photos(salonId, clientId), record.signatures(salonId, clientId), record.consentTemplates(salonId, true),
                        record.cardFields(salonId, clientId).orElse(null)),
                loaded -> {
                    if (this.clientId == clientId) {   // not an older answer about another client
                        show(loaded);
                    }
                },
                failure -> message.set(messages.get("client.loadFailed")));
    }

    private record Loaded(List<ClientNote> notes, List<Formula> formulas, List<PatchTest> tests, List<ClientPhoto> photos,
                          List<ConsentSignature> signatures, List<ConsentTemplate> templates, CardFields card) {
    }

    private void show(Loaded l) {
        shownNotes = l.notes();
        shownFormulas = l.formulas();
        shownTests = l.tests();
        notes.setAll(l.notes().stream().map(n -> new NoteRow(n.id(), dateFormat.format(n.createdAt().atZone(zone)) + "  " + n.body(), n.alert()))
                .toList());
        alerts.set(String.join("\n", l.notes().stream().filter(ClientNote::alert).map(ClientNote::body).toList()));
        formulas.setAll(l.formulas().stream().map(this::formulaText).toList());
        patchTests.setAll(l.tests().stream().map(t -> dateFormat.format(t.testedOn()) + "  "
                + messages.get("patchTest.result." + t.result().dbValue()) + (t.products().isEmpty() ? "" : "  (" + t.products() + ")")).toList());
        photos.setAll(l.photos().stream().map(p -> new PhotoRow(p.id(), p.thumbnail(),
                messages.get("record.photo." + p.kind().name().toLowerCase(Locale.ROOT)) + " \u00b7 " + dateFormat.format(p.createdAt().atZone(zone))))
                .toList());
        signatures.setAll(l.signatures().stream().map(s -> new SignatureRow(s, messages.format("record.consent.signedLine", s.title(),
                s.typedName(), dateFormat.format(s.signedAt().atZone(zone))))).toList());
        templates.setAll(l.templates().stream().filter(t -> language(t) != null).toList());
        templates.stream().filter(t -> preferredTemplate != null && t.id() == preferredTemplate).findFirst().ifPresent(template::set);
        if (template.get() == null && !templates.isEmpty()) {
            template.set(templates.get(0));
        }
        if (l.card() != null) {
            birthday.set(l.card().birthday());
            tags.set(String.join(", ", l.card().tags()));
            source.set(l.card().source());
            marketing.show(clientId, l.card().marketing());
        }
    }

    private String formulaText(Formula f) {
        FormulaLine l = f.line();
        StringBuilder b = new StringBuilder(f.bookingStart() == null ? "" : dateFormat.format(f.bookingStart().atZone(zone)) + "  ");
        b.append(l.product());
        for (String part : List.of(l.shade(), l.developer(), l.ratio(), l.zone())) {
            if (!part.isEmpty()) {
                b.append(" \u00b7 ").append(part);
            }
        }
        if (l.minutes() != null) {
            b.append(" \u00b7 ").append(messages.format("record.formula.minutes", l.minutes()));
        }
        return b.toString();
    }

    public void addNote() {
        String text = noteText.get();
        boolean alert = noteAlert.get();
        long client = clientId;
        write(() -> record.addNote(salon.id(), client, null, text, alert, Source.FORM), saved -> {
            noteText.set("");
            noteAlert.set(false);
        });
    }

    /** The alert tick of a note, on or off (a receptionist may; the change is in the history). */
    public void setAlert(long noteId, boolean alert) {
        write(() -> record.setAlert(salon.id(), noteId, alert, Source.FORM), saved -> { });
    }

    /** "Copy last formula": the lines of her latest visit that has one, into the fields. */
    public void copyLastFormula() {
        long client = clientId;
        Long except = formulaBooking.get();
        tasks.run(() -> visits.lastFormula(salon.id(), client, except), lines -> {
            if (lines.isEmpty()) {
                message.set(messages.get("record.formula.noneToCopy"));
                return;
            }
            FormulaLine l = lines.get(0);
            product.set(l.product());
            shade.set(l.shade());
            developer.set(l.developer());
            minutes.set(l.minutes() == null ? "" : Integer.toString(l.minutes()));
            message.set(messages.get("record.formula.copied"));
        }, failure -> message.set(messages.get("client.loadFailed")));
    }

    public void addFormula() {
        Long booking = formulaBooking.get();
        if (booking == null) {
            message.set(messages.get("record.formula.pickVisit"));
            return;
        }
        Integer m;
        try {
            m = minutes.get().isBlank() ? null : Integer.valueOf(minutes.get().strip());
        } catch (NumberFormatException e) {
            message.set(messages.get("record.invalid.minutes_out_of_range"));
            return;
        }
        FormulaLine line = new FormulaLine(product.get(), shade.get(), developer.get(), "", m, "", "");
        write(() -> visits.addFormula(salon.id(), booking, List.of(line), Source.FORM), saved -> {
            product.set("");
            shade.set("");
            developer.set("");
            minutes.set("");
        });
    }

    public void addPatchTest() {
        LocalDate day = testDay.get();
        PatchResult result = testResult.get();
        long client = clientId;
        write(() -> record.addPatchTest(salon.id(), client, day, result, "", "", Source.FORM), saved -> testDay.set(null));
    }

    /** A photo from a file: resized on the way in (off the FX thread), then stored. */
    public void addPhoto(Path file, PhotoKind kind) {
        long client = clientId;
        write(() -> {
            RecordOutcome<PhotoIntake.Prepared> prepared = PhotoIntake.fromFile(file);
            if (prepared instanceof RecordOutcome.Refused<PhotoIntake.Prepared> r) {
                return RecordOutcome.<ClientPhoto>refused(r.problem());
            }
            return record.addPhoto(salon.id(), client, null, kind, ((RecordOutcome.Saved<PhotoIntake.Prepared>) prepared).value(), "", Source.FORM);
        }, saved -> { });
    }

    /** A photo pasted from the clipboard (its pixels, ARGB): resized and stored as one from a file. */
    public void addPastedPhoto(int width, int height, int[] argb, PhotoKind kind) {
        long client = clientId;
        write(() -> {
            RecordOutcome<PhotoIntake.Prepared> prepared = PhotoIntake.fromPixels(width, height, argb);
            if (prepared instanceof RecordOutcome.Refused<PhotoIntake.Prepared> r) {
                return RecordOutcome.<ClientPhoto>refused(r.problem());
            }
            return record.addPhoto(salon.id(), client, null, kind, ((RecordOutcome.Saved<PhotoIntake.Prepared>) prepared).value(), "", Source.FORM);
        }, saved -> { });
    }

    /** The clipboard held no picture. */
    public void nothingToPaste() {
        message.set(messages.get("record.photo.nothingToPaste"));
    }

    /** Her signature of the chosen form: her typed name and the tick, dated by the database; its text kept as it is now. */
    public void sign() {
        ConsentTemplate t = template.get();
        if (t == null) {
            message.set(messages.get("record.consent.noForm"));
            return;
        }
        String lang = language(t);
        String name = typedName.get();
        boolean ticked = agreed.get();
        long client = clientId;
        write(() -> record.sign(salon.id(), client, t.id(), null, lang, name, ticked, Source.FORM), saved -> {
            typedName.set("");
            agreed.set(false);
            message.set(messages.get("record.consent.signed"));
        });
    }

    /** The PDF of a signed consent, written off the FX thread. */
    public void savePdf(ConsentSignature signature, Path file) {
        String who = clientName;
        tasks.run(() -> {
            ConsentPdf.write(file, signature, salon.name(), who, zone, messages);
            return file;
        }, done -> message.set(messages.format("record.consent.pdfSaved", done.getFileName().toString())),
                failure -> message.set(messages.get("record.consent.pdfFailed")));
    }

    public void saveCard() {
        LocalDate day = birthday.get();
        CardFields fields = new CardFields(day, CardFields.parseTags(tags.get()), source.get(), marketing.channels());
        long client = clientId;
        write(() -> record.setCardFields(salon.id(), client, fields, Source.FORM), saved -> message.set(messages.get("client.saved")));
    }

    /** An admin's "Merge into…": this client (a duplicate) into the one numbered in {@link #mergeIntoProperty()}. */
    public void mergeInto() {
        long into;
        try {
            into = Long.parseLong(mergeInto.get().strip().replaceFirst("^#", ""));
        } catch (NumberFormatException e) {
            message.set(messages.get("record.merge.number"));
            return;
        }
        long from = clientId;
        tasks.run(() -> merges.merge(salon.id(), from, into, Source.FORM), outcome -> {
            if (outcome instanceof MergeOutcome.Refused r) {
                message.set(messages.get(r.why().messageKey()));
            } else {
                message.set(messages.format("record.merge.done", into));
                onMerged.accept(into);
            }
        }, failure -> message.set(messages.get("client.saveFailed")));
    }

    /** The note, formula or patch test at this line of its list; null when there is none (nothing selected). */
    public ClientNote noteAt(int index) {
        return index >= 0 && index < shownNotes.size() ? shownNotes.get(index) : null;
    }

    public Formula formulaAt(int index) {
        return index >= 0 && index < shownFormulas.size() ? shownFormulas.get(index) : null;
    }

    public PatchTest testAt(int index) {
        return index >= 0 && index < shownTests.size() ? shownTests.get(index) : null;
    }

    /** An admin's correction or removal (issue 36), written as the record's other writes are; {@code doneKey} says it is done. */
    public <T> void change(Callable<RecordOutcome<T>> work, String doneKey) {
        write(work, done -> message.set(messages.get(doneKey)));
    }

    /** Writes in the background; on success reloads the record, on a refusal says why. */
    private <T> void write(Callable<RecordOutcome<T>> work, Consumer<T> then) {
        long client = clientId;
        tasks.run(work, outcome -> {
            if (outcome instanceof RecordOutcome.Saved<T> s) {
                message.set("");
                then.accept(s.value());
                if (client == clientId) {
                    load(client, clientName);
                }
            } else {
                message.set(messages.get(((RecordOutcome.Refused<T>) outcome).problem().messageKey()));
            }
        }, failure -> message.set(messages.get("client.saveFailed")));
    }
}
