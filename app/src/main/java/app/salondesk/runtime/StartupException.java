package app.salondesk.runtime;

/**
 * Why the application could not get to its database, in terms a person can act on. The
 * message key and argument are turned into words by the caller (command line or dialog);
 * the cause goes to the log.
 */
public final class StartupException extends RuntimeException {

    public enum Reason {
        ALREADY_RUNNING("startup.alreadyRunning"),
        BAD_URL("startup.badUrl"),
        UNKNOWN_HOST("startup.unknownHost"),
        CONNECTION_REFUSED("startup.connectionRefused"),
        BAD_CREDENTIALS("startup.badCredentials"),
        LOGIN_REFUSED("startup.loginRefused"),
        NO_DATABASE("startup.noDatabase"),
        NO_PERMISSION("startup.noPermission"),
        /** The schema is behind and the database is reached through a pooler (ADR 23); detail: its servers and database. */
        MIGRATE_THROUGH_POOLER("startup.migrateThroughPooler"),
        /** serve's live relay was given a pooler's URL to LISTEN on (ADR 23); detail: its servers and database. */
        LIVE_THROUGH_POOLER("startup.liveThroughPooler"),
        /** serve --live-port on a shared server without the relay's own login (ADR 25); detail: serve's login. */
        LIVE_LOGIN_MISSING("startup.liveLoginMissing"),
        /** serve's live relay was given a login that may not redeem tickets (ADR 25); detail: that login. */
        LIVE_NOT_RELAY_LOGIN("startup.liveNotRelayLogin"),
        /** The server lets every login create objects in schema public (PostgreSQL 14's default); detail: the fix. */
        SCHEMA_PUBLIC_OPEN("startup.schemaPublicOpen"),
        NO_SALON("startup.noSalon"),
        /** A staff login that belongs to no salon (only the owner sets a salon up); detail: the login. */
        NO_SALON_FOR_LOGIN("startup.noSalonForLogin"),
        EMBEDDED_FAILED("startup.embeddedFailed"),
        OTHER("startup.other");

        public final String messageKey;

        Reason(String messageKey) {
            this.messageKey = messageKey;
        }
    }

    private final Reason reason;
    private final String detail;

    public StartupException(Reason reason, String detail, Throwable cause) {
        super(reason + ": " + detail, cause);
        this.reason = reason;
        this.detail = detail;
    }

    public Reason reason() {
        return reason;
    }

    /** The URL, host, folder or database name the message is about. */
    public String detail() {
        return detail;
    }
}
