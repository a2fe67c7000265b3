package app.salondesk.bench;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.logic.messages.MailCredentials;
import app.salondesk.logic.messages.MessageSender;
import app.salondesk.logic.messages.MessageTexts;
import app.salondesk.logic.messages.SmtpChannel;
import app.salondesk.runtime.Backend;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.internet.MimeMessage;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Issue 33's figure: 10 000 reminders due in the same minute across 100 salons, two senders (as two
 * {@code serve}s run them: each its own pool and its conversations at once), the mail server
 * refusing 10 % of deliveries with a 4xx (a proxy in front of GreenMail answers {@code 451} to one
 * {@code RCPT} in ten itself and passes everything else through): the time until all are sent,
 * duplicates and losses, and where the senders' time went. And the cost of planning on the booking
 * write path: the engine's bookings a second for a salon with messages on against one with
 * messages off, in the same run. Knobs (for work on it; the figure is the defaults'):
 * {@code -Dbench.messages.salons=100}, {@code -Dbench.messages.perSalon=100},
 * {@code -Dbench.messages.pool=5} (each sender's connections).
 */
final class MessagesBench {

    private static final Logger log = LoggerFactory.getLogger(MessagesBench.class);
    static final int SALONS = Integer.getInteger("bench.messages.salons", 100);
    static final int PER_SALON = Integer.getInteger("bench.messages.perSalon", 100);
    static final int TOTAL = SALONS * PER_SALON;
    static final int POOL = Integer.getInteger("bench.messages.pool", 5);
    static final int CONVERSATIONS = Integer.getInteger("bench.messages.conversations", MessageSender.CONVERSATIONS);
    static final int ENGINE_BOOKINGS = 600;

    private final BenchDatabase db;
    private double seconds;
    private int distinct;
    private int received;
    private int refused;
    private long retried;
    private double ratePlain;
    private double rateMessages;
    private final List<String> timings = new ArrayList<>();
    private double load;
    private double jvmCpu;
    private double serverCpu;

    MessagesBench(BenchDatabase db) {
        this.db = db;
    }

    void run() throws Exception {
        GreenMail mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        mail.start();
        try (FlakySmtp flaky = new FlakySmtp(mail.getSmtp().getPort(), 0.10)) {
            DSLContext dsl = db.dsl();
            List<Long> tenants = new ArrayList<>();
            for (int s = 0; s < SALONS; s++) {
                long t = dsl.resultQuery("INSERT INTO tenants (name, time_zone) VALUES ('Bench messages " + s + "', 'Europe/Kyiv') RETURNING id")
                        .fetchOne(0, Long.class);
                long master = dsl.resultQuery("INSERT INTO masters (tenant_id, name) VALUES (" + t + ", 'M') RETURNING id").fetchOne(0, Long.class);
                long client = dsl.resultQuery("INSERT INTO clients (tenant_id, name, phone, email, channels, message_consent) VALUES (" + t
                        + ", 'Client " + s + "', '+38067" + String.format("%07d", s) + "', 'c" + s + "@bench.test', '{email}', true) RETURNING id")
                        .fetchOne(0, Long.class);
                // reminders 24 h before by e-mail, nothing else: 100 reminders per salon
                dsl.execute("INSERT INTO message_settings (tenant_id, enabled, confirmations, email_lead_min, sms_lead_min, quiet_from, quiet_to, "
                        + "smtp_host, smtp_port, smtp_starttls, smtp_from) VALUES (" + t + ", true, false, 1440, NULL, '00:00', '00:00', '127.0.0.1', "
                        + flaky.port() + ", false, 'desk@bench.test')");
                dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) SELECT " + t + ", " + master
                        + ", " + client + ", timestamptz '2031-01-01 00:00+00' + make_interval(mins => 30 * g), 30, 'confirmed' FROM generate_series(0, "
                        + (PER_SALON - 1) + ") g");
                tenants.add(t);
            }
            // every one due in the same minute
            dsl.execute("UPDATE messages SET due_at = now() WHERE state = 'planned'");
            int due = dsl.fetchCount(app.salondesk.jooq.Tables.MESSAGES, app.salondesk.jooq.Tables.MESSAGES.KIND.eq("reminder"));
            log.info("messages: {} reminders due across {} salons", due, SALONS);
            if (due != TOTAL) {
                throw new IllegalStateException("expected " + TOTAL + " reminders, the database planned " + due);
            }
            load = loadAverage();

            List<Backend> pools = new ArrayList<>();
            List<Thread> senders = new ArrayList<>();
            AtomicInteger retries = new AtomicInteger();
            com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            long cpu0 = os.getProcessCpuTime();
            long pg0 = serverCpuNanos();
            long t0 = System.nanoTime();
            long deadline = t0 + Duration.ofSeconds(900).toNanos();
            List<MessageSender> all = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Backend pool = Backend.connect(db.settings(), POOL);
                pools.add(pool);
                MessageSender sender = new MessageSender(pool.dsl(), new MessageTexts("https://book.bench.test"),
                        List.of(new SmtpChannel(MailCredentials.NONE, Duration.ofSeconds(10))), MessageSender.LEASE, Duration.ofSeconds(1),
                        CONVERSATIONS);
                all.add(sender);
                Thread t = new Thread(() -> {
                    while (System.nanoTime() < deadline) {
                        MessageSender.Pass p = sender.sendDue(50);
                        retries.addAndGet(p.retried());
                        if (p.claimed() == 0) {
                            if (pool.dsl().fetchCount(app.salondesk.jooq.Tables.MESSAGES,
                                    app.salondesk.jooq.Tables.MESSAGES.STATE.in("planned", "sending")) == 0) {
                                return;
                            }
                            try {
                                Thread.sleep(100);
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    }
                }, "bench-sender-" + i);
                t.start();
                senders.add(t);
            }
            for (Thread t : senders) {
                t.join();
            }
            seconds = (System.nanoTime() - t0) / 1e9;
            jvmCpu = (os.getProcessCpuTime() - cpu0) / 1e9;
            serverCpu = (serverCpuNanos() - pg0) / 1e9;
            load = Math.max(load, loadAverage());
            for (MessageSender sender : all) {
                timings.add(sender.timings().toString());
                log.info("messages: a sender's time: {}", sender.timings());
                sender.close();
            }
            pools.forEach(Backend::close);
            Set<String> ids = new HashSet<>();
            MimeMessage[] got = mail.getReceivedMessages();
            for (MimeMessage m : got) {
                ids.add(m.getMessageID());
            }
            received = got.length;
            distinct = ids.size();
            refused = flaky.refused.get();
            retried = retries.get();
            log.info("messages: {} sent ({} distinct) in {} s, {} conversations refused", received, distinct, seconds, refused);
        } finally {
            mail.stop();
        }
        planningCost();
    }

    /** The engine's bookings a second, one writer, for a salon with messages off and one with them on. */
    private void planningCost() {
        DSLContext dsl = db.dsl();
        BookingEngine engine = new BookingEngine(dsl);
        for (int round = 0; round < 2; round++) {
            for (boolean on : new boolean[]{false, true}) {
                long t = dsl.resultQuery("INSERT INTO tenants (name, time_zone) VALUES ('Bench planning " + on + round + "', 'Europe/Kyiv') RETURNING id")
                        .fetchOne(0, Long.class);
                long master = dsl.resultQuery("INSERT INTO masters (tenant_id, name) VALUES (" + t + ", 'M') RETURNING id").fetchOne(0, Long.class);
                for (int d = 1; d <= 7; d++) {
                    dsl.execute("INSERT INTO master_working_hours (tenant_id, master_id, weekday, starts_at, ends_at) VALUES (" + t + ", " + master
                            + ", " + d + ", '08:00', '20:00')");
                }
                long client = dsl.resultQuery("INSERT INTO clients (tenant_id, name, phone, email, channels, message_consent) VALUES (" + t
                        + ", 'C', '+380670000001', 'c@bench.test', '{email}', true) RETURNING id").fetchOne(0, Long.class);
                if (on) {
                    dsl.execute("INSERT INTO message_settings (tenant_id, enabled, smtp_host, smtp_from) VALUES (" + t + ", true, '127.0.0.1', 'd@b.test')");
                }
                Instant first = LocalDate.of(2032, 1, 5).atStartOfDay(ZoneId.of("Europe/Kyiv")).toInstant();
                long t0 = System.nanoTime();
                for (int i = 0; i < ENGINE_BOOKINGS; i++) {
                    // 24 half-hours a day from 08:00, day after day
                    Instant at = first.plus(Duration.ofDays(i / 24)).plus(Duration.ofMinutes(8 * 60 + 30L * (i % 24)));
                    BookingOutcome o = engine.book(new NewBooking(t, master, client, null, null, at, 30, "",
                            UUID.randomUUID(), Source.FORM, false));
                    if (!(o instanceof BookingOutcome.Booked)) {
                        throw new IllegalStateException("not booked: " + o);
                    }
                }
                double rate = ENGINE_BOOKINGS / ((System.nanoTime() - t0) / 1e9);
                if (round == 1) {   // the first round warms up
                    if (on) {
                        rateMessages = rate;
                    } else {
                        ratePlain = rate;
                    }
                }
            }
        }
    }

    /**
     * CPU time (user + system) of the embedded PostgreSQL server: its postmaster and every process
     * under it (backends, WAL writer, checkpointer), from /proc; -1 s when it cannot tell. Read
     * before and after the senders: the difference is the database's share of the sending (the
     * pools' backends live through it; the other sessions' servers are not under this postmaster).
     */
    long serverCpuNanos() {
        java.util.Optional<ProcessHandle> pm = db.postmasterPid().flatMap(ProcessHandle::of);
        if (pm.isEmpty()) {
            return -1_000_000_000L;
        }
        long ticks = cpuTicks(pm.get().pid());
        for (ProcessHandle p : pm.get().descendants().toList()) {
            ticks += cpuTicks(p.pid());
        }
        return ticks * 10_000_000L;   // USER_HZ 100
    }

    private static long cpuTicks(long pid) {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);   // utime, stime (fields 14 and 15)
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The machine's load average over the last minute (other sessions share its two cores). */
    static double loadAverage() {
        try {
            return Double.parseDouble(java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    void report(Markdown md) {
        md.heading(2, "Issue 33: " + Markdown.num(TOTAL) + " reminders, two senders, a mail server refusing 10 %");
        md.table(List.of("", "figure"), List.of(
                List.of("reminders due in the same minute (" + SALONS + " salons × " + PER_SALON + ")", Markdown.num(TOTAL)),
                List.of("load average (1 min) at the start / the end, 2 cores", String.format(java.util.Locale.ROOT, "%.1f", load)),
                List.of("time until all were sent, two senders", String.format(java.util.Locale.ROOT, "%.1f s", seconds)),
                List.of("messages a second", Markdown.num(TOTAL / seconds)),
                List.of("conversations at once, per sender", Integer.toString(CONVERSATIONS)),
                List.of("CPU of the bench's JVM while sending (senders, proxy, GreenMail), per message",
                        String.format(java.util.Locale.ROOT, "%.2f ms (%.1f s)", jvmCpu * 1000 / TOTAL, jvmCpu)),
                List.of("CPU of the PostgreSQL server while sending, per message",
                        String.format(java.util.Locale.ROOT, "%.2f ms (%.1f s)", serverCpu * 1000 / TOTAL, serverCpu)),
                List.of("SMTP conversations refused with 451 (then retried)", Markdown.num(refused)),
                List.of("tries that were refused, as the senders counted", Markdown.num(retried)),
                List.of("received by the mail server", Markdown.num(received)),
                List.of("distinct messages received (lost: " + (TOTAL - distinct) + ")", Markdown.num(distinct)),
                List.of("duplicates", Integer.toString(received - distinct))));
        md.table(List.of("sender", "where its time went (wall time summed over its conversations)"),
                java.util.stream.IntStream.range(0, timings.size()).mapToObj(i -> List.of(Integer.toString(i + 1), timings.get(i))).toList());
        md.table(List.of("engine bookings a second, one writer", "messages off", "messages on", "on / off"), List.of(
                List.of(ENGINE_BOOKINGS + " bookings (second round)", Markdown.num(ratePlain), Markdown.num(rateMessages),
                        Markdown.ratio(rateMessages / ratePlain))));
    }

    /**
     * A mail server that refuses one delivery in ten: a TCP front that passes every conversation to
     * GreenMail, except that it answers {@code 451} to one {@code RCPT} in ten itself (the client
     * then gives the message up on that connection: {@code RSET} or {@code QUIT} pass on). The
     * message text after {@code DATA} passes through untouched.
     */
    static final class FlakySmtp implements AutoCloseable {
        final AtomicInteger refused = new AtomicInteger();
        private final ServerSocket socket;
        private final int target;
        private final double refuse;

        FlakySmtp(int target, double refuse) throws IOException {
            this.target = target;
            this.refuse = refuse;
            this.socket = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
            Thread t = new Thread(this::accept, "flaky-smtp");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        private void accept() {
            while (!socket.isClosed()) {
                try {
                    Socket c = socket.accept();
                    Thread t = new Thread(() -> pipe(c), "flaky-smtp-conn");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void pipe(Socket c) {
            try (c; Socket up = new Socket(InetAddress.getLoopbackAddress(), target)) {
                // no Nagle on either side: the proxy passes a message's lines on one by one, and each
                // small write after the first would otherwise wait for the server's delayed ACK (40 ms
                // on Linux) — the proxy's own latency, not the mail server's nor the sender's
                c.setTcpNoDelay(true);
                up.setTcpNoDelay(true);
                OutputStream toClient = c.getOutputStream();
                Thread back = new Thread(() -> copy(safeIn(up), toClient), "flaky-smtp-back");
                back.setDaemon(true);
                back.start();
                // ISO-8859-1: one char a byte, so a line goes on exactly as it came
                BufferedReader in = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.ISO_8859_1));
                OutputStream toServer = new java.io.BufferedOutputStream(up.getOutputStream(), 16384);
                boolean data = false;
                for (String line; (line = in.readLine()) != null; ) {
                    String verb = line.length() >= 4 ? line.substring(0, 4).toUpperCase(java.util.Locale.ROOT) : line.toUpperCase(java.util.Locale.ROOT);
                    if (!data && verb.equals("RCPT") && ThreadLocalRandom.current().nextDouble() < refuse) {
                        refused.incrementAndGet();
                        synchronized (toClient) {
                            toClient.write("451 4.3.0 try again later\r\n".getBytes(StandardCharsets.US_ASCII));
                            toClient.flush();
                        }
                        continue;
                    }
                    toServer.write((line + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    if (!in.ready()) {   // what the client sent at once goes on at once, in one write
                        toServer.flush();
                    }
                    if (!data && verb.equals("DATA")) {
                        data = true;
                    } else if (data && line.equals(".")) {
                        data = false;
                    }
                }
                toServer.flush();
                up.shutdownOutput();
                back.join(10_000);
            } catch (IOException | InterruptedException e) {
                // gone
            }
        }

        private static InputStream safeIn(Socket s) {
            try {
                return s.getInputStream();
            } catch (IOException e) {
                return InputStream.nullInputStream();
            }
        }

        private static OutputStream safeOut(Socket s) {
            try {
                return s.getOutputStream();
            } catch (IOException e) {
                return OutputStream.nullOutputStream();
            }
        }

        private static void copy(InputStream in, OutputStream out) {
            byte[] b = new byte[8192];
            try {
                for (int n; (n = in.read(b)) >= 0; ) {
                    synchronized (out) {
                        out.write(b, 0, n);
                        out.flush();
                    }
                }
            } catch (IOException e) {
                // one side closed
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
