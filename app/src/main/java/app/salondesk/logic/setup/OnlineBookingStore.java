package app.salondesk.logic.setup;

import app.salondesk.logic.online.OnlineSettingsRepository.Bookable;
import app.salondesk.logic.online.OnlineSettingsRepository.Saved;
import app.salondesk.model.online.OnlineSettings;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Where the Online booking window reads and writes one salon's settings ({@link OnlineBookingService}); tests give their own. */
public interface OnlineBookingStore {

    /**
     * @param settings empty while the salon never set any (online booking is off)
     * @param services the active services, each ticked when the page offers it
     * @param masters  the active masters, each ticked when clients may book them online
     */
    record Loaded(Optional<OnlineSettings> settings, List<Bookable> services, List<Bookable> masters) {
    }

    Loaded load();

    /** All or nothing; {@code services} and {@code masters} name only the ticks that changed. */
    Saved save(OnlineSettings settings, Map<Long, Boolean> services, Map<Long, Boolean> masters);
}
