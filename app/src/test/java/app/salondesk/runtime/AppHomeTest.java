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
}
