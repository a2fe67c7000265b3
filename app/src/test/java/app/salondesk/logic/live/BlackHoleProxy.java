package app.salondesk.logic.live;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay to a server that can go silent: it keeps every socket open but drops all bytes,
 * as a pulled cable or a paused VM does. Nothing is closed, so no error reaches the client;
 * only a round trip that never comes back shows the connection is dead.
 */
final class BlackHoleProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final String targetHost;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private volatile boolean silent;

    BlackHoleProxy(String targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon(this::acceptLoop, "proxy-accept");
    }

    String host() {
        return listener.getInetAddress().getHostAddress();
    }

    int port() {
        return listener.getLocalPort();
    }

    int acceptedConnections() {
        return accepted.get();
    }

    void goSilent() {
        silent = true;
    }

    private void acceptLoop() {
        try {
            while (true) {
                Socket client = listener.accept();
                accepted.incrementAndGet();
                Socket server = new Socket(targetHost, targetPort);
                sockets.add(client);
                sockets.add(server);
                daemon(() -> relay(client, server), "proxy-up");
                daemon(() -> relay(server, client), "proxy-down");
            }
        } catch (IOException closed) {
            // close() closed the listener
        }
    }

    private void relay(Socket from, Socket to) {
        byte[] buffer = new byte[8192];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            int n;
            while ((n = in.read(buffer)) >= 0) {
                if (!silent) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            }
        } catch (IOException closed) {
            // one side went away; close() cleans up the rest
        }
    }

    private static void daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
