package app.salondesk.gui.setup;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.salon.SalonDefaults;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.salon.SalonSettings;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
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

import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Currency;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A salon's own fields — its country, name, address, phone, time zone, currency — with their
 * defaults and what is wrong with them: the first step of the first-start wizard and the Salon
 * settings window. No controls; tests run it without the FX toolkit.
 *
 * <p>For a new salon the country is the one choice the others follow (ADR 0030): the
 * computer's region when it names one, else nothing until the owner picks it; picking it
 * proposes its zone and currency and reads the phone as that country writes numbers. An
 * existing salon's country changes only how its phone is read: its zone and prices stay.
 */
public final class SalonFormViewModel {

    private final Messages messages;
    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final StringProperty address = new SimpleStringProperty(this, "address", "");
    private final StringProperty phone = new SimpleStringProperty(this, "phone", "");
    private final StringProperty zone = new SimpleStringProperty(this, "zone", "");
    private final ObjectProperty<Currency> currency = new SimpleObjectProperty<>(this, "currency");
    private final ObjectProperty<String> country = new SimpleObjectProperty<>(this, "country");
    private final ReadOnlyStringWrapper nameError = new ReadOnlyStringWrapper(this, "nameError", "");
    private final ReadOnlyStringWrapper addressError = new ReadOnlyStringWrapper(this, "addressError", "");
    private final ReadOnlyStringWrapper phoneError = new ReadOnlyStringWrapper(this, "phoneError", "");
    private final ReadOnlyStringWrapper zoneError = new ReadOnlyStringWrapper(this, "zoneError", "");
    private final ObservableList<String> zoneChoices = FXCollections.observableArrayList();
    private final List<Currency> currencies = SalonDefaults.currencies();
    private final List<String> countries;
    /** Errors show once a field was changed, or all of them after Next or Save was pressed. */
    private final Set<String> touched = new HashSet<>();
    private final BooleanProperty checked = new SimpleBooleanProperty(this, "checked");
    /** Whether every field is right, shown or not yet. */
    private boolean valid;
    /** The computer's zone, proposed whenever it is one of the chosen country's. */
    private final ZoneId system;
    /** A new salon's zone and currency follow its country; an existing one's do not. */
    private boolean proposing = true;
    private final ReadOnlyStringWrapper countryError = new ReadOnlyStringWrapper(this, "countryError", "");

    /**
     * A new salon with this computer's defaults.
     *
     * @param region the computer's region (ISO 3166 alpha-2, "" if it names none)
     * @param system the computer's time zone
     */
    public SalonFormViewModel(Messages messages, String region, ZoneId system) {
        this.messages = messages;
        this.system = system;
        this.countries = SalonDefaults.countries(messages.locale());
        String home = SalonDefaults.country(region);
        zone.set(SalonDefaults.zone(system).getId());
        propose(home);
        country.set(home);
        name.addListener((obs, old, now) -> touch("name"));
        address.addListener((obs, old, now) -> touch("address"));
        phone.addListener((obs, old, now) -> touch("phone"));
        country.addListener((obs, old, now) -> {
            if (proposing) {
                propose(now);
            }
            touch("country");
        });
        // not "touched" while typing: half a city's name is no zone yet; Next or Save says so
        zone.addListener((obs, old, now) -> {
            filterZones();
            validate();
        });
        filterZones();
        validate();
    }

    /** The zone and currency of a salon in {@code c}: its own; with no country yet the computer's zone and no currency. */
    private void propose(String c) {
        zone.set(SalonDefaults.zone(c, system).getId());
        currency.set(c == null ? null : SalonDefaults.currency(c));
    }

    /** Whether the wizard asks for the country before anything else: the computer named none. */
    public boolean countryFirst() {
        return country.get() == null;
    }

    /** The fields of an existing salon (Salon settings). */
    public void fill(SalonSettings s) {
        proposing = false;
        name.set(s.name());
        address.set(s.address());
        currency.set(s.currency());
        country.set(s.country());
        phone.set(PhoneNumbers.display(s.phone(), s.country()));
        ZoneId listed = SalonDefaults.listed(s.zone());
        zone.set((listed != null ? listed : s.zone()).getId());
        touched.clear();
        checked.set(false);
        validate();
    }

    /** Shows every field's error now (Next, Save); true when there is none. */
    public boolean check() {
        checked.set(true);
        validate();
        return valid;
    }

    /**
     * What the fields say, if they are all right: the phone as E.164 when it is a number of
     * the chosen country, the zone by its IANA name.
     */
    public Optional<SalonSettings> settings() {
        if (!check()) {
            return Optional.empty();
        }
        String p = phone.get().strip();
        String stored = p.isEmpty() ? "" : PhoneNumbers.normalise(p, country.get()).orElse(p);
        return Optional.of(new SalonSettings(name.get().strip(), address.get().strip(), stored,
                SalonDefaults.zoneNamed(zone.get()), currency.get(), country.get()));
    }

    // ---- validation ------------------------------------------------------------------------------

    private void touch(String field) {
        touched.add(field);
        validate();
    }

    private void validate() {
        valid = true;
        set(countryError, "country", country.get() == null ? messages.get("salon.countryMissing") : "");
        String n = name.get() == null ? "" : name.get().strip();
        set(nameError, "name", n.isEmpty() ? messages.get("salon.nameMissing")
                : n.length() > SalonDefaults.MAX_NAME ? messages.format("salon.tooLong", SalonDefaults.MAX_NAME) : "");
        String a = address.get() == null ? "" : address.get().strip();
        set(addressError, "address", a.length() > SalonDefaults.MAX_ADDRESS ? messages.format("salon.tooLong", SalonDefaults.MAX_ADDRESS) : "");
        String p = phone.get() == null ? "" : phone.get().strip();
        set(phoneError, "phone", p.isEmpty() || PhoneNumbers.normalise(p, country.get()).isPresent() ? "" : messages.get("salon.phoneInvalid"));
        set(zoneError, "zone", SalonDefaults.zoneNamed(zone.get()) != null ? "" : messages.format("salon.zoneUnknown", zone.get()));
    }

    private void set(ReadOnlyStringWrapper error, String field, String text) {
        valid &= text.isEmpty();
        error.set(checked.get() || touched.contains(field) ? text : "");
    }

    /** The zones that hold what is typed ("kyiv", "new york", the old "kiev"); all of them while a zone is chosen. */
    private void filterZones() {
        String typed = zone.get() == null ? "" : zone.get().strip().toLowerCase(Locale.ROOT).replace(' ', '_');
        if (typed.isEmpty() || SalonDefaults.zoneNamed(zone.get()) != null) {
            zoneChoices.setAll(SalonDefaults.zones());
        } else {
            zoneChoices.setAll(SalonDefaults.search(typed));
        }
    }

    // ---- how the lists name things ---------------------------------------------------------------

    /** "Europe/Kyiv (UTC+02:00)": the zone and its offset now. */
    public String zoneLabel(String id) {
        ZoneId z = ZoneId.of(id);
        String offset = ZonedDateTime.now(z).getOffset().getId();
        return messages.format("salon.zoneItem", id, "Z".equals(offset) ? "+00:00" : offset);
    }

    /** "UAH · українська гривня". */
    public String currencyLabel(Currency c) {
        return c == null ? "" : messages.format("salon.currencyItem", c.getCurrencyCode(), c.getDisplayName(messages.locale()));
    }

    /** "Україна (+380)". */
    public String countryLabel(String code) {
        return code == null ? "" : messages.format("salon.countryItem", new Locale("", code).getDisplayCountry(messages.locale()),
                PhoneNumbers.callingCode(code));
    }

    /** The phone field's hint: a number as the chosen country writes it. */
    public StringBinding phonePrompt() {
        return Bindings.createStringBinding(() -> country.get() == null ? "" : messages.format("client.phone.prompt", PhoneNumbers.example(country.get())), country);
    }

    // ---- properties ------------------------------------------------------------------------------

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty addressProperty() {
        return address;
    }

    public StringProperty phoneProperty() {
        return phone;
    }

    /** The time zone as typed or chosen (an IANA name). */
    public StringProperty zoneProperty() {
        return zone;
    }

    public ObjectProperty<Currency> currencyProperty() {
        return currency;
    }

    /** ISO 3166-1 alpha-2. */
    public ObjectProperty<String> countryProperty() {
        return country;
    }

    public ObservableList<String> zoneChoices() {
        return zoneChoices;
    }

    public List<Currency> currencies() {
        return currencies;
    }

    public List<String> countries() {
        return countries;
    }

    public ReadOnlyStringProperty countryErrorProperty() {
        return countryError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty nameErrorProperty() {
        return nameError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty addressErrorProperty() {
        return addressError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty phoneErrorProperty() {
        return phoneError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty zoneErrorProperty() {
        return zoneError.getReadOnlyProperty();
    }

    /** Whether every field is right (whether or not its error shows yet). */
    public boolean isValid() {
        return valid;
    }
}
