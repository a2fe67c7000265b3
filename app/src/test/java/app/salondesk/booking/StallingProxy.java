package app.salondesk.booking;

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
 * the server carries the statement out and only its answer is lost.
 */
public final class StallingProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Object gate = new Object();
    private volatile boolean upStalled;
    private volatile boolean downStalled;
    private volatile byte[] stallAnswersAfter;

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

    public void resume() {
        stallAnswersAfter = null;
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
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
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
            while ((n = in.read(buffer)) >= 0) {
                waitWhileStalled(up);
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

    private void waitWhileStalled(boolean up) {
        synchronized (gate) {
            while (up ? upStalled : downStalled) {
                try {
                    gate.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
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
