package app.salondesk.gui.reports;

import app.salondesk.i18n.Messages;
import app.salondesk.model.reports.SalonRef;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a chain manager's Figures and Charts show (issue 35 item 5): one salon, or several of one currency added up.
 * The picks of a chain are its sums first — "All salons" when every salon keeps one currency, else "All salons, UAH",
 * "All salons, EUR": one a currency that two or more salons keep, since hryvnias and euros have no sum — then each
 * salon by itself, in the order the login reads them (ADR 35, "A chain's pick").
 *
 * @param label    the words in the picker (a salon's name, or the sum's)
 * @param salons   the salons' ids, in the login's order
 * @param currency their one currency
 */
public record SalonPick(String label, List<Long> salons, String currency) {

    public SalonPick {
        salons = List.copyOf(salons);
    }

    /** A sum of several salons, not one salon. */
    public boolean summed() {
        return salons.size() > 1;
    }

    /** The picks of these salons: none for fewer than two (nothing to pick). */
    public static List<SalonPick> of(List<SalonRef> salons, Messages messages) {
        if (salons.size() < 2) {
            return List.of();
        }
        Map<String, List<SalonRef>> byCurrency = new LinkedHashMap<>();
        for (SalonRef s : salons) {
            byCurrency.computeIfAbsent(s.currency(), c -> new ArrayList<>()).add(s);
        }
        List<SalonPick> out = new ArrayList<>();
        for (Map.Entry<String, List<SalonRef>> c : byCurrency.entrySet()) {
            if (c.getValue().size() > 1) {
                String label = byCurrency.size() == 1 ? messages.get("reports.pick.all") : messages.format("reports.pick.allIn", c.getKey());
                out.add(new SalonPick(label, c.getValue().stream().map(SalonRef::id).toList(), c.getKey()));
            }
        }
        for (SalonRef s : salons) {
            out.add(new SalonPick(s.name(), List.of(s.id()), s.currency()));
        }
        return out;
    }

    @Override
    public String toString() {
        return label;
    }
}
