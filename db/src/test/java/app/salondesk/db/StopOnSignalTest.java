package app.salondesk.db;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl+C (SIGINT), a plain kill (SIGTERM) or the JVM's own exit of the app stops its embedded
 * server too: all three run the JVM's shutdown sequence, where the server's hook stops it.
 */
class StopOnSignalTest {

    /** Windows has no POSIX signals to send to another process (Process.destroy() there is
     *  TerminateProcess, which runs no shutdown hooks): there the signal tests end the holder's
     *  JVM with System.exit, the shutdown sequence a console's Ctrl+C starts there too. */
    private static final boolean POSIX = !OS.WINDOWS.isCurrentOs();

    @Test
    void ctrlCStopsTheEmbeddedServer(@TempDir Path dir) throws Exception {
        stopsOn(POSIX ? "-INT" : "exit", dir);
    }

    @Test
    void terminationStopsTheEmbeddedServer(@TempDir Path dir) throws Exception {
        stopsOn(POSIX ? "-TERM" : "exit", dir);
    }

    @Test
    void theJvmsOwnExitStopsTheEmbeddedServer(@TempDir Path dir) throws Exception {
        stopsOn("exit", dir);
    }

    /** @param signal a kill(1) signal option, or {@code exit} for the holder's System.exit */
    private static void stopsOn(String signal, Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process app = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ServerHolder.class.getName(), dir.toString()).redirectErrorStream(true).start();
        int port = -1;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("PORT ")) {
                    port = Integer.parseInt(line.substring(5).trim());
                    break;
                }
            }
            assertTrue(port > 0, "the holder started a server");
            assertTrue(Files.exists(dir.resolve("data/postmaster.pid")));
            if (signal.equals("exit")) {
                OutputStream in = app.getOutputStream();
                in.write("exit\n".getBytes(StandardCharsets.UTF_8));
                in.flush();
            } else {
                Process kill = new ProcessBuilder("kill", signal, Long.toString(app.pid())).start();
                assertEquals(0, kill.waitFor());
            }
            assertTrue(app.waitFor(60, TimeUnit.SECONDS), "the app exits");
        } finally {
            app.destroyForcibly();
        }
        assertFalse(Files.exists(dir.resolve("data/postmaster.pid")), "PostgreSQL shut down cleanly");
        int p = port;
        assertThrows(ConnectException.class, () -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("localhost", p), 1000);
            }
        });
        List<String> log = Files.readAllLines(dir.resolve("postgres.log"));
        assertTrue(log.stream().anyMatch(l -> l.contains("database system is shut down")), String.join("\n", log));
    }
}
