package app.salondesk.gui.setup;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.online.OnlineSettingsRepository.Bookable;
import app.salondesk.logic.online.OnlineSettingsRepository.Saved;
import app.salondesk.logic.setup.OnlineBookingStore;
import app.salondesk.model.online.OnlineSettings;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.text.Normalizer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * ☰ → Online booking (admins): whether the salon takes bookings on its page, the page's address
 * {@code /<slug>}, which services and masters it offers, how far ahead and how soon clients may
 * book, until when they may cancel, whether bookings arrive confirmed or pending, and how many
 * open online bookings one phone may hold. Loaded and saved off the FX thread; the database has
 * the last word, and each refusal is one sentence here.
 */
public final class OnlineBookingViewModel {

    /** The database's rule for a slug (migration 13): lower-case letters, digits, single inner hyphens, 1–40. */
    private static final Pattern SLUG = Pattern.compile("[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?");
    /** The database's upper bound of the notice and the cut-off: 14 days. */
    static final int MAX_MINUTES = 20_160;
    public static final int MAX_DAYS_AHEAD = 366;
    public static final int MAX_OPEN_PER_PHONE = 20;
    /** The database's bound on a salon day's bookings made on the page (migration 25). */
    public static final int MAX_PER_DAY = 1000;

    /** A service or master of the lists, ticked when offered online. */
    public static final class Item {
        private final long id;
        private final String name;
        private final BooleanProperty bookable;
        private boolean saved;

        Item(Bookable b) {
            this.id = b.id();
            this.name = b.name();
            this.bookable = new SimpleBooleanProperty(this, "bookable", b.bookable());
            this.saved = b.bookable();
        }

        public long id() {
            return id;
        }

        public String name() {
            return name;
        }

        public BooleanProperty bookableProperty() {
            return bookable;
        }
    }

    private final OnlineBookingStore store;
    private final TaskRunner tasks;
    private final Messages messages;
    private final String salonName;
    private final BooleanProperty enabled = new SimpleBooleanProperty(this, "enabled");
    private final StringProperty slug = new SimpleStringProperty(this, "slug", "");
    private final ObjectProperty<Integer> daysAhead = new SimpleObjectProperty<>(this, "daysAhead", 30);
    private final ObjectProperty<Integer> noticeHours = new SimpleObjectProperty<>(this, "noticeHours", 1);
    private final ObjectProperty<Integer> noticeMinutes = new SimpleObjectProperty<>(this, "noticeMinutes", 0);
    private final ObjectProperty<Integer> cutoffHours = new SimpleObjectProperty<>(this, "cutoffHours", 2);
    private final ObjectProperty<Integer> cutoffMinutes = new SimpleObjectProperty<>(this, "cutoffMinutes", 0);
    private final BooleanProperty arriveConfirmed = new SimpleBooleanProperty(this, "arriveConfirmed", true);
    private final ObjectProperty<Integer> maxOpenPerPhone = new SimpleObjectProperty<>(this, "maxOpenPerPhone", 3);
    private final ObjectProperty<Integer> maxOnlinePerDay = new SimpleObjectProperty<>(this, "maxOnlinePerDay", OnlineSettings.DEFAULT_PER_DAY);
    private final ObservableList<Item> services = FXCollections.observableArrayList();
    private final ObservableList<Item> masters = FXCollections.observableArrayList();
    /** Changed since loaded or saved: closing asks first (issue 31). */
    private final app.salondesk.gui.common.UnsavedEdits edits;
    private final ReadOnlyStringWrapper address = new ReadOnlyStringWrapper(this, "address", "");
    private final ReadOnlyStringWrapper slugError = new ReadOnlyStringWrapper(this, "slugError", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(this, "loaded");

    /** @param salonName the salon's name, from which a first address is suggested */
    public OnlineBookingViewModel(OnlineBookingStore store, String salonName, TaskRunner tasks, Messages messages) {
        this.store = store;
        this.tasks = tasks;
        this.messages = messages;
        this.salonName = salonName;
        address.bind(Bindings.createStringBinding(() -> messages.format("onlineSetup.addressShown", "/" + normalised(slug.get())), slug));
        edits = new app.salondesk.gui.common.UnsavedEdits(enabled, slug, daysAhead, noticeHours, noticeMinutes, cutoffHours, cutoffMinutes,
                arriveConfirmed, maxOpenPerPhone, maxOnlinePerDay)
                .watchEach(services, Item::bookableProperty).watchEach(masters, Item::bookableProperty);
        slugError.bind(Bindings.createStringBinding(() -> validSlug(normalised(slug.get())) ? "" : messages.get("onlineSetup.slugRules"), slug));
    }

    public void load() {
        busy.set(true);
        message.set(messages.get("client.loading"));
        tasks.run(store::load, l -> {
            busy.set(false);
            message.set("");
            OnlineSettings s = l.settings().orElseGet(() -> OnlineSettings.defaults(suggestSlug(salonName)));
            enabled.set(s.enabled());
            slug.set(s.slug());
            daysAhead.set(s.daysAhead());
            noticeHours.set(s.minNoticeMin() / 60);
            noticeMinutes.set(s.minNoticeMin() % 60);
            cutoffHours.set(s.cancelCutoffMin() / 60);
            cutoffMinutes.set(s.cancelCutoffMin() % 60);
            arriveConfirmed.set(s.arriveConfirmed());
            maxOpenPerPhone.set(s.maxOpenPerPhone());
            maxOnlinePerDay.set(s.maxOnlinePerDay());
            services.setAll(l.services().stream().map(Item::new).toList());
            masters.setAll(l.masters().stream().map(Item::new).toList());
            edits.markUnchanged();
            loaded.set(true);
        }, failure -> {
            busy.set(false);
            message.set(messages.get("onlineSetup.loadFailed"));
        });
    }

    public void save() {
        if (busy.get() || !loaded.get()) {
            return;
        }
        String s = normalised(slug.get());
        if (!validSlug(s)) {
            message.set(messages.get("onlineSetup.slugInvalid"));
            return;
        }
        Integer days = daysAhead.get();
        Integer cap = maxOpenPerPhone.get();
        Integer perDay = maxOnlinePerDay.get();
        int notice = minutes(noticeHours.get(), noticeMinutes.get());
        int cutoff = minutes(cutoffHours.get(), cutoffMinutes.get());
        if (days == null || days < 1 || days > MAX_DAYS_AHEAD || cap == null || cap < 1 || cap > MAX_OPEN_PER_PHONE
                || perDay == null || perDay < 1 || perDay > MAX_PER_DAY || notice < 0 || cutoff < 0) {
            message.set(messages.get("onlineSetup.invalid"));
            return;
        }
        if (notice > MAX_MINUTES || cutoff > MAX_MINUTES) {
            message.set(messages.get("onlineSetup.tooLong"));
            return;
        }
        slug.set(s);
        OnlineSettings settings = new OnlineSettings(enabled.get(), s, days, notice, cutoff, arriveConfirmed.get(), cap, perDay);
        Map<Long, Boolean> serviceChanges = changes(services);
        Map<Long, Boolean> masterChanges = changes(masters);
        busy.set(true);
        message.set("");
        tasks.run(() -> store.save(settings, serviceChanges, masterChanges), saved -> {
            busy.set(false);
            message.set(switch (saved) {
                case SAVED -> {
                    markSaved(services, serviceChanges);
                    markSaved(masters, masterChanges);
                    edits.markUnchanged();
                    yield settings.enabled() ? messages.format("onlineSetup.savedOn", "/" + s) : messages.get("onlineSetup.savedOff");
                }
                case SLUG_TAKEN -> messages.format("onlineSetup.slugTaken", "/" + s);
                case INVALID -> messages.get("onlineSetup.invalid");
                case NOT_ALLOWED -> messages.get("onlineSetup.noPermission");
            });
        }, failure -> {
            busy.set(false);
            message.set(messages.get("onlineSetup.failed"));
        });
    }

    /** Minutes from hours and minutes as typed; -1 when either is missing or negative. */
    private static int minutes(Integer hours, Integer minutes) {
        if (hours == null || minutes == null || hours < 0 || minutes < 0 || minutes > 59) {
            return -1;
        }
        return hours * 60 + minutes;
    }

    private static Map<Long, Boolean> changes(List<Item> items) {
        Map<Long, Boolean> changed = new LinkedHashMap<>();
        for (Item i : items) {
            if (i.bookable.get() != i.saved) {
                changed.put(i.id, i.bookable.get());
            }
        }
        return changed;
    }

    private static void markSaved(List<Item> items, Map<Long, Boolean> changes) {
        for (Item i : items) {
            Boolean now = changes.get(i.id);
            if (now != null) {
                i.saved = now;
            }
        }
    }

    /** People type capitals and spaces around; the address is lower-case (what else is wrong, the rule says). */
    static String normalised(String typed) {
        return typed == null ? "" : typed.strip().toLowerCase(Locale.ROOT);
    }

    static boolean validSlug(String s) {
        return SLUG.matcher(s).matches() && !s.contains("--");
    }

    private static final String[][] CYRILLIC = {
            {"а", "a"}, {"б", "b"}, {"в", "v"}, {"г", "h"}, {"ґ", "g"}, {"д", "d"}, {"е", "e"}, {"є", "ie"}, {"ё", "e"},
            {"ж", "zh"}, {"з", "z"}, {"и", "y"}, {"і", "i"}, {"ї", "i"}, {"й", "i"}, {"к", "k"}, {"л", "l"}, {"м", "m"},
            {"н", "n"}, {"о", "o"}, {"п", "p"}, {"р", "r"}, {"с", "s"}, {"т", "t"}, {"у", "u"}, {"ф", "f"}, {"х", "kh"},
            {"ц", "ts"}, {"ч", "ch"}, {"ш", "sh"}, {"щ", "shch"}, {"ъ", ""}, {"ы", "y"}, {"ь", ""}, {"э", "e"}, {"ю", "iu"},
            {"я", "ia"}, {"'", ""}, {"\u2019", ""}};

    /**
     * A first address from the salon's name: Latin letters as they are (accents dropped),
     * Ukrainian and Russian ones transliterated, anything else a hyphen ("Лотос Beauty" →
     * "lotos-beauty"); "salon" when nothing is left.
     */
    static String suggestSlug(String name) {
        String s = name == null ? "" : name.toLowerCase(Locale.ROOT);
        for (String[] letter : CYRILLIC) {
            s = s.replace(letter[0], letter[1]);
        }
        s = Normalizer.normalize(s, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        s = s.replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (s.length() > 40) {
            s = s.substring(0, 40).replaceAll("-+$", "");
        }
        return s.isEmpty() ? "salon" : s;
    }

    public BooleanProperty enabledProperty() {
        return enabled;
    }

    public StringProperty slugProperty() {
        return slug;
    }

    public ObjectProperty<Integer> daysAheadProperty() {
        return daysAhead;
    }

    public ObjectProperty<Integer> noticeHoursProperty() {
        return noticeHours;
    }

    public ObjectProperty<Integer> noticeMinutesProperty() {
        return noticeMinutes;
    }

    public ObjectProperty<Integer> cutoffHoursProperty() {
        return cutoffHours;
    }

    public ObjectProperty<Integer> cutoffMinutesProperty() {
        return cutoffMinutes;
    }

    /** True: online bookings arrive confirmed; false: pending until someone at the desk confirms them. */
    public BooleanProperty arriveConfirmedProperty() {
        return arriveConfirmed;
    }

    public ObjectProperty<Integer> maxOpenPerPhoneProperty() {
        return maxOpenPerPhone;
    }

    /** Open bookings made on the page that one salon day may hold (made-up phones cannot fill a day). */
    public ObjectProperty<Integer> maxOnlinePerDayProperty() {
        return maxOnlinePerDay;
    }

    public ObservableList<Item> services() {
        return services;
    }

    public ObservableList<Item> masters() {
        return masters;
    }

    /** "Clients book at /lotus-beauty …": the path, and where it is served. */
    public ReadOnlyStringProperty addressProperty() {
        return address.getReadOnlyProperty();
    }

    /** What a slug may be, while the typed one is not that; "" otherwise. */
    public ReadOnlyStringProperty slugErrorProperty() {
        return slugError.getReadOnlyProperty();
    }

    /** Saved, refused (why), or failed: one sentence, "" while there is nothing to say. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Changed since loaded or saved. */
    public ReadOnlyBooleanProperty changedProperty() {
        return edits.changedProperty();
    }

    public String discardQuestion() {
        return messages.get("discard.changes");
    }

    public ReadOnlyBooleanProperty loadedProperty() {
        return loaded.getReadOnlyProperty();
    }
}
