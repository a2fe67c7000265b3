package app.salondesk.gui.shell;

import app.salondesk.logic.desk.DeskLogic;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.StartupException;

import java.util.Optional;

/** An open database and the salon this desk works for. */
public record Session(Backend backend, Salon salon) implements Opening {

    /**
     * Opens the database and picks the salon: the one asked for, else the first real salon,
     * else the demo one. A database without any salon is {@link Opening.Empty} for its owner
     * (the embedded desk's first start: the welcome screen) and a clear sentence for anyone
     * else, who cannot make a salon.
     */
    public static Opening start(AppHome home, DbOptions options, Long salonId) {
        Backend backend = Backend.openForDesk(home, options);
        try {
            return choose(backend, salonId);
        } catch (RuntimeException e) {
            backend.close();
            throw e;
        }
    }

    public static Opening choose(Backend backend, Long salonId) {
        DeskLogic logic = new DeskLogic(backend);
        SalonRepository salons = logic.salons();
        if (salonId != null) {
            return new Session(backend, salons.find(salonId).orElseThrow(() -> new StartupException(StartupException.Reason.NO_SALON,
                    backend.database().where() + " (salon " + salonId + ")", null)));
        }
        Optional<Salon> salon = salons.first();
        if (salon.isPresent()) {
            return new Session(backend, salon.get());
        }
        // row-level security shows a staff login its own salon only: seeing none, it has none
        if (backend.embedded() || logic.staff().signedInAsOwner()) {
            return new Opening.Empty(backend);
        }
        throw new StartupException(StartupException.Reason.NO_SALON_FOR_LOGIN, backend.user(), null);
    }

    /** The same database, another salon (one just set up, or the one whose settings changed). */
    public Session with(Salon other) {
        return new Session(backend, other);
    }
}
