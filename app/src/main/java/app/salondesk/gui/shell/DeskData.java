package app.salondesk.gui.shell;

import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.OfferShape;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.StaffRole;

import java.util.List;

/**
 * What the desk reads from the database before it builds its window (issue 16): read on a
 * background thread by {@link FrontDesk#deskData}, so that building the desk — at start, after
 * a language switch or a change of masters — never waits for the server on the FX thread (the
 * window froze while it was slow).
 *
 * @param role      what the signed-in person may do (PostgreSQL enforces it; the window follows it)
 * @param active    the salon's active masters, in column order
 * @param demo      whether the salon is the demo one
 * @param owner     whether the login is the database's owner (only it may make a salon)
 * @param catalogue the services and the masters' own offers the booking form chooses from
 * @param who       the signed-in person's name as the salon knows it (a staff display name, for
 *                  the owner's login the salon's admin's), null if the salon knows none
 * @param ownerLogin whether the login is the database's owner (the embedded desk's own login)
 */
public record DeskData(StaffRole role, List<Master> active, boolean demo, boolean owner, FormCatalogue catalogue,
                       String who, boolean ownerLogin) {

    public DeskData {
        active = List.copyOf(active);
    }

    public DeskData(StaffRole role, List<Master> active, boolean demo, boolean owner, FormCatalogue catalogue) {
        this(role, active, demo, owner, catalogue, null, false);
    }

    /**
     * The booking form's choices; the desk keeps one and refreshes it in the background.
     * {@code shapes}: how each master's service runs (phases, cleanup, rooms), for what the forms say
     * of it and when a visit's next part starts.
     */
    public record FormCatalogue(List<Service> services, List<Offer> offers, List<OfferShape> shapes) {
        public FormCatalogue {
            services = List.copyOf(services);
            offers = List.copyOf(offers);
            shapes = List.copyOf(shapes);
        }

        public FormCatalogue(List<Service> services, List<Offer> offers) {
            this(services, offers, List.of());
        }
    }
}
