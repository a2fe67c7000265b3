package app.salondesk.logic.messages;

import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.ClaimedMessage;
import app.salondesk.model.messages.RenderedMessage;
import app.salondesk.model.messages.SendResult;
import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SMS through TurboSMS's HTTP API (the gateway Ukrainian salons use): {@code POST
 * <gateway>/message/send.json} with {@code Authorization: Bearer <token>} and
 * {@code {"recipients": ["380…"], "sms": {"sender": …, "text": …}}}; the answer is
 * {@code {"response_code": …, "response_status": …, "response_result": [{"phone", "response_code",
 * "message_id", "response_status"}]}}, where 800–802 (accepted, sent, partly accepted) with a
 * recipient code 0 mean the gateway took it. The gateway's address is the salon's setting, its
 * token this process's secret. The API as documented has no idempotency key: a message whose
 * sender died after the gateway's OK may go twice (ADR 33's window), and its {@code Message-ID}
 * goes along as {@code X-Message-Key} for the gateway's log.
 *
 * <p>Viber ({@link Channel#VIBER}) is the same call with a {@code viber} part beside the {@code sms}
 * one — TurboSMS's combined ("hybrid") sending: the gateway delivers by Viber, and by the SMS part
 * where Viber does not reach the phone within {@value #VIBER_TTL_SECONDS} s. One call, one answer,
 * one outcome.
 *
 * <p>Outcomes: no answer, HTTP 5xx, "not enough money" and the gateway's internal errors are tried
 * again later; a refused number or text fails for good (the client's next channel is tried).
 */
public final class TurboSmsChannel implements MessageChannel {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    /** How long the gateway tries Viber before it sends the SMS part instead. */
    static final int VIBER_TTL_SECONDS = 3600;

    private final String token;
    private final HttpClient http;
    private final Duration timeout;
    private final Channel channel;

    /** SMS through the gateway. */
    public TurboSmsChannel(String token) {
        this(token, TIMEOUT);
    }

    public TurboSmsChannel(String token, Duration timeout) {
        this(token, timeout, Channel.SMS);
    }

    /** {@code channel}: SMS alone, or Viber with SMS in the same call. */
    public TurboSmsChannel(String token, Duration timeout, Channel channel) {
        if (!channel.byPhone()) {
            throw new IllegalArgumentException("the SMS gateway sends by phone, not " + channel);
        }
        this.token = token;
        this.timeout = timeout;
        this.channel = channel;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** Viber, with the SMS part where Viber does not reach: TurboSMS's combined call. */
    public static TurboSmsChannel viber(String token) {
        return new TurboSmsChannel(token, TIMEOUT, Channel.VIBER);
    }

    @Override
    public Channel channel() {
        return channel;
    }

    /** The words of an SMS: the subject and the link, not the e-mail's letter. */
    static String smsText(RenderedMessage words, String link) {
        return link == null || link.isEmpty() ? words.subject() : words.subject() + " " + link;
    }

    @Override
    public SendResult send(ClaimedMessage m, RenderedMessage words) {
        if (m.smsGateway() == null || m.smsGateway().isBlank()) {
            return new SendResult.Permanent("no SMS gateway set up");
        }
        Map<String, Object> sms = new LinkedHashMap<>();
        sms.put("sender", m.smsSender());
        sms.put("text", smsText(words, linkIn(words.text())));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("recipients", List.of(m.recipient().replaceFirst("^\\+", "")));
        body.put("sms", sms);
        if (channel == Channel.VIBER) {
            // Viber has room for the letter itself; the SMS part stays short
            Map<String, Object> viber = new LinkedHashMap<>();
            viber.put("sender", m.smsSender());
            viber.put("text", words.text());
            viber.put("ttl", VIBER_TTL_SECONDS);
            body.put("viber", viber);
        }
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(m.smsGateway().replaceAll("/+$", "") + "/message/send.json"))
                    .timeout(timeout)
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json; charset=utf-8")
                    .header("X-Message-Key", m.messageKey().toString())
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.std.asString(body), StandardCharsets.UTF_8))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return read(response.statusCode(), response.body());
        } catch (HttpTimeoutException e) {
            return new SendResult.Temporary("the SMS gateway does not answer: " + e.getMessage());
        } catch (IOException e) {
            return new SendResult.Temporary("the SMS gateway does not answer: " + e.getClass().getSimpleName() + " " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new SendResult.Temporary("interrupted");
        } catch (IllegalArgumentException e) {
            return new SendResult.Permanent("the SMS gateway's address is not one: " + m.smsGateway());
        }
    }

    static SendResult read(int status, String body) {
        if (status >= 500 || status == 429) {
            return new SendResult.Temporary("the SMS gateway answered HTTP " + status);
        }
        Map<String, Object> answer;
        try {
            answer = JSON.std.mapFrom(body);
        } catch (IOException | RuntimeException e) {
            return new SendResult.Temporary("the SMS gateway answered HTTP " + status + " with no JSON");
        }
        int code = answer.get("response_code") instanceof Number n ? n.intValue() : -1;
        String why = String.valueOf(answer.get("response_status"));
        if (code >= 800 && code <= 802 || code == 0) {
            Object result = answer.get("response_result");
            if (result instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map<?, ?> one
                    && one.get("response_code") instanceof Number rc && rc.intValue() != 0) {
                return new SendResult.Permanent("the SMS gateway refused the number: " + one.get("response_status"));
            }
            return new SendResult.Accepted();
        }
        if (code >= 999 || why.contains("MONEY") || why.contains("INTERNAL") || status == 401 || why.contains("TOKEN") || why.contains("AUTH")) {
            // the salon can fix these (top up, a new token) or the gateway will: tried again
            return new SendResult.Temporary("the SMS gateway says " + why + " (" + code + ")");
        }
        return new SendResult.Permanent("the SMS gateway says " + why + " (" + code + ")");
    }

    private static String linkIn(String text) {
        // the private link; a thank-you has none but the salon's page
        java.util.regex.Matcher mm = java.util.regex.Pattern.compile("https?://\\S+/m/\\S+").matcher(text);
        if (mm.find()) {
            return mm.group();
        }
        mm = java.util.regex.Pattern.compile("https?://\\S+").matcher(text);
        return mm.find() ? mm.group() : "";
    }
}
