package app.salondesk.model.reports;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Several salons' reports of one period as one report (a chain manager's "all salons" pick, issue 35 item 5): each day
 * the salons' days added, their clients added (a client is a salon's own row, so two salons' clients are two), the
 * masters side by side with their salon's name, the services of one name added (a "Cut" is a cut in every salon).
 * Rates stay the sum's quotients ({@link SalonReport}). Only reports of one currency are added: amounts of two
 * currencies have no sum.
 */
public final class SummedReport {

    private SummedReport() {
    }

    /**
     * @param id   the id the sum goes by (no salon has it: 0)
     * @param name what the sum is called ("All salons, UAH")
     * @throws IllegalArgumentException for no reports, or reports of more than one currency or period
     */
    public static SalonReport of(long id, String name, List<SalonReport> reports) {
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("no salons to add");
        }
        SalonReport first = reports.get(0);
        for (SalonReport r : reports) {
            if (!r.currency().equals(first.currency())) {
                throw new IllegalArgumentException("amounts in " + first.currency() + " and " + r.currency() + " are not added");
            }
            if (!r.period().equals(first.period())) {
                throw new IllegalArgumentException("reports of different periods are not added");
            }
        }
        Map<LocalDate, List<DayFigures>> byDay = new TreeMap<>();
        ClientFigures clients = ClientFigures.NONE;
        List<MasterFigures> masters = new ArrayList<>();
        Map<String, ServiceFigures> services = new LinkedHashMap<>();
        for (SalonReport r : reports) {
            for (DayFigures d : r.days()) {
                byDay.computeIfAbsent(d.day(), k -> new ArrayList<>()).add(d);
            }
            clients = clients == ClientFigures.NONE ? r.clients() : clients.plus(r.clients());
            for (MasterFigures m : r.masters()) {
                // two salons' Annas are two people: each keeps her salon's name beside hers
                masters.add(new MasterFigures(m.masterId(), m.name() + " (" + r.salonName() + ")", m.bookings(), m.visits(), m.noShows(),
                        m.busyMinutes(), m.workingMinutes(), m.servicesMinor(), m.tipsMinor()));
            }
            for (ServiceFigures s : r.services()) {
                services.merge((s.serviceId() == null ? "\0" : "") + s.name(), s, (a, b) -> new ServiceFigures(a.serviceId(), a.name(), a.bookings() + b.bookings(),
                        a.servicesMinor() + b.servicesMinor()));
            }
        }
        List<DayFigures> days = new ArrayList<>();
        byDay.forEach((day, list) -> days.add(DayFigures.sum(day, list)));
        List<ServiceFigures> merged = new ArrayList<>(services.values());
        // the functions' own order (the top service and master are the first): what the lines took, then bookings
        merged.sort((a, b) -> a.servicesMinor() != b.servicesMinor() ? Long.compare(b.servicesMinor(), a.servicesMinor())
                : Integer.compare(b.bookings(), a.bookings()));
        masters.sort((a, b) -> a.servicesMinor() != b.servicesMinor() ? Long.compare(b.servicesMinor(), a.servicesMinor())
                : Integer.compare(b.bookings(), a.bookings()));
        return new SalonReport(id, name, first.currency(), first.period(), days, clients, masters, merged);
    }
}
