package app.salondesk.web;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A client with cookies, as a browser without JavaScript is: GET pages, POST their forms. */
final class WebHttp {

    final HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    WebHttp(String base) {
        this.base = base;
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, Map<String, String> form) throws IOException, InterruptedException {
        return postBody(path, encode(form));
    }

    HttpResponse<String> postBody(String path, String body) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static String encode(Map<String, String> form) {
        return form.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }

    /** The hidden fields of the first form on a page (csrf, requestId, service, master, start). */
    static Map<String, String> hiddenFields(String html) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = Pattern.compile("<input type=\"hidden\" name=\"([a-zA-Z]+)\" value=\"([^\"]*)\">").matcher(html);
        while (m.find()) {
            out.putIfAbsent(m.group(1), m.group(2));
        }
        return out;
    }

    /** The booking form for a time, filled in as a client would. */
    Map<String, String> filledForm(String slug, long service, long master, java.time.Instant start, String name, String phone)
            throws IOException, InterruptedException {
        HttpResponse<String> page = get("/" + slug + "?service=" + service + "&master=" + master + "&day="
                + start.atZone(app.salondesk.logic.booking.EngineFixture.ZONE).toLocalDate() + "&at=" + start.getEpochSecond() + "&m=" + master);
        if (page.statusCode() != 200 || !page.body().contains("name=\"requestId\"")) {
            throw new AssertionError("no form for " + start + ": " + page.statusCode() + "\n" + page.body());
        }
        Map<String, String> form = new LinkedHashMap<>(hiddenFields(page.body()));
        form.put("name", name);
        form.put("phone", phone);
        form.put("email", "");
        form.put("note", "");
        form.put("consent", "yes");
        return form;
    }
}
