package app.salondesk.web;

import app.salondesk.cli.OnlineServer;
import app.salondesk.logic.booking.EngineFixture;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;

/**
 * A real online server ({@link OnlineServer}, as {@code salondesk serve} starts it) on a real
 * PostgreSQL: {@link EngineFixture}'s salon (Anna and Bohdan cut hair 08:00–20:00 every day,
 * Vira does nails) with online booking switched on at {@code /fixture}, 14 days ahead, no
 * minimum notice, cancellation until an hour before; and a second salon with online booking
 * switched off at {@code /closed}.
 */
final class WebFixture implements AutoCloseable {

    static final String SLUG = "fixture";
    static final String CLOSED = "closed";

    final EngineFixture salon;
    final WebServer server;
    final String base;
    final long closedTenant;

    WebFixture(String name, WebSettings.Limits limits) {
        this(name, limits, null);
    }

    /** @param baseUrl serve's --base-url; null: the demo's loopback address */
    WebFixture(String name, WebSettings.Limits limits, String baseUrl) {
        salon = new EngineFixture(name, 8);
        salon.dsl.execute("INSERT INTO online_settings (tenant_id, enabled, slug, days_ahead, min_notice_min, cancel_cutoff_min) "
                + "VALUES (" + salon.tenant + ", true, '" + SLUG + "', 14, 0, 60)");
        closedTenant = salon.id("INSERT INTO tenants (name, time_zone) VALUES ('Closed salon', 'Europe/Kyiv') RETURNING id");
        salon.dsl.execute("INSERT INTO online_settings (tenant_id, enabled, slug, days_ahead, min_notice_min, cancel_cutoff_min) "
                + "VALUES (" + closedTenant + ", false, '" + CLOSED + "', 14, 0, 60)");
        WebSettings settings = WebSettings.defaults(0).withLimits(limits);
        server = OnlineServer.start(salon.backend, new WebSettings("127.0.0.1", 0, baseUrl, false, null, null,
                Duration.ofSeconds(10), settings.limits(), null), Clock.systemUTC());
        base = "http://127.0.0.1:" + server.port();
    }

    WebFixture(String name) {
        this(name, generous());
    }

    /** Limits no test reaches unless it means to. */
    static WebSettings.Limits generous() {
        return new WebSettings.Limits(10_000, Duration.ofMillis(1), 10_000, Duration.ofMillis(1), 10_000, Duration.ofMillis(1));
    }

    /** Tomorrow in the salon's zone: inside the 14 days, never in the past. */
    static LocalDate tomorrow() {
        return LocalDate.now(EngineFixture.ZONE).plusDays(1);
    }

    static Instant tomorrowAt(int hour, int minute) {
        return tomorrow().atTime(LocalTime.of(hour, minute)).atZone(EngineFixture.ZONE).toInstant();
    }

    int onlineBookings(String where) {
        return salon.count("SELECT count(*) FROM bookings WHERE source = 'online'" + (where.isEmpty() ? "" : " AND " + where));
    }

    @Override
    public void close() {
        server.stop();
        salon.close();
    }
}
