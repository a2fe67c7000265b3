package app.salondesk.model.clients;

import java.time.LocalDate;

/**
 * What the client list shows (issue 36): the text searched as the toolbar's search does (name words,
 * phone digits), a tag, last visit before / on or after a day, no-shows since a day (null: any no-show
 * counts; {@code withNoShows} false: not asked), birthday in a month (1–12, null: not asked).
 */
public record ClientFilter(String text, String tag, LocalDate lastVisitBefore, LocalDate lastVisitAfter, boolean withNoShows,
                           LocalDate noShowSince, Integer birthdayMonth) {

    public static final ClientFilter ALL = new ClientFilter("", null, null, null, false, null, null);

    public ClientFilter {
        text = text == null ? "" : text.strip();
        tag = tag == null || tag.isBlank() ? null : tag.strip();
    }
}
