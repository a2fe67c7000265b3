package app.salondesk.security;

/**
 * The attack suite on the oldest PostgreSQL a shared server may run (14): PUBLIC may create in
 * schema public unless the README's step takes it away, and a CREATEROLE owner can grant
 * itself any non-superuser role.
 */
class SharedServerAttackOnPostgres14Test extends SharedServerAttackSuite {

    @Override
    int majorVersion() {
        return 14;
    }
}
