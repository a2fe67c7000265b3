package app.salondesk.logic.backup;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * What a backup says it holds: {@code manifest.properties} in the zip, next to one
 * {@code data/<table>.copy} entry per table (the table's rows as PostgreSQL's COPY text
 * writes them, in primary-key order). Its counts and SHA-256 sums are what a restore and a
 * check compare the loaded database with.
 *
 * @param format     this layout's version ({@link #FORMAT}); a newer one is refused
 * @param schemaVersion the Flyway version of the schema the rows were taken from
 * @param salons     the salons' names, for a person choosing a backup
 * @param tables     in the order they are loaded
 */
public record Manifest(int format, String schemaVersion, Instant createdAt, List<String> salons, List<Table> tables,
                       List<Sequence> sequences) {

    public static final int FORMAT = 1;
    public static final String ENTRY = "manifest.properties";

    /**
     * @param columns the columns copied, in this order (generated columns are left out: the database makes them)
     * @param orderBy the primary key's columns the rows are sorted by; empty: by the whole row as text
     * @param sha256  of the table's COPY bytes, lower-case hex
     */
    public record Table(String name, List<String> columns, List<String> orderBy, long rows, String sha256) {
        public String entry() {
            return "data/" + name + ".copy";
        }
    }

    public record Sequence(String name, long lastValue, boolean isCalled) {
    }

    public long totalRows() {
        return tables.stream().mapToLong(Table::rows).sum();
    }

    public void write(OutputStream out) throws IOException {
        Properties p = new Properties();
        p.setProperty("format", Integer.toString(format));
        p.setProperty("schema_version", schemaVersion);
        p.setProperty("created_at", createdAt.toString());
        p.setProperty("salons", Integer.toString(salons.size()));
        for (int i = 0; i < salons.size(); i++) {
            p.setProperty("salon." + (i + 1), salons.get(i));
        }
        p.setProperty("tables", String.join(",", tables.stream().map(Table::name).toList()));
        for (Table t : tables) {
            String k = "table." + t.name() + ".";
            p.setProperty(k + "columns", String.join(",", t.columns()));
            p.setProperty(k + "order_by", String.join(",", t.orderBy()));
            p.setProperty(k + "rows", Long.toString(t.rows()));
            p.setProperty(k + "sha256", t.sha256());
        }
        p.setProperty("sequences", String.join(",", sequences.stream().map(Sequence::name).toList()));
        for (Sequence s : sequences) {
            p.setProperty("sequence." + s.name(), s.lastValue() + "," + s.isCalled());
        }
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        p.store(w, "SalonDesk backup");
        w.flush();
    }

    /** Reads a manifest; a missing or malformed field is an {@link IllegalArgumentException}. */
    public static Manifest read(InputStream in) throws IOException {
        Properties p = new Properties();
        p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        int format = Integer.parseInt(required(p, "format"));
        String schema = required(p, "schema_version");
        Instant created = Instant.parse(required(p, "created_at"));
        int salonCount = Integer.parseInt(required(p, "salons"));
        List<String> salons = new ArrayList<>();
        for (int i = 1; i <= salonCount; i++) {
            salons.add(required(p, "salon." + i));
        }
        List<Table> tables = new ArrayList<>();
        for (String name : list(required(p, "tables"))) {
            String k = "table." + Catalog.checkedName(name) + ".";
            List<String> columns = list(required(p, k + "columns"));
            columns.forEach(Catalog::checkedName);
            List<String> orderBy = list(p.getProperty(k + "order_by", ""));
            orderBy.forEach(Catalog::checkedName);
            long rows = Long.parseLong(required(p, k + "rows"));
            String sha = required(p, k + "sha256");
            if (!sha.matches("[0-9a-f]{64}") || rows < 0) {
                throw new IllegalArgumentException("bad sum or count for " + name);
            }
            tables.add(new Table(name, columns, orderBy, rows, sha));
        }
        List<Sequence> sequences = new ArrayList<>();
        for (String name : list(p.getProperty("sequences", ""))) {
            String[] v = required(p, "sequence." + Catalog.checkedName(name)).split(",");
            if (v.length != 2) {
                throw new IllegalArgumentException("bad sequence " + name);
            }
            sequences.add(new Sequence(name, Long.parseLong(v[0]), Boolean.parseBoolean(v[1])));
        }
        return new Manifest(format, schema, created, List.copyOf(salons), List.copyOf(tables), List.copyOf(sequences));
    }

    private static String required(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null) {
            throw new IllegalArgumentException("the manifest has no " + key);
        }
        return v;
    }

    private static List<String> list(String csv) {
        return csv.isBlank() ? List.of() : Arrays.stream(csv.split(",")).map(String::strip).toList();
    }
}
