package app.salondesk.runtime;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AppHomeTest {

    @Test
    void homeIsDotSalondeskUnlessSalondeskHomeSaysOtherwise() {
        assertEquals(Path.of("/home/olena/.salondesk"), AppHome.fromEnvironment(Map.of(), null, "/home/olena").dir());
        assertEquals(Path.of("/srv/desk"), AppHome.fromEnvironment(Map.of("SALONDESK_HOME", "/srv/desk"), null, "/home/olena").dir());
        assertEquals(Path.of("/tmp/x"), AppHome.fromEnvironment(Map.of("SALONDESK_HOME", "/srv/desk"), "/tmp/x", "/home/olena").dir());
    }

    @Test
    void withoutSalondeskHomeTheHomeVariableWinsOverThePasswordDatabases() {
        // HOME=/var/lib/salondesk-serve moves it, though Java's user.home still says /home/olena
        assertEquals(Path.of("/var/lib/salondesk-serve/.salondesk"),
                AppHome.fromEnvironment(Map.of("HOME", "/var/lib/salondesk-serve"), null, "/home/olena").dir());
        assertEquals(Path.of("/srv/desk"),
                AppHome.fromEnvironment(Map.of("HOME", "/var/lib/x", "SALONDESK_HOME", "/srv/desk"), null, "/home/olena").dir());
        assertEquals(Path.of("/home/olena/.salondesk"), AppHome.fromEnvironment(Map.of("HOME", " "), null, "/home/olena").dir());
    }
}
