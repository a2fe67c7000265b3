package app.salondesk.logic.online;

import app.salondesk.model.online.OnlineBooking;
import app.salondesk.model.online.OnlineMaster;
import app.salondesk.model.online.OnlineSalon;
import app.salondesk.model.online.OnlineService;
import app.salondesk.model.online.OnlineWaitRequest;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record12;
import org.jooq.Record;
import org.jooq.SelectSelectStep;
import org.jooq.impl.DSL;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Currency;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.MASTER_SERVICES;
import static app.salondesk.jooq.Tables.ONLINE_SETTINGS;
import static app.salondesk.jooq.Tables.SERVICES;
import static app.salondesk.jooq.Tables.TENANTS;

/**
 * The online road's SQL (issue 13): what the page reads, and the definer functions of migration
 * 12 for the client's private link. Every query names its columns and filters by the salon's
 * online settings itself, so it answers the same for the online login (whom row-level security
 * narrows to exactly this) and for the owner of an embedded demo (whom it does not).
 */
final class OnlineRepository {

    private final DSLContext dsl;
    /** lock_timeout for a cancellation, as PostgreSQL reads it ("2000ms"). */
    private final String lockWait;

    OnlineRepository(DSLContext dsl) {
        this(dsl, OnlineDeskService.DESK_LOCK_WAIT);
    }

    OnlineRepository(DSLContext dsl, java.time.Duration lockWait) {
        this.dsl = dsl;
        this.lockWait = Math.max(100, Math.min(lockWait.toMillis(), 5_000)) + "ms";
    }

    private SelectSelectStep<Record12<Long, String, String, String, String, String, String, String, Integer, Integer, Integer,
            Boolean>> salonFields() {
        return dsl.select(TENANTS.ID, ONLINE_SETTINGS.SLUG, TENANTS.NAME, TENANTS.ADDRESS, TENANTS.PHONE, TENANTS.TIME_ZONE,
                TENANTS.CURRENCY, TENANTS.COUNTRY, ONLINE_SETTINGS.DAYS_AHEAD, ONLINE_SETTINGS.MIN_NOTICE_MIN,
                ONLINE_SETTINGS.CANCEL_CUTOFF_MIN, ONLINE_SETTINGS.ARRIVE_CONFIRMED);
    }

    private Optional<OnlineSalon> salonWhere(Condition condition) {
        return salonFields().from(TENANTS).join(ONLINE_SETTINGS).on(ONLINE_SETTINGS.TENANT_ID.eq(TENANTS.ID))
                .where(ONLINE_SETTINGS.ENABLED.isTrue().and(condition))
                .fetchOptional(r -> new OnlineSalon(r.value1(), r.value2(), r.value3(), r.value4(), r.value5(), ZoneId.of(r.value6()),
                        Currency.getInstance(r.value7()), r.value8(), r.value9(), r.value10(), r.value11(), r.value12()));
    }

    Optional<OnlineSalon> bySlug(String slug) {
        return salonWhere(ONLINE_SETTINGS.SLUG.eq(slug));
    }

    Optional<OnlineSalon> byTenant(long tenantId) {
        return salonWhere(TENANTS.ID.eq(tenantId));
    }

    /** The open online bookings cap of the salon (whether or not it is open). */
    int maxOpenPerPhone(long tenantId) {
        return dsl.select(ONLINE_SETTINGS.MAX_OPEN_PER_PHONE).from(ONLINE_SETTINGS).where(ONLINE_SETTINGS.TENANT_ID.eq(tenantId))
                .fetchOptional(ONLINE_SETTINGS.MAX_OPEN_PER_PHONE).orElse(0);
    }

    /** Active masters bookable online, in an open salon. */
    private static Condition bookable(long tenantId) {
        return MASTERS.TENANT_ID.eq(tenantId).and(MASTERS.ACTIVE).and(MASTERS.ONLINE_BOOKABLE)
                .and(SERVICES.ACTIVE).and(SERVICES.ONLINE_BOOKABLE)
                .and(DSL.exists(DSL.selectOne().from(ONLINE_SETTINGS)
                        .where(ONLINE_SETTINGS.TENANT_ID.eq(tenantId).and(ONLINE_SETTINGS.ENABLED))));
    }

    private static final Field<Integer> MINUTES = DSL.coalesce(MASTER_SERVICES.DURATION_MIN, SERVICES.DURATION_MIN);
    private static final Field<BigDecimal> PRICE = DSL.coalesce(MASTER_SERVICES.PRICE, SERVICES.PRICE);
    /**
     * The minutes of the master's length of the service during which the client waits and the
     * master is free: her own phases, else the service's stretched to her length by the last
     * phase, as a booking's snapshot is made (migration 17). Raw SQL: the phase functions are not
     * generated (routines are not, see ScheduleRepository) and jOOQ cannot say unnest … WHERE.
     */
    private static final Field<Integer> PROCESSING = DSL.field("(SELECT CAST(coalesce(sum(-p.m), 0) AS integer) "
            + "FROM unnest(CASE WHEN phases_fits({0}, {1}) THEN phases_fit({0}, {1}) END) AS p(m) WHERE p.m < 0)",
            Integer.class, DSL.coalesce(MASTER_SERVICES.PHASES, SERVICES.PHASES), MINUTES);

    List<OnlineService> services(long tenantId) {
        return dsl.select(SERVICES.ID, SERVICES.NAME, SERVICES.CATEGORY, DSL.min(MINUTES), DSL.max(MINUTES), DSL.min(PRICE), DSL.max(PRICE),
                        DSL.min(PROCESSING), DSL.max(PROCESSING), SERVICES.PATCH_TEST_DAYS)
                .from(SERVICES)
                .join(MASTER_SERVICES).on(MASTER_SERVICES.TENANT_ID.eq(SERVICES.TENANT_ID).and(MASTER_SERVICES.SERVICE_ID.eq(SERVICES.ID)))
                .join(MASTERS).on(MASTERS.TENANT_ID.eq(MASTER_SERVICES.TENANT_ID).and(MASTERS.ID.eq(MASTER_SERVICES.MASTER_ID)))
                .where(SERVICES.TENANT_ID.eq(tenantId).and(bookable(tenantId)))
                .groupBy(SERVICES.ID, SERVICES.NAME, SERVICES.CATEGORY, SERVICES.PATCH_TEST_DAYS)
                .orderBy(SERVICES.CATEGORY, SERVICES.NAME, SERVICES.ID)
                .fetch(r -> new OnlineService(r.value1(), r.value2(), r.value3(), r.value4(), r.value5(), r.value6(), r.value7(),
                        r.value8(), r.value9(), r.value10()));
    }

    List<OnlineMaster> masters(long tenantId, long serviceId) {
        return dsl.select(MASTERS.ID, MASTERS.NAME, MINUTES, PRICE, PROCESSING)
                .from(MASTER_SERVICES)
                .join(SERVICES).on(SERVICES.TENANT_ID.eq(MASTER_SERVICES.TENANT_ID).and(SERVICES.ID.eq(MASTER_SERVICES.SERVICE_ID)))
                .join(MASTERS).on(MASTERS.TENANT_ID.eq(MASTER_SERVICES.TENANT_ID).and(MASTERS.ID.eq(MASTER_SERVICES.MASTER_ID)))
                .where(MASTER_SERVICES.TENANT_ID.eq(tenantId).and(MASTER_SERVICES.SERVICE_ID.eq(serviceId)).and(bookable(tenantId)))
                .orderBy(MASTERS.SORT_ORDER, MASTERS.NAME, MASTERS.ID)
                .fetch(r -> new OnlineMaster(r.value1(), r.value2(), r.value3(), r.value4(), r.value5()));
    }

    /**
     * What the phone holds through the page, as the database's cap counts it (migration 25): its
     * open online bookings, its waiting online waitlist places and the open bookings made for them.
     */
    int openBookings(long tenantId, String e164) {
        return dsl.resultQuery("SELECT salondesk_online_open_bookings(?, ?)", tenantId, e164).fetchOne(0, Integer.class);
    }

    /** Whether the salon's day (its zone) holds as many bookings made on the page as the salon allows. */
    boolean dayFull(long tenantId, java.time.LocalDate day) {
        return Boolean.TRUE.equals(dsl.resultQuery("SELECT salondesk_online_day_full(?, CAST(? AS date))", tenantId, day.toString())
                .fetchOne(0, Boolean.class));
    }

    /** Whether this request id made an online booking of the salon for this phone already (a repeat). */
    boolean madeBy(long tenantId, UUID requestId, String e164) {
        return dsl.resultQuery("SELECT 1 FROM salondesk_online_request(?, ?, ?)", tenantId, requestId, e164).fetchOptional().isPresent();
    }

    /**
     * Keeps the hash of a private link's secret for the online booking this request id made for
     * the client with this phone; the booking's id, or empty when there is none such.
     */
    Optional<Long> attachToken(long tenantId, UUID requestId, String e164, byte[] tokenHash, String email) {
        return Optional.ofNullable(dsl.resultQuery("SELECT salondesk_online_attach_token(?, ?, ?, ?, ?)",
                tenantId, requestId, e164, tokenHash, email == null ? "" : email).fetchOne(0, Long.class));
    }

    /** The booking behind a link's hash, as its client sees it (the token is handed back as given). */
    Optional<OnlineBooking> byToken(byte[] tokenHash, String token) {
        return dsl.resultQuery("SELECT booking_id, tenant_id, slug, salon_name, address, salon_phone, time_zone, currency, country, "
                        + "days_ahead, min_notice_min, cancel_cutoff_min, arrive_confirmed, service_name, master_name, starts_at, "
                        + "minutes, price, client_name, status, cancellable FROM salondesk_online_booking(?)", (Object) tokenHash)
                .fetchOptional(r -> toBooking(r, token));
    }

    private static OnlineBooking toBooking(Record r, String token) {
        OnlineSalon salon = new OnlineSalon(r.get("tenant_id", Long.class), r.get("slug", String.class), r.get("salon_name", String.class),
                r.get("address", String.class), r.get("salon_phone", String.class), ZoneId.of(r.get("time_zone", String.class)),
                Currency.getInstance(r.get("currency", String.class)), r.get("country", String.class),
                r.get("days_ahead", Integer.class), r.get("min_notice_min", Integer.class), r.get("cancel_cutoff_min", Integer.class),
                r.get("arrive_confirmed", Boolean.class));
        return new OnlineBooking(token, r.get("booking_id", Long.class), salon, r.get("service_name", String.class),
                r.get("master_name", String.class), r.get("starts_at", OffsetDateTime.class).toInstant(), r.get("minutes", Integer.class),
                r.get("price", BigDecimal.class), r.get("client_name", String.class), r.get("status", String.class),
                Boolean.TRUE.equals(r.get("cancellable", Boolean.class)));
    }

    /** A new waitlist entry's id, by the definer function of migration 14 (its refusals are SQLSTATEs, thrown). */
    long joinWaitlist(OnlineWaitRequest r, String e164) {
        return dsl.resultQuery("SELECT salondesk_online_join_waitlist(?, ?, ?, ?, ?, CAST(? AS date), CAST(? AS date), ?, ?)",
                r.tenantId(), r.name(), e164, r.serviceId(), r.masterId(), r.from(), r.to(), r.windowFromMin(), r.windowToMin())
                .fetchOne(0, Long.class);
    }

    /** cancelled, already_cancelled, too_late or not_found (the definer function's words). */
    String cancel(byte[] tokenHash) {
        // one statement, one transaction: the wait is set before the function awaits the master's
        // lock (a SELECT list is read left to right), and the function keeps a shorter one (migration 25)
        return dsl.resultQuery("SELECT set_config('lock_timeout', ?, true), salondesk_online_cancel(?)", lockWait, tokenHash)
                .fetchOne(1, String.class);
    }
}
