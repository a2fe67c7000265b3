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
 * {@code serve}s run them: each its own pool, one message at a time), the mail server refusing 10 %
 * of conversations with a 4xx (a proxy in front of GreenMail answers 451 at RCPT for one connection
 * in ten): the time until all are sent, duplicates and losses. And the cost of planning on the
 * booking write path: the engine's bookings a second for a salon with messages on against one
 * with messages off, in the same run.
 */
final class MessagesBench {

    private static final Logger log = LoggerFactory.getLogger(MessagesBench.class);
    static final int SALONS = 100;
    static final int PER_SALON = 100;
    static final int TOTAL = SALONS * PER_SALON;
    static final int ENGINE_BOOKINGS = 600;

    private final BenchDatabase db;
    private double seconds;
    private int distinct;
    private int received;
    private int refused;
    private long retried;
    private double ratePlain;
    private double rateMessages;

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
                dsl.execute("INSERT INTO message_settings (tenant_id, enabled, email_lead_min, sms_lead_min, quiet_from, quiet_to, smtp_host, "
                        + "smtp_port, smtp_starttls, smtp_from) VALUES (" + t + ", true, NULL, NULL, '00:00', '00:00', '127.0.0.1', " + flaky.port()
                        + ", false, 'desk@bench.test')");
                dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) SELECT " + t + ", " + master
                        + ", " + client + ", timestamptz '2031-01-01 00:00+00' + make_interval(mins => 30 * g), 30, 'confirmed' FROM generate_series(0, "
                        + (PER_SALON - 1) + ") g");
                tenants.add(t);
            }
            // every one due in the same minute
            dsl.execute("UPDATE messages SET due_at = now() WHERE state = 'planned'");
            log.info("messages: {} due across {} salons", dsl.fetchCount(app.salondesk.jooq.Tables.MESSAGES), SALONS);

            List<Backend> pools = new ArrayList<>();
            List<Thread> senders = new ArrayList<>();
            AtomicInteger retries = new AtomicInteger();
            long t0 = System.nanoTime();
            long deadline = t0 + Duration.ofSeconds(900).toNanos();
            for (int i = 0; i < 2; i++) {
                Backend pool = Backend.connect(db.settings(), 2);
                pools.add(pool);
                MessageSender sender = new MessageSender(pool.dsl(), new MessageTexts("https://book.bench.test"),
                        List.of(new SmtpChannel(MailCredentials.NONE, Duration.ofSeconds(10))), MessageSender.LEASE, Duration.ofSeconds(1));
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

    void report(Markdown md) {
        md.heading(2, "Issue 33: 10 000 reminders, two senders, a mail server refusing 10 %");
        md.table(List.of("", "figure"), List.of(
                List.of("messages due in the same minute (100 salons × 100)", Markdown.num(TOTAL)),
                List.of("time until all were sent, two senders", String.format(java.util.Locale.ROOT, "%.1f s", seconds)),
                List.of("messages a second", Markdown.num(TOTAL / seconds)),
                List.of("SMTP conversations refused with 451 (then retried)", Markdown.num(refused)),
                List.of("tries that were refused, as the senders counted", Markdown.num(retried)),
                List.of("received by the mail server", Markdown.num(received)),
                List.of("distinct messages received (lost: " + (TOTAL - distinct) + ")", Markdown.num(distinct)),
                List.of("duplicates", Markdown.num(received - distinct))));
        md.table(List.of("engine bookings a second, one writer", "messages off", "messages on", "on / off"), List.of(
                List.of(ENGINE_BOOKINGS + " bookings (second round)", Markdown.num(ratePlain), Markdown.num(rateMessages),
                        Markdown.ratio(rateMessages / ratePlain))));
    }

    /**
     * A mail server that refuses one conversation in ten: a TCP front that, per connection, either
     * answers 451 at RCPT itself or passes the bytes both ways to GreenMail.
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
                    boolean no = ThreadLocalRandom.current().nextDouble() < refuse;
                    Thread t = new Thread(() -> {
                        if (no) {
                            refused.incrementAndGet();
                            refuseOne(c);
                        } else {
                            pipe(c);
                        }
                    }, "flaky-smtp-conn");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        private static void refuseOne(Socket c) {
            try (c; BufferedReader in = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.US_ASCII));
                 OutputStream out = c.getOutputStream()) {
                say(out, "220 flaky ESMTP");
                String line;
                while ((line = in.readLine()) != null) {
                    String v = line.length() >= 4 ? line.substring(0, 4).toUpperCase() : line;
                    switch (v) {
                        case "EHLO", "HELO" -> say(out, "250 flaky");
                        case "RCPT" -> say(out, "451 4.3.0 try again later");
                        case "QUIT" -> {
                            say(out, "221 bye");
                            return;
                        }
                        default -> say(out, "250 OK");
                    }
                }
            } catch (IOException e) {
                // gone
            }
        }

        private void pipe(Socket c) {
            try (c; Socket up = new Socket(InetAddress.getLoopbackAddress(), target)) {
                Thread back = new Thread(() -> copy(safeIn(up), safeOut(c)), "flaky-smtp-back");
                back.setDaemon(true);
                back.start();
                copy(c.getInputStream(), up.getOutputStream());
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
                    out.write(b, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side closed
            }
        }

        private static void say(OutputStream out, String s) throws IOException {
            out.write((s + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
