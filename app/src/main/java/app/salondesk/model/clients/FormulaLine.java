package app.salondesk.model.clients;

import java.util.Optional;

/**
 * What a formula line says: product, shade, developer, mixing ratio, processing minutes, the zone it
 * goes on (roots, lengths, ends) and free text. Only the product is required. The limits are the
 * database's (migration 40), checked here first so the desk and the command line can say which field.
 */
public record FormulaLine(String product, String shade, String developer, String ratio, Integer minutes, String zone, String note) {

    public FormulaLine {
        product = strip(product);
        shade = strip(shade);
        developer = strip(developer);
        ratio = strip(ratio);
        zone = strip(zone);
        note = note == null ? "" : note.strip();
    }

    private static String strip(String s) {
        return s == null ? "" : s.strip();
    }

    /** Why this line cannot be saved, or empty. */
    public Optional<RecordProblem> problem() {
        if (product.isEmpty()) {
            return Optional.of(RecordProblem.PRODUCT_MISSING);
        }
        if (product.length() > 100 || shade.length() > 50 || developer.length() > 50 || ratio.length() > 20 || zone.length() > 50
                || note.length() > 500) {
            return Optional.of(RecordProblem.TOO_LONG);
        }
        if (RecordProblem.hasControl(product + shade + developer + ratio + zone)) {
            return Optional.of(RecordProblem.BAD_CHARACTERS);
        }
        if (minutes != null && (minutes < 1 || minutes > 240)) {
            return Optional.of(RecordProblem.MINUTES_OUT_OF_RANGE);
        }
        return Optional.empty();
    }
}
