package app.salondesk.ui;

import app.salondesk.demo.DemoSalon;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.StartupException;
import app.salondesk.salon.Salon;
import app.salondesk.salon.SalonRepository;

import java.time.Clock;
import java.util.Optional;

/** An open database and the salon this desk works for. */
public record Session(Backend backend, Salon salon) implements AutoCloseable {

    /**
     * Opens the database and picks the salon. The embedded database gets the demo salon on its
     * very first start, so a new user sees a working schedule at once.
     */
    public static Session open(AppHome home, DbOptions options, Long salonId, Clock clock) {
        Backend backend = Backend.open(home, options);
        try {
            return choose(backend, salonId, clock);
        } catch (RuntimeException e) {
            backend.close();
            throw e;
        }
    }

    public static Session choose(Backend backend, Long salonId, Clock clock) {
        SalonRepository salons = new SalonRepository(backend.dsl());
        Optional<Salon> salon = salonId != null ? salons.find(salonId) : salons.first();
        if (salon.isEmpty() && salonId == null && backend.embedded()) {
            salon = Optional.of(new DemoSalon(backend.dsl(), clock).seed());
        }
        return new Session(backend, salon.orElseThrow(() -> new StartupException(StartupException.Reason.NO_SALON,
                salonId != null ? backend.location() + " (salon " + salonId + ")" : backend.location(), null)));
    }

    @Override
    public void close() {
        backend.close();
    }
}
