package app.salondesk.model.messages;

import java.time.LocalTime;

/**
 * What a salon sends and when (migrations 30 and 32's {@code message_settings}). A lead is in
 * minutes; null: no reminder by that channel. Quiet hours in the salon's wall clock; equal: none.
 * {@code thanksAfterMin}: "thank you, book again" this long after a visit is marked completed;
 * null: none.
 */
public record MessageSettings(boolean enabled, boolean confirmations, boolean changes, Integer emailLeadMin, Integer smsLeadMin,
                              LocalTime quietFrom, LocalTime quietTo, int cancelCutoffMin, String language,
                              String smtpHost, int smtpPort, boolean smtpStartTls, String smtpFrom,
                              String smsGateway, String smsSender, Integer thanksAfterMin) {

    /** How long after the visit a thank-you goes by default, once the salon switches it on. */
    public static final int THANKS_AFTER_DEFAULT = 120;

    /** Settings without a thank-you after the visit. */
    public MessageSettings(boolean enabled, boolean confirmations, boolean changes, Integer emailLeadMin, Integer smsLeadMin,
                           LocalTime quietFrom, LocalTime quietTo, int cancelCutoffMin, String language,
                           String smtpHost, int smtpPort, boolean smtpStartTls, String smtpFrom,
                           String smsGateway, String smsSender) {
        this(enabled, confirmations, changes, emailLeadMin, smsLeadMin, quietFrom, quietTo, cancelCutoffMin, language, smtpHost, smtpPort,
                smtpStartTls, smtpFrom, smsGateway, smsSender, null);
    }

    /** A salon that never set anything: off, with the defaults it would start from. */
    public static MessageSettings defaults() {
        return new MessageSettings(false, true, true, 1440, 120, LocalTime.of(21, 0), LocalTime.of(9, 0), 120, "uk",
                "", 587, true, "", "", "");
    }

    /** The same with another thank-you (null: none). */
    public MessageSettings withThanksAfter(Integer minutes) {
        return new MessageSettings(enabled, confirmations, changes, emailLeadMin, smsLeadMin, quietFrom, quietTo, cancelCutoffMin, language,
                smtpHost, smtpPort, smtpStartTls, smtpFrom, smsGateway, smsSender, minutes);
    }

    public boolean mailSetUp() {
        return !smtpHost.isBlank() && !smtpFrom.isBlank();
    }

    public boolean smsSetUp() {
        return !smsGateway.isBlank();
    }
}
