package app.salondesk.db;

/**
 * The schema is behind this build's migrations, and the database is reached through a
 * connection pooler (ADR 23), where migrations are not run: the owner migrates straight on
 * PostgreSQL ({@code db migrate} with the server's own address).
 */
public final class MigrationThroughPoolerException extends IllegalStateException {

    private final String where;

    public MigrationThroughPoolerException(String where) {
        super("the schema is behind this build's migrations, and " + where
                + " is a connection pooler: migrate straight on PostgreSQL (db migrate with the server's own address)");
        this.where = where;
    }

    /** The pooler's servers and database, as {@link ConnectionSettings#where} writes them. */
    public String where() {
        return where;
    }
}
