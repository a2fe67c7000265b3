package app.salondesk.model.clients;

import java.util.Map;

/**
 * A consent form of the salon (issue 36): for one service, or any ({@code serviceId} null), with its
 * title and text in each of the desk's languages ("uk", "ru", "en"; empty where not written).
 */
public record ConsentTemplate(long id, Long serviceId, Map<String, String> titles, Map<String, String> bodies, boolean active) {

    public static final java.util.List<String> LANGUAGES = java.util.List.of("uk", "ru", "en");

    public ConsentTemplate {
        titles = Map.copyOf(titles);
        bodies = Map.copyOf(bodies);
    }

    public String title(String language) {
        return titles.getOrDefault(language, "");
    }

    public String body(String language) {
        return bodies.getOrDefault(language, "");
    }

    /** Whether it can be signed in {@code language}: both its title and text are written in it. */
    public boolean writtenIn(String language) {
        return !title(language).isBlank() && !body(language).isBlank();
    }

    /** The language to show it in: {@code preferred} when written in it, else the first that is, else "en". */
    public String languageFor(String preferred) {
        if (writtenIn(preferred)) {
            return preferred;
        }
        return LANGUAGES.stream().filter(this::writtenIn).findFirst().orElse("en");
    }
}
