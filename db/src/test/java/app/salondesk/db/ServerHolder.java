package app.salondesk.db;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Run as a separate JVM by {@link StopOnSignalTest}: starts a server, says its port, then waits
 * to be killed — or, given the line {@code exit} on its standard input, ends its JVM with
 * {@code System.exit}, the same shutdown sequence a signal starts.
 */
public final class ServerHolder {
    private ServerHolder() {
    }

    public static void main(String[] args) throws Exception {
        EmbeddedServer server = EmbeddedServer.start(Path.of(args[0]), EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY);
        System.out.println("PORT " + server.port());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            if (in.ready() && "exit".equals(in.readLine())) {
                System.exit(0);
            }
            Thread.sleep(50);
        }
    }
}
