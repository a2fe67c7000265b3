package app.salondesk.logic.booking;


import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.model.clients.ClientCard;
import app.salondesk.model.clients.ClientUpdateResult;

import java.util.Optional;

/** Loads and saves the client card: the client from its repository, the visits from the booking package. */
public final class ClientCardService {

    private final ClientRepository clients;
    private final ClientVisitsRepository visits;

    public ClientCardService(ClientRepository clients, ClientVisitsRepository visits) {
        this.clients = clients;
        this.visits = visits;
    }

    /** The card, or empty when the client does not exist (any more) in this salon. */
    public Optional<ClientCard> load(long tenantId, long clientId) {
        return clients.find(tenantId, clientId).map(details -> new ClientCard(details,
                visits.visits(tenantId, clientId), visits.noShowCount(tenantId, clientId)));
    }

    public ClientUpdateResult save(long tenantId, long clientId, String name, String phoneE164OrNull, String notes) {
        return clients.update(tenantId, clientId, name, phoneE164OrNull, notes);
    }
}
