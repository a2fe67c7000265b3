package app.salondesk.gui.shell;

import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.DbOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * What the application reads before its window can show anything (issue 16: read while the
 * toolkit starts, not after): the opened database, and for a salon what its desk needs.
 *
 * @param desk null for the welcome screen, or when reading it failed (the shell reads it again
 *             and says so if that fails too)
 */
record Opened(Opening opening, DeskData desk) {

    private static final Logger log = LoggerFactory.getLogger(Opened.class);

    /** Opens the database and reads the desk's data; call off the FX thread. */
    static Opened read(AppHome home, DbOptions options, Long salonId) {
        Opening opening = Session.start(home, options, salonId);
        if (!(opening instanceof Session session)) {
            return new Opened(opening, null);
        }
        try {
            if (new app.salondesk.logic.desk.DeskLogic(session.backend()).staff().signedInAsChainManager()) {
                return new Opened(opening, null);   // no desk: the shell opens its salons' reports
            }
            return new Opened(opening, FrontDesk.deskData(session));
        } catch (RuntimeException e) {
            log.warn("could not read the desk's data at start; the window reads it again", e);
            return new Opened(opening, null);
        }
    }

    /** Waits for an opening begun earlier; its failure as it was thrown (a StartupException the person can act on). */
    static Opened await(CompletableFuture<Opened> opening) throws Exception {
        try {
            return opening.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
