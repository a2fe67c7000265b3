package app.salondesk.security;

/** Issue 29's session bounds attacks on PostgreSQL 14. */
class SessionBoundsAttackOnPostgres14Test extends SessionBoundsAttackSuite {

    @Override
    int majorVersion() {
        return 14;
    }
}
