package app.salondesk.logic.print;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingExportRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.ExportedBooking;
import app.salondesk.model.catalog.Money;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.print.DaySheet;
import app.salondesk.model.print.SheetRequest;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.salon.WallClock;
import app.salondesk.model.staff.Master;
import app.salondesk.model.staff.TimeOff;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads what a day sheet shows — the bookings with their clients' phones, notes and prices (the
 * master's own price for the service, else the service's, in the salon's currency), the masters'
 * whole hours and their time off — and writes it in the desk's language and the salon's time. Call off the FX
 * thread: every call asks the database.
 */
public final class DaySheetService {

    private final BookingExportRepository bookings;
    private final MasterRepository masters;
    private final Salon salon;
    private final List<Master> onDesk;
    private final Messages messages;
    private final Clock clock;

    /** @param onDesk the desk's masters, in column order */
    public DaySheetService(BookingExportRepository bookings, MasterRepository masters, Salon salon, List<Master> onDesk,
                           Messages messages, Clock clock) {
        this.bookings = bookings;
        this.masters = masters;
        this.salon = salon;
        this.onDesk = List.copyOf(onDesk);
        this.messages = messages;
        this.clock = clock;
    }

    public DaySheet load(SheetRequest request) {
        ZoneId zone = salon.zone();
        List<Master> who = request.masterId() == null ? onDesk
                : onDesk.stream().filter(m -> m.id() == request.masterId()).toList();
        List<Long> ids = who.stream().map(Master::id).toList();
        List<ExportedBooking> found = ids.isEmpty() ? List.of() : bookings.sheet(salon.id(), ids,
                request.day().atStartOfDay(zone).toInstant(), request.lastDay().plusDays(1).atStartOfDay(zone).toInstant(),
                request.includeCancelled());
        DateTimeFormatter dayFormat = DateTimeFormatter.ofLocalizedDate(FormatStyle.FULL).withLocale(messages.locale());
        DateTimeFormatter time = DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(messages.locale());
        List<DaySheet.Section> sections = new ArrayList<>();
        Money money = new Money(messages.locale(), salon.currency());
        List<TimeOff> off = ids.isEmpty() ? List.of() : masters.timeOff(salon.id(), ids,
                WallClock.startOfDay(request.day(), zone), WallClock.startOfDay(request.lastDay().plusDays(1), zone));
        for (LocalDate d = request.day(); !d.isAfter(request.lastDay()); d = d.plusDays(1)) {
            Map<Long, List<LocalTime[]>> hours = ids.isEmpty() ? Map.of() : masters.hoursOn(salon.id(), ids, d);
            for (Master m : who) {
                LocalDate day = d;
                List<DaySheet.Line> lines = found.stream()
                        .filter(b -> b.masterId() == m.id() && b.start().atZone(zone).toLocalDate().equals(day))
                        .map(b -> line(b, time, money))
                        .toList();
                sections.add(new DaySheet.Section(messages.format("print.section", m.name(), dayFormat.format(d)),
                        hours(hours.getOrDefault(m.id(), List.of()), time),
                        timeOff(off.stream().filter(t -> t.masterId() == m.id()).toList(), d, time), lines));
            }
        }
        DateTimeFormatter printedAt = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale());
        return new DaySheet(salon.name(), title(request, who), messages.format("print.printed", printedAt.format(clock.instant().atZone(zone))),
                sections);
    }

    private String title(SheetRequest request, List<Master> who) {
        DateTimeFormatter full = DateTimeFormatter.ofLocalizedDate(FormatStyle.FULL).withLocale(messages.locale());
        DateTimeFormatter medium = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale());
        String when = request.week()
                ? messages.format("print.weekRange", medium.format(request.day()), medium.format(request.lastDay()))
                : full.format(request.day());
        return request.masterId() == null || who.isEmpty() ? messages.format("print.titleAll", when)
                : messages.format("print.titleOne", who.get(0).name(), when);
    }

    private String hours(List<LocalTime[]> intervals, DateTimeFormatter time) {
        if (intervals.isEmpty()) {
            return messages.get("print.dayOff");
        }
        List<String> parts = intervals.stream().map(iv -> time.format(iv[0]) + "\u2013" + time.format(iv[1])).toList();
        return messages.format("print.hours", String.join(", ", parts));
    }

    /** Her time off that falls on {@code day}, cut to the day ("" when none). */
    private String timeOff(List<TimeOff> off, LocalDate day, DateTimeFormatter time) {
        ZoneId zone = salon.zone();
        Instant dayStart = WallClock.startOfDay(day, zone);
        Instant dayEnd = WallClock.startOfDay(day.plusDays(1), zone);
        List<String> parts = new ArrayList<>();
        for (TimeOff t : off) {
            if (!t.start().isBefore(dayEnd) || !t.end().isAfter(dayStart)) {
                continue;
            }
            String why = t.reason() == null || t.reason().isBlank() ? "" : " (" + t.reason().strip() + ")";
            if (!t.start().isAfter(dayStart) && !t.end().isBefore(dayEnd)) {
                parts.add(messages.get("print.allDay") + why);
            } else {
                Instant from = t.start().isBefore(dayStart) ? dayStart : t.start();
                Instant to = t.end().isAfter(dayEnd) ? dayEnd : t.end();
                parts.add(time.format(from.atZone(zone)) + "\u2013" + time.format(to.atZone(zone)) + why);
            }
        }
        return parts.isEmpty() ? "" : messages.format("print.timeOff", String.join(", ", parts));
    }

    private DaySheet.Line line(ExportedBooking b, DateTimeFormatter time, Money money) {
        ZoneId zone = salon.zone();
        String phone = b.clientPhone() == null ? "" : PhoneNumbers.display(b.clientPhone(), salon.country());
        return new DaySheet.Line(time.format(b.start().atZone(zone)) + "\u2013" + time.format(b.end().atZone(zone)),
                b.clientName(), phone, b.serviceName() != null ? b.serviceName() : messages.get("booking.customService"),
                messages.get("booking.status." + b.status().dbValue()), b.price() == null ? "" : money.format(b.price()),
                b.note() == null ? "" : b.note().strip(),
                b.status() == app.salondesk.model.booking.BookingStatus.CANCELLED);
    }
}
