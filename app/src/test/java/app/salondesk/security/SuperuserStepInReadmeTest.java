package app.salondesk.security;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The superuser's step of the README ("The shared server the desks point at", step 2) is
 * {@code db/superuser.sql}, statement for statement: the attack suites set their servers up with
 * the file, the README's reader types the block, and the chain's bootstrap runs the file.
 */
class SuperuserStepInReadmeTest {

    @Test
    void theReadmesStepTwoIsTheFileTheAttackSuitesRun() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        int step = readme.indexOf("2. **What only the superuser may take away**");
        assertTrue(step > 0, "the README has the superuser's step");
        int open = readme.indexOf("```sql", step);
        int close = readme.indexOf("```", open + 6);
        assertEquals(statements(AttackedServer.superuserStep()), statements(readme.substring(open + 6, close)));
    }

    /** The lines that are not comments, without the README's indentation. */
    private static List<String> statements(String sql) {
        return sql.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("--")).toList();
    }
}
