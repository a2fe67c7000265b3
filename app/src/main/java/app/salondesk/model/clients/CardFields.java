package app.salondesk.model.clients;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The card's fields of issue 36: birthday (null: not known), tags ("VIP", "student", "prefers Olena"),
 * how she found the salon, and the channels she agreed to get offers on ("email", "sms"). The rules
 * are the database's (migration 40), checked here first so the desk and the command line can say which.
 */
public record CardFields(LocalDate birthday, List<String> tags, String source, Set<String> marketing) {

    public static final int MAX_TAGS = 20;
    public static final int MAX_TAG_LENGTH = 40;
    public static final int MAX_SOURCE_LENGTH = 100;

    public CardFields {
        tags = List.copyOf(tags);
        source = source == null ? "" : source.strip();
        marketing = Set.copyOf(marketing);
    }

    /** "VIP, student ,, prefers Olena" as tags: trimmed, empty ones dropped, the first of two spelled alike kept. */
    public static List<String> parseTags(String typed) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        if (typed == null) {
            return out;
        }
        for (String t : typed.split(",")) {
            String tag = t.strip();
            if (!tag.isEmpty() && seen.add(tag.toLowerCase(Locale.ROOT))) {
                out.add(tag);
            }
        }
        return out;
    }

    public Optional<RecordProblem> problem() {
        if (birthday != null && (birthday.isBefore(LocalDate.of(1900, 1, 1)) || birthday.isAfter(LocalDate.of(2200, 12, 31)))) {
            return Optional.of(RecordProblem.BIRTHDAY_OUT_OF_RANGE);
        }
        if (tags.size() > MAX_TAGS) {
            return Optional.of(RecordProblem.TOO_MANY_TAGS);
        }
        Set<String> seen = new java.util.HashSet<>();
        for (String t : tags) {
            if (t.isEmpty() || !t.equals(t.strip()) || t.length() > MAX_TAG_LENGTH || t.contains(",") || RecordProblem.hasControl(t)
                    || !seen.add(t.toLowerCase(Locale.ROOT))) {
                return Optional.of(RecordProblem.TAG_INVALID);
            }
        }
        if (source.length() > MAX_SOURCE_LENGTH || RecordProblem.hasControl(source)) {
            return Optional.of(RecordProblem.SOURCE_TOO_LONG);
        }
        if (!Set.of("email", "sms").containsAll(marketing)) {
            return Optional.of(RecordProblem.TAG_INVALID);
        }
        return Optional.empty();
    }
}
