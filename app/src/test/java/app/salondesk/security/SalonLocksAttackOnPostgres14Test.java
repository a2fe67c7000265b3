package app.salondesk.security;

/** Issue 29's lock attacks on PostgreSQL 14. */
class SalonLocksAttackOnPostgres14Test extends SalonLocksAttackSuite {

    @Override
    int majorVersion() {
        return 14;
    }
}
