package app.salondesk.bench;

import javax.sql.DataSource;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * Counts and times every JDBC call that makes the driver talk to the server, by wrapping the
 * pool the engine gets. Statements are told apart by their SQL; savepoints and commits are
 * JDBC calls of their own (a jOOQ ExecuteListener never sees them, which is why this sits at
 * the JDBC level). pgjdbc sends the transaction's BEGIN together with its first statement,
 * so BEGIN is no round trip of its own.
 */
final class JdbcCounter {

    private static final Set<String> EXECUTES = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate",
            "executeBatch", "executeLargeBatch");

    /** Calls and nanoseconds per kind of call. */
    record Tally(long calls, long nanos) {
    }

    private final Function<String, String> classify;
    private final Map<String, LongAdder[]> tallies = new ConcurrentHashMap<>();
    private final Map<String, String> seen = new ConcurrentHashMap<>();

    /** @param classify names the kind of a statement from its SQL */
    JdbcCounter(Function<String, String> classify) {
        this.classify = classify;
    }

    DataSource wrap(DataSource ds) {
        return proxy(DataSource.class, ds, (target, m, args) -> {
            Object result = invoke(target, m, args);
            return m.getName().equals("getConnection") ? connection((Connection) result) : result;
        });
    }

    private Connection connection(Connection c) {
        return proxy(Connection.class, c, (target, m, args) -> {
            String name = m.getName();
            switch (name) {
                case "commit":
                case "rollback":
                case "setSavepoint":
                case "releaseSavepoint": {
                    String kind = name.equals("rollback") && args != null && args.length == 1 ? "rollbackToSavepoint" : name;
                    return timed(kind, () -> invoke(target, m, args));
                }
                case "prepareStatement":
                case "prepareCall":
                case "createStatement": {
                    Object st = invoke(target, m, args);
                    String sql = args != null && args.length > 0 && args[0] instanceof String s ? s : null;
                    return statement(m.getReturnType(), st, sql);
                }
                default:
                    return invoke(target, m, args);
            }
        });
    }

    private Object statement(Class<?> type, Object st, String preparedSql) {
        Class<?> iface = CallableStatement.class.isAssignableFrom(type) ? CallableStatement.class
                : PreparedStatement.class.isAssignableFrom(type) ? PreparedStatement.class : Statement.class;
        return proxy(iface, st, (target, m, args) -> {
            if (!EXECUTES.contains(m.getName())) {
                return invoke(target, m, args);
            }
            String sql = preparedSql != null ? preparedSql : args != null && args.length > 0 ? String.valueOf(args[0]) : "";
            String kind = classify.apply(sql);
            seen.putIfAbsent(kind, sql);
            return timed(kind, () -> invoke(target, m, args));
        });
    }

    private Object timed(String kind, Call call) throws Throwable {
        long t0 = System.nanoTime();
        try {
            return call.run();
        } finally {
            long dt = System.nanoTime() - t0;
            LongAdder[] t = tallies.computeIfAbsent(kind, k -> new LongAdder[]{new LongAdder(), new LongAdder()});
            t[0].increment();
            t[1].add(dt);
        }
    }

    /** What was counted since the last call, by kind (sorted by name), and starts afresh. */
    Map<String, Tally> drain() {
        Map<String, Tally> out = new TreeMap<>();
        tallies.forEach((kind, t) -> out.put(kind, new Tally(t[0].sumThenReset(), t[1].sumThenReset())));
        out.values().removeIf(t -> t.calls() == 0);
        return out;
    }

    /** One SQL text per kind, to check the classification against. */
    Map<String, String> examples() {
        return new TreeMap<>(seen);
    }

    static String lower(String sql) {
        return sql.toLowerCase(Locale.ROOT).replace("\"", "").replaceAll("\\s+", " ").strip();
    }

    private interface Call {
        Object run() throws Throwable;
    }

    private interface Handler {
        Object handle(Object target, Method m, Object[] args) throws Throwable;
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> iface, Object target, Handler h) {
        InvocationHandler ih = (p, m, args) -> h.handle(target, m, args);
        return (T) Proxy.newProxyInstance(JdbcCounter.class.getClassLoader(), new Class<?>[]{iface}, ih);
    }

    private static Object invoke(Object target, Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();   // jOOQ must see the driver's SQLException (its SQLSTATE decides the outcome)
        }
    }
}
