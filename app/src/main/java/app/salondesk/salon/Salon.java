package app.salondesk.salon;

import java.time.ZoneId;

/** A salon (tenant): all times its staff see are in its own time zone. */
public record Salon(long id, String name, ZoneId zone) {
}
