package app.salondesk.security;

/** Issue 29's database bounds attacks (item 3) on PostgreSQL 17. */
class BoundsAttackOnPostgres17Test extends BoundsAttackSuite {

    @Override
    int majorVersion() {
        return 17;
    }
}
