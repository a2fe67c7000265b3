package app.salondesk.logic.waitlist;

import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.JoinOutcome.Joined;
import app.salondesk.model.waitlist.JoinOutcome.Reason;
import app.salondesk.model.waitlist.JoinOutcome.Refused;
import app.salondesk.model.waitlist.JoinOutcome;
import app.salondesk.model.waitlist.NewWaitlistEntry;
import app.salondesk.model.waitlist.WaitlistEntry;
import app.salondesk.model.waitlist.WaitlistRules;
import app.salondesk.model.waitlist.WaitlistState;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.SERVICES;
import static app.salondesk.jooq.Tables.WAITLIST_ENTRIES;
import static app.salondesk.jooq.Tables.WAITLIST_SETTINGS;

/**
 * A salon's waitlist and its rules: what the desk (the Waitlist panel, the "time taken" answer,
 * the client card), the command line and the worker read and write. Each method is one short
 * transaction of its own, or runs in the caller's when given a transaction's context.
 *
 * <p>The database keeps the entries honest whoever writes them (migration 14): a new entry starts
 * waiting, within the client's cap and only while the salon's waitlist is on; a closed entry stays
 * closed; an entry is fulfilled only by the booking made with its request id. The checks here
 * come first only to give a precise answer. Staff of a salon see only its entries (row-level
 * security); managers may read, receptionists and admins may also write.
 */
public final class WaitlistRepository {

    /** The longest range of days one entry may span (the table's CHECK). */
    public static final int MAX_RANGE_DAYS = 92;
    public static final int MAX_NOTE_LENGTH = 500;
    private static final int MAX_DURATION_MIN = 720;

    private final DSLContext dsl;

    public WaitlistRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    // ---- joining ------------------------------------------------------------------------------------

    /**
     * Puts a client on the waitlist. A client given by name and phone is found by phone, or made,
     * in the same transaction as the entry (a refused entry leaves no stray client), as the
     * booking form does. {@code source} says where the entry was made: {@link Source#CLI} is
     * recorded as {@code cli}, anything else as {@code desk}.
     */
    public JoinOutcome add(NewWaitlistEntry e, Source source) {
        Optional<Refused> bad = validate(e);
        if (bad.isPresent()) {
            return bad.get();
        }
        String region = e.clientId() == null ? new SalonRepository(dsl).country(e.tenantId()) : PhoneNumbers.NO_REGION;
        String phone = null;
        if (e.clientId() == null && e.phone() != null && !e.phone().isBlank()) {
            Optional<String> normal = PhoneNumbers.normalise(e.phone(), region);
            if (normal.isEmpty()) {
                return new Refused(Reason.PHONE_INVALID, e.phone().length() > 40 ? e.phone().substring(0, 40) : e.phone());
            }
            phone = normal.get();
        }
        String e164 = phone;
        try {
            return dsl.transactionResult(cfg -> {
                DSLContext tx = cfg.dsl();
                tx.resultQuery("SELECT set_config('salondesk.source', ?, true)", source == Source.CLI ? "cli" : "form").fetch();
                WaitlistRules rules = rules(tx, e.tenantId());
                if (!rules.enabled()) {
                    return new Refused(Reason.WAITLIST_OFF);
                }
                long clientId = e.clientId() != null ? e.clientId()
                        : new ClientRepository(tx).findOrCreate(e.tenantId(), e.clientName().strip(), e164);
                DailyWindow w = e.window() == null ? DailyWindow.ALL_DAY : e.window();
                long id = tx.insertInto(WAITLIST_ENTRIES)
                        .set(WAITLIST_ENTRIES.TENANT_ID, e.tenantId())
                        .set(WAITLIST_ENTRIES.CLIENT_ID, clientId)
                        .set(WAITLIST_ENTRIES.SERVICE_ID, e.serviceId())
                        .set(WAITLIST_ENTRIES.DURATION_MIN, e.serviceId() == null ? e.durationMin() : null)
                        .set(WAITLIST_ENTRIES.MASTER_ID, e.masterId())
                        .set(WAITLIST_ENTRIES.DATE_FROM, e.from())
                        .set(WAITLIST_ENTRIES.DATE_TO, e.to())
                        .set(WAITLIST_ENTRIES.WINDOW_FROM_MIN, w.fromMin())
                        .set(WAITLIST_ENTRIES.WINDOW_TO_MIN, w.toMin())
                        .set(WAITLIST_ENTRIES.NOTE, e.note() == null ? "" : e.note().strip())
                        .returning(WAITLIST_ENTRIES.ID)
                        .fetchOne(WAITLIST_ENTRIES.ID);
                return new Joined(id, clientId);
            });
        } catch (DataAccessException ex) {
            return refusal(ex).orElseThrow(() -> ex);
        }
    }

    private static Optional<Refused> validate(NewWaitlistEntry e) {
        if (e.clientId() == null && (e.clientName() == null || e.clientName().isBlank())) {
            return Optional.of(new Refused(Reason.CLIENT_NAME_MISSING));
        }
        if (e.clientId() == null && (e.clientName().strip().length() > ClientRepository.MAX_NAME_LENGTH
                || e.clientName().chars().anyMatch(c -> c < 0x20))) {
            return Optional.of(new Refused(Reason.CLIENT_NAME_MISSING, e.clientName()));
        }
        if ((e.serviceId() == null) == (e.durationMin() == null)) {
            return Optional.of(new Refused(Reason.SERVICE_OR_DURATION));
        }
        if (e.durationMin() != null && (e.durationMin() < 1 || e.durationMin() > MAX_DURATION_MIN)) {
            return Optional.of(new Refused(Reason.DURATION_OUT_OF_RANGE, e.durationMin().toString()));
        }
        if (e.from() == null || e.to() == null || e.to().isBefore(e.from()) || e.from().plusDays(MAX_RANGE_DAYS).isBefore(e.to())) {
            return Optional.of(new Refused(Reason.DAYS_INVALID, e.from() + ".." + e.to()));
        }
        if (e.note() != null && e.note().length() > MAX_NOTE_LENGTH) {
            return Optional.of(new Refused(Reason.NOTE_TOO_LONG));
        }
        return Optional.empty();
    }

    /** The database's refusals of an entry, by SQLSTATE (migration 14); empty for anything else. */
    private static Optional<Refused> refusal(DataAccessException e) {
        String state = String.valueOf(e.sqlState());
        String text = String.valueOf(e.getMessage());
        return Optional.ofNullable(switch (state) {
            case "55000" -> new Refused(Reason.WAITLIST_OFF);
            case "54000" -> new Refused(Reason.TOO_MANY_ENTRIES);
            case "22023" -> new Refused(Reason.DAYS_OVER);
            case "42501" -> new Refused(Reason.NO_PERMISSION);
            case "23503" -> text.contains("master") ? new Refused(Reason.UNKNOWN_MASTER)
                    : text.contains("service") ? new Refused(Reason.UNKNOWN_SERVICE) : new Refused(Reason.NO_PERMISSION);
            default -> null;
        });
    }

    // ---- reading ------------------------------------------------------------------------------------

    /** The open entries (waiting, offered), first come first. */
    public List<WaitlistEntry> open(long tenantId) {
        return list(tenantId, List.of(WaitlistState.WAITING, WaitlistState.OFFERED));
    }

    /** The entries in these states, first come first. */
    public List<WaitlistEntry> list(long tenantId, Collection<WaitlistState> states) {
        return query(WAITLIST_ENTRIES.TENANT_ID.eq(tenantId)
                .and(WAITLIST_ENTRIES.STATE.in(states.stream().map(WaitlistState::dbValue).toList())));
    }

    /**
     * The open entries that want a time on {@code day}: with {@code masterId}, those for that
     * master or any master (null: every open entry of the day). For the desk's panel per day and master.
     */
    public List<WaitlistEntry> openOn(long tenantId, LocalDate day, Long masterId) {
        Condition c = WAITLIST_ENTRIES.TENANT_ID.eq(tenantId)
                .and(WAITLIST_ENTRIES.STATE.in("waiting", "offered"))
                .and(WAITLIST_ENTRIES.DATE_FROM.le(day)).and(WAITLIST_ENTRIES.DATE_TO.ge(day));
        if (masterId != null) {
            c = c.and(WAITLIST_ENTRIES.MASTER_ID.isNull().or(WAITLIST_ENTRIES.MASTER_ID.eq(masterId)));
        }
        return query(c);
    }

    public Optional<WaitlistEntry> find(long tenantId, long entryId) {
        return query(WAITLIST_ENTRIES.TENANT_ID.eq(tenantId).and(WAITLIST_ENTRIES.ID.eq(entryId))).stream().findFirst();
    }

    private List<WaitlistEntry> query(Condition where) {
        var offeredMaster = MASTERS.as("om");
        return dsl.select(WAITLIST_ENTRIES.asterisk(), CLIENTS.NAME, CLIENTS.PHONE, SERVICES.NAME, MASTERS.NAME)
                .from(WAITLIST_ENTRIES)
                .join(CLIENTS).on(CLIENTS.TENANT_ID.eq(WAITLIST_ENTRIES.TENANT_ID).and(CLIENTS.ID.eq(WAITLIST_ENTRIES.CLIENT_ID)))
                .leftJoin(SERVICES).on(SERVICES.TENANT_ID.eq(WAITLIST_ENTRIES.TENANT_ID).and(SERVICES.ID.eq(WAITLIST_ENTRIES.SERVICE_ID)))
                .leftJoin(MASTERS).on(MASTERS.TENANT_ID.eq(WAITLIST_ENTRIES.TENANT_ID).and(MASTERS.ID.eq(WAITLIST_ENTRIES.MASTER_ID)))
                .where(where)
                .orderBy(WAITLIST_ENTRIES.CREATED_AT, WAITLIST_ENTRIES.ID)
                .fetch(WaitlistRepository::toEntry);
    }

    private static WaitlistEntry toEntry(Record r) {
        OffsetDateTime offered = r.get(WAITLIST_ENTRIES.OFFERED_START);
        return new WaitlistEntry(r.get(WAITLIST_ENTRIES.ID), r.get(WAITLIST_ENTRIES.TENANT_ID), r.get(WAITLIST_ENTRIES.CLIENT_ID),
                r.get(CLIENTS.NAME), r.get(CLIENTS.PHONE), r.get(WAITLIST_ENTRIES.SERVICE_ID), r.get(SERVICES.NAME),
                r.get(WAITLIST_ENTRIES.DURATION_MIN), r.get(WAITLIST_ENTRIES.MASTER_ID), r.get(MASTERS.NAME),
                r.get(WAITLIST_ENTRIES.DATE_FROM), r.get(WAITLIST_ENTRIES.DATE_TO),
                new DailyWindow(r.get(WAITLIST_ENTRIES.WINDOW_FROM_MIN), r.get(WAITLIST_ENTRIES.WINDOW_TO_MIN)),
                r.get(WAITLIST_ENTRIES.NOTE), WaitlistState.fromDb(r.get(WAITLIST_ENTRIES.STATE)), r.get(WAITLIST_ENTRIES.SOURCE),
                r.get(WAITLIST_ENTRIES.CREATED_AT).toInstant(), r.get(WAITLIST_ENTRIES.EXPIRES_AT).toInstant(),
                r.get(WAITLIST_ENTRIES.BOOKING_ID), r.get(WAITLIST_ENTRIES.OFFERED_MASTER_ID),
                offered == null ? null : offered.toInstant(), r.get(WAITLIST_ENTRIES.REQUEST_ID));
    }

    // ---- changing ------------------------------------------------------------------------------------

    /** Takes an open entry off the list (it stays, removed); false when there is no such open entry. */
    public boolean remove(long tenantId, long entryId) {
        return step(tenantId, entryId, WaitlistState.REMOVED, List.of("waiting", "offered"));
    }

    /** The salon does not want the proposed time: the entry waits again. */
    public boolean declineOffer(long tenantId, long entryId) {
        return step(tenantId, entryId, WaitlistState.WAITING, List.of("offered"));
    }

    /**
     * The desk booked the entry by hand (from an offer, or "book now") with the entry's
     * {@link WaitlistEntry#requestId()}: the entry is fulfilled by that booking. The database
     * refuses any other booking (42501, thrown).
     */
    public boolean markFulfilled(long tenantId, long entryId, long bookingId) {
        return dsl.update(WAITLIST_ENTRIES)
                .set(WAITLIST_ENTRIES.STATE, WaitlistState.FULFILLED.dbValue())
                .set(WAITLIST_ENTRIES.BOOKING_ID, bookingId)
                .where(WAITLIST_ENTRIES.TENANT_ID.eq(tenantId).and(WAITLIST_ENTRIES.ID.eq(entryId))
                        .and(WAITLIST_ENTRIES.STATE.in("waiting", "offered")))
                .execute() == 1;
    }

    /** Changes what an open entry waits for: master (null: any), days, window. */
    public boolean edit(long tenantId, long entryId, Long masterId, LocalDate from, LocalDate to, DailyWindow window) {
        if (from == null || to == null || to.isBefore(from) || from.plusDays(MAX_RANGE_DAYS).isBefore(to)) {
            return false;
        }
        DailyWindow w = window == null ? DailyWindow.ALL_DAY : window;
        return dsl.update(WAITLIST_ENTRIES)
                .set(WAITLIST_ENTRIES.MASTER_ID, masterId)
                .set(WAITLIST_ENTRIES.DATE_FROM, from)
                .set(WAITLIST_ENTRIES.DATE_TO, to)
                .set(WAITLIST_ENTRIES.WINDOW_FROM_MIN, w.fromMin())
                .set(WAITLIST_ENTRIES.WINDOW_TO_MIN, w.toMin())
                .where(WAITLIST_ENTRIES.TENANT_ID.eq(tenantId).and(WAITLIST_ENTRIES.ID.eq(entryId))
                        .and(WAITLIST_ENTRIES.STATE.in("waiting", "offered")))
                .execute() == 1;
    }

    private boolean step(long tenantId, long entryId, WaitlistState to, List<String> from) {
        return dsl.update(WAITLIST_ENTRIES)
                .set(WAITLIST_ENTRIES.STATE, to.dbValue())
                .where(WAITLIST_ENTRIES.TENANT_ID.eq(tenantId).and(WAITLIST_ENTRIES.ID.eq(entryId))
                        .and(WAITLIST_ENTRIES.STATE.in(from)))
                .execute() == 1;
    }

    /**
     * Expires the open entries whose last day (salon's calendar) or lifetime is over. Entries
     * a worker holds right now are skipped (SKIP LOCKED): no worker ever waits for another.
     * Returns how many expired.
     */
    public int expire(long tenantId) {
        return dsl.execute("""
                UPDATE waitlist_entries w SET state = 'expired'
                 WHERE (w.tenant_id, w.id) IN (
                       SELECT e.tenant_id, e.id FROM waitlist_entries e JOIN tenants t ON t.id = e.tenant_id
                        WHERE e.tenant_id = ? AND e.state IN ('waiting', 'offered')
                          AND (e.expires_at <= now() OR e.date_to < CAST(now() AT TIME ZONE t.time_zone AS date))
                          FOR UPDATE OF e SKIP LOCKED)
                """, tenantId);
    }

    // ---- the salon's rules ------------------------------------------------------------------------------

    public WaitlistRules rules(long tenantId) {
        return rules(dsl, tenantId);
    }

    static WaitlistRules rules(DSLContext tx, long tenantId) {
        return tx.resultQuery("SELECT enabled, auto_book, lifetime_days, max_per_client FROM waitlist_rules(?)", tenantId)
                .fetchOne(r -> new WaitlistRules(r.get(0, Boolean.class), r.get(1, Boolean.class), r.get(2, Integer.class),
                        r.get(3, Integer.class)));
    }

    /** Saves the salon's rules (an admin's right; others get 42501, thrown). */
    public void saveRules(long tenantId, WaitlistRules rules) {
        dsl.insertInto(WAITLIST_SETTINGS)
                .set(WAITLIST_SETTINGS.TENANT_ID, tenantId)
                .set(WAITLIST_SETTINGS.ENABLED, rules.enabled())
                .set(WAITLIST_SETTINGS.AUTO_BOOK, rules.autoBook())
                .set(WAITLIST_SETTINGS.LIFETIME_DAYS, rules.lifetimeDays())
                .set(WAITLIST_SETTINGS.MAX_PER_CLIENT, rules.maxPerClient())
                .onConflict(WAITLIST_SETTINGS.TENANT_ID).doUpdate()
                .set(WAITLIST_SETTINGS.ENABLED, rules.enabled())
                .set(WAITLIST_SETTINGS.AUTO_BOOK, rules.autoBook())
                .set(WAITLIST_SETTINGS.LIFETIME_DAYS, rules.lifetimeDays())
                .set(WAITLIST_SETTINGS.MAX_PER_CLIENT, rules.maxPerClient())
                .set(WAITLIST_SETTINGS.UPDATED_AT, DSL.currentOffsetDateTime())
                .execute();
    }
}
