package app.salondesk.logic.history;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.BookingHistoryRepository;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.HistoryEntry;
import app.salondesk.runtime.Backend;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31: the history said "Who: postgres". It names the person as the salon knows them —
 * a staff login by its display name, read from the database's staff table — and the roads that
 * are no person in words: the owner's (embedded desk's) login, the online page, the waiting
 * list working by itself, an import.
 */
class HistoryWhoTest {

    private static EngineFixture f;
    private static Backend reception;
    private static final HistoryText EN = new HistoryText(new Messages(Locale.ENGLISH), EngineFixture.ZONE, Map.of(),
            DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    private static final HistoryText UK = new HistoryText(new Messages(Locale.forLanguageTag("uk")), EngineFixture.ZONE, Map.of(),
            DateTimeFormatter.ISO_LOCAL_DATE_TIME);

    @BeforeAll
    static void salonWithAReceptionist() {
        f = new EngineFixture("historywho", 3);
        String login = "rec_" + Long.toString(System.nanoTime(), 36);
        new StaffRepository(f.dsl).add(f.tenant, login, "Marta Koval", "receptionist", "reception-pw".toCharArray());
        reception = Backend.connect(new ConnectionSettings(f.backend.location(), login, "reception-pw"), 2);
    }

    @AfterAll
    static void close() {
        reception.close();
        f.close();
    }

    @Test
    void aStaffLoginsChangeIsNamedByTheStaffMembersNameForEveryoneWhoReadsIt() {
        Booking b = f.booked(new BookingEngine(reception.dsl()).book(f.newBooking(f.anna, at(10, 0), 60)));
        HistoryEntry byOwnersEyes = new BookingHistoryRepository(f.dsl).ofBooking(f.tenant, b.id()).get(0);
        assertEquals("Marta Koval", byOwnersEyes.byName());
        assertFalse(byOwnersEyes.byOwner());
        assertEquals("Marta Koval", EN.who(byOwnersEyes));
        HistoryEntry byHerOwn = new BookingHistoryRepository(reception.dsl()).ofBooking(f.tenant, b.id()).get(0);
        assertEquals("Marta Koval", EN.who(byHerOwn), "a receptionist reads her colleagues' names too (row-level security lets her)");
        assertFalse(EN.who(byHerOwn).equals(byHerOwn.by()), "not the login");
    }

    @Test
    void theOwnersLoginIsTheSalonsAdminNotPostgres() {
        Booking b = f.booked(f.engine.book(f.newBooking(f.bohdan, at(12, 0), 60)));
        List<HistoryEntry> entries = new BookingHistoryRepository(f.dsl).ofClient(f.tenant, f.client);
        HistoryEntry mine = entries.stream().filter(e -> e.bookingId() == b.id()).findFirst().orElseThrow();
        assertTrue(mine.byOwner(), "the fixture writes as the database's owner, as the embedded desk does");
        assertNull(mine.byName());
        assertEquals("the salon's admin", EN.who(mine));
        assertEquals("\u0430\u0434\u043c\u0456\u043d\u0456\u0441\u0442\u0440\u0430\u0442\u043e\u0440 \u0441\u0430\u043b\u043e\u043d\u0443", UK.who(mine));
    }

    @Test
    void theRoadsThatAreNoPersonAreSaidInWordsAndTheHowColumnNamesTheRoad() {
        assertEquals("the client, online", EN.who(entry("online_server", "online", false)));
        assertEquals("waiting list, automatically", EN.who(entry("postgres", "waitlist", true)));
        assertEquals("import", EN.who(entry("someone", "import", false)));
        assertEquals("the salon's admin", EN.who(entry("postgres", "import", true)));
        assertEquals("demo data", EN.who(entry("postgres", "demo", true)));
        assertEquals("olena_db", EN.who(entry("olena_db", "sql", false)), "a login the salon knows no name for: the login");
        assertEquals("calendar drag", EN.how(entry("x", "drag", false)));
        assertEquals("calendar menu", EN.how(entry("x", "menu", false)));
        assertEquals("undo (Ctrl+Z)", EN.how(entry("x", "undo", false)));
        assertEquals("online booking page", EN.how(entry("x", "online", false)));
        assertEquals("waiting list", EN.how(entry("x", "waitlist", false)));
    }

    private static HistoryEntry entry(String login, String source, boolean owner) {
        return new HistoryEntry(1, Instant.now(), login, source, "UPDATE", "{}", null, owner);
    }

}
