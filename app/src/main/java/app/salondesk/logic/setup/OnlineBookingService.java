package app.salondesk.logic.setup;

import app.salondesk.logic.online.OnlineSettingsRepository.Saved;
import app.salondesk.logic.online.OnlineSettingsRepository;
import app.salondesk.model.online.OnlineSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/** One salon's online booking settings for its admins (issue 13); PostgreSQL decides who may change them. */
public final class OnlineBookingService implements OnlineBookingStore {

    private static final Logger log = LoggerFactory.getLogger(OnlineBookingService.class);

    private final OnlineSettingsRepository repository;
    private final long salonId;

    public OnlineBookingService(OnlineSettingsRepository repository, long salonId) {
        this.repository = repository;
        this.salonId = salonId;
    }

    @Override
    public Loaded load() {
        return new Loaded(repository.find(salonId), repository.services(salonId), repository.masters(salonId));
    }

    @Override
    public Saved save(OnlineSettings settings, Map<Long, Boolean> services, Map<Long, Boolean> masters) {
        Saved saved = repository.save(salonId, settings, services, masters);
        if (saved != Saved.SAVED) {
            log.warn("the database refused the online booking settings of salon {} ({})", salonId, saved);
        }
        return saved;
    }
}
