package app.salondesk.runtime;

import app.salondesk.db.TestPostgres;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The build's check that no database call is made on the FX thread (issue 16): a query on the
 * real JavaFX application thread fails in tests, the same query on any other thread runs.
 */
class FxThreadGuardTest {

    private static Backend backend;

    @BeforeAll
    static void open() throws Exception {
        FxToolkit.registerPrimaryStage();
        backend = Backend.connect(TestPostgres.migratedDatabase("fxguard"), 2);
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @Test
    void aQueryOnTheFxThreadFailsTheTestThatMakesIt() {
        assertTrue(Boolean.getBoolean(FxThreadGuard.STRICT), "the build sets " + FxThreadGuard.STRICT);
        DSLContext dsl = backend.dsl();
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> WaitForAsyncUtils.asyncFx(() -> dsl.fetchValue("SELECT 1")).get(10, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("JavaFX application thread"), e.getCause().getMessage());
        // kept for the suite's check, which fails a test even when the app caught the refusal
        assertEquals(1, FxThreadCalls.drain().size(), "the refused call is kept for the test's end");
    }

    @Test
    void aRefusalTheAppCaughtStillFailsTheTest() throws Exception {
        DSLContext dsl = backend.dsl();
        // the app's own way: the refusal caught and something else shown
        String shown = WaitForAsyncUtils.asyncFx(() -> {
            try {
                return "loaded " + dsl.fetchValue("SELECT 1");
            } catch (IllegalStateException refused) {
                return "could not load";
            }
        }).get(10, TimeUnit.SECONDS);
        assertEquals("could not load", shown);
        AssertionError failed = assertThrows(AssertionError.class, () -> new app.salondesk.NoDatabaseOnFxThread().afterEach(null));
        assertTrue(failed.getMessage().startsWith("1 database call(s) on the JavaFX application thread"), failed.getMessage());
        assertEquals(java.util.List.of(), FxThreadCalls.drain(), "reported once");
    }

    @Test
    void theSameQueryOffTheFxThreadRuns() {
        assertEquals(1, backend.dsl().fetchValue("SELECT 1"));
        assertEquals(1, Backend.dslOn(backend.database().dataSource()).fetchValue("SELECT 1"));
    }
}
