package app.salondesk.db;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Issue 19: what a person reads of where the desk connects — the servers and the database, never the URL's parameters. */
class ConnectionSettingsTest {

    @Test
    void aMultiHostUrlReadsAsItsServersAndDatabase() {
        assertEquals("db1:6432,db2:6432/salondesk",
                ConnectionSettings.where("jdbc:postgresql://db1:6432,db2:6432/salondesk?targetServerType=primary&prepareThreshold=0"));
    }

    @Test
    void aPasswordInTheUrlIsNeverShown() {
        assertEquals("db.salon.lan/salondesk", ConnectionSettings.where("jdbc:postgresql://db.salon.lan/salondesk?password=secret"));
    }

    @Test
    void aSingleServerWithoutParametersReadsAsItIs() {
        assertEquals("localhost:5432/salondesk", ConnectionSettings.where("jdbc:postgresql://localhost:5432/salondesk"));
    }
}
