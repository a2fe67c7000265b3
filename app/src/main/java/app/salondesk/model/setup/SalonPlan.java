package app.salondesk.model.setup;

import app.salondesk.model.salon.SalonSettings;

import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;

/**
 * A salon as the first-start wizard describes it, ready to be made in one go: its settings,
 * the opening week every master gets as their first week, the masters and the services.
 *
 * @param week the opening hours per weekday: a day that is missing is a day off
 */
public record SalonPlan(SalonSettings salon, Map<DayOfWeek, LocalTime[]> week, List<NewMaster> masters, List<NewService> services) {

    public record NewMaster(String name, String colour) {
    }

    /** @param masters who does it: indexes into the plan's masters */
    public record NewService(String name, int minutes, BigDecimal price, List<Integer> masters) {
    }
}
