package app.salondesk.model.online;

import java.util.List;

/**
 * The client's signature on the online page: her full name as typed and the "I agree" tick, given to
 * every form shown ({@code forms}: which form, in which language, and the digest of the words shown).
 */
public record OnlineConsent(String typedName, boolean agreed, List<Shown> forms) {

    public static final OnlineConsent NONE = new OnlineConsent("", false, List.of());

    public OnlineConsent {
        typedName = typedName == null ? "" : typedName.strip();
        forms = List.copyOf(forms);
    }

    /** One form as the page showed it. */
    public record Shown(long templateId, String language, String digest) {
    }
}
