package app.salondesk;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.TestPostgres;
import app.salondesk.jooq.DefaultSchema;
import org.jooq.Field;
import org.jooq.Table;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** jOOQ's generated classes describe exactly the schema the migrations build. */
class GeneratedSchemaTest {

    @Test
    void generatedTablesAndColumnsMatchTheMigratedDatabase() throws Exception {
        ConnectionSettings db = TestPostgres.migratedDatabase("codegen");
        Map<String, Set<String>> actual = new TreeMap<>();
        try (Connection c = TestPostgres.connect(db); ResultSet rs = c.createStatement().executeQuery(
                "SELECT table_name, column_name FROM information_schema.columns "
                        + "WHERE table_schema = 'public' AND table_name <> 'flyway_schema_history'")) {
            while (rs.next()) {
                actual.computeIfAbsent(rs.getString(1), k -> new TreeSet<>()).add(rs.getString(2));
            }
        }
        Map<String, Set<String>> generated = new TreeMap<>();
        for (Table<?> t : DefaultSchema.DEFAULT_SCHEMA.getTables()) {
            if (t.getTableType().isFunction()) {
                continue;   // a set-returning function (salondesk_master_locks): jOOQ lists it, information_schema.columns does not
            }
            generated.put(t.getName(), java.util.Arrays.stream(t.fields()).map(Field::getName)
                    .collect(Collectors.toCollection(TreeSet::new)));
        }
        assertEquals(actual, generated);
    }
}
