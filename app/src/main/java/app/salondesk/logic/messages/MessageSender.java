package app.salondesk.logic.messages;

import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.ClaimedMessage;
import app.salondesk.model.messages.RenderedMessage;
import app.salondesk.model.messages.SendResult;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One pass of a sender (ADR 33), the same whichever process runs it — {@code serve}, an embedded
 * desk, {@code reminders send-due} from a cron:
 * <ol>
 *   <li><b>claim</b> due messages of every salon ({@link MessageClaims#claim}: {@code FOR UPDATE
 *       SKIP LOCKED}, a lease, each re-checked against its booking as it is now — a cancelled or
 *       moved booking's message comes back skipped, never handed out);</li>
 *   <li><b>send</b> each through its channel, outside any transaction;</li>
 *   <li><b>record</b> what the channel said: sent; a temporary failure tried again after
 *       {@code firstRetry} × 2<sup>tries−1</sup> (the database fails it for good after its last
 *       try); a permanent one on the client's next channel, else failed with the reason.</li>
 * </ol>
 * A sender that dies anywhere loses nothing: its claims come back when their lease runs out, with
 * the same message id.
 */
public final class MessageSender {

    /** How long a claimed message is this sender's; longer than any channel's timeouts. */
    public static final Duration LEASE = Duration.ofMinutes(2);
    /** The first wait after a temporary failure; doubled for each try after. */
    public static final Duration FIRST_RETRY = Duration.ofMinutes(1);
    public static final int BATCH = 50;
    /**
     * Conversations with the channels at once, per sender: a mail server answers in milliseconds
     * to tens of them, and one at a time spent a sender's pass waiting on each in turn. It is also
     * how many messages a sender that dies can have had accepted and not yet recorded (ADR 33).
     */
    public static final int CONVERSATIONS = 4;

    private static final Logger log = LoggerFactory.getLogger(MessageSender.class);

    private final MessageClaims claims;
    private final MessageTexts texts;
    private final Map<Channel, MessageChannel> channels = new EnumMap<>(Channel.class);
    private final Duration lease;
    private final Duration firstRetry;
    private final java.util.concurrent.ThreadPoolExecutor conversations;

    public MessageSender(DSLContext dsl, MessageTexts texts, Iterable<MessageChannel> channels) {
        this(dsl, texts, channels, LEASE, FIRST_RETRY);
    }

    /** With another lease and first retry (tests use seconds). */
    public MessageSender(DSLContext dsl, MessageTexts texts, Iterable<MessageChannel> channels, Duration lease, Duration firstRetry) {
        this(dsl, texts, channels, lease, firstRetry, CONVERSATIONS);
    }

    /** With another number of conversations at once (the benchmark of issue 33 measures it). */
    public MessageSender(DSLContext dsl, MessageTexts texts, Iterable<MessageChannel> channels, Duration lease, Duration firstRetry,
                         int conversations) {
        this.claims = new MessageClaims(dsl);
        this.texts = texts;
        channels.forEach(c -> this.channels.put(c.channel(), c));
        this.lease = lease;
        this.firstRetry = firstRetry;
        this.conversations = new java.util.concurrent.ThreadPoolExecutor(conversations, conversations, 30, java.util.concurrent.TimeUnit.SECONDS,
                new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "message-conversation");
                    t.setDaemon(true);   // never keeps the JVM from exiting; idle ones end after 30 s
                    return t;
                });
        this.conversations.allowCoreThreadTimeOut(true);
    }

    /**
     * Where a sender's time went, summed over its passes (the benchmark of issue 33 reads it; the log
     * could): claiming, rendering the words, the channels' conversations, recording the outcomes —
     * nanoseconds of wall time per step, summed over the conversations that ran them at once.
     */
    public static final class Timings {
        final java.util.concurrent.atomic.LongAdder claim = new java.util.concurrent.atomic.LongAdder();
        final java.util.concurrent.atomic.LongAdder render = new java.util.concurrent.atomic.LongAdder();
        final java.util.concurrent.atomic.LongAdder send = new java.util.concurrent.atomic.LongAdder();
        final java.util.concurrent.atomic.LongAdder record = new java.util.concurrent.atomic.LongAdder();
        final java.util.concurrent.atomic.LongAdder claims = new java.util.concurrent.atomic.LongAdder();
        final java.util.concurrent.atomic.LongAdder records = new java.util.concurrent.atomic.LongAdder();

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "claim %.1f s in %d calls, render %.1f s, send %.1f s, record %.1f s in %d calls",
                    claim.sum() / 1e9, claims.sum(), render.sum() / 1e9, send.sum() / 1e9, record.sum() / 1e9, records.sum());
        }
    }

    private final Timings timings = new Timings();

    public Timings timings() {
        return timings;
    }

    /** What one pass did. */
    public record Pass(int claimed, int sent, int retried, int failed, int lost) {
        Pass plus(Pass o) {
            return new Pass(claimed + o.claimed, sent + o.sent, retried + o.retried, failed + o.failed, lost + o.lost);
        }

        public boolean full(int batch) {
            return claimed >= batch;
        }
    }

    /** Claims, sends and records up to {@code batch} due messages, {@value #CONVERSATIONS} (or as constructed) at a time. */
    public Pass sendDue(int batch) {
        long claimedAt = System.nanoTime();
        List<ClaimedMessage> claimed = claims.claim(batch, lease);
        timings.claim.add(System.nanoTime() - claimedAt);
        timings.claims.increment();
        if (claimed.isEmpty()) {
            // nothing due: the connections kept open for the next message would only idle until the server drops them
            channels.values().forEach(MessageChannel::close);
            return new Pass(0, 0, 0, 0, 0);
        }
        List<java.util.concurrent.Future<Pass>> sending = new java.util.ArrayList<>();
        // once one outcome could not be recorded (the database went away), the pass sends nothing more:
        // each message sent now could not be recorded either, and would go again when its lease runs out.
        // So a sender that loses its database has at most one message per conversation sent and not
        // recorded (ADR 33), not its whole batch (MessageSendersRestartFaultTest counted 10 with batches of 5)
        java.util.concurrent.atomic.AtomicBoolean unrecorded = new java.util.concurrent.atomic.AtomicBoolean();
        for (ClaimedMessage m : claimed) {
            sending.add(conversations.submit(() -> {
                if (unrecorded.get() || System.nanoTime() - claimedAt > lease.toNanos() / 2) {
                    // a slow channel ate half the lease: what is left is not sent by us (another sender
                    // may take it over once the lease runs out, and two would send it)
                    return new Pass(1, 0, 0, 0, 1);
                }
                try {
                    return send(m);
                } catch (org.jooq.exception.DataAccessException e) {
                    unrecorded.set(true);
                    throw e;
                }
            }));
        }
        Pass pass = new Pass(0, 0, 0, 0, 0);
        RuntimeException failed = null;
        for (java.util.concurrent.Future<Pass> f : sending) {
            try {
                pass = pass.plus(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failed = new IllegalStateException("interrupted while messages were sent", e);
            } catch (java.util.concurrent.ExecutionException e) {
                // the database went away while recording (the others go on; this one's lease brings it back)
                failed = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
        }
        if (failed != null) {
            throw failed;
        }
        return pass;
    }

    /** Stops the conversations' threads and lets the channels go of their connections. */
    public void close() {
        conversations.shutdown();
        channels.values().forEach(MessageChannel::close);
    }

    /** Passes until nothing is due (a cron's {@code reminders send-due}); at most {@code maxPasses}. */
    public Pass sendAllDue(int batch, int maxPasses) {
        Pass total = new Pass(0, 0, 0, 0, 0);
        for (int i = 0; i < maxPasses; i++) {
            Pass p = sendDue(batch);
            total = total.plus(p);
            if (!p.full(batch)) {
                break;
            }
        }
        return total;
    }

    private Pass send(ClaimedMessage m) {
        MessageChannel channel = channels.get(m.channel());
        SendResult result;
        if (channel == null) {
            result = new SendResult.Permanent(m.channel().byPhone() ? "no SMS gateway set up" : "no mail server set up");
        } else {
            long t0 = System.nanoTime();
            RenderedMessage words = texts.render(m);
            long t1 = System.nanoTime();
            timings.render.add(t1 - t0);
            try {
                result = channel.send(m, words);
                timings.send.add(System.nanoTime() - t1);
            } catch (RuntimeException e) {
                // a bug in a channel must not stop the other messages; the message is tried again
                log.error("the {} channel failed on message {} of salon {}", m.channel(), m.messageId(), m.tenantId(), e);
                result = new SendResult.Temporary("internal error: " + e.getClass().getSimpleName());
            }
        }
        return record(m, result);
    }

    private Pass record(ClaimedMessage m, SendResult result) {
        long t0 = System.nanoTime();
        try {
            return recordTimed(m, result);
        } finally {
            timings.record.add(System.nanoTime() - t0);
            timings.records.increment();
        }
    }

    private Pass recordTimed(ClaimedMessage m, SendResult result) {
        boolean mine;
        Pass p;
        if (result instanceof SendResult.Accepted) {
            mine = claims.record(m, MessageClaims.Outcome.SENT, m.channel(), "", null);
            p = new Pass(1, 1, 0, 0, 0);
        } else if (result instanceof SendResult.Temporary t) {
            Duration wait = firstRetry.multipliedBy(1L << Math.min(10, Math.max(0, m.attempts() - 1)));
            mine = claims.record(m, MessageClaims.Outcome.RETRY, m.channel(), t.reason(), wait);
            log.info("message {} of salon {} by {} not sent (try {}): {}", m.messageId(), m.tenantId(), m.channel(), m.attempts(), t.reason());
            p = new Pass(1, 0, 1, 0, 0);
        } else {
            SendResult.Permanent f = (SendResult.Permanent) result;
            MessageClaims.Outcome o = m.fallback() != null ? MessageClaims.Outcome.FALLBACK : MessageClaims.Outcome.FAILED;
            mine = claims.record(m, o, m.channel(), f.reason(), null);
            log.info("message {} of salon {} by {} refused for good{}: {}", m.messageId(), m.tenantId(), m.channel(),
                    m.fallback() != null ? " (next: " + m.fallback().dbValue() + ")" : "", f.reason());
            p = new Pass(1, 0, 0, 1, 0);
        }
        if (!mine) {
            // the lease ran out while we sent: another sender holds it now and its record counts
            log.warn("message {} of salon {} was taken over by another sender before its outcome was recorded", m.messageId(), m.tenantId());
            return new Pass(1, 0, 0, 0, 1);
        }
        return p;
    }
}
