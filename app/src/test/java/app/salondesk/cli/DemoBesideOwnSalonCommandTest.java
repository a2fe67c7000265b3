package app.salondesk.cli;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.runtime.Backend;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A salon that tried the demo and then set itself up has two salons in its database; the
 * command line, like the desk, works on its own one without being told, until there are two
 * real ones.
 */
class DemoBesideOwnSalonCommandTest {

    @Test
    void commandsGoToTheOneRealSalonBesideTheDemoAndAskWhenThereAreTwo() {
        ConnectionSettings db = TestPostgres.migratedDatabase("demobeside");
        SetupCli cli = new SetupCli(db);
        assertEquals(0, cli.owner("demo").exit());
        SetupCli.Run added = cli.owner("salons", "add", "--name", "Lotus", "--time-zone", "Europe/Kyiv", "--currency", "UAH", "--country", "UA");
        long lotus = Long.parseLong(added.line().replace("salon_id=", ""));
        SetupCli.Run service = cli.owner("services", "add", "--name", "Paraffin therapy", "--duration", "60", "--price", "700");
        assertEquals(0, service.exit(), service.toString());
        try (Backend backend = Backend.connect(db, 2)) {
            assertEquals(lotus, backend.dsl().resultQuery("SELECT tenant_id FROM services WHERE name = 'Paraffin therapy'").fetchOne(0, Long.class));
        }
        cli.owner("salons", "add", "--name", "Lotus II", "--time-zone", "Europe/Kyiv", "--currency", "UAH", "--country", "UA");
        SetupCli.Run asked = cli.owner("services", "list");
        assertEquals(2, asked.exit(), asked.toString());
    }
}
