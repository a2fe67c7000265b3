package app.salondesk.runtime;

import app.salondesk.i18n.Messages;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sign-in's server and database as a receptionist types them, made into the driver's JDBC URL and back. */
class ServerAddressTest {

    private static String url(String servers, String database) {
        return assertInstanceOf(ServerAddress.Url.class, ServerAddress.build(servers, database)).url();
    }

    private static ServerAddress.Refused refused(String servers, String database) {
        return assertInstanceOf(ServerAddress.Refused.class, ServerAddress.build(servers, database));
    }

    @Test
    void aHostAndADatabaseMakeTheUrlWithTheUsualPort() {
        assertEquals("jdbc:postgresql://db.salon.lan:5432/salondesk", url("db.salon.lan", "salondesk"));
        assertEquals("jdbc:postgresql://db.salon.lan:5432/salondesk", url("  db.salon.lan ", ""), "no database typed: salondesk");
        assertEquals("jdbc:postgresql://192.168.1.20:5432/bloom", url("192.168.1.20", "bloom"));
    }

    @Test
    void aHostWithItsPortKeepsThePort() {
        assertEquals("jdbc:postgresql://db.salon.lan:5433/salondesk", url("db.salon.lan:5433", "salondesk"));
        assertEquals("jdbc:postgresql://localhost:1/salon_2", url("localhost:1", "salon_2"));
    }

    @Test
    void aClustersHostsAskForThePrimary() {
        assertEquals("jdbc:postgresql://db1:5432,db2:5433/salondesk?targetServerType=primary", url("db1,db2:5433", "salondesk"));
        assertEquals("jdbc:postgresql://db1:5432,db2:5432,db3:6432/salondesk?targetServerType=primary", url("db1, db2 ,db3:6432", null));
    }

    @Test
    void ipv6LiteralsAreWrittenInBrackets() {
        assertEquals("jdbc:postgresql://[::1]:5432/salondesk", url("::1", "salondesk"), "a bare literal has no port");
        assertEquals("jdbc:postgresql://[fe80::1]:5433/salondesk", url("[fe80::1]:5433", "salondesk"));
        assertEquals("jdbc:postgresql://[2001:db8::7]:5432,db2:5432/salondesk?targetServerType=primary", url("[2001:db8::7],db2", "salondesk"));
    }

    @Test
    void portsAreChecked() {
        for (String bad : new String[]{"db:0", "db:65536", "db:54x", "db:", "[::1]:99999"}) {
            ServerAddress.Refused r = refused(bad, "salondesk");
            assertEquals(ServerAddress.Problem.BAD_PORT, r.problem(), bad);
            assertEquals(bad, r.detail());
        }
        assertEquals("jdbc:postgresql://db:65535/salondesk", url("db:65535", "salondesk"));
    }

    @Test
    void badInputIsOneSentenceInTheDesksLanguage() {
        Messages en = new Messages(Locale.ENGLISH);
        Messages uk = new Messages(Locale.forLanguageTag("uk"));
        ServerAddress.Refused port = refused("db1,db2:70000", "salondesk");
        assertEquals("The port in \"db2:70000\" must be a number from 1 to 65535.", en.format(port.problem().messageKey, port.detail()));
        assertEquals("Порт у «db2:70000» має бути числом від 1 до 65535.", uk.format(port.problem().messageKey, port.detail()));
        assertEquals(ServerAddress.Problem.NO_SERVER, refused("  ", "salondesk").problem());
        assertEquals(ServerAddress.Problem.EMPTY_HOST, refused("db1,,db2", "salondesk").problem());
        assertEquals(ServerAddress.Problem.BAD_HOST, refused("db 1", "salondesk").problem());
        assertEquals(ServerAddress.Problem.BAD_HOST, refused("jdbc:postgresql://db/salondesk", "salondesk").problem(),
                "a URL belongs under Advanced");
        assertEquals(ServerAddress.Problem.BAD_HOST, refused("[fe80::1", "salondesk").problem());
        assertEquals(ServerAddress.Problem.BAD_DATABASE, refused("db", "salon desk").problem());
        assertEquals(ServerAddress.Problem.BAD_DATABASE, refused("db", "salondesk?ssl=false").problem());
        for (ServerAddress.Problem p : ServerAddress.Problem.values()) {
            String sentence = en.format(p.messageKey, "x");
            assertTrue(sentence.endsWith(".") && !sentence.equals(p.messageKey), p + ": " + sentence);
        }
    }

    @Test
    void aUrlUnderAdvancedIsTakenAsItIsOnceItIsAPostgresOne() {
        assertEquals("jdbc:postgresql://db/salondesk?ssl=true&sslmode=verify-full",
                assertInstanceOf(ServerAddress.Url.class, ServerAddress.advanced(" jdbc:postgresql://db/salondesk?ssl=true&sslmode=verify-full ")).url());
        assertEquals(ServerAddress.Problem.NOT_A_URL,
                assertInstanceOf(ServerAddress.Refused.class, ServerAddress.advanced("db.salon.lan")).problem());
        assertEquals(ServerAddress.Problem.NOT_A_URL,
                assertInstanceOf(ServerAddress.Refused.class, ServerAddress.advanced("jdbc:postgresql://")).problem());
    }

    @Test
    void aUrlTheFormBuildsReadsBackAsWhatWasTyped() {
        assertEquals(Optional.of(new ServerAddress.Entry("db1,db2:5433", "salondesk")),
                ServerAddress.entryOf("jdbc:postgresql://db1:5432,db2:5433/salondesk?targetServerType=primary"));
        assertEquals(Optional.of(new ServerAddress.Entry("db.salon.lan", "salondesk")),
                ServerAddress.entryOf("jdbc:postgresql://db.salon.lan/salondesk"), "the README's URL, without a port");
        assertEquals(Optional.of(new ServerAddress.Entry("localhost:41234", "signin_db")),
                ServerAddress.entryOf("jdbc:postgresql://localhost:41234/signin_db"));
        assertEquals(Optional.of(new ServerAddress.Entry("[fe80::1]:5433", "salondesk")),
                ServerAddress.entryOf("jdbc:postgresql://[fe80::1]:5433/salondesk"));
        // what the form cannot say stays a URL, shown under Advanced
        assertEquals(Optional.empty(), ServerAddress.entryOf("jdbc:postgresql://db/salondesk?ssl=true"));
        assertEquals(Optional.empty(), ServerAddress.entryOf("jdbc:postgresql://db"));
        assertEquals(Optional.empty(), ServerAddress.entryOf("not a url"));
        for (String typed : new String[]{"db1,db2:5433", "db.salon.lan:6432", "[::1]"}) {
            assertEquals(typed, ServerAddress.entryOf(url(typed, "salondesk")).orElseThrow().server(), typed);
        }
    }
}
