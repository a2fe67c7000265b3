package app.salondesk.model.clients;

import app.salondesk.model.booking.Visit;

import java.util.List;

/** Everything the client card shows: the editable details, the visits newest first, the no-shows. */
public record ClientCard(ClientDetails details, List<Visit> visits, int noShows) {

    public ClientCard {
        visits = List.copyOf(visits);
    }
}
