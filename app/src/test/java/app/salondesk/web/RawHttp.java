package app.salondesk.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Requests written byte by byte on a socket, as an attacker's tool sends them: with a Host
 * header of its choosing (Java's HttpClient refuses to set one), or trickled slowly.
 */
final class RawHttp {

    private RawHttp() {
    }

    /** Sends {@code request} (CRLFs and all) and reads the whole answer until the server closes. */
    static String exchange(int port, String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            return readAll(s.getInputStream());
        }
    }

    /** A GET with these extra header lines, the connection closed after the answer. */
    static String get(int port, String path, String... headers) throws IOException {
        StringBuilder r = new StringBuilder("GET " + path + " HTTP/1.1\r\n");
        for (String h : headers) {
            r.append(h).append("\r\n");
        }
        return exchange(port, r.append("Connection: close\r\n\r\n").toString());
    }

    static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        for (int n; (n = in.read(buf)) >= 0; ) {
            got.write(buf, 0, n);
        }
        return got.toString(StandardCharsets.UTF_8);
    }
}
