package app.salondesk.model.reports;

import java.util.Locale;

/** The reports the command line prints and the Reports window exports, by the name the command line takes. */
public enum ReportKind {
    SUMMARY, REVENUE, MASTERS, SERVICES, CLIENTS, NO_SHOWS;

    /** summary, revenue, masters, services, clients, no-shows */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static ReportKind ofCliName(String name) {
        for (ReportKind k : values()) {
            if (k.cliName().equals(name.strip().toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        return null;
    }
}
