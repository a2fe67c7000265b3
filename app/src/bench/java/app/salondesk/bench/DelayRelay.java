package app.salondesk.bench;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP relay on the loopback that stands for a salon's network (issue 38): everything a client
 * sends reaches the server half a round trip later, and every answer comes back half a round
 * trip later again. Each direction of each connection is a reader that stamps every chunk it
 * reads with the moment it is due and queues it, and a writer that sends the queue's chunks in
 * order, each not before it is due — a wire with a latency, not a bottleneck: chunks read while
 * earlier ones wait are in flight together. The bench's only, never the application's.
 */
final class DelayRelay implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DelayRelay.class);
    private static final byte[] END = new byte[0];

    private final ServerSocket listener;
    private final String upstreamHost;
    private final int upstreamPort;
    private final long halfTripNanos;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean closed;
    /** Chunks the clients have sent through (each a write the server reads): about one per round trip. */
    private final java.util.concurrent.atomic.AtomicLong upChunks = new java.util.concurrent.atomic.AtomicLong();

    /**
     * @param roundTripMicros what the relay adds to every round trip (0: none, the relay's own cost only)
     */
    DelayRelay(String upstreamHost, int upstreamPort, long roundTripMicros) throws IOException {
        this.upstreamHost = upstreamHost;
        this.upstreamPort = upstreamPort;
        this.halfTripNanos = roundTripMicros * 1000 / 2;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::accept, "relay-accept-" + roundTripMicros + "us");
        accept.setDaemon(true);
        accept.start();
    }

    /** How many chunks the clients have sent so far (a booking's round trips, counted as the wire sees them). */
    long upChunks() {
        return upChunks.get();
    }

    int port() {
        return listener.getLocalPort();
    }

    /** A JDBC URL like {@code url}, its host and port this relay's. */
    String url(String url) {
        return url.replaceFirst("//[^/]+/", "//127.0.0.1:" + port() + "/");
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket();
                server.connect(new InetSocketAddress(upstreamHost, upstreamPort));
                for (Socket s : List.of(client, server)) {
                    s.setTcpNoDelay(true);
                    sockets.add(s);
                }
                direction(client, server, "up", upChunks);
                direction(server, client, "down", new java.util.concurrent.atomic.AtomicLong());
            } catch (IOException e) {
                if (!closed) {
                    log.warn("relay: a connection failed: {}", e.toString());
                }
            }
        }
    }

    /** One direction of one connection: a reader and a writer, the queue between them. */
    private void direction(Socket from, Socket to, String name, java.util.concurrent.atomic.AtomicLong chunks) throws IOException {
        LinkedBlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        Thread reader = new Thread(() -> {
            byte[] buf = new byte[64 * 1024];
            try {
                int n;
                while ((n = in.read(buf)) > 0) {
                    queue.add(new Chunk(System.nanoTime() + halfTripNanos, Arrays.copyOf(buf, n)));
                    chunks.incrementAndGet();
                }
            } catch (IOException e) {
                log.debug("relay {}: read ended: {}", name, e.toString());
            } finally {
                queue.add(new Chunk(0, END));
            }
        }, "relay-read-" + name);
        Thread writer = new Thread(() -> {
            try {
                while (true) {
                    Chunk c = queue.take();
                    if (c.bytes == END) {
                        break;
                    }
                    long wait;
                    while ((wait = c.due - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(wait);
                    }
                    out.write(c.bytes);
                    out.flush();
                }
            } catch (IOException e) {
                log.debug("relay {}: write ended: {}", name, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                try {
                    to.shutdownOutput();
                } catch (IOException e) {
                    log.trace("relay {}: already closed", name);
                }
            }
        }, "relay-write-" + name);
        for (Thread t : List.of(reader, writer)) {
            t.setDaemon(true);
            t.start();
        }
    }

    private record Chunk(long due, byte[] bytes) {
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException e) {
            log.debug("relay: closing the listener", e);
        }
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException e) {
                log.trace("relay: closing a socket", e);
            }
        }
    }
}
