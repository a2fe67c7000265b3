package app.salondesk.db;

import java.nio.file.Path;

/** Run as a separate JVM by {@link StopOnSignalTest}: starts a server, says its port, waits to be killed. */
public final class ServerHolder {
    private ServerHolder() {
    }

    public static void main(String[] args) throws Exception {
        EmbeddedServer server = EmbeddedServer.start(Path.of(args[0]), EmbeddedServer.sharedBinaryCache(), EmbeddedServer.Durability.THROWAWAY);
        System.out.println("PORT " + server.port());
        System.out.flush();
        Thread.sleep(120_000);
    }
}
