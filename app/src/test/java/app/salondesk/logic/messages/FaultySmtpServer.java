package app.salondesk.logic.messages;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real SMTP server on a loopback port that speaks the protocol as far as a client needs and
 * then refuses: at {@code RCPT TO} with 451 (try later) or 550 (mailbox does not exist), or
 * accepts the connection and never says a word (a hanging server). GreenMail accepts everything;
 * this is the mail server having a bad day. Counts the conversations it had.
 */
final class FaultySmtpServer implements AutoCloseable {

    enum Mode { REFUSE_451, REFUSE_550, HANG }

    private final ServerSocket socket;
    private final Mode mode;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    final AtomicInteger conversations = new AtomicInteger();

    FaultySmtpServer(Mode mode) throws IOException {
        this.mode = mode;
        this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "faulty-smtp-" + mode);
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return socket.getLocalPort();
    }

    /** A loopback port where nothing listens (a mail server that is down). */
    static int downPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket c = socket.accept();
                open.add(c);
                conversations.incrementAndGet();
                Thread t = new Thread(() -> talk(c), "faulty-smtp-conversation");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void talk(Socket c) {
        if (mode == Mode.HANG) {
            return;   // the connection stays open, silent, until close()
        }
        try (c; BufferedReader in = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.US_ASCII));
             OutputStream out = c.getOutputStream()) {
            say(out, "220 faulty.test ESMTP");
            String line;
            while ((line = in.readLine()) != null) {
                String verb = line.length() >= 4 ? line.substring(0, 4).toUpperCase() : line.toUpperCase();
                switch (verb) {
                    case "EHLO", "HELO" -> say(out, "250-faulty.test\r\n250 8BITMIME");
                    case "MAIL", "RSET", "NOOP" -> say(out, "250 2.0.0 OK");
                    case "RCPT" -> say(out, mode == Mode.REFUSE_451 ? "451 4.3.0 Mail server temporarily rejected message, try later"
                            : "550 5.1.1 The mailbox does not exist");
                    case "QUIT" -> {
                        say(out, "221 2.0.0 Bye");
                        return;
                    }
                    default -> say(out, "503 5.5.1 Bad sequence of commands");
                }
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    private static void say(OutputStream out, String reply) throws IOException {
        out.write((reply + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
        for (Socket c : open) {
            c.close();
        }
    }
}
