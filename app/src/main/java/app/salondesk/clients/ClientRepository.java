package app.salondesk.clients;

import org.jooq.DSLContext;

import java.util.Optional;

import static app.salondesk.jooq.Tables.CLIENTS;

/** Clients of a salon. Works inside the caller's transaction when given its context. */
public final class ClientRepository {

    public static final int MAX_NAME_LENGTH = 200;

    private final DSLContext dsl;

    public ClientRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Optional<Long> findByPhone(long tenantId, String e164) {
        return dsl.select(CLIENTS.ID).from(CLIENTS)
                .where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.PHONE.eq(e164)))
                .fetchOptional(CLIENTS.ID);
    }

    /** A client without a phone of exactly this name (ignoring case), if there is one. */
    public Optional<Long> findByNameWithoutPhone(long tenantId, String name) {
        return dsl.select(CLIENTS.ID).from(CLIENTS)
                .where(CLIENTS.TENANT_ID.eq(tenantId)
                        .and(CLIENTS.PHONE.isNull())
                        .and(org.jooq.impl.DSL.lower(CLIENTS.NAME).eq(name.toLowerCase(java.util.Locale.ROOT))))
                .orderBy(CLIENTS.ID).limit(1)
                .fetchOptional(CLIENTS.ID);
    }

    public boolean exists(long tenantId, long clientId) {
        return dsl.fetchExists(CLIENTS, CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.ID.eq(clientId)));
    }

    /**
     * The client with this phone (the phone is the identity: a duplicate is found, not made),
     * else by name among clients without a phone, else a new one.
     */
    public long findOrCreate(long tenantId, String name, String e164OrNull) {
        if (e164OrNull != null) {
            // ON CONFLICT makes this safe when two desks add the same new client at once
            Long id = dsl.insertInto(CLIENTS, CLIENTS.TENANT_ID, CLIENTS.NAME, CLIENTS.PHONE)
                    .values(tenantId, name, e164OrNull)
                    .onConflict(CLIENTS.TENANT_ID, CLIENTS.PHONE).doNothing()
                    .returning(CLIENTS.ID)
                    .fetchOptional(CLIENTS.ID).orElse(null);
            return id != null ? id : findByPhone(tenantId, e164OrNull).orElseThrow();
        }
        return findByNameWithoutPhone(tenantId, name).orElseGet(() ->
                dsl.insertInto(CLIENTS, CLIENTS.TENANT_ID, CLIENTS.NAME)
                        .values(tenantId, name)
                        .returning(CLIENTS.ID).fetchOne(CLIENTS.ID));
    }
}
