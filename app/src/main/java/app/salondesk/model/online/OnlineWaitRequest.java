package app.salondesk.model.online;

import java.time.LocalDate;

/**
 * A client's "no time suits me" as the page sends it, parsed: wait for this service with this
 * master ({@code masterId} null: any), on these days, in this part of each ({@code windowFromMin}
 * ..{@code windowToMin}, minutes of the salon day; 0..1440 is any time).
 *
 * @param phone as the client typed it; read for the salon's country
 */
public record OnlineWaitRequest(long tenantId, long serviceId, Long masterId, LocalDate from, LocalDate to,
                                int windowFromMin, int windowToMin, String name, String phone) {
}
