package app.salondesk.web;

import app.salondesk.cli.OnlineServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Clock;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code serve --keystore}: https without a proxy, with a certificate made by the JDK's keytool. */
class WebTlsTest {

    @TempDir
    Path dir;

    @Test
    void aKeystoreServesHttpsWithHsts() throws Exception {
        Path keystore = dir.resolve("salon.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-alias", "salon", "-keyalg", "EC", "-keysize", "256",
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", "changeit-salon", "-keypass", "changeit-salon")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);

        try (WebFixture f = new WebFixture("web_tls")) {
            WebServer https = OnlineServer.start(f.salon.backend, new WebSettings("127.0.0.1", 0, null, false, keystore,
                    "changeit-salon", Duration.ofSeconds(5), WebFixture.generous(), null), Clock.systemUTC());
            try {
                KeyStore trusted = KeyStore.getInstance("PKCS12");
                try (InputStream in = Files.newInputStream(keystore)) {
                    trusted.load(in, "changeit-salon".toCharArray());
                }
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(trusted);
                SSLContext tls = SSLContext.getInstance("TLS");
                tls.init(null, tmf.getTrustManagers(), null);
                HttpClient client = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(5)).build();
                HttpResponse<String> page = client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + https.port() + "/"
                        + WebFixture.SLUG)).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, page.statusCode());
                assertTrue(page.body().contains("Choose a service"), page.body());
                assertEquals("max-age=31536000", page.headers().firstValue("Strict-Transport-Security").orElse(null));
            } finally {
                https.stop();
            }
        }
    }
}
