package app.salondesk.logic.setup;

import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.logic.salon.Refusal;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.SalonSettings;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/** Salon settings for its admins, and removing the demo salon once a real one exists (the owner). */
public final class SalonSettingsService implements SalonSettingsStore {

    private static final Logger log = LoggerFactory.getLogger(SalonSettingsService.class);

    private final DSLContext dsl;
    private final SalonRepository salons;

    public SalonSettingsService(DSLContext dsl) {
        this.dsl = dsl;
        this.salons = new SalonRepository(dsl);
    }

    /**
     * The salon's settings, and the demo salon when it may be removed from here: it exists, it
     * is not the salon being shown, and a real salon does. (Staff never see the demo salon:
     * row-level security shows them their own salon only.)
     */
    @Override
    public Loaded load(long salonId) {
        SalonSettings settings = salons.settings(salonId).orElseThrow(() -> new IllegalStateException("no salon " + salonId));
        Optional<Salon> demo = salons.findDemo().filter(d -> d.id() != salonId && salons.hasRealSalon());
        return new Loaded(settings, demo);
    }

    @Override
    public SetupResult save(long salonId, SalonSettings settings) {
        try {
            salons.update(salonId, settings);
            return new SetupResult.Done(salons.find(salonId).orElseThrow());
        } catch (DataAccessException e) {
            return refused("the salon's settings", e);
        }
    }

    @Override
    public SetupResult removeDemo(Salon demo) {
        try {
            if (!DemoSalon.remove(dsl, demo.id())) {
                // not (or no longer) the demo salon: nothing was removed, and a real salon never is
                return new SetupResult.Refused(Refusal.BAD_VALUE);
            }
            return new SetupResult.Done(demo);
        } catch (DataAccessException e) {
            return refused("removing the demo salon", e);
        }
    }

    private static SetupResult refused(String what, DataAccessException e) {
        Refusal why = Refusal.of(e).orElseThrow(() -> e);
        log.warn("the database refused {} ({}): {}", what, why, e.getMessage());
        return new SetupResult.Refused(why);
    }
}
