package app.salondesk.security;

/** The live relay's attack suite on PostgreSQL 17. */
class LiveRelayAttackOnPostgres17Test extends LiveRelayAttackSuite {

    @Override
    int majorVersion() {
        return 17;
    }
}
