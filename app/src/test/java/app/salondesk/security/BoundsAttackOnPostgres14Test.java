package app.salondesk.security;

/** Issue 29's database bounds attacks (item 3) on PostgreSQL 14. */
class BoundsAttackOnPostgres14Test extends BoundsAttackSuite {

    @Override
    int majorVersion() {
        return 14;
    }
}
