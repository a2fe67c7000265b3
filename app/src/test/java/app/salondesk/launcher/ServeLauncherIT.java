package app.salondesk.launcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code java -jar app/target/salondesk.jar serve --demo} as the README tells anyone to try it:
 * the packaged jar with its libraries in lib/ (Jetty, Javalin, the precompiled templates), the
 * embedded database of a fresh home, the demo salon's page at /demo, and a clean stop on SIGTERM.
 * The signal is a real one, sent with {@code kill -TERM}: like the PostgreSQL 14 tests, this
 * needs Linux (the README's test section).
 */
class ServeLauncherIT {

    @TempDir
    Path home;

    @Test
    void serveDemoShowsTheDemoSalonsPageAndStopsOnSigterm() throws Exception {
        Path jar = Path.of("target", "salondesk.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), "package the app first");
        ProcessBuilder pb = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString(), "serve", "--demo", "--port", "0")).redirectErrorStream(true);
        pb.environment().put("SALONDESK_HOME", home.toString());
        pb.environment().remove("SALONDESK_DB_URL");
        Process serve = pb.start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder printed = new StringBuilder();
            int port = CompletableFuture.supplyAsync(() -> {
                try {
                    String line;
                    while ((line = out.readLine()) != null) {
                        printed.append(line).append('\n');
                        if (line.startsWith("port=")) {
                            return Integer.parseInt(line.substring(5).trim());
                        }
                    }
                    throw new IllegalStateException("serve ended:\n" + printed);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).get(180, TimeUnit.SECONDS);
            assertTrue(printed.toString().startsWith("Online booking is served at http://localhost:" + port + "/demo"), printed.toString());

            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, health.statusCode(), health.body());
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/demo"))
                    .header("Accept-Language", "uk").build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("Bloom Beauty Studio") && page.body().contains("Оберіть послугу"), page.body());

            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(serve.pid())).start().waitFor());
            assertTrue(serve.waitFor(60, TimeUnit.SECONDS), "serve stops on SIGTERM");
            assertEquals(0, serve.exitValue());
            assertFalse(Files.exists(home.resolve("postgres/data/postmaster.pid")), "the embedded database stopped with it");
            String log = Files.readString(home.resolve("logs/salondesk.log"));
            assertTrue(log.contains("SIGTERM received: stopping gracefully"), log);
        } finally {
            serve.destroyForcibly();
        }
    }
}
