package app.salondesk.gui.booking.form;

import app.salondesk.i18n.Messages;
import app.salondesk.model.catalog.OfferShape;

import java.util.List;

/**
 * What the booking form says of a service with processing time, as the online page says it
 * ("100 min, incl. 40 min processing", {@code WebText.stay}): the client's minutes as typed, and
 * how many of them the colour takes while the master is free — by the master's own phases, fitted
 * to the minutes typed as the database fits a booking's (its last phase takes up the difference,
 * migration 17). Nothing for a service without processing time, or for a length its phases cannot
 * last (the database would refuse it).
 */
final class FormStay {

    private FormStay() {
    }

    static String text(Messages messages, OfferShape shape, Integer minutes) {
        if (shape == null || minutes == null || shape.phases().isEmpty()) {
            return "";
        }
        List<Integer> phases = shape.phases();
        int last = phases.get(phases.size() - 1);
        int lastMinutes = Math.abs(last) + (minutes - shape.minutes());
        if (lastMinutes < 1) {
            return "";
        }
        int processing = phases.subList(0, phases.size() - 1).stream().filter(m -> m < 0).mapToInt(m -> -m).sum()
                + (last < 0 ? lastMinutes : 0);
        return processing <= 0 ? "" : messages.format("form.processing", minutes, processing);
    }
}
