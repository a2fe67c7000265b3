package app.salondesk.model.reports;

/**
 * A period's clients, as migration 50's {@code report_clients} defines them: who came, who came for the
 * first time, and how many visits were followed by a booking within {@code rebookWeeks} weeks.
 */
public record ClientFigures(int clients, int newClients, int returningClients, int visits, int rebookedVisits, int rebookWeeks) {

    public static final ClientFigures NONE = new ClientFigures(0, 0, 0, 0, 0, 6);

    /** Rebooked visits ÷ visits, 0..1 (0 without visits). */
    public double rebookingRate() {
        return Ratio.of(rebookedVisits, visits);
    }

    public ClientFigures plus(ClientFigures o) {
        return new ClientFigures(clients + o.clients, newClients + o.newClients, returningClients + o.returningClients, visits + o.visits,
                rebookedVisits + o.rebookedVisits, rebookWeeks);
    }
}
