package app.salondesk.booking;

import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;

import static app.salondesk.jooq.Tables.BOOKINGS;

/**
 * The engine's usual case — a new booking for a known client, inside the rules — as ONE round
 * trip, the masters' locks included: {@code SELECT <lock_timeout, source, named locks>;
 * SAVEPOINT; INSERT … SELECT … WHERE <every business check>; RELEASE SAVEPOINT}, sent
 * together. The server runs them in order, so the INSERT's checks see the schedule under the
 * lock, as in the detailed path; the lock is held one round trip less. The checks are the
 * engine's own (master active, service offered, client of this salon, not in the past, working
 * hours, no time off, no overlapping active booking), written into the INSERT's WHERE, so
 * nothing is written that the detailed path would refuse. When no row comes back — a rule says no, or the request id was used
 * already — the engine's detailed checks run and give the precise answer. An exclusion
 * violation (a writer who skipped the lock) rolls back to the savepoint, exactly as in the
 * detailed path. See docs/decisions/0005-booking-engine-two-lines-of-defence.md.
 *
 * <p>Plain JDBC rather than jOOQ: four statements must travel in one message (the
 * PostgreSQL driver sends a multi-statement query with one Sync), which jOOQ does not express.
 */
final class FastInsert {

    /** Follows the lock statement in the same message. */
    private static final String SQL = """
            SAVEPOINT engine_write;
            WITH p AS (
                SELECT m.tenant_id, m.id AS master_id, CAST(? AS bigint) AS client_id, sv.id AS service_id,
                       CAST(? AS timestamptz) AS s, COALESCE(CAST(? AS integer), sv.duration_min) AS dur,
                       t.time_zone AS tz, CAST(? AS bigint) AS wanted_service
                  FROM masters m
                  JOIN tenants t ON t.id = m.tenant_id
                  LEFT JOIN services sv ON sv.tenant_id = m.tenant_id AND sv.id = CAST(? AS bigint)
                 WHERE m.tenant_id = ? AND m.id = ? AND m.active
            )
            INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, request_id, note)
            SELECT p.tenant_id, p.master_id, p.client_id, p.service_id, p.s, p.dur, ?, ?, ?
              FROM p
             WHERE p.dur BETWEEN 1 AND 720
               AND (p.wanted_service IS NULL OR (p.service_id IS NOT NULL AND EXISTS (
                        SELECT 1 FROM master_services ms
                         WHERE ms.tenant_id = p.tenant_id AND ms.master_id = p.master_id AND ms.service_id = p.service_id)))
               AND EXISTS (SELECT 1 FROM clients c WHERE c.tenant_id = p.tenant_id AND c.id = p.client_id)
               AND (CAST(? AS boolean) OR p.s >= now())
               AND (NOT CAST(? AS boolean) OR (
                    EXISTS (SELECT 1 FROM master_working_hours wh
                             WHERE wh.tenant_id = p.tenant_id AND wh.master_id = p.master_id
                               AND wh.weekday = extract(isodow FROM p.s AT TIME ZONE p.tz)
                               AND (p.s AT TIME ZONE p.tz) >= CAST(p.s AT TIME ZONE p.tz AS date) + wh.starts_at
                               AND (slot_end(p.s, p.dur) AT TIME ZONE p.tz) <= CAST(p.s AT TIME ZONE p.tz AS date) + wh.ends_at)
                    AND NOT EXISTS (SELECT 1 FROM master_time_off o
                                     WHERE o.tenant_id = p.tenant_id AND o.master_id = p.master_id
                                       AND o.starts_at < slot_end(p.s, p.dur) AND o.ends_at > p.s)
                    AND NOT EXISTS (SELECT 1 FROM bookings b
                                     WHERE b.tenant_id = p.tenant_id AND b.master_id = p.master_id
                                       AND b.status IN ('pending', 'confirmed', 'arrived')
                                       AND tstzrange(b.starts_at, slot_end(b.starts_at, b.duration_min))
                                           && tstzrange(p.s, slot_end(p.s, p.dur)))))
            ON CONFLICT (tenant_id, request_id) DO NOTHING
            RETURNING *;
            RELEASE SAVEPOINT engine_write
            """;

    private FastInsert() {
    }

    /** The booking made, or empty when nothing was written (the caller's detailed checks take over). */
    static Optional<Booking> tryInsert(DSLContext tx, BookingEngine.Locks locks, NewBooking cmd, UUID requestId,
                                       BookingStatus status, boolean pastAllowed) {
        return tx.connectionResult(c -> run(tx, c, locks, cmd, requestId, status, pastAllowed));
    }

    private static Optional<Booking> run(DSLContext tx, Connection c, BookingEngine.Locks locks, NewBooking cmd, UUID requestId,
                                         BookingStatus status, boolean pastAllowed) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(locks.sql() + ";\n" + SQL)) {
            int i = 1;
            for (Object bind : locks.binds()) {
                ps.setObject(i++, bind);
            }
            ps.setLong(i++, cmd.clientId());
            ps.setObject(i++, cmd.start().atOffset(ZoneOffset.UTC));
            if (cmd.durationMin() == null) {
                ps.setNull(i++, Types.INTEGER);
            } else {
                ps.setInt(i++, cmd.durationMin());
            }
            setNullableLong(ps, i++, cmd.serviceId());
            setNullableLong(ps, i++, cmd.serviceId());
            ps.setLong(i++, cmd.tenantId());
            ps.setLong(i++, cmd.masterId());
            ps.setString(i++, status.dbValue());
            ps.setObject(i++, requestId);
            ps.setString(i++, cmd.note() == null ? "" : cmd.note());
            ps.setBoolean(i++, pastAllowed);
            ps.setBoolean(i, status.holdsTime());
            boolean isResultSet;
            try {
                ps.execute();   // the first result is the lock statement's row
                locks.takenBy();
                isResultSet = ps.getMoreResults();
            } catch (SQLException e) {
                if ("23P01".equals(e.getSQLState())) {
                    // the locks were taken (the statement before the write); the constraint had the
                    // last word: undo only the write, the detailed path answers under the same locks
                    locks.takenBy();
                    try (Statement s = c.createStatement()) {
                        s.execute("ROLLBACK TO SAVEPOINT engine_write");
                    }
                    return Optional.empty();
                }
                throw e;
            }
            while (true) {
                if (isResultSet) {
                    try (ResultSet rs = ps.getResultSet()) {
                        var result = tx.fetch(rs);
                        ps.getMoreResults();   // RELEASE SAVEPOINT
                        if (result.isEmpty()) {
                            return Optional.empty();
                        }
                        Record r = result.get(0);
                        return Optional.of(BookingEngine.toBooking(r.into(BOOKINGS)));
                    }
                }
                if (ps.getUpdateCount() == -1) {
                    throw new DataAccessException("the fast insert returned no result set");
                }
                isResultSet = ps.getMoreResults();
            }
        }
    }

    private static void setNullableLong(PreparedStatement ps, int index, Long value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.BIGINT);
        } else {
            ps.setLong(index, value);
        }
    }
}
