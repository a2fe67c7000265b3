package app.salondesk.gui.export;

/** What the Export window can write; each names itself through its bundle key. */
public enum ExportKind {
    BOOKINGS("export.kind.bookings"),
    CLIENTS("export.kind.clients"),
    SCHEDULE("export.kind.schedule");

    private final String messageKey;

    ExportKind(String messageKey) {
        this.messageKey = messageKey;
    }

    public String messageKey() {
        return messageKey;
    }
}
