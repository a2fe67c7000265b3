package app.salondesk.gui.calendar;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.booking.RuleBookBatch;
import app.salondesk.logic.calendar.RuleBookQuestions;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl+N's master and time (issues 16 and 30), asked of the database's rule book: the first start
 * of the shown day among the masters on screen that the engine would book — so another booking's
 * cleanup and processing, hours, time off and the clocks going back count as they do when it is
 * saved. Real PostgreSQL, the view model's question run in place.
 */
class NextFreeTimeTest {

    private static EngineFixture f;
    private static Salon salon;
    private static Master anna;
    private static Master bohdan;
    private static Master vira;
    private static final TaskRunner NOW = new TaskRunner() {
        @Override
        public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
            try {
                onSuccess.accept(work.call());
            } catch (Exception e) {
                onFailure.accept(e);
            }
        }
    };

    @BeforeAll
    static void salon() {
        f = new EngineFixture("nextfree", 2);
        salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
        anna = new Master(f.anna, "Anna", "#000", 1);
        bohdan = new Master(f.bohdan, "Bohdan", "#000", 2);
        vira = new Master(f.vira, "Vira", "#000", 3);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void emptySchedule() {
        f.clearSchedule();
    }

    private static Optional<NextFreeTime.Pick> nextFree(Salon s, List<Master> masters, LocalDate day) {
        DayScheduleViewModel vm = new DayScheduleViewModel(s, masters, (x, ids, d, c) -> new DaySchedule(d, List.of(), Map.of(), List.of()),
                NOW, new Messages(Locale.ENGLISH), Clock.systemUTC());
        vm.setRuleQuestions(new RuleBookQuestions(new RuleBookBatch(f.dsl)));
        AtomicReference<Optional<NextFreeTime.Pick>> answer = new AtomicReference<>();
        vm.nextFree(masters, day, NextFreeTime.MINUTES, answer::set);
        return answer.get();
    }

    private static void book(long master, Long service, Instant start, int minutes) {
        f.booked(f.engine.book(new NewBooking(f.tenant, master, f.client, null, service, start, minutes, "", UUID.randomUUID(),
                Source.FORM, false)));
    }

    /**
     * Issue 30, defect 8: Anna's 08:00–09:00 toning leaves her cleaning until 09:15, Bohdan is busy
     * until 09:30, Vira starts at 10:00. The day as the desk loaded it ends Anna's booking at 09:00, so
     * Ctrl+N offered Anna at 09:00 — and the engine answered "time taken". The rule book says 09:15.
     */
    @Test
    void anotherBookingsCleanupIsNotOfferedAsFree() {
        long toning = f.phasedService("Toning " + UUID.randomUUID(), null, 15, f.anna, f.bohdan);
        book(f.anna, toning, at(8, 0), 60);
        book(f.bohdan, null, at(8, 0), 90);
        NextFreeTime.Pick p = nextFree(salon, List.of(anna, bohdan, vira), EngineFixture.DAY).orElseThrow();
        assertEquals(anna, p.master());
        assertEquals(at(9, 15), p.at());
    }

    @Test
    void aStartInsideAnotherBookingsProcessingGapIsOfferedAndTimeOffIsNot() {
        // Anna's colour: 30 minutes of work, 60 while it takes (she is free), 30 of finishing
        long colour = f.phasedService("Colour " + UUID.randomUUID(), "{30,-60,30}", 0, f.anna);
        book(f.anna, colour, at(8, 0), 120);
        f.dsl.execute("INSERT INTO master_time_off (tenant_id, master_id, starts_at, ends_at) VALUES (?, ?, CAST(? AS timestamptz), "
                + "CAST(? AS timestamptz))", f.tenant, f.bohdan, at(8, 0).atOffset(java.time.ZoneOffset.UTC), at(12, 0).atOffset(java.time.ZoneOffset.UTC));
        NextFreeTime.Pick p = nextFree(salon, List.of(bohdan, anna), EngineFixture.DAY).orElseThrow();
        assertEquals(anna, p.master());
        assertEquals(at(8, 30), p.at(), "in the colour's processing time, while Bohdan is away");
    }

    @Test
    void aPastDayOffersNothingAndAFullDayNeither() {
        assertTrue(nextFree(salon, List.of(anna), LocalDate.of(2020, 1, 6)).isEmpty(), "never a time in the past");
        book(f.vira, null, at(10, 0), 240);
        assertTrue(nextFree(salon, List.of(vira), EngineFixture.DAY).isEmpty());
        // the desk's fallback then: the next quarter-hour of today, or a later day's 09:00
        assertEquals(LocalDateTime.of(2026, 12, 2, 23, 15), NextFreeTime.roundUp(LocalDateTime.of(2026, 12, 2, 23, 10, 30)));
        assertEquals(LocalDateTime.of(2026, 12, 3, 0, 0), NextFreeTime.roundUp(LocalDateTime.of(2026, 12, 2, 23, 50)));
        assertEquals(EngineFixture.DAY.atTime(9, 0).atZone(EngineFixture.ZONE).toInstant(),
                NextFreeTime.fallback(EngineFixture.DAY, LocalDateTime.of(2026, 12, 2, 23, 10), EngineFixture.ZONE));
    }

    /**
     * The clocks go back at midnight in Cairo: on Thursday 31 October 2030, 23:00–23:59 happens
     * twice (+03, then +02). Noor works 22:00–23:30 — the second 23:30, as the database reads it: 2½
     * real hours, until 21:30Z — and is booked 22:00 until the first 23:30 (20:30Z). The loaded day's
     * wall-clock hours ended at the first 23:30 for the desk, so it found nothing free; the rule book
     * has the hour until the second.
     */
    @Test
    void onCairosFallBackNightTheRepeatedHourIsWorkedAsTheRuleBookSays() {
        ZoneId cairo = ZoneId.of("Africa/Cairo");
        long tenant = f.id("INSERT INTO tenants (name, time_zone) VALUES ('Cairo salon', 'Africa/Cairo') RETURNING id");
        long noor = f.id("INSERT INTO masters (tenant_id, name) VALUES (" + tenant + ", 'Noor') RETURNING id");
        long client = f.id("INSERT INTO clients (tenant_id, name) VALUES (" + tenant + ", 'Mona') RETURNING id");
        LocalDate night = LocalDate.of(2030, 10, 31);
        f.dsl.execute("SELECT salondesk_set_day(?, ?, ?, CAST(? AS time[]), CAST(? AS time[]), '')", tenant, noor, night,
                new java.time.LocalTime[]{java.time.LocalTime.of(22, 0)}, new java.time.LocalTime[]{java.time.LocalTime.of(23, 30)});
        Instant from = night.atTime(22, 0).atZone(cairo).toInstant();
        f.booked(f.engine.book(new NewBooking(tenant, noor, client, null, null, from, 150 - 60, "", UUID.randomUUID(), Source.FORM, false)));
        Salon cairoSalon = new Salon(tenant, "Cairo salon", cairo);
        NextFreeTime.Pick p = nextFree(cairoSalon, List.of(new Master(noor, "Noor", "#000", 1)), night).orElseThrow();
        assertEquals(Instant.parse("2030-10-31T20:30:00Z"), p.at(), "the first 23:30, an hour before the hours end");
    }
}
