package app.salondesk.logic.calendar;

import app.salondesk.logic.booking.ResourceHoldsRepository;
import app.salondesk.logic.catalog.ResourceRepository;
import app.salondesk.model.salon.Salon;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** What the columns of rooms and equipment need from the database for one salon day: the units, and who holds them. */
public final class ResourceScheduleService implements ResourceScheduleSource {

    private final ResourceRepository resources;
    private final ResourceHoldsRepository holds;

    public ResourceScheduleService(ResourceRepository resources, ResourceHoldsRepository holds) {
        this.resources = resources;
        this.holds = holds;
    }

    @Override
    public ResourceDay loadDay(Salon salon, LocalDate date) {
        // the salon's day, 00:00 to 24:00 in its zone (23 or 25 h on the days the clocks change)
        Instant from = app.salondesk.model.salon.WallClock.startOfDay(date, salon.zone());
        Instant to = app.salondesk.model.salon.WallClock.startOfDay(date.plusDays(1), salon.zone());
        List<ResourceRepository.Resource> all = resources.findAll(salon.id());
        if (all.isEmpty()) {
            return new ResourceDay(date, List.of(), List.of());
        }
        List<ResourceDay.Column> columns = new ArrayList<>();
        List<ResourceHoldsRepository.Hold> held = holds.findRange(salon.id(), from, to);
        for (ResourceRepository.Resource r : all) {
            // every unit of an active resource; of one switched off, or whose units were cut since,
            // the units still held that day (a hold is never hidden)
            for (int unit = 1; unit <= Math.max(r.capacity(), maxHeld(held, r.id())); unit++) {
                int u = unit;
                if ((r.active() && unit <= r.capacity()) || held.stream().anyMatch(h -> h.resourceId() == r.id() && h.unit() == u)) {
                    columns.add(new ResourceDay.Column(r.id(), r.name(), unit, r.capacity()));
                }
            }
        }
        return new ResourceDay(date, columns, held);
    }

    private static int maxHeld(List<ResourceHoldsRepository.Hold> held, long resourceId) {
        return held.stream().filter(h -> h.resourceId() == resourceId).mapToInt(ResourceHoldsRepository.Hold::unit).max().orElse(0);
    }
}
