package app.salondesk.security;

import app.salondesk.db.EmbeddedServer;

import java.nio.file.Path;

/** The attack suite on the PostgreSQL the app embeds (17): CREATEROLE is limited there since 16. */
class SharedServerAttackOnPostgres17Test extends SharedServerAttackSuite {

    @Override
    EmbeddedServer startCluster(Path dir) {
        return EmbeddedServer.start(dir, EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY);
    }

    @Override
    int majorVersion() {
        return 17;
    }
}
