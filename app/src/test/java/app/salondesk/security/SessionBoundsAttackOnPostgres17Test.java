package app.salondesk.security;

/** Issue 29's session bounds attacks on PostgreSQL 17. */
class SessionBoundsAttackOnPostgres17Test extends SessionBoundsAttackSuite {

    @Override
    int majorVersion() {
        return 17;
    }
}
