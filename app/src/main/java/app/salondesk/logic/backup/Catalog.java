package app.salondesk.logic.backup;

import org.postgresql.PGConnection;

import java.io.IOException;
import java.io.OutputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What a database holds, read from PostgreSQL's catalog rather than from a list in the code: a
 * table added by a later migration is in the next backup without anyone remembering it. And
 * the one way a table's rows are turned into bytes, for the backup and for the check alike.
 *
 * <p>Raw JDBC, not jOOQ: catalog queries, {@code COPY} and sequence values are outside what the
 * generated classes describe, and the copy API is the driver's own ({@link PGConnection}).
 */
final class Catalog {

    /** Every application table is in schema public; Flyway's history is the schema version, not data. */
    static final String HISTORY = "flyway_schema_history";

    private Catalog() {
    }

    /**
     * Settings under which COPY writes the same bytes for the same rows on every machine: times
     * in UTC and ISO, floats exact. The backup and the check both run under them.
     */
    static void fixOutput(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET TimeZone = 'UTC'");
            s.execute("SET DateStyle = 'ISO, YMD'");
            s.execute("SET IntervalStyle = 'postgres'");
            s.execute("SET extra_float_digits = 3");
            s.execute("SET bytea_output = 'hex'");
            s.execute("SET client_encoding = 'UTF8'");
        }
    }

    /** Each application table with its columns and key, by name. */
    static List<Manifest.Table> tables(Connection c) throws SQLException {
        List<String> names = strings(c, "SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> ? ORDER BY c.relname", HISTORY);
        List<Manifest.Table> tables = new ArrayList<>();
        for (String name : names) {
            String rel = "public." + quote(name);
            List<String> columns = strings(c, "SELECT a.attname FROM pg_catalog.pg_attribute a WHERE a.attrelid = ?::regclass"
                    + " AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum", rel);
            List<String> key = strings(c, "SELECT a.attname FROM pg_catalog.pg_index i"
                    + " CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)"
                    + " JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum"
                    + " WHERE i.indrelid = ?::regclass AND i.indisprimary ORDER BY k.ord", rel);
            tables.add(new Manifest.Table(name, columns, key, 0, ""));
        }
        return tables;
    }

    static List<String> sequences(Connection c) throws SQLException {
        return strings(c, "SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = 'public' AND c.relkind = 'S' AND c.relname <> ? ORDER BY c.relname", HISTORY);
    }

    static Manifest.Sequence sequence(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT last_value, is_called FROM public." + quote(name))) {
            rs.next();
            return new Manifest.Sequence(name, rs.getLong(1), rs.getBoolean(2));
        }
    }

    /** The newest successful migration's version: the schema the rows belong to. */
    static String schemaVersion(Connection c) throws SQLException {
        List<String> v = strings(c, "SELECT version FROM public." + HISTORY + " WHERE success AND version IS NOT NULL"
                + " ORDER BY installed_rank DESC LIMIT 1");
        if (v.isEmpty()) {
            throw new SQLException("the database has no schema version (no migration has run)");
        }
        return v.get(0);
    }

    static List<String> salons(Connection c) throws SQLException {
        return strings(c, "SELECT name FROM public.tenants ORDER BY id");
    }

    /** What a table's rows look like once copied: its columns, in key order, and their count and sum. */
    record Copied(long rows, String sha256) {
    }

    /**
     * Writes the table's rows to {@code out} as COPY text, in key order, and returns how many
     * and their SHA-256. {@code out} is left open.
     */
    static Copied copyOut(Connection c, Manifest.Table t, OutputStream out) throws SQLException, IOException {
        MessageDigest sha = sha256();
        LineCounter counter = new LineCounter(new DigestOutputStream(out, sha));
        c.unwrap(PGConnection.class).getCopyAPI().copyOut("COPY (" + select(t) + ") TO STDOUT", counter);
        counter.flush();
        return new Copied(counter.lines, HexFormat.of().formatHex(sha.digest()));
    }

    static String select(Manifest.Table t) {
        String cols = String.join(", ", t.columns().stream().map(Catalog::quote).toList());
        String order = t.orderBy().isEmpty() ? "t::text" : String.join(", ", t.orderBy().stream().map(col -> "t." + quote(col)).toList());
        return "SELECT " + cols + " FROM public." + quote(t.name()) + " AS t ORDER BY " + order;
    }

    static String copyIn(Manifest.Table t) {
        return "COPY public." + quote(t.name()) + " (" + String.join(", ", t.columns().stream().map(Catalog::quote).toList())
                + ") FROM STDIN";
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    /** Names read from a backup file are plain lower-case identifiers, or the file is not ours. */
    static String checkedName(String name) {
        if (!name.matches("[a-z_][a-z0-9_]{0,62}")) {
            throw new IllegalArgumentException("not a table, column or sequence name: " + name);
        }
        return name;
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private static List<String> strings(Connection c, String sql, String... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setString(i + 1, args[i]);
            }
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        }
    }

    /** COPY text ends every row with a newline and escapes the ones inside values: lines are rows. */
    private static final class LineCounter extends java.io.FilterOutputStream {
        long lines;

        LineCounter(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            if (b == '\n') {
                lines++;
            }
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    lines++;
                }
            }
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();   // never the zip entry under it: the next table follows
        }
    }
}
