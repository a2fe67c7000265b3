package app.salondesk.model.print;

import java.util.List;

/**
 * The printed day sheet for the masters' station, as words ready to print: one section per
 * master and day (all masters on a day, or one master's week) with her whole hours and her time
 * off, each booking on a line — time, client, phone, service, status, price, note. Built off the FX thread by {@link DaySheetService},
 * laid out on pages by {@link DaySheetView}.
 *
 * @param title    what the sheet is of ("Monday, 7 January 2030", "Olena Kovalenko · 7–13 January 2030")
 * @param printed  when it was made, on the salon's clock ("printed 7 Jan 2030, 08:12")
 */
public record DaySheet(String salon, String title, String printed, List<Section> sections) {

    public DaySheet {
        sections = List.copyOf(sections);
    }

    /**
     * @param heading the master and the day ("Anna · Monday, 7 January"); {@code hours} her whole working
     *                time ("Hours 9:00 AM–1:00 PM, 2:00 PM–7:00 PM") or "day off"; {@code timeOff} her time off
     *                that day ("Time off 3:30 PM–4:30 PM (Dentist)"), "" when none
     */
    public record Section(String heading, String hours, String timeOff, List<Line> lines) {
        public Section {
            lines = List.copyOf(lines);
        }

        public Section(String heading, String hours, List<Line> lines) {
            this(heading, hours, "", lines);
        }
    }

    /**
     * One booking. {@code phone}, {@code price} and {@code note} are "" when there are none; the
     * price is written in the salon's currency ("UAH 500.00").
     */
    public record Line(String time, String client, String phone, String service, String status, String price, String note,
                       boolean cancelled) {

        public Line(String time, String client, String phone, String service, String status, String note, boolean cancelled) {
            this(time, client, phone, service, status, "", note, cancelled);
        }
    }

    /** Every booking line of the sheet, in order. */
    public List<Line> lines() {
        return sections.stream().flatMap(s -> s.lines().stream()).toList();
    }
}
