package app.salondesk.logic.live;

import java.sql.SQLException;

/**
 * A LISTEN was asked of a connection that reaches PostgreSQL through a connection pooler
 * (PgBouncer; {@link app.salondesk.db.Pooler}), where it would hear nothing (ADR 23). Not a lost
 * connection: trying again changes nothing until the route is changed — {@code SALONDESK_LIVE_URL}
 * naming the live relay or PostgreSQL itself, or serve's {@code --live-db-url}.
 */
public final class ThroughPoolerException extends SQLException {

    public ThroughPoolerException(String url) {
        super("live updates cannot LISTEN through the connection pooler at " + app.salondesk.db.ConnectionSettings.where(url)
                + ": set SALONDESK_LIVE_URL to the live relay (serve --live-port) or to PostgreSQL itself"
                + " (for serve's relay: --live-db-url)", "55000");
    }
}
