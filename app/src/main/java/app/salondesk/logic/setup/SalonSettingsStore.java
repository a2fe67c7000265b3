package app.salondesk.logic.setup;

import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.SalonSettings;

import java.util.Optional;

/** Where Salon settings read and write ({@link SalonSettingsService}); tests give their own. */
public interface SalonSettingsStore {

    /**
     * @param removableDemo the demo salon when it may be removed from this salon's settings
     */
    record Loaded(SalonSettings settings, Optional<Salon> removableDemo) {
    }

    Loaded load(long salonId);

    SetupResult save(long salonId, SalonSettings settings);

    SetupResult removeDemo(Salon demo);
}
