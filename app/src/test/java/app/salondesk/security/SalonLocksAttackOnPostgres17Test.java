package app.salondesk.security;

/** Issue 29's lock attacks on PostgreSQL 17. */
class SalonLocksAttackOnPostgres17Test extends SalonLocksAttackSuite {

    @Override
    int majorVersion() {
        return 17;
    }
}
