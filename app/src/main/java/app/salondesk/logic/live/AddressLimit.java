package app.salondesk.logic.live;

import org.eclipse.jetty.io.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * At most {@code max} open connections to the {@link LiveRelay} from one address, whatever they
 * do — a stream, a request on its way, or nothing at all. Counted when Jetty opens a connection
 * (on its selector thread, before any byte is read) and closed there and then when it is one too
 * many, so that a flood from one address costs the relay neither a thread nor a stream slot, and
 * the desks of every other address are served as before.
 */
final class AddressLimit implements Connection.Listener {

    private static final Logger log = LoggerFactory.getLogger(AddressLimit.class);

    private final int max;
    private final ConcurrentHashMap<InetAddress, Integer> open = new ConcurrentHashMap<>();
    /** Each open connection's address: once it is closed its socket no longer says. */
    private final ConcurrentHashMap<Connection, InetAddress> from = new ConcurrentHashMap<>();
    private final AtomicLong refused = new AtomicLong();

    AddressLimit(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("at least one connection per address: " + max);
        }
        this.max = max;
    }

    @Override
    public void onOpened(Connection connection) {
        InetAddress address = address(connection);
        if (address == null) {
            return;
        }
        from.put(connection, address);
        int now = open.merge(address, 1, Integer::sum);
        if (now > max) {
            // onClosed follows and takes it off the count again
            if (refused.incrementAndGet() % 1_000 == 1) {
                log.warn("live relay: {} has {} connections open, more than the {} one address may; the extra ones are closed",
                        address.getHostAddress(), now - 1, max);
            }
            connection.getEndPoint().close();
        }
    }

    @Override
    public void onClosed(Connection connection) {
        InetAddress address = from.remove(connection);
        if (address != null) {
            open.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
        }
    }

    /** Connections open from {@code address} now. */
    int openFrom(InetAddress address) {
        return open.getOrDefault(address, 0);
    }

    /** Connections closed at once since the start, for being one too many. */
    long refused() {
        return refused.get();
    }

    private static InetAddress address(Connection connection) {
        SocketAddress remote = connection.getEndPoint().getRemoteSocketAddress();
        return remote instanceof InetSocketAddress inet ? inet.getAddress() : null;
    }
}
