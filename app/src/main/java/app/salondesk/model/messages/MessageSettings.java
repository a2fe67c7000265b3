package app.salondesk.model.messages;

import java.time.LocalTime;

/**
 * What a salon sends and when (migration 30's {@code message_settings}). A lead is in minutes;
 * null: no reminder by that channel. Quiet hours in the salon's wall clock; equal: none.
 */
public record MessageSettings(boolean enabled, boolean confirmations, boolean changes, Integer emailLeadMin, Integer smsLeadMin,
                              LocalTime quietFrom, LocalTime quietTo, int cancelCutoffMin, String language,
                              String smtpHost, int smtpPort, boolean smtpStartTls, String smtpFrom,
                              String smsGateway, String smsSender) {

    /** A salon that never set anything: off, with the defaults it would start from. */
    public static MessageSettings defaults() {
        return new MessageSettings(false, true, true, 1440, 120, LocalTime.of(21, 0), LocalTime.of(9, 0), 120, "uk",
                "", 587, true, "", "", "");
    }

    public boolean mailSetUp() {
        return !smtpHost.isBlank() && !smtpFrom.isBlank();
    }

    public boolean smsSetUp() {
        return !smsGateway.isBlank();
    }
}
