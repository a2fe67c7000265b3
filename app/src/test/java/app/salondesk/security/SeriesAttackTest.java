package app.salondesk.security;

import app.salondesk.db.TestServers;
import app.salondesk.logic.booking.BookingSeries;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Repeat;
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
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Migration 17's new right — naming the series of a booking one inserts — abused as an attacker
 * would, with real logins on a shared server set up as the README says ({@link AttackedServer}):
 * Bloom's receptionist {@code olena}, admin {@code anna}, manager {@code mira}; Rival's
 * receptionist {@code bob}; the online server's login {@value #WEB}. Where a refusal could pass
 * for a typo, the same statement without the forbidden part works.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SeriesAttackTest {

    static final String WEB = "web";

    AttackedServer s;
    UUID series;
    List<Booking> bloomSeries;

    @BeforeAll
    void setUp() throws Exception {
        s = new AttackedServer(TestServers.ownCluster(17));
        new StaffRepository(s.dsl(AttackedServer.OWNER)).addOnlineLogin(WEB, AttackedServer.password(WEB).toCharArray());
    }

    @AfterAll
    void tearDown() {
        if (s != null) {
            s.close();
        }
    }

    /** Olena books Nina weekly with Iryna, three times, through the engine as the desk does. */
    @BeforeEach
    void aSeriesOfBloom() throws SQLException {
        owner("DELETE FROM bookings");
        NewBooking first = s.booking(s.bloom, s.iryna, s.bloomClient, AttackedServer.at(10, 0));
        series = first.requestId();
        bloomSeries = new BookingSeries(s.engine("olena")).book(first, Repeat.times(1, 3), AttackedServer.ZONE).stream()
                .map(o -> assertInstanceOf(BookingOutcome.Booked.class, o.outcome()).booking()).toList();
        assertEquals(3, s.count("SELECT count(*) FROM bookings WHERE series_id = '" + series + "' AND created_by = 'olena'"));
    }

    @Test
    void noStaffLoginMovesABookingIntoOrOutOfASeriesAndTheOwnersTryIsIgnored() throws SQLException {
        long id = bloomSeries.get(1).id();
        for (String who : List.of("olena", "anna", "mira")) {
            assertEquals("42501", refused(who, "UPDATE bookings SET series_id = NULL WHERE id = " + id), who);
            assertEquals("42501", refused(who, "UPDATE bookings SET series_id = gen_random_uuid() WHERE id = " + id), who);
        }
        // the same login may change what a desk changes: not a typo above
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate("UPDATE bookings SET status = 'arrived' WHERE id = " + id));
        }
        // the owner is refused nothing, but a booking's series stays what it was made with
        owner("UPDATE bookings SET series_id = NULL WHERE id = " + id);
        owner("UPDATE bookings SET series_id = gen_random_uuid() WHERE id = " + bloomSeries.get(2).id());
        assertEquals(3, s.count("SELECT count(*) FROM bookings WHERE series_id = '" + series + "'"));
    }

    @Test
    void aManagerAndTheOnlineRoadCannotNameASeries() throws SQLException {
        String columns = "(tenant_id, master_id, client_id, starts_at, duration_min, series_id)";
        String values = "VALUES (" + s.bloom + ", " + s.marta + ", " + s.bloomClient + ", '" + AttackedServer.at(15, 0) + "', 30, '" + series + "')";
        assertEquals("42501", refused("mira", "INSERT INTO bookings " + columns + " " + values));
        assertEquals("42501", refused(WEB, "INSERT INTO bookings " + columns + " " + values));
        // a receptionist may (she books series at the desk)
        try (Connection c = s.connect("olena"); Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate("INSERT INTO bookings " + columns + " " + values));
        }
    }

    @Test
    void anotherSalonsLoginCannotJoinOurSeriesAndItsCopyOfOurSeriesIdJoinsNothing() throws SQLException {
        // Bob of Rival tries to add a booking to Bloom's series, in Bloom: row-level security refuses
        assertEquals("42501", refused("bob", "INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, series_id) "
                + "VALUES (" + s.bloom + ", " + s.iryna + ", " + s.bloomClient + ", '" + AttackedServer.at(16, 0) + "', 30, '" + series + "')"));
        assertEquals(0, count("bob", "SELECT count(*) FROM bookings WHERE series_id = '" + series + "'"), "he cannot see it either");
        // in his own salon he may write the same id: it is his salon's booking, in no series of Bloom's
        try (Connection c = s.connect("bob"); Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, series_id) "
                    + "VALUES (" + s.rival + ", " + s.roman + ", " + s.rivalClient + ", '" + AttackedServer.at(10, 0) + "', 30, '" + series + "')"));
        }
        assertEquals(3, count("olena", "SELECT count(*) FROM bookings WHERE series_id = '" + series + "'"));
        // Bloom cancels its series from the first booking on: Bob's booking is not touched
        List<BookingSeries.Occurrence> cancelled = new BookingSeries(s.engine("olena")).cancelFrom(bloomSeries.get(0), Source.FORM);
        assertEquals(3, cancelled.size());
        assertEquals(3, s.count("SELECT count(*) FROM bookings WHERE tenant_id = " + s.bloom + " AND status = 'cancelled'"));
        assertEquals(1, s.count("SELECT count(*) FROM bookings WHERE tenant_id = " + s.rival + " AND status = 'confirmed'"));
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

    private long count(String who, String sql) throws SQLException {
        try (Connection c = s.connect(who); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
