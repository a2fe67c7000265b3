package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import org.jooq.DSLContext;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether a shared server had the superuser's part of its setup ({@code db/superuser.sql}, the
 * README's step 2): a migration cannot make those statements, since PostgreSQL's catalog and
 * built-in functions belong to the bootstrap superuser, so the owner's {@code db migrate} asks
 * PostgreSQL what PUBLIC may still do and says what is missing (issue 29, ADR 9).
 */
final class SuperuserStep {

    private SuperuserStep() {
    }

    /** What every login may still do that the step takes away, in the user's words; empty when it was made. */
    static List<String> missing(DSLContext dsl, Messages m) {
        List<String> out = new ArrayList<>();
        var r = dsl.resultQuery("SELECT has_table_privilege('public', 'pg_catalog.pg_locks', 'SELECT'), "
                + "has_function_privilege('public', 'pg_catalog.pg_advisory_lock(bigint)', 'EXECUTE'), "
                + "has_function_privilege('public', 'pg_catalog.lo_from_bytea(oid, bytea)', 'EXECUTE'), "
                + "(SELECT string_agg(d.datname, ', ' ORDER BY d.datname) FROM pg_database d "
                + "  WHERE d.datallowconn AND d.datname <> current_database() AND has_database_privilege('public', d.datname, 'CONNECT'))")
                .fetchOne();
        if (Boolean.TRUE.equals(r.get(0, Boolean.class))) {
            out.add(m.get("cli.superuserStep.locks"));
        }
        if (Boolean.TRUE.equals(r.get(1, Boolean.class))) {
            out.add(m.get("cli.superuserStep.advisory"));
        }
        if (Boolean.TRUE.equals(r.get(2, Boolean.class))) {
            out.add(m.get("cli.superuserStep.largeObjects"));
        }
        String databases = r.get(3, String.class);
        if (databases != null) {
            out.add(m.format("cli.superuserStep.databases", databases));
        }
        return out;
    }
}
