package app.salondesk.bench;

import app.salondesk.db.EmbeddedServer;

import java.nio.file.Path;

/**
 * What one benchmark run does, from the {@code -Dbench.*} properties the Maven profile passes
 * (defaults here are the profile's).
 *
 * @param rounds     measured rounds of every figure; medians over them are reported
 * @param seconds    length of one timed round of the write figures
 * @param rows       the largest number of generated bookings (10 k and 100 k are measured on the way)
 * @param durability of the embedded server; ignored with {@code SALONDESK_DB_URL}
 * @param desktop    whether to run the headless desktop figure
 * @param dir        where the embedded server's data, the log and the report go
 * @param statementTimeoutSeconds the pool's statement_timeout: a guard so that one pathological
 *                   query (see the free-slot figures) cannot stall the run for minutes
 */
record BenchConfig(int rounds, int seconds, int rows, EmbeddedServer.Durability durability, boolean desktop, Path dir,
                   int statementTimeoutSeconds) {

    static BenchConfig fromSystemProperties() {
        return new BenchConfig(
                Integer.getInteger("bench.rounds", 3),
                Integer.getInteger("bench.seconds", 3),
                Integer.getInteger("bench.rows", 1_000_000),
                EmbeddedServer.Durability.valueOf(System.getProperty("bench.durability", "DURABLE")),
                Boolean.parseBoolean(System.getProperty("bench.desktop", "true")),
                Path.of(System.getProperty("bench.dir", "target/bench")),
                Integer.getInteger("bench.statementTimeout", 10));
    }
}
