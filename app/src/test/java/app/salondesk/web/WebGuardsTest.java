package app.salondesk.web;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The small guards every request passes, on their own: language, CSRF tokens, rate buckets. */
class WebGuardsTest {

    @Test
    void theBrowsersLanguageChoosesAmongTheAppsLanguages() {
        assertEquals("uk", PageLanguage.choose(null, null, "uk-UA,uk;q=0.9,en-US;q=0.8,en;q=0.7").getLanguage());
        assertEquals("ru", PageLanguage.choose(null, null, "de-DE,de;q=0.9,ru;q=0.5").getLanguage());
        assertEquals("en", PageLanguage.choose(null, null, "de-DE,fr;q=0.5").getLanguage());
        assertEquals("en", PageLanguage.choose(null, null, "a;q=x;;;,").getLanguage(), "a malformed header is no language");
        assertEquals("ru", PageLanguage.choose(null, "ru", "uk").getLanguage(), "the remembered switch before the browser");
        assertEquals("uk", PageLanguage.choose("uk", "ru", "en").getLanguage(), "?lang= before everything");
        assertEquals(Locale.ENGLISH, PageLanguage.choose("xx", "<script>", null));
    }

    @Test
    void aCsrfTokenSignsOneNonceWithOneKey() {
        Csrf csrf = Csrf.withRandomKey();
        String nonce = Csrf.newNonce();
        String token = csrf.token(nonce);
        assertTrue(csrf.accepts(nonce, token));
        assertFalse(csrf.accepts(Csrf.newNonce(), token), "another browser's cookie");
        assertFalse(csrf.accepts(nonce, token.substring(1) + "A"), "a changed token");
        assertFalse(csrf.accepts(nonce, null));
        assertFalse(csrf.accepts(null, token));
        assertFalse(Csrf.withRandomKey().accepts(nonce, token), "another server's key");
        Csrf shared = Csrf.withSecret("a secret of the salon's servers");
        assertEquals(shared.token(nonce), Csrf.withSecret("a secret of the salon's servers").token(nonce), "one secret, one token");
        assertNull(Csrf.validNonce("short"));
        assertNotEquals(Csrf.newNonce(), Csrf.newNonce());
    }

    @Test
    void aBucketRefusesWhenEmptyAndRefillsWithTime() {
        AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2030-01-07T10:00:00Z"));
        Clock clock = new Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now.get();
            }
        };
        RateLimiter limiter = new RateLimiter(3, Duration.ofSeconds(10).toMillis(), 1000, clock);
        assertTrue(limiter.tryAcquire("a"));
        assertTrue(limiter.tryAcquire("a"));
        assertTrue(limiter.tryAcquire("a"));
        assertFalse(limiter.tryAcquire("a"), "three at once, then wait");
        assertTrue(limiter.tryAcquire("b"), "each key its own bucket");
        now.set(now.get().plusSeconds(9));
        assertFalse(limiter.tryAcquire("a"));
        now.set(now.get().plusSeconds(1));
        assertTrue(limiter.tryAcquire("a"), "one more every ten seconds");
        assertFalse(limiter.tryAcquire("a"));
        now.set(now.get().plusSeconds(3600));
        for (int i = 0; i < 3; i++) {
            assertTrue(limiter.tryAcquire("a"), "full again, never more than full");
        }
        assertFalse(limiter.tryAcquire("a"));
    }

    @Test
    void theBucketsStayBoundedUnderManyAddresses() {
        RateLimiter limiter = new RateLimiter(1, 1, 100, Clock.systemUTC());
        for (int i = 0; i < 10_000; i++) {
            limiter.tryAcquire("10.0." + (i / 250) + "." + (i % 250));
            assertTrue(limiter.keys() <= 100, "at most maxKeys buckets: " + limiter.keys());
        }
        assertTrue(limiter.tryAcquire("one more"));
    }
}
