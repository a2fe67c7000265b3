package app.salondesk.security;

/** The online road's attack suite on PostgreSQL 14 (the oldest a shared server may run). */
class OnlineRoadAttackOnPostgres14Test extends OnlineRoadAttackSuite {

    @Override
    int majorVersion() {
        return 14;
    }
}
