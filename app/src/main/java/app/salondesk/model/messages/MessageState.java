package app.salondesk.model.messages;

/** Where a message is: planned → sending → sent / failed / skipped (ADR 33). */
public enum MessageState {
    PLANNED("planned"), SENDING("sending"), SENT("sent"), FAILED("failed"), SKIPPED("skipped");

    private final String dbValue;

    MessageState(String dbValue) {
        this.dbValue = dbValue;
    }

    public String dbValue() {
        return dbValue;
    }

    public static MessageState of(String dbValue) {
        for (MessageState s : values()) {
            if (s.dbValue.equals(dbValue)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown message state " + dbValue);
    }
}
