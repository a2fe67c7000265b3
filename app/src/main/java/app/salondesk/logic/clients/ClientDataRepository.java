package app.salondesk.logic.clients;

import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

import static app.salondesk.jooq.Tables.FORGOTTEN_CLIENTS;

/**
 * A client's data on request (issue 15, migration 15, ADR 15): everything stored about one client,
 * and forgetting them. Both are definer functions the database grants to the salon's admins only
 * and checks against the caller's salon, so they are called here by name — plain SQL, because the
 * whole point is that the function, not this code, decides what is read and what is replaced. A
 * receptionist, a manager or another salon's admin gets SQLSTATE 42501; a client the salon does
 * not have, 22023.
 */
public final class ClientDataRepository {

    private final DSLContext dsl;

    public ClientDataRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Everything stored about the client, as the database assembles it in one statement (a JSON object). */
    public String clientData(long tenantId, long clientId) {
        return dsl.resultQuery("SELECT salondesk_client_data(?, ?)::text", tenantId, clientId).fetchOne(0, String.class);
    }

    /**
     * Replaces the client's personal data with "Forgotten client #id", keeps their bookings' times
     * for the statistics, scrubs the history and records the forgetting there, through {@code source}.
     * True when forgotten now; false when the client had been forgotten before.
     */
    public boolean forget(long tenantId, long clientId, Source source) {
        return dsl.transactionResult(cfg -> {
            DSLContext tx = DSL.using(cfg);
            tx.resultQuery("SELECT set_config('salondesk.source', ?, true)", source.dbValue()).fetch();
            return tx.resultQuery("SELECT salondesk_forget_client(?, ?)", tenantId, clientId).fetchOne(0, Boolean.class);
        });
    }

    /** Whether the client was forgotten (the card then offers nothing more to forget). */
    public boolean forgotten(long tenantId, long clientId) {
        return dsl.fetchExists(FORGOTTEN_CLIENTS, FORGOTTEN_CLIENTS.TENANT_ID.eq(tenantId).and(FORGOTTEN_CLIENTS.CLIENT_ID.eq(clientId)));
    }
}
