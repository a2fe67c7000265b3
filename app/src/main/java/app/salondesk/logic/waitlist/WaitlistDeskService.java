package app.salondesk.logic.waitlist;

import app.salondesk.model.booking.Source;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.JoinOutcome;
import app.salondesk.model.waitlist.NewWaitlistEntry;
import app.salondesk.model.waitlist.WaitlistEntry;
import app.salondesk.model.waitlist.WaitlistRules;
import org.jooq.exception.DataAccessException;

import java.time.LocalDate;
import java.util.List;

/**
 * {@link WaitlistDesk} for one salon on the desk's pool: the repository, with the desk's worker
 * (if it runs one) woken when a client joins, so a time that is free already is booked within
 * a moment rather than at the next sweep.
 */
public final class WaitlistDeskService implements WaitlistDesk {

    private final WaitlistRepository repository;
    private final long tenantId;
    private final Runnable wakeWorker;

    /** @param wakeWorker wakes the desk's waitlist worker; a no-op on a desk that runs none */
    public WaitlistDeskService(WaitlistRepository repository, long tenantId, Runnable wakeWorker) {
        this.repository = repository;
        this.tenantId = tenantId;
        this.wakeWorker = wakeWorker;
    }

    @Override
    public JoinOutcome join(NewWaitlistEntry entry) {
        if (entry.tenantId() != tenantId) {
            throw new IllegalArgumentException("an entry of salon " + entry.tenantId() + " at the desk of salon " + tenantId);
        }
        JoinOutcome outcome = repository.add(entry, Source.FORM);
        if (outcome instanceof JoinOutcome.Joined) {
            wakeWorker.run();
        }
        return outcome;
    }

    @Override
    public List<WaitlistEntry> openOn(LocalDate day, Long masterId) {
        return repository.openOn(tenantId, day, masterId);
    }

    @Override
    public boolean edit(long entryId, Long masterId, LocalDate from, LocalDate to, DailyWindow window) {
        boolean changed = allowed(() -> repository.edit(tenantId, entryId, masterId, from, to, window));
        if (changed) {
            wakeWorker.run();   // it may fit a time that is free now
        }
        return changed;
    }

    @Override
    public boolean remove(long entryId) {
        return allowed(() -> repository.remove(tenantId, entryId));
    }

    @Override
    public boolean markFulfilled(long entryId, long bookingId) {
        return allowed(() -> repository.markFulfilled(tenantId, entryId, bookingId));
    }

    @Override
    public WaitlistRules rules() {
        return repository.rules(tenantId);
    }

    @Override
    public void saveRules(WaitlistRules rules) {
        allowed(() -> {
            repository.saveRules(tenantId, rules);
            return true;
        });
    }

    /** A refusal of the login's rights (42501) as {@link NotAllowed}; anything else as it came. */
    private static boolean allowed(java.util.function.BooleanSupplier change) {
        try {
            return change.getAsBoolean();
        } catch (DataAccessException e) {
            if ("42501".equals(e.sqlState())) {
                throw new NotAllowed(e);
            }
            throw e;
        }
    }
}
