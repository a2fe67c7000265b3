package app.salondesk.db.codegen;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.db.EmbeddedServer;
import org.jooq.codegen.GenerationTool;
import org.jooq.meta.jaxb.Configuration;
import org.jooq.meta.jaxb.Database;
import org.jooq.meta.jaxb.Generate;
import org.jooq.meta.jaxb.Generator;
import org.jooq.meta.jaxb.Jdbc;
import org.jooq.meta.jaxb.Target;

import java.nio.file.Path;

/**
 * Build-time only (run by the jooq-codegen module at generate-sources): starts a throwaway
 * embedded PostgreSQL, applies the migrations exactly as the application does, and generates
 * jOOQ's classes from the resulting schema. The generated code is never committed.
 *
 * <p>Arguments: the output directory, then a scratch directory for the server.
 */
public final class JooqCodegen {

    private JooqCodegen() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Path scratch = Path.of(args[1]);
        Path binCache = args.length > 2 ? Path.of(args[2]) : EmbeddedServer.sharedBinaryCache();
        EmbeddedServer.deleteTree(scratch);
        try (EmbeddedServer server = EmbeddedServer.start(scratch, binCache, EmbeddedServer.Durability.THROWAWAY)) {
            ConnectionSettings db = server.settings();
            try (app.salondesk.db.Database pool = app.salondesk.db.Database.open(db, 2)) {
                pool.migrate();
            }
            GenerationTool.generate(configuration(db, out));
        }
    }

    private static Configuration configuration(ConnectionSettings db, Path out) {
        return new Configuration()
                .withJdbc(new Jdbc()
                        .withDriver("org.postgresql.Driver")
                        .withUrl(db.url())
                        .withUser(db.user())
                        .withPassword(db.password()))
                .withGenerator(new Generator()
                        .withDatabase(new Database()
                                .withName("org.jooq.meta.postgres.PostgresDatabase")
                                .withInputSchema("public")
                                .withOutputSchemaToDefault(true)
                                // btree_gist brings ~190 gbt_* support routines; none is ours to call.
                                .withIncludeRoutines(false)
                                .withExcludes("flyway_schema_history"))
                        .withGenerate(new Generate()
                                .withRecords(true)
                                .withPojos(false)
                                .withJavaTimeTypes(true)
                                .withFluentSetters(true))
                        .withTarget(new Target()
                                .withPackageName("app.salondesk.jooq")
                                .withDirectory(out.toString())));
    }
}
