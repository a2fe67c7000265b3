package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NoteChange;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import static app.salondesk.security.AttackedServer.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 30, defect 3: booking outside a master's working hours (or into time off) is an admin's
 * right, in the database (ADR 5, migration 28). Bloom's receptionist {@code olena} types what an
 * attacker would type; admin {@code anna} may; a receptionist may still work with a booking an
 * admin placed outside the hours, but not take it further outside. Iryna works 08:00–20:00 every
 * day ({@link AttackedServer}). Where a refusal could pass for a typo, the same statement without
 * the forbidden part works.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HoursOverrideAttackTest {

    AttackedServer s;

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    @BeforeEach
    void emptySchedule() throws SQLException {
        owner("DELETE FROM bookings");
        owner("DELETE FROM master_time_off");
    }

    @Test
    void aReceptionistsPlainSqlCannotBookOutsideTheHoursWhateverTheFlagSays() throws SQLException {
        String columns = "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min";
        String values = s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", ";
        assertEquals("42501", refused("olena", columns + ", outside_hours) VALUES (" + values + "'" + at(7, 0) + "', 60, true)"),
                "the override asked for");
        assertEquals("42501", refused("olena", columns + ", outside_hours) VALUES (" + values + "'" + at(12, 0) + "', 60, true)"),
                "the mark alone, inside the hours");
        assertEquals("42501", refused("olena", columns + ") VALUES (" + values + "'" + at(3, 0) + "', 60)"), "3 a.m., the flag left false");
        assertEquals("42501", refused("olena", columns + ") VALUES (" + values + "'" + at(19, 30) + "', 60)"), "past closing");
        owner("INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at, reason) VALUES (" + s.bloom + ", " + s.iryna
                + ", '" + at(14, 0) + "', '" + at(15, 0) + "', 'dentist')");
        assertEquals("42501", refused("olena", columns + ") VALUES (" + values + "'" + at(14, 0) + "', 30)"), "into time off");
        long id;
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            id = count(st, columns + ") VALUES (" + values + "'" + at(12, 0) + "', 60) RETURNING id");
            assertEquals("42501", refusedIn(st, "UPDATE bookings SET outside_hours = true WHERE id = " + id), "turned on later");
            assertEquals("42501", refusedIn(st, "UPDATE bookings SET starts_at = '" + at(3, 0) + "' WHERE id = " + id), "moved to 3 a.m.");
            assertEquals("42501", refusedIn(st, "UPDATE bookings SET duration_min = 150 WHERE id = " + id), "stretched into time off");
            assertEquals(1, st.executeUpdate("UPDATE bookings SET starts_at = '" + at(16, 0) + "' WHERE id = " + id));
            // a booking that holds no time (a past visit recorded as completed) is not asked
            assertEquals(1, st.executeUpdate(columns + ", status) VALUES (" + values + "'" + at(6, 0) + "', 60, 'completed')"));
        }
        assertEquals(0, s.count("SELECT count(*) FROM bookings WHERE outside_hours"));
        // the admin may
        try (Connection c = s.connect("anna"); Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate(columns + ", outside_hours) VALUES (" + values + "'" + at(7, 0) + "', 60, true)"));
            assertEquals(1, st.executeUpdate("UPDATE bookings SET starts_at = '" + at(6, 0) + "', outside_hours = true WHERE id = " + id));
        }
    }

    @Test
    void aReceptionistWorksWithABookingAnAdminPlacedOutsideTheHoursButTakesItNoFurtherOut() throws SQLException {
        Booking bride = booked(s.engine("anna").book(new NewBooking(s.bloom, s.iryna, s.bloomClient, null, null, at(7, 0), 60, "bride",
                UUID.randomUUID(), Source.FORM, true)));
        assertTrue(bride.outsideHours());
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            assertEquals("42501", refusedIn(st, "UPDATE bookings SET starts_at = '" + at(6, 45) + "', duration_min = 75 WHERE id = " + bride.id()),
                    "15 minutes earlier: further outside");
            assertEquals(1, st.executeUpdate("UPDATE bookings SET duration_min = 75 WHERE id = " + bride.id()), "to 08:15, into the hours");
            assertEquals(1, st.executeUpdate("UPDATE bookings SET duration_min = 45 WHERE id = " + bride.id()), "shorter");
            assertEquals("42501", refusedIn(st, "UPDATE bookings SET duration_min = 60 WHERE id = " + bride.id()),
                    "back to 08:00: the quarter before eight is further outside than it is now");
            assertEquals(1, st.executeUpdate("UPDATE bookings SET note = 'veil at 7:30' WHERE id = " + bride.id()), "the note");
            assertEquals("23514", refusedIn(st, "UPDATE bookings SET note = repeat('x', 2001) WHERE id = " + bride.id()),
                    "migration 27's limit holds the note");
            assertEquals(1, st.executeUpdate("UPDATE bookings SET status = 'cancelled' WHERE id = " + bride.id()));
            assertEquals(1, st.executeUpdate("UPDATE bookings SET status = 'confirmed' WHERE id = " + bride.id()), "revived, where it was");
        }
        assertEquals(1, s.count("SELECT count(*) FROM bookings WHERE id = " + bride.id() + " AND outside_hours AND duration_min = 45 "
                + "AND note = 'veil at 7:30' AND status = 'confirmed'"));
    }

    @Test
    void theEngineAnswersAReceptionistsOverrideNoPermissionAndKeepsAnAdminsForHer() {
        BookingEngine olena = s.engine("olena");
        BookingOutcome early = olena.book(new NewBooking(s.bloom, s.iryna, s.bloomClient, null, null, at(7, 0), 60, "",
                UUID.randomUUID(), Source.FORM, true));
        assertEquals(InvalidReason.NO_PERMISSION, assertInstanceOf(BookingOutcome.Invalid.class, early, early.toString()).reason());
        booked(olena.book(new NewBooking(s.bloom, s.iryna, s.bloomClient, null, null, at(12, 0), 60, "", UUID.randomUUID(),
                Source.FORM, true)));   // inside the hours the override is not needed, and not used

        Booking bride = booked(s.engine("anna").book(new NewBooking(s.bloom, s.marta, s.bloomClient, null, null, at(7, 0), 60, "bride",
                UUID.randomUUID(), Source.FORM, true)));
        BookingOutcome earlier = olena.reschedule(new Reschedule(s.bloom, bride.id(), bride.version(), s.marta, s.marta, at(6, 45), 60,
                Source.DRAG, false));
        assertEquals(InvalidReason.NO_PERMISSION, assertInstanceOf(BookingOutcome.Invalid.class, earlier, earlier.toString()).reason());
        Booking later = booked(olena.reschedule(new Reschedule(s.bloom, bride.id(), bride.version(), s.marta, s.marta, at(7, 0), 75,
                Source.DRAG, false)));
        assertTrue(later.outsideHours(), "her change keeps the admin's override");
        Booking noted = booked(olena.changeNote(new NoteChange(s.bloom, bride.id(), later.version(), s.marta, "veil", Source.FORM)));
        assertEquals("veil", noted.note());
        Booking anna = booked(s.engine("anna").reschedule(new Reschedule(s.bloom, bride.id(), noted.version(), s.marta, s.marta, at(6, 30), 90,
                Source.DRAG, false)));
        assertTrue(anna.outsideHours(), "the admin takes it further out");
    }

    private static Booking booked(BookingOutcome o) {
        return assertInstanceOf(BookingOutcome.Booked.class, o, o.toString()).booking();
    }

    private void owner(String sql) throws SQLException {
        try (Connection c = s.connect(AttackedServer.OWNER); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private String refused(String who, String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Connection c = s.connect(who); Statement st = c.createStatement()) {
                st.execute(sql);
            }
        }, who + ": " + sql).getSQLState();
    }

    private static String refusedIn(Statement st, String sql) {
        return assertThrows(SQLException.class, () -> st.execute(sql), sql).getSQLState();
    }

    private static long count(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
