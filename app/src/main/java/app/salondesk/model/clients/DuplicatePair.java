package app.salondesk.model.clients;

/** Two clients who are likely one person (issue 36), and why the desk thinks so. */
public record DuplicatePair(ClientSummary first, ClientSummary second, Reason reason) {

    public enum Reason {
        /** The same number under another country code, or typed twice with a slip of the code. */
        PHONE,
        /** The same e-mail address. */
        EMAIL,
        /** The same name and birthday. */
        NAME_AND_BIRTHDAY,
        /** The same name, one of them without a phone. */
        NAME_WITHOUT_PHONE;

        public String messageKey() {
            return "duplicates.reason." + name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
