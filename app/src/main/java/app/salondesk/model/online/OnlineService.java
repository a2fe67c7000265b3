package app.salondesk.model.online;

import java.math.BigDecimal;

/**
 * A service on the online page. Masters may differ from the service's own length and price:
 * {@code minMinutes..maxMinutes} and {@code minPrice..maxPrice} span the masters bookable online
 * (equal when nobody differs), so the page can write "from 800 ₴". The length is the client's
 * time in the salon (busy and processing phases, never the master's cleanup after);
 * {@code minProcessing..maxProcessing} are the minutes of it the colour takes while the master is
 * free (0 for a service without processing time). {@code patchTestDays}: the service needs a patch
 * test at the salon passed within that many days (issue 36), null when it needs none — the page says
 * so before a time is picked.
 */
public record OnlineService(long id, String name, String category, int minMinutes, int maxMinutes,
                            BigDecimal minPrice, BigDecimal maxPrice, int minProcessing, int maxProcessing, Integer patchTestDays) {

    /** A service that needs no patch test. */
    public OnlineService(long id, String name, String category, int minMinutes, int maxMinutes,
                         BigDecimal minPrice, BigDecimal maxPrice, int minProcessing, int maxProcessing) {
        this(id, name, category, minMinutes, maxMinutes, minPrice, maxPrice, minProcessing, maxProcessing, null);
    }
}
