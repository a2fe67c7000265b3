package app.salondesk.gui.booking.form;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.StringProperty;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The booking form's checks: each field's error sentence, kept current as the field changes
 * (inline, before anything is sent), when each is shown (once its field was changed, or every
 * one after a first Save), the engine's own refusals put under the field they are about, and
 * whether the form may be sent at all. It reads the fields {@link BookingFormViewModel} owns and
 * changes none of them.
 */
final class FormChecks {

    private final Salon salon;
    private final Messages messages;
    private final StringProperty clientName;
    private final StringProperty clientPhone;
    private final ObjectProperty<Master> master;
    private final ReadOnlyStringProperty startError;
    private final StringProperty duration;
    /** The minutes typed when they are a length the engine takes, else null. */
    private final Supplier<Integer> minutes;
    private final StringProperty note;

    final ReadOnlyStringWrapper client = new ReadOnlyStringWrapper(this, "clientError", "");
    final ReadOnlyStringWrapper phone = new ReadOnlyStringWrapper(this, "phoneError", "");
    final ReadOnlyStringWrapper service = new ReadOnlyStringWrapper(this, "serviceError", "");
    final ReadOnlyStringWrapper masterError = new ReadOnlyStringWrapper(this, "masterError", "");
    final ReadOnlyStringWrapper time = new ReadOnlyStringWrapper(this, "timeError", "");
    final ReadOnlyStringWrapper durationError = new ReadOnlyStringWrapper(this, "durationError", "");
    final ReadOnlyStringWrapper noteError = new ReadOnlyStringWrapper(this, "noteError", "");
    final ReadOnlyStringWrapper general = new ReadOnlyStringWrapper(this, "generalError", "");

    private final BooleanProperty saveAttempted = new SimpleBooleanProperty(this, "saveAttempted");
    private final Set<String> touched = new HashSet<>();
    private final BooleanBinding valid;

    FormChecks(Salon salon, Messages messages, StringProperty clientName, StringProperty clientPhone,
               ObjectProperty<Master> master, ReadOnlyStringProperty startError, StringProperty duration,
               Supplier<Integer> minutes, StringProperty note, ReadOnlyStringProperty repeatError) {
        this.salon = salon;
        this.messages = messages;
        this.clientName = clientName;
        this.clientPhone = clientPhone;
        this.master = master;
        this.startError = startError;
        this.duration = duration;
        this.minutes = minutes;
        this.note = note;
        all();
        valid = Bindings.createBooleanBinding(() -> client.get().isEmpty() && phone.get().isEmpty()
                        && masterError.get().isEmpty() && time.get().isEmpty() && durationError.get().isEmpty()
                        && noteError.get().isEmpty() && repeatError.get().isEmpty(),
                client, phone, masterError, time, durationError, noteError, repeatError);
    }

    /** Every field checked again, as a Save or a newly opened form does. */
    void all() {
        client();
        phone();
        master();
        time();
        duration();
        note();
    }

    void client() {
        String n = clientName.get() == null ? "" : clientName.get().strip();
        if (n.isEmpty()) {
            client.set(messages.get("invalid.client_name_missing"));
        } else if (n.length() > ClientRepository.MAX_NAME_LENGTH) {
            client.set(messages.get("invalid.client_name_too_long"));
        } else {
            client.set("");
        }
    }

    void phone() {
        String p = clientPhone.get() == null ? "" : clientPhone.get().strip();
        phone.set(p.isEmpty() || PhoneNumbers.normalise(p, salon.country()).isPresent()
                ? "" : messages.format("invalid.phone_invalid", p));
    }

    void master() {
        masterError.set(master.get() == null ? messages.get("form.chooseMaster") : "");
    }

    void time() {
        time.set(startError.get());   // missing, unreadable, or in a daylight-saving gap
    }

    void duration() {
        durationError.set(minutes.get() == null ? messages.format("invalid.duration_out_of_range", duration.get()) : "");
    }

    void note() {
        noteError.set(note.get() != null && note.get().length() > BookingEngine.MAX_NOTE_LENGTH
                ? messages.get("invalid.note_too_long") : "");
    }

    /** The engine's refusal, under the field it is about (or the form's own line). */
    void show(InvalidReason reason, String detail) {
        String text = reason.sentence(messages, detail);
        switch (reason.field()) {
            case "client" -> client.set(text);
            case "phone" -> phone.set(text);
            case "service" -> service.set(text);
            case "master" -> masterError.set(text);
            case "start" -> time.set(text);
            case "duration" -> durationError.set(text);
            case "note" -> noteError.set(text);
            default -> general.set(text);
        }
    }

    /** The person changed this field: from now on its error shows. */
    void touch(String field) {
        if (touched.add(field)) {
            all();   // re-publish so the field's error, if any, becomes visible
        }
    }

    /** A form opened afresh: no field changed yet. */
    void untouchAll() {
        touched.clear();
    }

    /** Save was pressed: every field's error shows from now on. */
    void saveAttempted() {
        all();
        saveAttempted.set(true);
    }

    boolean valid() {
        return valid.get();
    }

    BooleanBinding validBinding() {
        return valid;
    }

    /** The error to show for a field now: its error once touched or after a Save, else nothing. */
    StringBinding visible(String field, ReadOnlyStringProperty error) {
        return Bindings.createStringBinding(() -> saveAttempted.get() || touched.contains(field) || field.equals("general")
                ? error.get() : "", error, saveAttempted);
    }
}
