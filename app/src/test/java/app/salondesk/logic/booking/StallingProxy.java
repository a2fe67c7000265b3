package app.salondesk.logic.booking;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay between a desk and PostgreSQL whose network can stall and come back, as Wi-Fi
 * that drops or a switch that reboots does: while stalled it forwards nothing but loses
 * nothing and closes nothing (the bytes wait, as TCP's retransmissions would make them), and
 * when it resumes everything held arrives late. Either direction stalls on its own; the answer
 * direction can also stall the moment the desk sends a given statement (its COMMIT), so that
 * the server carries the statement out and only its answer is lost — or the desk's own
 * direction can stall the moment it sends a statement, before forwarding it (a COMMIT in
 * flight). It can also pass itself off as a pooler (PgBouncer): the server process id the desk
 * is told at connect is made up, as a pooler's is, and names no server session. And the
 * network can be cut for good, dropping whatever it held (the machine behind it is gone).
 */
public final class StallingProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Object gate = new Object();
    private volatile boolean upStalled;
    private volatile boolean downStalled;
    private volatile byte[] stallAnswersAfter;
    private volatile byte[] stallDeskBefore;
    private volatile boolean cut;
    private volatile boolean disguisePids;

    public StallingProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon(this::acceptLoop, "stall-proxy-accept");
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Nothing gets through either way until {@link #resume}. */
    public void stall() {
        upStalled = true;
        downStalled = true;
    }

    /** The desk's statements still reach the server; its answers wait. */
    void stallAnswers() {
        downStalled = true;
    }

    /** Answers stall as soon as the desk sends a statement containing {@code marker} (after it is forwarded). */
    void stallAnswersAfterTheDeskSends(String marker) {
        stallAnswersAfter = marker.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * A connection's desk direction stalls as soon as it sends a statement containing
     * {@code marker}: that statement waits in the network (it reaches the server on
     * {@link #resume}), while other connections go on.
     */
    void stallWhenTheDeskSends(String marker) {
        stallDeskBefore = marker.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * From now on each connection is told a made-up server process id at connect, as a desk
     * behind PgBouncer is: the id names no session of the server.
     */
    void disguiseServerProcessIds() {
        disguisePids = true;
    }

    /**
     * The network is gone for good: whatever it held is dropped, every connection is closed,
     * and new ones are refused. (The machine on the other side died.)
     */
    public void cut() throws IOException {
        cut = true;
        synchronized (gate) {
            gate.notifyAll();
        }
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
    }

    public void resume() {
        stallAnswersAfter = null;
        stallDeskBefore = null;
        upStalled = false;
        downStalled = false;
        synchronized (gate) {
            gate.notifyAll();
        }
    }

    /** Resumes after {@code millis} on a thread of its own: the network comes back while the desk waits. */
    void resumeAfter(long millis) {
        daemon(() -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                return;
            }
            resume();
        }, "stall-proxy-resume");
    }

    private void acceptLoop() {
        try {
            while (true) {
                Socket desk = listener.accept();
                Socket server;
                try {
                    server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                } catch (IOException refused) {
                    // the server is gone: so is this connection (as a refused one would be)
                    desk.close();
                    continue;
                }
                sockets.add(desk);
                sockets.add(server);
                daemon(() -> relay(desk, server, true), "stall-proxy-up");
                daemon(() -> relay(server, desk, false), "stall-proxy-down");
            }
        } catch (IOException closed) {
            // close() closed the listener
        }
    }

    private void relay(Socket from, Socket to, boolean up) {
        byte[] buffer = new byte[16384];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            int n;
            boolean disguised = false;
            while ((n = in.read(buffer)) >= 0) {
                byte[] before = stallDeskBefore;
                if (up && before != null && contains(buffer, n, before)) {
                    // this connection's statement waits in the network; the others go on
                    holdUntilResumed();
                }
                if (!up && disguisePids && !disguised) {
                    disguised = disguisePid(buffer, n);
                }
                waitWhileStalled(up);
                if (cut) {
                    return;
                }
                out.write(buffer, 0, n);
                out.flush();
                byte[] marker = stallAnswersAfter;
                if (up && marker != null && contains(buffer, n, marker)) {
                    downStalled = true;
                }
            }
            to.shutdownOutput();
        } catch (IOException closed) {
            // one side went away; close() cleans up the rest
        }
    }

    private void holdUntilResumed() {
        synchronized (gate) {
            while (stallDeskBefore != null && !cut) {
                try {
                    gate.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private void waitWhileStalled(boolean up) {
        synchronized (gate) {
            while ((up ? upStalled : downStalled) && !cut) {
                try {
                    gate.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * Replaces the process id in the server's BackendKeyData message ({@code 'K'}, length 12,
     * pid, secret key), which comes once, right after the login; whether it was in this chunk.
     */
    private static boolean disguisePid(byte[] buffer, int length) {
        for (int i = 0; i + 13 <= length; i++) {
            if (buffer[i] == 'K' && buffer[i + 1] == 0 && buffer[i + 2] == 0 && buffer[i + 3] == 0 && buffer[i + 4] == 12) {
                // negative: certainly no process of the server
                int fake = -1 - java.util.concurrent.ThreadLocalRandom.current().nextInt(Integer.MAX_VALUE);
                buffer[i + 5] = (byte) (fake >>> 24);
                buffer[i + 6] = (byte) (fake >>> 16);
                buffer[i + 7] = (byte) (fake >>> 8);
                buffer[i + 8] = (byte) fake;
                return true;
            }
        }
        return false;
    }

    private static boolean contains(byte[] buffer, int length, byte[] marker) {
        outer:
        for (int i = 0; i + marker.length <= length; i++) {
            for (int j = 0; j < marker.length; j++) {
                if (buffer[i + j] != marker[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static void daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        resume();
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
