package app.salondesk.web;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Signed double-submit CSRF tokens (OWASP's pattern for pages without a session): the browser
 * holds a random nonce in an HttpOnly, SameSite=Lax cookie, and every form carries
 * HMAC-SHA256(key, nonce). A POST is accepted only when the form's token is the signature of
 * the cookie's nonce. Another site can neither read the cookie nor sign a nonce it planted
 * (a sibling subdomain can plant cookies), so it cannot forge the pair.
 *
 * <p>The key is random per process unless the operator gives one ({@code SALONDESK_WEB_SECRET}),
 * which several {@code serve} processes behind one address must share.
 */
final class Csrf {

    static final String COOKIE = "sd_csrf";
    static final String FIELD = "csrf";

    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] key;

    Csrf(byte[] key) {
        if (key.length < 16) {
            throw new IllegalArgumentException("a CSRF key needs at least 16 bytes");
        }
        this.key = key.clone();
    }

    static Csrf withRandomKey() {
        byte[] k = new byte[32];
        RANDOM.nextBytes(k);
        return new Csrf(k);
    }

    static Csrf withSecret(String secret) {
        return new Csrf(secret.getBytes(StandardCharsets.UTF_8));
    }

    static String newNonce() {
        byte[] n = new byte[24];
        RANDOM.nextBytes(n);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(n);
    }

    /** A well-formed nonce from a cookie (32 url-safe base64 characters), or null. */
    static String validNonce(String cookie) {
        return cookie != null && cookie.matches("[A-Za-z0-9_-]{32}") ? cookie : null;
    }

    String token(String nonce) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(nonce.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    /** Whether the form's token signs the cookie's nonce (compared in constant time). */
    boolean accepts(String cookieNonce, String formToken) {
        String nonce = validNonce(cookieNonce);
        if (nonce == null || formToken == null || formToken.length() > 100) {
            return false;
        }
        return MessageDigest.isEqual(token(nonce).getBytes(StandardCharsets.US_ASCII), formToken.getBytes(StandardCharsets.US_ASCII));
    }
}
