package app.salondesk.security;

/** The live relay's attack suite on PostgreSQL 14 (the oldest a shared server may run). */
class LiveRelayAttackOnPostgres14Test extends LiveRelayAttackSuite {

    @Override
    int majorVersion() {
        return 14;
    }
}
