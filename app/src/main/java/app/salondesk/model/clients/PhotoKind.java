package app.salondesk.model.clients;

import java.util.Locale;

/** Whether a photo shows the hair (nails, brows) before the work, after it, or neither. */
public enum PhotoKind {
    BEFORE, AFTER, OTHER;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PhotoKind fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    public String messageKey() {
        return "photo.kind." + dbValue();
    }
}
