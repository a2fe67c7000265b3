package app.salondesk.logic.booking;

import app.salondesk.db.Database;
import app.salondesk.model.booking.Source;
import org.jooq.DSLContext;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The statement that opens every write's transaction ({@link WriteProtocol}), taken once:
 * {@code lock_timeout}, the bound on how long the transaction may sit idle, the audit's source,
 * then the named locks in the one global order — the salon's rooms lock, shared (taken by
 * {@code salondesk_lock_master} before its master's), the masters by ascending id, and, for a
 * write of several bookings at once (a visit), the rooms and equipment its services need, by
 * ascending id ({@code salondesk_lock_resources}; a single booking's are taken by the holding
 * trigger in its write, which comes after these). A SELECT list is evaluated left to right, so
 * the timeouts are in force before the first lock is awaited.
 *
 * <p>The idle bound ({@code idle_in_transaction_session_timeout}, ADR 17) is set here for the
 * transaction as well as at connect time: behind PgBouncer (ADR 23) the pools' start-up
 * {@code options} never reach PostgreSQL, and a server connection serves many desks, so only
 * what the transaction says for itself holds. It is never looser than 20 s, nor than what the
 * session already has.
 */
final class MasterLocks {

    /** How long a write waits for a master's lock before the answer is "busy, try again". */
    static final String WRITE_LOCK_TIMEOUT = "5s";

    /**
     * The bound on an idle transaction, in force inside the transaction whatever the session
     * says: the session's own value when it is stricter (a test's, a tool's), else 20 s.
     */
    private static final String IDLE_BOUND = "set_config('idle_in_transaction_session_timeout', "
            + "CASE WHEN current_setting('idle_in_transaction_session_timeout')::interval BETWEEN interval '1 ms' AND interval '"
            + Database.IDLE_IN_TRANSACTION_TIMEOUT + "' "
            + "THEN current_setting('idle_in_transaction_session_timeout') ELSE '" + Database.IDLE_IN_TRANSACTION_TIMEOUT
            + "' END, true)";

    private final String sql;
    private final List<Object> binds = new ArrayList<>();
    private final long tenantId;
    private final List<Long> masterIds;
    private final Source source;
    private boolean taken;

    MasterLocks(long tenantId, List<Long> masterIds, Source source) {
        this(tenantId, masterIds, source, WRITE_LOCK_TIMEOUT);
    }

    /** @param lockTimeout how long the locks are awaited, as PostgreSQL reads it ("5s", "2000ms") */
    MasterLocks(long tenantId, List<Long> masterIds, Source source, String lockTimeout) {
        this(tenantId, masterIds, source, lockTimeout, null);
    }

    /**
     * @param resourcesOf the services whose rooms and equipment are locked after the masters
     *                    (null: none here — the holding trigger takes a single booking's in its write)
     */
    MasterLocks(long tenantId, List<Long> masterIds, Source source, String lockTimeout, List<Long> resourcesOf) {
        this.tenantId = tenantId;
        this.masterIds = List.copyOf(new TreeSet<>(masterIds));
        this.source = source;
        StringBuilder b = new StringBuilder("SELECT set_config('lock_timeout', '" + lockTimeout + "', true), " + IDLE_BOUND
                + ", set_config('salondesk.source', ?, true)");
        binds.add(source.dbValue());
        for (long masterId : this.masterIds) {
            b.append(", salondesk_lock_master(?, ?)");
            binds.add(tenantId);
            binds.add(masterId);
        }
        if (resourcesOf != null) {
            b.append(", salondesk_lock_resources(?, CAST(? AS bigint[]))");
            binds.add(tenantId);
            binds.add(resourcesOf.stream().filter(java.util.Objects::nonNull).distinct().toArray(Long[]::new));
        }
        this.sql = b.toString();
    }

    /**
     * The same masters' locks, awaited for {@code lockTimeout} (e.g. {@code "2s"}): for settling a
     * write whose answer was lost, which waits for that write's own transaction to let go of them
     * ({@link LostConnection}). The masters' suffice: the write held them to its end.
     */
    MasterLocks again(String lockTimeout) {
        return new MasterLocks(tenantId, masterIds, source, lockTimeout);
    }

    /** The statement, with {@code ?} for {@link #binds()}, for a message that carries it at its head. */
    String sql() {
        return sql;
    }

    List<Object> binds() {
        return binds;
    }

    /** Takes the locks with a statement of its own, unless they are taken already. */
    void take(DSLContext tx) {
        if (!taken) {
            tx.resultQuery(sql, binds.toArray()).fetch();
            taken = true;
        }
    }

    /** The caller's own message carried {@link #sql()} and the server ran it. */
    void takenBy() {
        taken = true;
    }
}
