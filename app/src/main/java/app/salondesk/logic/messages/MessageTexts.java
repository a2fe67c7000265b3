package app.salondesk.logic.messages;

import app.salondesk.i18n.Messages;
import app.salondesk.model.messages.ClaimedMessage;
import app.salondesk.model.messages.MessageKind;
import app.salondesk.model.messages.RenderedMessage;
import net.fortuna.ical4j.data.CalendarOutputter;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.property.Location;
import net.fortuna.ical4j.model.property.Uid;

import java.io.IOException;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message's words: the salon's own template of that kind and language, else the default one
 * (the bundles' {@code messages.template.<kind>.subject/body}), with its placeholders filled —
 * {@value #PLACEHOLDERS} — the date and time as the language writes them, in the salon's zone.
 * Plain text for both channels, a simple HTML version for e-mail, and an {@code .ics} with a
 * confirmation or a change.
 */
public final class MessageTexts {

    /** The placeholders a template may use, for the settings window's hint. */
    public static final String PLACEHOLDERS = "{client} {service} {master} {date} {time} {salon} {address} {phone} {link}";
    public static final List<String> LANGUAGES = List.of("uk", "ru", "en");

    /** Where the private links point ({@code serve}'s --base-url); null: messages carry no link. */
    private final String baseUrl;

    public MessageTexts(String baseUrl) {
        this.baseUrl = baseUrl == null || baseUrl.isBlank() ? null : baseUrl.strip().replaceAll("/+$", "");
    }

    public static Locale locale(String language) {
        return Locale.forLanguageTag(LANGUAGES.contains(language) ? language : "uk");
    }

    /** The default subject of a kind in a language. */
    public static String defaultSubject(MessageKind kind, String language) {
        return new Messages(locale(language)).get("messages.template." + kind.dbValue() + ".subject");
    }

    /** The default body of a kind in a language. */
    public static String defaultBody(MessageKind kind, String language) {
        return new Messages(locale(language)).get("messages.template." + kind.dbValue() + ".body");
    }

    /** The link of a message's token, or "" when this process knows no address to give. */
    public String link(String token) {
        return baseUrl == null || token == null ? "" : baseUrl + "/m/" + token;
    }

    /** The salon's online page (a thank-you's "book again"), or "" when it has none or no address is known. */
    public String salonPage(String slug) {
        return baseUrl == null || slug == null ? "" : baseUrl + "/" + slug;
    }

    public RenderedMessage render(ClaimedMessage m) {
        String subjectTemplate = m.subjectTemplate() != null ? m.subjectTemplate() : defaultSubject(m.kind(), m.language());
        String bodyTemplate = m.bodyTemplate() != null ? m.bodyTemplate() : defaultBody(m.kind(), m.language());
        String link = m.kind() == MessageKind.THANKS ? salonPage(m.onlineSlug()) : link(m.linkToken());
        Values v = new Values(m.clientName(), m.serviceName(), m.masterName(), m.start(), m.zone(), m.salonName(), m.salonAddress(),
                m.salonPhone(), link, m.language());
        String subject = fill(subjectTemplate, v, false);
        String text = fill(bodyTemplate, v, false);
        String html = "<!DOCTYPE html><html><body style=\"font-family:sans-serif\"><p>"
                + fill(escape(bodyTemplate), v, true).replace("\n\n", "</p><p>").replace("\n", "<br>") + "</p></body></html>";
        String ics = m.kind() == MessageKind.CONFIRMATION || m.kind() == MessageKind.CHANGED
                ? ics(m.messageKey().toString(), m.start(), m.durationMin(), subject, m.salonName(), m.salonAddress()) : null;
        return new RenderedMessage(subject, text, html, ics);
    }

    /** A preview of a template with made-up values (the settings window). */
    public static String preview(String template, String language, ZoneId zone, String salonName) {
        Instant start = Instant.now().plus(Duration.ofDays(1)).atZone(zone).withHour(10).withMinute(0).withSecond(0).withNano(0).toInstant();
        Messages words = new Messages(locale(language));
        return fill(template, new Values(words.get("messages.preview.client"), words.get("messages.preview.service"),
                words.get("messages.preview.master"), start, zone, salonName, words.get("messages.preview.address"), "+380 44 000 0000",
                "https://book.example/m/…", language), false);
    }

    record Values(String client, String service, String master, Instant start, ZoneId zone, String salon, String address,
                  String phone, String link, String language) {
    }

    static String fill(String template, Values v, boolean html) {
        Locale locale = locale(v.language());
        Map<String, String> values = new LinkedHashMap<>();
        values.put("{client}", v.client());
        values.put("{service}", v.service() == null ? "" : v.service());
        values.put("{master}", v.master());
        values.put("{date}", DateTimeFormatter.ofLocalizedDate(FormatStyle.FULL).withLocale(locale).format(v.start().atZone(v.zone())));
        values.put("{time}", DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(locale).format(v.start().atZone(v.zone())));
        values.put("{salon}", v.salon());
        values.put("{address}", v.address());
        values.put("{phone}", v.phone());
        values.put("{link}", v.link());
        String out = withoutEmptyParts(template, values);
        for (Map.Entry<String, String> e : values.entrySet()) {
            String value = e.getValue() == null ? "" : e.getValue();
            if (html) {
                value = "{link}".equals(e.getKey()) && !value.isEmpty()
                        ? "<a href=\"" + escape(value) + "\">" + escape(value) + "</a>" : escape(value);
            }
            out = out.replace(e.getKey(), value);
        }
        return out;
    }

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[a-z]+}");
    private static final Pattern LIST_LINE = Pattern.compile("\\{[a-z]+}(, \\{[a-z]+})+");

    /**
     * The template without what would read wrong with a value missing: a line that only lists
     * placeholders ("{salon}, {address}, {phone}") keeps the items that have a value, and a sentence
     * that names an empty placeholder ("To book another time, call us: {phone}.") is left out, so a
     * salon without a phone never tells a client to call "." (issue 37). A line left empty goes too;
     * the template's blank lines between paragraphs stay.
     */
    static String withoutEmptyParts(String template, Map<String, String> values) {
        List<String> lines = new ArrayList<>();
        for (String line : template.split("\n", -1)) {
            if (line.isBlank()) {
                lines.add(line);
                continue;
            }
            String kept;
            if (LIST_LINE.matcher(line.strip()).matches()) {
                List<String> items = new ArrayList<>();
                for (String item : line.strip().split(", ")) {
                    if (!empty(item, values)) {
                        items.add(item);
                    }
                }
                kept = String.join(", ", items);
            } else {
                StringBuilder b = new StringBuilder();
                for (String sentence : line.split("(?<=[.!?]) (?=\\p{Lu}|\\{)")) {
                    Matcher m = PLACEHOLDER.matcher(sentence);
                    boolean whole = true;
                    while (m.find()) {
                        whole &= !empty(m.group(), values);
                    }
                    if (whole) {
                        b.append(b.length() == 0 ? "" : " ").append(sentence);
                    }
                }
                kept = b.toString();
            }
            if (!kept.isBlank()) {
                lines.add(kept);
            }
        }
        return String.join("\n", lines).replaceAll("\n{3,}", "\n\n").strip();
    }

    private static boolean empty(String placeholder, Map<String, String> values) {
        if (!values.containsKey(placeholder)) {
            return false;
        }
        String value = values.get(placeholder);
        return value == null || value.isBlank();
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String ics(String key, Instant start, int minutes, String summary, String salon, String address) {
        VEvent event = new VEvent(start, start.plus(Duration.ofMinutes(minutes)), summary);
        event.add(new Uid("message-" + key + "@salondesk"));
        event.add(new Location(address == null || address.isBlank() ? salon : salon + ", " + address));
        Calendar calendar = new Calendar().withProdId("-//SalonDesk//Messages//EN").withDefaults().withComponent(event).getFluentTarget();
        StringWriter out = new StringWriter();
        try {
            new CalendarOutputter(false).output(calendar, out);
        } catch (IOException e) {
            throw new IllegalStateException("writing to a string", e);
        }
        return out.toString();
    }
}
