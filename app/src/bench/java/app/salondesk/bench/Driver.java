package app.salondesk.bench;

import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs N writers at once for a fixed time, each calling one operation in a loop, and times
 * every call with {@link System#nanoTime()}. Whole transactions are the unit here, which is
 * why this is a plain driver and not JMH: JMH measures code in one JVM, the interesting time
 * is spent in PostgreSQL and on the wire.
 */
final class Driver implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Driver.class);

    /** What became of one call. */
    enum Kind {
        /** the operation did what it is measured for (a booking made, a row inserted) */
        DONE,
        /** refused as expected under collision: TimeTaken with free slots offered */
        LOST,
        /** TimeTaken without any slot offered */
        LOST_EMPTY,
        /** anything else: TryAgain, Invalid, … — counted and reported, never expected */
        OTHER
    }

    interface Op {
        /** @param writer 0 … writers-1 */
        Kind call(int writer) throws Exception;
    }

    /** One timed round. Rates are per second of the round's wall time. */
    record Round(int writers, double seconds, long done, long lost, long lostEmpty, long other, long errors,
                 Latency doneLatency, Latency lostLatency) {

        double donePerSecond() {
            return done / seconds;
        }

        double attemptsPerSecond() {
            return (done + lost + lostEmpty + other + errors) / seconds;
        }
    }

    private final ExecutorService pool;
    private final int maxWriters;

    Driver(int maxWriters) {
        this.maxWriters = maxWriters;
        this.pool = Executors.newFixedThreadPool(maxWriters, r -> {
            Thread t = new Thread(r, "bench-writer");
            t.setDaemon(true);
            return t;
        });
    }

    Round run(int writers, double seconds, Op op) {
        if (writers > maxWriters) {
            throw new IllegalArgumentException(writers + " writers, at most " + maxWriters);
        }
        CountDownLatch ready = new CountDownLatch(writers);
        java.util.concurrent.atomic.AtomicBoolean told = new java.util.concurrent.atomic.AtomicBoolean();
        CountDownLatch go = new CountDownLatch(1);
        long[] deadline = new long[1];
        List<Future<PerWriter>> futures = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            futures.add(pool.submit(() -> {
                PerWriter mine = new PerWriter();
                ready.countDown();
                go.await();
                long end = deadline[0];
                long now = System.nanoTime();
                while (now < end) {
                    long t0 = now;
                    Kind kind;
                    try {
                        kind = op.call(writer);
                    } catch (Exception | AssertionError e) {
                        mine.errors++;
                        if (told.compareAndSet(false, true)) {
                            log.warn("a writer failed (further failures of this round are only counted): {}", e.toString());
                            log.debug("the failure", e);
                        }
                        now = System.nanoTime();
                        continue;
                    }
                    now = System.nanoTime();
                    mine.record(kind, now - t0);
                }
                mine.finished = now;
                return mine;
            }));
        }
        try {
            ready.await();
            long start = System.nanoTime();
            deadline[0] = start + (long) (seconds * 1e9);   // published to the writers by go.countDown()
            go.countDown();
            PerWriter all = new PerWriter();
            long finished = start;
            for (Future<PerWriter> f : futures) {
                PerWriter p = f.get();
                all.add(p);
                finished = Math.max(finished, p.finished);
            }
            return new Round(writers, (finished - start) / 1e9, all.done.getTotalCount(), all.lostCount, all.lostEmptyCount,
                    all.other, all.errors, Latency.of(all.done), Latency.of(all.lost));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a writer failed", e.getCause());
        }
    }

    /** Samples of one writer, merged after the round: no shared state while timing. */
    private static final class PerWriter {
        final Histogram done = Latency.histogram();
        final Histogram lost = Latency.histogram();
        long lostCount;
        long lostEmptyCount;
        long other;
        long errors;
        long finished;

        void record(Kind kind, long nanos) {
            switch (kind) {
                case DONE:
                    done.recordValue(nanos);
                    break;
                case LOST:
                    lost.recordValue(nanos);
                    lostCount++;
                    break;
                case LOST_EMPTY:
                    lost.recordValue(nanos);
                    lostEmptyCount++;
                    break;
                default:
                    other++;
            }
        }

        void add(PerWriter p) {
            done.add(p.done);
            lost.add(p.lost);
            lostCount += p.lostCount;
            lostEmptyCount += p.lostEmptyCount;
            other += p.other;
            errors += p.errors;
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
