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
    }

    @Test
    void theSameQueryOffTheFxThreadRuns() {
        assertEquals(1, backend.dsl().fetchValue("SELECT 1"));
        assertEquals(1, Backend.dslOn(backend.database().dataSource()).fetchValue("SELECT 1"));
    }
}
