package app.salondesk.model.messages;

/** What a message tells the client (migration 30's {@code messages.kind}). */
public enum MessageKind {
    /** The booking is made. */
    CONFIRMATION("confirmation"),
    /** The booking is near (one per lead the salon set). */
    REMINDER("reminder"),
    /** The booking was moved after the client had been told of it. */
    CHANGED("changed"),
    /** The booking was cancelled by the salon after the client had been told of it. */
    CANCELLED("cancelled"),
    /** "Thank you, book again": some time after the visit was marked completed, with the salon's page (migration 32). */
    THANKS("thanks");

    private final String dbValue;

    MessageKind(String dbValue) {
        this.dbValue = dbValue;
    }

    public String dbValue() {
        return dbValue;
    }

    public static MessageKind of(String dbValue) {
        for (MessageKind k : values()) {
            if (k.dbValue.equals(dbValue)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown message kind " + dbValue);
    }
}
