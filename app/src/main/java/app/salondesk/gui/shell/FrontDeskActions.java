package app.salondesk.gui.shell;

import app.salondesk.model.calendar.BookingRef;
import app.salondesk.model.staff.Master;

import java.time.Instant;

/** What the main window asks the composition root to open (forms live in their own windows). */
public interface FrontDeskActions {

    /** The booking form for a new booking; master and time may be null (nothing picked yet). */
    void newBooking(Master master, Instant at);

    /** The booking form for an existing booking. */
    void openBooking(BookingRef ref);

    /** The change history of a booking. */
    default void openHistory(BookingRef ref) {
    }

    /** Hours booked against hours of work, per master, for the shown week. */
    default void openUtilisation() {
    }

    /** Admin → Staff (only offered to admins). */
    default void openStaff() {
    }

    /** ☰ → Masters: the masters, their services, hours and time off (set up by admins, seen by all). */
    default void openMasters() {
    }

    /** ☰ → Services: what the salon sells, and who does it (set up by admins, seen by all). */
    default void openServices() {
    }

    /** A new password for the signed-in login (staff on a shared server). */
    default void openChangePassword() {
    }

    /** Settings (the language). */
    default void openSettings() {
    }

    /** Admin → Salon settings: name, address, phone, time zone, currency, country. */
    default void openSalonSettings() {
    }

    /** Admin → Online booking: the salon's page, what it offers, its limits (issue 13). */
    default void openOnlineBooking() {
    }

    /** ☰ → Waitlist: who waits for a time on the shown day (all); the salon's waitlist rules (admins). */
    /** The booking's messages to its client, with Send now / Resend (issue 33). */
    default void openMessages(app.salondesk.model.calendar.BookingRef ref) {
    }

    /** ☰ → Tomorrow: the bookings whose clients have not confirmed, to call (issue 33). */
    default void openTomorrow() {
    }

    /** ☰ → Messages: what the salon sends, when, and its texts (admins; issue 33). */
    default void openMessageSettings() {
    }

    default void openWaitlist() {
    }

    /** ☰ → Export…: bookings, clients, a master's schedule, to a file (issue 15). */
    default void openExport() {
    }

    /** ☰ → Print day sheet… (Ctrl+P): the day of all masters or one, or a master's week, on paper or as a PDF. */
    default void openPrint() {
    }

    /** The card of the client of a booking. */
    default void openClientOf(BookingRef ref) {
    }

    /** A visit: one client, two services in sequence, possibly with two masters (issue 18). */
    default void openVisit() {
    }

    /** ☰ → Rooms and equipment (issue 18). */
    default void openResources() {
    }

    /** Right-click → Check out… (issue 34): the booking, and the other parts of its visit. */
    default void openCheckout(BookingRef ref) {
    }

    /** ☰ → Sell products…: a sale without a booking (a walk-in buying a product). */
    default void openWalkInSale() {
    }

    /** ☰ → Till and the day…: the float, cash in and out, the day's sales and takings, closing the day. */
    default void openTill() {
    }

    /** ☰ → Takings…: a period's takings by day, by method, by master. */
    default void openTakings() {
    }

    /** ☰ → Reports…: a manager's figures with their trend, charts and the lists behind them (managers and admins). */
    default void openReports() {
    }

    /** ☰ → Clients…: the salon's clients, searched and filtered, exported as CSV (issue 36). */
    default void openClientList() {
    }

    /** ☰ → Consent forms…: the salon's consent forms, written by an admin in three languages (issue 36). */
    default void openConsentForms() {
    }

    /** ☰ → Products…: what the salon sells, its stock, the low-stock list. */
    default void openProducts() {
    }

    /** ☰ → Commissions and pay…: masters' rates (admins set them), the pay report (admins and managers). */
    default void openCommissions() {
    }
}
