package app.salondesk.model.clients;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/** A client as the client list shows and exports her (issue 36). {@code lastVisit} is her last booking that took place. */
public record ClientListRow(long id, String name, String phone, String email, LocalDate birthday, List<String> tags, String source,
                            Instant lastVisit, int noShows, boolean alert) {

    public ClientListRow {
        tags = List.copyOf(tags);
    }
}
