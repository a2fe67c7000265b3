package app.salondesk.security;

/** The attack suite on the PostgreSQL the app embeds (17): CREATEROLE is limited there since 16. */
class SharedServerAttackOnPostgres17Test extends SharedServerAttackSuite {

    @Override
    int majorVersion() {
        return 17;
    }
}
