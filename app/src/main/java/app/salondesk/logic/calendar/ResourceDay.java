package app.salondesk.logic.calendar;

import app.salondesk.logic.booking.ResourceHoldsRepository.Hold;

import java.time.LocalDate;
import java.util.List;

/**
 * One salon day as the columns of rooms and equipment show it: a column per unit of each active
 * resource (two washing stations are two columns, as the database assigns a booking one of them),
 * and the holds of that day.
 */
public record ResourceDay(LocalDate date, List<Column> columns, List<Hold> holds) {

    public ResourceDay {
        columns = List.copyOf(columns);
        holds = List.copyOf(holds);
    }

    /** Unit {@code unit} of {@code capacity} of a resource. */
    public record Column(long resourceId, String name, int unit, int capacity) {
    }

    /** The holds shown in a column, in time order. */
    public List<Hold> holdsOf(Column c) {
        return holds.stream().filter(h -> h.resourceId() == c.resourceId() && h.unit() == c.unit()).toList();
    }
}
