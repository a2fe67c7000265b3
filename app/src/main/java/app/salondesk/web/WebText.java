package app.salondesk.web;

import app.salondesk.i18n.Messages;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.time.format.TextStyle;
import java.util.Currency;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The words and numbers of one page in the client's language: the app's bundles
 * ({@link Messages}), times in the salon's zone, money as the language writes it.
 */
public final class WebText {

    /** A language's formatters, made once: a page writes dozens of times and days. */
    private record Formats(DateTimeFormatter time, DateTimeFormatter date, DateTimeFormatter shortDate) {
        static Formats of(Locale locale) {
            return new Formats(DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(locale),
                    DateTimeFormatter.ofLocalizedDate(FormatStyle.FULL).withLocale(locale),
                    DateTimeFormatter.ofPattern("EEE, d MMM", locale));
        }
    }

    private static final Map<Locale, Formats> FORMATS = new ConcurrentHashMap<>();

    private final Messages messages;
    private final ZoneId zone;
    private final Currency currency;
    private final Formats formats;

    public WebText(Locale locale, ZoneId zone, Currency currency) {
        this.messages = new Messages(locale);
        this.zone = zone;
        this.currency = currency;
        // the page's languages are the app's three: the map stays that small
        this.formats = FORMATS.computeIfAbsent(messages.locale(), Formats::of);
    }

    public String lang() {
        return messages.locale().getLanguage();
    }

    public String get(String key) {
        return messages.get(key);
    }

    public String format(String key, Object... args) {
        return messages.format(key, args);
    }

    /**
     * A sentence that may tell the client to call the salon (issue 37): as it is when the salon has
     * a phone number, else its {@code <key>NoPhone}, which does not — a salon made without
     * {@code --phone} never tells a client to call it. A key with no such twin says no such thing.
     */
    public String orCall(String key, String salonPhone, Object... args) {
        String k = (salonPhone == null || salonPhone.isBlank()) && messages.has(key + "NoPhone") ? key + "NoPhone" : key;
        return messages.format(k, args);
    }

    public String money(BigDecimal amount) {
        return currency == null ? amount.toPlainString() : app.salondesk.model.catalog.Money.format(messages.locale(), currency, amount);
    }

    /** "800,00 ₴", or "from 800,00 ₴" when masters differ. */
    public String price(BigDecimal min, BigDecimal max) {
        return min.compareTo(max) == 0 ? money(min) : messages.format("web.priceFrom", money(min));
    }

    public String minutes(int min, int max) {
        return min == max ? messages.format("web.minutes", min) : messages.format("web.minutesRange", min, max);
    }

    /**
     * How long the client stays ("100 min"), and of a service with processing time how much of it
     * the colour takes while the master is free ("100 min, incl. 40 min processing"): the
     * service's length, never the master's cleanup after the client has gone.
     */
    public String stay(int min, int max, int processingMin, int processingMax) {
        String length = minutes(min, max);
        if (processingMax <= 0) {
            return length;
        }
        return processingMin == processingMax ? messages.format("web.processing", length, processingMin)
                : messages.format("web.processingRange", length, processingMin, processingMax);
    }

    /** From a start to when the client is done ("14:00–15:40"). */
    public String timeSpan(Instant start, int minutes) {
        return time(start) + "\u2013" + time(start.plusSeconds(60L * minutes));
    }

    /** A wall-clock time in the salon's zone, as the language writes it ("15:30", "3:30 PM"). */
    public String time(Instant at) {
        return formats.time().format(at.atZone(zone));
    }

    /** "Monday, 7 January 2030" as the language writes it. */
    public String date(LocalDate day) {
        return formats.date().format(day);
    }

    public String dateOf(Instant at) {
        return date(at.atZone(zone).toLocalDate());
    }

    /** "Wed, 2 Dec" as the language writes a short date (for a button beside a time). */
    public String shortDateOf(Instant at) {
        return formats.shortDate().format(at.atZone(zone));
    }

    public String weekdayShort(LocalDate day) {
        return day.getDayOfWeek().getDisplayName(TextStyle.SHORT_STANDALONE, messages.locale());
    }

    public String monthShort(LocalDate day) {
        return day.getMonth().getDisplayName(TextStyle.SHORT_STANDALONE, messages.locale());
    }
}
