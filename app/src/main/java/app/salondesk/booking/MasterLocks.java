package app.salondesk.booking;

import org.jooq.DSLContext;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The statement that opens every {@link BookingEngine} transaction, taken once:
 * {@code lock_timeout}, the audit's source, then the masters' named locks in ascending id
 * order. A SELECT list is evaluated left to right, so the timeout is in force before the first
 * lock is awaited.
 */
final class MasterLocks {

    private final String sql;
    private final List<Object> binds = new ArrayList<>();
    private boolean taken;

    MasterLocks(long tenantId, List<Long> masterIds, Source source) {
        StringBuilder b = new StringBuilder("SELECT set_config('lock_timeout', '5s', true), set_config('salondesk.source', ?, true)");
        binds.add(source.dbValue());
        for (long masterId : new TreeSet<>(masterIds)) {
            b.append(", salondesk_lock_master(?, ?)");
            binds.add(tenantId);
            binds.add(masterId);
        }
        this.sql = b.toString();
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
