package app.salondesk.security;

/** The online road's attack suite on PostgreSQL 17 (the one the app embeds). */
class OnlineRoadAttackOnPostgres17Test extends OnlineRoadAttackSuite {

    @Override
    int majorVersion() {
        return 17;
    }
}
