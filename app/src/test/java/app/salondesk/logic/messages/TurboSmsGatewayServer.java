package app.salondesk.logic.messages;

import com.fasterxml.jackson.jr.ob.JSON;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local server that speaks TurboSMS's documented HTTP API ({@code POST /message/send.json},
 * bearer token, {@code recipients} and {@code sms}; answers with {@code response_code},
 * {@code response_status}, {@code response_result}): the real gateway is not reachable from the
 * test machines. It accepts numbers it has not been told to refuse, answers 503 while "down",
 * and refuses a wrong token with 401, as the documentation says. A call with a {@code viber} part
 * beside the {@code sms} one is the combined ("hybrid") sending: both parts are kept as it got them.
 */
final class TurboSmsGatewayServer implements AutoCloseable {

    static final String TOKEN = "turbo-token-123";

    /** What one call asked for; {@code viberText} null for SMS alone. */
    record Sent(String phone, String sender, String text, String messageKey, String viberSender, String viberText, Object viberTtl) {
    }

    final List<Sent> sent = new CopyOnWriteArrayList<>();
    volatile String refusedPhone;
    volatile boolean down;
    private final HttpServer server;

    TurboSmsGatewayServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/message/send.json", this::send);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @SuppressWarnings("unchecked")
    private void send(HttpExchange x) throws IOException {
        if (down) {
            answer(x, 503, "{\"response_code\":999,\"response_status\":\"SERVICE_UNAVAILABLE\",\"response_result\":null}");
            return;
        }
        if (!("Bearer " + TOKEN).equals(x.getRequestHeaders().getFirst("Authorization"))) {
            answer(x, 401, "{\"response_code\":103,\"response_status\":\"REQUIRED_TOKEN\",\"response_result\":null}");
            return;
        }
        Map<String, Object> body = JSON.std.mapFrom(new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        List<Object> recipients = (List<Object>) body.get("recipients");
        Map<String, Object> sms = (Map<String, Object>) body.get("sms");
        if (recipients == null || recipients.isEmpty() || sms == null || sms.get("text") == null) {
            answer(x, 200, "{\"response_code\":104,\"response_status\":\"REQUIRED_CONTENT\",\"response_result\":null}");
            return;
        }
        String phone = String.valueOf(recipients.get(0));
        if (phone.equals(refusedPhone)) {
            answer(x, 200, "{\"response_code\":802,\"response_status\":\"SUCCESS_MESSAGE_PARTIAL_ACCEPTED\",\"response_result\":"
                    + "[{\"phone\":\"" + phone + "\",\"response_code\":406,\"message_id\":null,\"response_status\":\"NOT_ALLOWED_RECIPIENT_COUNTRY\"}]}");
            return;
        }
        Map<String, Object> viber = (Map<String, Object>) body.get("viber");
        sent.add(new Sent(phone, String.valueOf(sms.get("sender")), String.valueOf(sms.get("text")),
                x.getRequestHeaders().getFirst("X-Message-Key"), viber == null ? null : String.valueOf(viber.get("sender")),
                viber == null ? null : String.valueOf(viber.get("text")), viber == null ? null : viber.get("ttl")));
        answer(x, 200, "{\"response_code\":800,\"response_status\":\"SUCCESS_MESSAGE_ACCEPTED\",\"response_result\":"
                + "[{\"phone\":\"" + phone + "\",\"response_code\":0,\"message_id\":\"" + UUID.randomUUID() + "\",\"response_status\":\"OK\"}]}");
    }

    private static void answer(HttpExchange x, int status, String json) throws IOException {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, b.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(b);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
