package app.salondesk.logic.booking;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Whom the setup screens' "bookings in the way" offer a booking to (issue 31): the rule book in
 * the database decides — the other masters who do its service at its length and are active —
 * not a Java copy of the rule. Against the real PostgreSQL.
 */
class MastersWhoMayTakeTest {

    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("whomaytake", 2);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @Test
    void onlyTheOtherActiveMastersWhoDoTheServiceMayTakeIt() {
        ScheduleRepository schedules = new ScheduleRepository(f.dsl);
        Booking annasCut = f.booked(f.engine.book(f.cutWith(f.anna, at(9, 0))));
        Booking virasNails = f.booked(f.engine.book(new NewBooking(f.tenant, f.vira, f.client, null, f.nails, at(11, 0), null, "",
                UUID.randomUUID(), Source.FORM, false)));
        Booking annasOwn = f.booked(f.engine.book(f.newBooking(f.anna, at(15, 0), 45)));   // a custom service: anyone
        Map<Long, Set<Long>> may = schedules.mastersWhoMayTake(f.tenant, List.of(annasCut.id(), virasNails.id(), annasOwn.id()));
        assertEquals(Set.of(f.bohdan), may.get(annasCut.id()), "Vira does no cuts; Anna has it already");
        assertEquals(Set.of(), may.get(virasNails.id()), "nobody else does nails");
        assertEquals(Set.of(f.bohdan, f.vira), may.get(annasOwn.id()), "outside Vira's hours, but a move to another time may mend that");

        f.dsl.execute("UPDATE masters SET active = false WHERE id = " + f.bohdan);
        try {
            assertEquals(Set.of(), schedules.mastersWhoMayTake(f.tenant, List.of(annasCut.id())).get(annasCut.id()), "an inactive master takes nothing");
        } finally {
            f.dsl.execute("UPDATE masters SET active = true WHERE id = " + f.bohdan);
        }
        assertEquals(Map.of(), schedules.mastersWhoMayTake(f.tenant, List.of()));
    }
}
