package app.salondesk.gui.calendar;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.calendar.ScheduleSource;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.ScheduledBooking;
import app.salondesk.model.calendar.DaySchedule;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The view model alone, without the FX toolkit and without a database. */
class DayScheduleViewModelTest {

    private static final Salon KYIV_SALON = new Salon(1, "Bloom", ZoneId.of("Europe/Kyiv"));
    // 23:30 in UTC (and in New York it is still the 29th) — in Kyiv it is already 30 November
    private static final Clock LATE = Clock.fixed(Instant.parse("2026-11-29T23:30:00Z"), ZoneOffset.UTC);

    /** Runs work when told to, like the real background executor but in the test's order. */
    private static final class ManualTasks implements TaskRunner {
        final List<Runnable> pending = new ArrayList<>();

        @Override
        public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
            pending.add(() -> {
                try {
                    onSuccess.accept(work.call());
                } catch (Exception e) {
                    onFailure.accept(e);
                }
            });
        }

        void runAll() {
            List<Runnable> now = new ArrayList<>(pending);
            pending.clear();
            now.forEach(Runnable::run);
        }
    }

    private final List<LocalDate> asked = new ArrayList<>();
    private final ManualTasks tasks = new ManualTasks();
    /** How many of the next loads fail as if the server were down. */
    private int outage;

    private DayScheduleViewModel vm() {
        ScheduleSource fake = (salon, masterIds, date, includeCancelled) -> {
                asked.add(date);
                if (date.getDayOfMonth() == 13 || outage-- > 0) {
                    throw new IllegalStateException("server went away");
                }
                Instant start = date.atTime(10, 0).atZone(salon.zone()).toInstant();
                return new DaySchedule(date, List.of(
                        new ScheduledBooking(1, 7, start, 60, BookingStatus.CONFIRMED, "Iryna", "Cut", 1),
                        new ScheduledBooking(2, 7, start.plusSeconds(3600), 30, BookingStatus.PENDING, "Oksana", null, 1)),
                        Map.of(), List.of());
        };
        return new DayScheduleViewModel(KYIV_SALON, List.of(new Master(7, "Olena", "#000000", 0)), fake, tasks,
                new Messages(Locale.ENGLISH), LATE);
    }

    @Test
    void todayIsTheSalonsDateNotThePcs() {
        DayScheduleViewModel vm = vm();
        assertEquals(LocalDate.of(2026, 11, 30), vm.dateProperty().get());
        vm.nextDay();
        vm.nextDay();
        vm.previousDay();
        assertEquals(LocalDate.of(2026, 12, 1), vm.dateProperty().get());
        vm.today();
        assertEquals(LocalDate.of(2026, 11, 30), vm.dateProperty().get());
    }

    @Test
    void clearingTheDateKeepsTheShownDay() {
        DayScheduleViewModel vm = vm();
        vm.dateProperty().set(null);
        assertEquals(LocalDate.of(2026, 11, 30), vm.dateProperty().get());
    }

    @Test
    void loadingADayPublishesItsScheduleAndARequestDuringALoadIsServedAfterIt() {
        DayScheduleViewModel vm = vm();
        vm.load(LocalDate.of(2026, 11, 30));
        vm.load(LocalDate.of(2026, 11, 30));   // asked again while in flight: not at once…
        assertTrue(vm.loadingProperty().get());
        assertEquals("Loading\u2026", vm.statusProperty().get());
        assertEquals(1, tasks.pending.size());
        tasks.runAll();                          // …but once more after the first answer
        assertTrue(vm.loadingProperty().get());
        tasks.runAll();
        assertEquals(List.of(LocalDate.of(2026, 11, 30), LocalDate.of(2026, 11, 30)), asked);
        assertFalse(vm.loadingProperty().get());
        assertEquals(2, vm.scheduleProperty().get().bookings().size());
        assertEquals("2 bookings on Nov 30, 2026", vm.statusProperty().get());
    }

    @Test
    void aStreamOfChangesNeverKeepsTheDayFromRepainting() {
        int[] version = {0};
        ScheduleSource changing = (salon, masterIds, date, includeCancelled) -> new DaySchedule(date, List.of(
                new ScheduledBooking(1, 7, date.atTime(10, 0).atZone(salon.zone()).toInstant(), 60, BookingStatus.CONFIRMED,
                        "Iryna", "Cut", ++version[0])), Map.of(), List.of());
        DayScheduleViewModel vm = new DayScheduleViewModel(KYIV_SALON, List.of(new Master(7, "Olena", "#000000", 0)), changing, tasks,
                new Messages(Locale.ENGLISH), LATE);
        LocalDate day = LocalDate.of(2026, 11, 30);
        List<Integer> painted = new ArrayList<>();
        vm.scheduleProperty().addListener((obs, old, now) -> painted.add(now.bookings().get(0).version()));
        vm.load(day);
        for (int i = 0; i < 5; i++) {
            vm.load(day);    // an import's next booking changed the day while it was loading
            tasks.runAll();
        }
        tasks.runAll();
        // every answer reached the screen, none was thrown away for being followed by another
        assertEquals(List.of(1, 2, 3, 4, 5, 6), painted);
    }

    /**
     * After an outage the pool may hand out a connection the server closed: the load on the desk's
     * return fails on it (57P01) and is tried once more at once, on a fresh one; a second such
     * failure is said, not tried for ever, and a failure of another kind is said at once.
     */
    @Test
    void aLoadThatMetADeadConnectionIsTriedOnceMoreAtOnce() {
        int[] dead = {1};
        List<String> kinds = new ArrayList<>();
        ScheduleSource source = (salon, masterIds, date, includeCancelled) -> {
            kinds.add(date.toString());
            if (date.getDayOfMonth() == 14) {
                throw new IllegalStateException("a bug, not the connection");
            }
            if (date.getDayOfMonth() == 30 && dead[0]-- > 0) {
                throw new RuntimeException(new java.sql.SQLException("terminating connection due to administrator command", "57P01"));
            }
            return new DaySchedule(date, List.of(), Map.of(), List.of());
        };
        DayScheduleViewModel vm = new DayScheduleViewModel(KYIV_SALON, List.of(new Master(7, "Olena", "#000000", 0)), source, tasks,
                new Messages(Locale.ENGLISH), LATE);
        LocalDate day = LocalDate.of(2026, 11, 30);
        vm.load(day);
        tasks.runAll();
        tasks.runAll();
        assertEquals(List.of("2026-11-30", "2026-11-30"), kinds, "tried again once");
        assertEquals(day, vm.scheduleProperty().get().date(), "and shown");

        kinds.clear();
        dead[0] = 2;
        vm.load(day);
        tasks.runAll();
        tasks.runAll();
        tasks.runAll();
        assertEquals(2, kinds.stream().filter("2026-11-30"::equals).count(), "not for ever: " + kinds);
        assertTrue(vm.statusProperty().get().startsWith("The schedule could not be loaded"), vm.statusProperty().get());

        kinds.clear();
        vm.load(LocalDate.of(2026, 12, 14));
        tasks.runAll();
        tasks.runAll();
        assertEquals(1, kinds.stream().filter("2026-12-14"::equals).count(), "another failure is not tried again by itself: " + kinds);
    }

    @Test
    void aFailedLoadSaysSoAndCanBeRetried() {
        DayScheduleViewModel vm = vm();
        vm.dateProperty().set(LocalDate.of(2026, 12, 13));
        vm.load(LocalDate.of(2026, 12, 13));
        tasks.runAll();
        // the failure's own text never reaches the screen; its reference does (issue 30)
        assertTrue(vm.statusProperty().get().matches("The schedule could not be loaded \u2014 reference [0-9A-F]{6}\\. The details are in the log\\."),
                vm.statusProperty().get());
        assertFalse(vm.loadingProperty().get());
        vm.load(LocalDate.of(2026, 12, 13));
        assertEquals(1, tasks.pending.size(), "not stuck as in flight");
    }

    @Test
    void aRequestMadeWhileALoadFailsIsServedByAnAttemptOfItsOwn() {
        DayScheduleViewModel vm = vm();
        LocalDate day = LocalDate.of(2026, 11, 30);
        outage = 1;
        vm.load(day);   // started while the server was down: it will fail…
        vm.load(day);   // …but the reload asked for when the server came back must not be lost with it
        tasks.runAll();
        assertEquals(1, tasks.pending.size(), "a second attempt is queued");
        tasks.runAll();
        assertEquals(List.of(day, day), asked);
        assertFalse(vm.loadingProperty().get());
        assertEquals(2, vm.scheduleProperty().get().bookings().size());
        assertEquals("2 bookings on Nov 30, 2026", vm.statusProperty().get());
    }

    /**
     * Runs each query at once, as a background thread would, but hands the answers back only when
     * told to and in the order told: an answer can arrive long after its query ran, behind answers of
     * queries asked later.
     */
    private static final class LateAnswers implements TaskRunner {
        final List<Runnable> answers = new ArrayList<>();

        @Override
        public <T> void run(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
            Runnable answer;
            try {
                T result = work.call();
                answer = () -> onSuccess.accept(result);
            } catch (Exception e) {
                answer = () -> onFailure.accept(e);
            }
            answers.add(answer);
        }

        /** Hands back the answer of the query asked {@code i}-th among those not yet answered. */
        void answer(int i) {
            answers.remove(i).run();
        }

        void answerAll() {
            while (!answers.isEmpty()) {
                answer(0);
            }
        }
    }

    private final int[] version = {1};
    private final LateAnswers late = new LateAnswers();
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 30);
    private static final LocalDate TOMORROW = TODAY.plusDays(1);

    /** A view model whose one booking has the version {@link #version} says when a query runs. */
    private DayScheduleViewModel versioned() {
        ScheduleSource source = (salon, masterIds, date, includeCancelled) -> new DaySchedule(date, List.of(
                new ScheduledBooking(1, 7, date.atTime(10, 0).atZone(salon.zone()).toInstant(), 60, BookingStatus.CONFIRMED,
                        "Iryna", "Cut", version[0])), Map.of(), List.of());
        return new DayScheduleViewModel(KYIV_SALON, List.of(new Master(7, "Olena", "#000000", 0)), source, late,
                new Messages(Locale.ENGLISH), LATE);
    }

    private int shownVersion(DayScheduleViewModel vm) {
        return vm.scheduleProperty().get().bookings().get(0).version();
    }

    /**
     * A read-ahead's answer that arrives after a newer load of the same day never replaces what that
     * load read: the day was shown (version 2), left, and its older read-ahead (version 1, asked
     * before the day changed) came in late and was parked over it; going back showed version 1
     * again until the next load answered — on a slow connection for as long as that took.
     */
    @Test
    void aLateReadAheadNeverReplacesANewerAnswerOfItsDay() {
        DayScheduleViewModel vm = versioned();
        vm.load(TODAY);
        late.answer(0);                      // today shown: yesterday and tomorrow are read ahead (version 1)…
        assertEquals(2, late.answers.size());
        version[0] = 2;                      // …then another desk changes tomorrow
        vm.nextDay();
        vm.load(TOMORROW);                   // its load reads version 2 and answers first
        late.answer(2);
        assertEquals(2, shownVersion(vm));
        vm.previousDay();                    // back to today: tomorrow as shown (version 2) is kept
        vm.load(TODAY);
        late.answerAll();                    // the read-ahead of version 1 comes in late, behind today's load
        vm.nextDay();
        vm.load(TOMORROW);                   // tomorrow again: what is shown at once is the newest it had
        assertEquals(TOMORROW, vm.scheduleProperty().get().date());
        assertEquals(2, shownVersion(vm), "an older read-ahead was shown");
        late.answerAll();
        assertEquals(2, shownVersion(vm));
    }

    /**
     * A load whose day was left before it answered: its answer is kept for going back, not dropped
     * while an older answer of that day stays parked (and is shown at once on the way back).
     */
    @Test
    void aLoadAnsweredAfterItsDayWasLeftIsKeptForGoingBack() {
        DayScheduleViewModel vm = versioned();
        vm.load(TODAY);
        late.answerAll();
        vm.nextDay();
        vm.load(TOMORROW);
        late.answerAll();                    // tomorrow shown at version 1
        version[0] = 3;
        vm.load(TOMORROW);                   // a live update: it reads version 3…
        vm.previousDay();                    // …while the receptionist goes back a day
        vm.load(TODAY);
        late.answerAll();
        version[0] = 4;                      // the database moves on; nothing has told this desk yet
        vm.nextDay();
        vm.load(TOMORROW);
        assertEquals(3, shownVersion(vm), "the newest answer of the day, at once");
        late.answerAll();
        assertEquals(4, shownVersion(vm));
    }

    /** A change announced for a day while its read-ahead was on its way: that answer is not parked. */
    @Test
    void aReadAheadAskedBeforeAChangeOfItsDayIsNotParked() {
        DayScheduleViewModel vm = versioned();
        vm.load(TODAY);
        late.answer(0);                      // tomorrow is being read ahead at version 1
        version[0] = 2;
        vm.changed(List.of(TOMORROW));       // the live update says tomorrow changed meanwhile
        late.answerAll();
        vm.nextDay();
        vm.load(TOMORROW);
        assertEquals(TODAY, vm.scheduleProperty().get().date(), "nothing stale shown at once");
        late.answerAll();
        assertEquals(2, shownVersion(vm));
    }
}
