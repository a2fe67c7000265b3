package app.salondesk.logic.messages;

import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.ClaimedMessage;
import app.salondesk.model.messages.RenderedMessage;
import app.salondesk.model.messages.SendResult;
import jakarta.activation.DataHandler;
import jakarta.mail.Address;
import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import jakarta.mail.util.ByteArrayDataSource;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.UnsupportedEncodingException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Date;
import java.util.Properties;

/**
 * E-mail over SMTP with Jakarta Mail (Angus Mail): to the salon's mail server (host, port,
 * STARTTLS and From from its settings), signed in with this process's credentials when it has
 * some. Every try of a message carries the same {@code Message-ID} ({@code <key@salondesk>}), so a
 * message sent twice — a sender died between the server's "250" and its record (ADR 33) — is one
 * message to the mail systems that look. The server's answer decides what follows: 2xx accepted,
 * 4xx and no answer (refused, timed out, unknown host) tried again later, 5xx never by e-mail.
 */
public final class SmtpChannel implements MessageChannel {

    /** How long one SMTP conversation may wait for each step; the claim's lease (2 minutes) is longer. */
    public static final Duration TIMEOUT = Duration.ofSeconds(20);
    /**
     * A connection kept open between messages is used again only this soon after its last message:
     * servers close idle ones (RFC 5321 asks them to wait 5 minutes; some wait less), and a pass
     * every 5 s keeps a busy sender's connections well within it.
     */
    static final Duration IDLE = Duration.ofSeconds(10);
    /** A kept connection idle longer than this is asked whether it is still there ({@code NOOP}) before use. */
    static final Duration ASK_AFTER = Duration.ofSeconds(2);
    /** Messages on one connection before it is closed and a new one opened (some servers limit it). */
    static final int MESSAGES_PER_CONNECTION = 100;
    /** Idle connections kept open at most, over all mail servers (each sender's conversations use as many at once). */
    static final int MAX_IDLE = 16;

    private static final Logger log = LoggerFactory.getLogger(SmtpChannel.class);

    static {
        // Jakarta Mail 2.1 looks its StreamProvider up with a ServiceLoader — a scan of every jar on
        // the class path — each time a header is encoded or a body part made (jakartaee/mail-api
        // #699, #861, open): two thirds of a message's CPU in issue 33's benchmark. Naming the
        // provider this process ships (Angus Mail's) makes the lookup a Class.forName. One already
        // named by whoever runs us is left alone.
        String provider = "jakarta.mail.util.StreamProvider";
        if (System.getProperty(provider) == null) {
            try {
                Class.forName("org.eclipse.angus.mail.util.MailStreamProvider", false, SmtpChannel.class.getClassLoader());
                System.setProperty(provider, "org.eclipse.angus.mail.util.MailStreamProvider");
            } catch (ClassNotFoundException | LinkageError | SecurityException e) {
                // another Jakarta Mail: the ServiceLoader finds it, slowly
            }
        }
    }

    private final MailCredentials credentials;
    private final Duration timeout;
    /** Per mail server: its session and the connections no conversation is using now, the last used first. */
    private final java.util.concurrent.ConcurrentHashMap<Server, Pool> pools = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicInteger idleCount = new java.util.concurrent.atomic.AtomicInteger();
    /** Bumped by {@link #close()}: a connection in use then is closed when its message is done instead of kept. */
    private final java.util.concurrent.atomic.AtomicLong generation = new java.util.concurrent.atomic.AtomicLong();

    public SmtpChannel(MailCredentials credentials) {
        this(credentials, TIMEOUT);
    }

    public SmtpChannel(MailCredentials credentials, Duration timeout) {
        this.credentials = credentials;
        this.timeout = timeout;
    }

    @Override
    public Channel channel() {
        return Channel.EMAIL;
    }

    /**
     * Sends on a connection to the salon's mail server kept open from an earlier message when there
     * is one (a conversation — {@code MAIL}, {@code RCPT}, {@code DATA} — instead of a connection,
     * greeting, {@code EHLO}, perhaps {@code STARTTLS} and a login each time). Any error closes that
     * connection. A connection kept open that turns out to be gone (closed by the server, {@code 421})
     * is replaced by a new one once, at once: the server answered nothing about this message on it.
     */
    @Override
    public SendResult send(ClaimedMessage m, RenderedMessage words) {
        ClaimedMessage.MailServer server = m.mailServer();
        if (!server.configured()) {
            return new SendResult.Permanent("no mail server set up");
        }
        Pool pool = pools.computeIfAbsent(new Server(server.host(), server.port(), server.startTls()),
                k -> new Pool(Session.getInstance(properties(server))));
        MimeMessage mail;
        try {
            mail = new FixedIdMessage(pool.session, "<" + m.messageKey() + "@salondesk>");
            mail.setFrom(new InternetAddress(server.from(), m.salonName(), StandardCharsets.UTF_8.name()));
            mail.setRecipients(Message.RecipientType.TO, InternetAddress.parse(m.recipient(), true));
            mail.setSubject(words.subject(), StandardCharsets.UTF_8.name());
            mail.setSentDate(new Date());
            mail.setHeader("Auto-Submitted", "auto-generated");
            mail.setContent(body(words));
            mail.saveChanges();
        } catch (MessagingException | UnsupportedEncodingException e) {
            return classify(e);
        }
        for (boolean fresh = false; ; fresh = true) {
            Connection c = fresh ? null : take(pool);
            boolean reused = c != null;
            try {
                if (c == null) {
                    c = connect(pool, server);
                }
                c.transport.sendMessage(mail, mail.getAllRecipients());
                c.sent++;
                giveBack(pool, c);
                return new SendResult.Accepted();
            } catch (AuthenticationFailedException e) {
                quietlyClose(c);
                return new SendResult.Temporary("the mail server refuses the password: " + text(e));
            } catch (MessagingException e) {
                quietlyClose(c);
                if (reused && gone(e)) {
                    log.debug("a kept connection to {}:{} was gone ({}); a new one", server.host(), server.port(), e.toString());
                    continue;
                }
                return classify(e);
            } catch (RuntimeException e) {
                quietlyClose(c);
                throw e;
            }
        }
    }

    /** Lets go of every connection kept open; those in use now are closed when their message is done. */
    @Override
    public void close() {
        generation.incrementAndGet();
        for (Pool pool : pools.values()) {
            for (Connection c; (c = pool.idle.pollFirst()) != null; ) {
                idleCount.decrementAndGet();
                quietlyClose(c);
            }
        }
    }

    private Connection take(Pool pool) {
        long now = System.nanoTime();
        for (Connection c; (c = pool.idle.pollFirst()) != null; ) {
            idleCount.decrementAndGet();
            long idle = now - c.lastUsed;
            // isConnected() asks the server (NOOP): a round trip only for one that waited a while
            if (c.generation == generation.get() && idle < IDLE.toNanos() && (idle < ASK_AFTER.toNanos() || c.transport.isConnected())) {
                return c;
            }
            quietlyClose(c);
        }
        return null;
    }

    private Connection connect(Pool pool, ClaimedMessage.MailServer server) throws MessagingException {
        Transport t = pool.session.getTransport("smtp");
        if (credentials.smtpUser() != null) {
            t.connect(server.host(), server.port(), credentials.smtpUser(), credentials.smtpPassword());
        } else {
            t.connect();
        }
        return new Connection(t, generation.get());
    }

    private void giveBack(Pool pool, Connection c) {
        c.lastUsed = System.nanoTime();
        if (c.sent >= MESSAGES_PER_CONNECTION || c.generation != generation.get()) {
            quietlyClose(c);
        } else if (idleCount.incrementAndGet() > MAX_IDLE) {
            idleCount.decrementAndGet();
            quietlyClose(c);
        } else {
            pool.idle.offerFirst(c);
        }
    }

    private static void quietlyClose(Connection c) {
        if (c != null) {
            try {
                c.transport.close();   // QUIT, then the socket
            } catch (MessagingException | RuntimeException e) {
                // gone already
            }
        }
    }

    /**
     * The kept connection was closed under us (reset, end of stream, 421): nothing about this message
     * was said on it. Not a timeout: a server that hangs is slow, not gone, and waits for the next try.
     */
    private static boolean gone(MessagingException e) {
        for (Throwable t = e; t != null; t = t.getCause() != t ? t.getCause() : null) {
            if (t instanceof SocketTimeoutException) {
                return false;
            }
        }
        for (Throwable t = e; t != null; t = t.getCause() != t ? t.getCause() : null) {
            if (t instanceof java.io.IOException || t instanceof jakarta.mail.MessagingException me && me.getNextException() instanceof java.io.IOException) {
                return true;
            }
            if (t instanceof SMTPSendFailedException f && (f.getReturnCode() == -1 || f.getReturnCode() == 421)) {
                return true;
            }
            if (t instanceof org.eclipse.angus.mail.smtp.SMTPSenderFailedException f && (f.getReturnCode() == -1 || f.getReturnCode() == 421)) {
                return true;
            }
        }
        return false;
    }

    private record Server(String host, int port, boolean startTls) {
    }

    private static final class Pool {
        final Session session;
        final java.util.concurrent.ConcurrentLinkedDeque<Connection> idle = new java.util.concurrent.ConcurrentLinkedDeque<>();

        Pool(Session session) {
            this.session = session;
        }
    }

    private static final class Connection {
        final Transport transport;
        final long generation;
        long lastUsed;
        int sent;

        Connection(Transport transport, long generation) {
            this.transport = transport;
            this.generation = generation;
        }
    }

    private Properties properties(ClaimedMessage.MailServer server) {
        Properties p = new Properties();
        p.put("mail.smtp.host", server.host());
        p.put("mail.smtp.port", Integer.toString(server.port()));
        p.put("mail.smtp.auth", Boolean.toString(credentials.smtpUser() != null));
        p.put("mail.smtp.starttls.enable", Boolean.toString(server.startTls()));
        String ms = Long.toString(timeout.toMillis());
        p.put("mail.smtp.connectiontimeout", ms);
        p.put("mail.smtp.timeout", ms);
        p.put("mail.smtp.writetimeout", ms);
        // one bad address refuses the message, it is one recipient anyway
        p.put("mail.smtp.sendpartial", "false");
        p.put("mail.smtp.localhost", "salondesk");
        // closing a connection (after a refusal, or a kept one let go) does not wait for the server's goodbye
        p.put("mail.smtp.quitwait", "false");
        return p;
    }

    private static MimeMultipart body(RenderedMessage words) throws MessagingException {
        MimeMultipart alternative = new MimeMultipart("alternative");
        MimeBodyPart text = new MimeBodyPart();
        text.setText(words.text(), StandardCharsets.UTF_8.name(), "plain");
        alternative.addBodyPart(text);
        MimeBodyPart html = new MimeBodyPart();
        html.setText(words.html(), StandardCharsets.UTF_8.name(), "html");
        alternative.addBodyPart(html);
        if (words.ics() == null) {
            return alternative;
        }
        MimeMultipart mixed = new MimeMultipart("mixed");
        MimeBodyPart both = new MimeBodyPart();
        both.setContent(alternative);
        mixed.addBodyPart(both);
        MimeBodyPart ics = new MimeBodyPart();
        ics.setDataHandler(new DataHandler(new ByteArrayDataSource(words.ics().getBytes(StandardCharsets.UTF_8),
                "text/calendar; charset=UTF-8; method=PUBLISH")));
        ics.setFileName("booking.ics");
        mixed.addBodyPart(ics);
        return mixed;
    }

    /** 4xx and no answer: later; 5xx: never. The server's own words become the reason the desk shows. */
    static SendResult classify(Exception e) {
        Throwable t = e;
        while (t != null) {
            if (t instanceof SMTPAddressFailedException a) {
                return byCode(a.getReturnCode(), text(a));
            }
            if (t instanceof SMTPSendFailedException s) {
                return byCode(s.getReturnCode(), text(s));
            }
            if (t instanceof org.eclipse.angus.mail.smtp.SMTPSenderFailedException s) {
                return byCode(s.getReturnCode(), text(s));
            }
            if (t instanceof ConnectException || t instanceof SocketTimeoutException || t instanceof UnknownHostException
                    || t instanceof java.net.SocketException) {
                return new SendResult.Temporary("the mail server does not answer: " + t.getClass().getSimpleName() + " " + nn(t.getMessage()));
            }
            if (t instanceof SendFailedException s && s.getNextException() != null && s.getNextException() != s) {
                t = s.getNextException();
                continue;
            }
            t = t.getCause() != t ? t.getCause() : null;
        }
        log.info("a mail could not be sent: {}", e.toString());
        return new SendResult.Temporary(text(e));
    }

    private static SendResult byCode(int code, String text) {
        return code >= 500 ? new SendResult.Permanent(text) : new SendResult.Temporary(text);
    }

    private static String text(Throwable t) {
        String s = nn(t.getMessage()).replaceAll("\\s+", " ").strip();
        return s.length() > 400 ? s.substring(0, 400) : s;
    }

    private static String nn(String s) {
        return s == null ? "" : s;
    }

    /** A message whose {@code Message-ID} is ours on every try (Jakarta Mail makes a new one on save otherwise). */
    private static final class FixedIdMessage extends MimeMessage {
        private final String id;

        FixedIdMessage(Session session, String id) {
            super(session);
            this.id = id;
        }

        @Override
        protected void updateMessageID() throws MessagingException {
            setHeader("Message-ID", id);
        }
    }

    /** For a log line: who the message went to, never its words. */
    static String describe(Address[] to) {
        return to == null ? "" : java.util.Arrays.toString(to);
    }
}
