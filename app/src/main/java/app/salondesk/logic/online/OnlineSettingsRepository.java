package app.salondesk.logic.online;

import app.salondesk.model.online.OnlineSettings;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.ONLINE_SETTINGS;
import static app.salondesk.jooq.Tables.SERVICES;

/**
 * The salon side of online booking (issue 13): what a salon's admin switches and sets. Row-level
 * security keeps an admin to the own salon; receptionists and managers may read, not change.
 */
public final class OnlineSettingsRepository {

    /** What became of a save. */
    public enum Saved { SAVED, SLUG_TAKEN, INVALID, NOT_ALLOWED }

    private final DSLContext dsl;

    public OnlineSettingsRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** The salon's settings; empty when it never set any (online booking is off). */
    public Optional<OnlineSettings> find(long tenantId) {
        return dsl.select(ONLINE_SETTINGS.ENABLED, ONLINE_SETTINGS.SLUG, ONLINE_SETTINGS.DAYS_AHEAD, ONLINE_SETTINGS.MIN_NOTICE_MIN,
                        ONLINE_SETTINGS.CANCEL_CUTOFF_MIN, ONLINE_SETTINGS.ARRIVE_CONFIRMED, ONLINE_SETTINGS.MAX_OPEN_PER_PHONE,
                        ONLINE_SETTINGS.MAX_ONLINE_PER_DAY)
                .from(ONLINE_SETTINGS).where(ONLINE_SETTINGS.TENANT_ID.eq(tenantId))
                .fetchOptional(r -> new OnlineSettings(r.value1(), r.value2(), r.value3(), r.value4(), r.value5(), r.value6(), r.value7(),
                        r.value8()));
    }

    /**
     * Saves them in one statement (on its own: a refusal must not poison a caller's transaction).
     * A slug another salon has is {@link Saved#SLUG_TAKEN} — the unique key decides, so two salons
     * cannot both take one at once; a value out of range or a slug that is not lower-case letters,
     * digits and single hyphens (1–40) is {@link Saved#INVALID}.
     */
    public Saved save(long tenantId, OnlineSettings s) {
        try {
            dsl.insertInto(ONLINE_SETTINGS, ONLINE_SETTINGS.TENANT_ID, ONLINE_SETTINGS.ENABLED, ONLINE_SETTINGS.SLUG,
                            ONLINE_SETTINGS.DAYS_AHEAD, ONLINE_SETTINGS.MIN_NOTICE_MIN, ONLINE_SETTINGS.CANCEL_CUTOFF_MIN,
                            ONLINE_SETTINGS.ARRIVE_CONFIRMED, ONLINE_SETTINGS.MAX_OPEN_PER_PHONE, ONLINE_SETTINGS.MAX_ONLINE_PER_DAY)
                    .values(tenantId, s.enabled(), s.slug(), s.daysAhead(), s.minNoticeMin(), s.cancelCutoffMin(), s.arriveConfirmed(),
                            s.maxOpenPerPhone(), s.maxOnlinePerDay())
                    .onConflict(ONLINE_SETTINGS.TENANT_ID).doUpdate()
                    .set(ONLINE_SETTINGS.ENABLED, s.enabled())
                    .set(ONLINE_SETTINGS.SLUG, s.slug())
                    .set(ONLINE_SETTINGS.DAYS_AHEAD, s.daysAhead())
                    .set(ONLINE_SETTINGS.MIN_NOTICE_MIN, s.minNoticeMin())
                    .set(ONLINE_SETTINGS.CANCEL_CUTOFF_MIN, s.cancelCutoffMin())
                    .set(ONLINE_SETTINGS.ARRIVE_CONFIRMED, s.arriveConfirmed())
                    .set(ONLINE_SETTINGS.MAX_OPEN_PER_PHONE, s.maxOpenPerPhone())
                    .set(ONLINE_SETTINGS.MAX_ONLINE_PER_DAY, s.maxOnlinePerDay())
                    .set(ONLINE_SETTINGS.UPDATED_AT, org.jooq.impl.DSL.currentOffsetDateTime())
                    .execute();
            return Saved.SAVED;
        } catch (DataAccessException e) {
            return switch (String.valueOf(e.sqlState())) {
                case "23505" -> Saved.SLUG_TAKEN;
                case "23514", "23502", "22001", "22023" -> Saved.INVALID;
                case "42501" -> Saved.NOT_ALLOWED;
                default -> throw e;
            };
        }
    }

    /**
     * The settings and which services and masters are bookable, all or nothing, in one
     * transaction: a refusal of the settings (slug taken, a value out of range, not an admin)
     * leaves every tick as it was, so what the admin sees after a refusal is what the page offers.
     *
     * @param services service id → bookable online, only those to change
     * @param masters  master id → bookable online, only those to change
     */
    public Saved save(long tenantId, OnlineSettings s, Map<Long, Boolean> services, Map<Long, Boolean> masters) {
        try {
            return dsl.transactionResult(cfg -> {
                OnlineSettingsRepository tx = new OnlineSettingsRepository(cfg.dsl());
                Saved saved = tx.save(tenantId, s);
                if (saved != Saved.SAVED) {
                    throw new Refused(saved);   // rolls the transaction back
                }
                services.forEach((id, bookable) -> tx.setServiceBookable(tenantId, id, bookable));
                masters.forEach((id, bookable) -> tx.setMasterBookable(tenantId, id, bookable));
                return Saved.SAVED;
            });
        } catch (Refused r) {
            return r.saved;
        } catch (DataAccessException e) {
            if ("42501".equals(e.sqlState())) {
                return Saved.NOT_ALLOWED;
            }
            throw e;
        }
    }

    /** A refused save leaving the transaction (a runtime exception, so jOOQ rolls back and passes it on as it is). */
    private static final class Refused extends RuntimeException {
        private final Saved saved;

        Refused(Saved saved) {
            super(saved.name(), null, false, false);
            this.saved = saved;
        }
    }

    /** The salon's active services, each with whether the page offers it, by name. */
    public List<Bookable> services(long tenantId) {
        return dsl.select(SERVICES.ID, SERVICES.NAME, SERVICES.ONLINE_BOOKABLE).from(SERVICES)
                .where(SERVICES.TENANT_ID.eq(tenantId).and(SERVICES.ACTIVE))
                .orderBy(SERVICES.NAME, SERVICES.ID)
                .fetch(r -> new Bookable(r.value1(), r.value2(), r.value3()));
    }

    /** The salon's active masters, each with whether clients may book them online, in the calendar's order. */
    public List<Bookable> masters(long tenantId) {
        return dsl.select(MASTERS.ID, MASTERS.NAME, MASTERS.ONLINE_BOOKABLE).from(MASTERS)
                .where(MASTERS.TENANT_ID.eq(tenantId).and(MASTERS.ACTIVE))
                .orderBy(MASTERS.SORT_ORDER, MASTERS.NAME, MASTERS.ID)
                .fetch(r -> new Bookable(r.value1(), r.value2(), r.value3()));
    }

    /** A service or master and whether it is offered online. */
    public record Bookable(long id, String name, boolean bookable) {
    }

    /** Whether the page offers this service (when it is also active); false when there is no such service of the salon. */
    public boolean setServiceBookable(long tenantId, long serviceId, boolean bookable) {
        return dsl.update(SERVICES).set(SERVICES.ONLINE_BOOKABLE, bookable)
                .where(SERVICES.TENANT_ID.eq(tenantId).and(SERVICES.ID.eq(serviceId))).execute() == 1;
    }

    /** Whether clients may book this master online (when also active); false when there is no such master of the salon. */
    public boolean setMasterBookable(long tenantId, long masterId, boolean bookable) {
        return dsl.update(MASTERS).set(MASTERS.ONLINE_BOOKABLE, bookable)
                .where(MASTERS.TENANT_ID.eq(tenantId).and(MASTERS.ID.eq(masterId))).execute() == 1;
    }
}
