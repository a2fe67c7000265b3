package app.salondesk.gui.booking.form;

import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.catalog.Service;
import app.salondesk.model.salon.Salon;
import app.salondesk.model.staff.Master;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static app.salondesk.logic.booking.EngineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The booking form's logic without windows: real engine, real database, work run in place. */
class BookingFormViewModelTest {

    private static EngineFixture f;
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
    private BookingFormViewModel vm;
    private List<Master> masters;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("form", 4);
    }

    @AfterAll
    static void close() {
        f.close();
    }

    @BeforeEach
    void openForm() {
        f.dsl.execute("DELETE FROM bookings");
        MasterRepository repo = new MasterRepository(f.dsl);
        masters = repo.findActive(f.tenant);
        vm = new BookingFormViewModel(new Salon(f.tenant, "Fixture", EngineFixture.ZONE), f.engine, NOW, new Messages(Locale.ENGLISH),
                masters, new ServiceRepository(f.dsl).findActive(f.tenant), new ServiceRepository(f.dsl).offers(f.tenant));
        vm.startNew(null, EngineFixture.DAY.atTime(10, 0));
    }

    private Master master(String name) {
        return masters.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    private Service service(String name) {
        return vm.services().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aFreshFormShowsNoErrorsUntilTouchedButSaveShowsThemAllAndSendsNothing() {
        assertEquals("", vm.visibleError("client", vm.clientErrorProperty()).get());
        assertFalse(vm.clientErrorProperty().get().isEmpty(), "known, just not shown yet");
        vm.save();
        assertEquals("the client's name is missing", vm.visibleError("client", vm.clientErrorProperty()).get());
        assertEquals("choose a master", vm.visibleError("master", vm.masterErrorProperty()).get());
        assertEquals(0, f.count("SELECT count(*) FROM bookings"));
        vm.clientPhoneProperty().set("12");
        assertEquals("this is not a phone number: 12", vm.visibleError("phone", vm.phoneErrorProperty()).get());
        vm.timeProperty().set("25:99");
        assertEquals("write the time like 15:30, not 25:99", vm.visibleError("time", vm.timeErrorProperty()).get());
    }

    @Test
    void aServiceSetsTheDurationShowsThePriceAndLeavesOnlyMastersWhoOfferIt() {
        vm.serviceProperty().set(service("Nails"));
        assertEquals("90", vm.durationProperty().get());
        assertEquals("UAH\u00a0700.00", vm.priceProperty().get(), "the salon's currency, as English writes money");
        assertEquals("Nails \u00b7 90 min \u00b7 UAH\u00a0700.00", vm.serviceLabel(service("Nails")));
        assertEquals(List.of("Vira"), vm.masters().stream().map(Master::name).toList());
        vm.serviceProperty().set(null);
        assertEquals(3, vm.masters().size(), "custom: any master");
    }

    /**
     * Issue 18: the form says what the online page says of a service with processing time — with
     * the master's own phases, read from the database as the desk reads them, and fitted to the
     * length typed as the database fits a booking's.
     */
    @Test
    void aServiceWithProcessingTimeSaysHowMuchOfTheStayIsProcessingWithTheMastersOwnPhases() {
        if (f.count("SELECT count(*) FROM services WHERE name = 'Colour'") == 0) {
            long colour = f.phasedService("Colour", "{30,-40,30}", 10, f.anna, f.bohdan);
            // Bohdan's own colour: 20 of work, 50 while it takes, 30 to finish
            f.dsl.execute("UPDATE master_services SET phases = '{20,-50,30}' WHERE master_id = " + f.bohdan + " AND service_id = " + colour);
        }
        ServiceRepository catalogue = new ServiceRepository(f.dsl);
        BookingFormViewModel form = new BookingFormViewModel(new Salon(f.tenant, "Fixture", EngineFixture.ZONE), f.engine, NOW,
                new Messages(Locale.ENGLISH), masters, catalogue.findActive(f.tenant), catalogue.offers(f.tenant));
        form.setShapes(catalogue.offerShapes(f.tenant));
        form.startNew(null, EngineFixture.DAY.atTime(10, 0));
        form.serviceProperty().set(form.services().stream().filter(x -> x.name().equals("Colour")).findFirst().orElseThrow());
        assertEquals("", form.stayProperty().get(), "no master chosen: whose phases?");
        form.masterProperty().set(master("Anna"));
        assertEquals("100 min, incl. 40 min processing", form.stayProperty().get());
        form.masterProperty().set(master("Bohdan"));
        assertEquals("100 min, incl. 50 min processing", form.stayProperty().get());
        // ten minutes more: the last phase, the finish, takes them up
        form.durationProperty().set("110");
        assertEquals("110 min, incl. 50 min processing", form.stayProperty().get());
        // shorter than the phases before the finish can last: nothing said (the database would refuse it)
        form.durationProperty().set("70");
        assertEquals("", form.stayProperty().get());
        // a service without processing time says nothing more than its length
        form.serviceProperty().set(form.services().stream().filter(x -> x.name().equals("Cut")).findFirst().orElseThrow());
        form.masterProperty().set(master("Anna"));
        assertEquals("", form.stayProperty().get());
    }

    @Test
    void aMastersOwnLengthAndPriceOfAServiceAreWhatTheFormOffersAndBooks() {
        ServiceRepository services = new ServiceRepository(f.dsl);
        services.offer(f.tenant, new app.salondesk.model.catalog.Offer(f.anna, f.cut, 45, new java.math.BigDecimal("800.00")));
        try {
            BookingFormViewModel form = new BookingFormViewModel(new Salon(f.tenant, "Fixture", EngineFixture.ZONE), f.engine, NOW,
                    new Messages(Locale.ENGLISH), masters, services.findActive(f.tenant), services.offers(f.tenant));
            form.startNew(null, EngineFixture.DAY.atTime(10, 0));
            form.serviceProperty().set(form.services().stream().filter(x -> x.name().equals("Cut")).findFirst().orElseThrow());
            form.masterProperty().set(master("Bohdan"));
            assertEquals("60", form.durationProperty().get(), "Bohdan's cut: the service's hour");
            form.masterProperty().set(master("Anna"));
            assertEquals("45", form.durationProperty().get(), "Anna's own 45 minutes");
            assertTrue(form.priceProperty().get().contains("800"), form.priceProperty().get());
        } finally {
            services.offer(f.tenant, new app.salondesk.model.catalog.Offer(f.anna, f.cut, null, null));
        }
    }

    @Test
    void aPolishSalonsFormPricesInZlotyAndReadsPhonesAsPolesSayThem() {
        BookingFormViewModel polish = new BookingFormViewModel(
                new Salon(f.tenant, "Fixture", EngineFixture.ZONE, java.util.Currency.getInstance("PLN"), "PL"), f.engine, NOW,
                new Messages(Locale.forLanguageTag("uk")), masters, new ServiceRepository(f.dsl).findActive(f.tenant),
                new ServiceRepository(f.dsl).offers(f.tenant));
        polish.startNew(null, EngineFixture.DAY.atTime(10, 0));
        polish.serviceProperty().set(polish.services().stream().filter(s -> s.name().equals("Nails")).findFirst().orElseThrow());
        assertEquals("700,00\u00a0PLN", polish.priceProperty().get(), "zloty, as Ukrainian writes money");
        polish.clientPhoneProperty().set("600 700 800");
        assertEquals("", polish.phoneErrorProperty().get(), "a Polish mobile number typed as Poles say it");
        polish.clientPhoneProperty().set("067 123 45 67");
        assertFalse(polish.phoneErrorProperty().get().isEmpty(), "a Ukrainian number without +380 is no Polish number");
        polish.chooseClient(f.client, "Iryna", "+380671112233");
        assertEquals("+380 67 111 2233", polish.clientPhoneProperty().get(), "a foreign number keeps its country code");
    }

    @Test
    void theMastersFreeStartsAroundTheAskedTimeAreOffered() {
        f.booked(f.engine.book(f.newBooking(f.vira, at(11, 0), 60)));
        vm.masterProperty().set(master("Vira"));
        vm.durationProperty().set("60");
        List<LocalTime> starts = vm.freeStarts().stream().map(t -> t.atZone(EngineFixture.ZONE).toLocalTime()).toList();
        // Vira works 10:00-14:00 and is busy 11:00-12:00
        assertEquals(List.of(LocalTime.of(10, 0), LocalTime.of(12, 0), LocalTime.of(12, 15), LocalTime.of(12, 30),
                LocalTime.of(12, 45), LocalTime.of(13, 0)), starts);
        vm.masterProperty().set(master("Anna"));   // free all day 08:00-20:00
        waitForStarts(45);
    }

    @Test
    void everyFreeStartOfTheDayIsOfferedInTheTimeFieldsOwnFormatGroupedByPartOfTheDay() {
        // issue 31: the list stopped at a dozen ("last 4:00 PM" for a master working to 19:00)
        // and said "3:00 PM" while the time field said "15:00"
        vm.masterProperty().set(master("Anna"));
        vm.durationProperty().set("60");
        waitForStarts(45);   // 08:00 to 19:00, every quarter of an hour
        Instant last = vm.freeStarts().get(vm.freeStarts().size() - 1);
        assertEquals(at(19, 0), last, "the last start that still ends by 20:00");
        assertEquals(at(8, 0), vm.freeStarts().get(0));
        assertEquals("15:00", vm.startLabel(at(15, 0)));
        assertEquals("08:15", vm.startLabel(at(8, 15)));
        vm.chooseStart(at(15, 0));
        assertEquals(vm.timeProperty().get(), vm.startLabel(at(15, 0)), "the chip says what the field says");
        assertEquals(FreeStarts.Part.MORNING, vm.partOfDay(at(11, 45)));
        assertEquals(FreeStarts.Part.AFTERNOON, vm.partOfDay(at(12, 0)));
        assertEquals(FreeStarts.Part.AFTERNOON, vm.partOfDay(at(16, 45)));
        assertEquals(FreeStarts.Part.EVENING, vm.partOfDay(at(17, 0)));
        assertEquals(List.of(16, 20, 9), java.util.Arrays.stream(FreeStarts.Part.values())
                .map(p -> (int) vm.freeStarts().stream().filter(t -> vm.partOfDay(t) == p).count()).toList());
        assertEquals(List.of("Morning", "Afternoon", "Evening"), java.util.Arrays.stream(FreeStarts.Part.values())
                .map(vm::partName).toList());
    }

    private void waitForStarts(int count) {
        assertEquals(count, vm.freeStarts().size(), vm.freeStarts().toString());
    }

    @Test
    void withoutALengthTheFormAsksForOneInsteadOfSayingThereIsNoFreeTime() {
        vm.masterProperty().set(master("Anna"));
        vm.serviceProperty().set(null);
        vm.durationProperty().set("");
        assertTrue(vm.freeStarts().isEmpty());
        assertEquals("Choose a service or type a length to see the free times.", vm.freeStartsNoteProperty().get());
        vm.durationProperty().set("60");
        assertFalse(vm.freeStarts().isEmpty(), "Anna is free all day");
        assertEquals("", vm.freeStartsNoteProperty().get());
        vm.masterProperty().set(null);
        assertEquals("Choose a master to see the free times.", vm.freeStartsNoteProperty().get());
    }

    @Test
    void aTakenTimeAnswersWithFreeTimesAndSavingAtOneBooksIt() {
        f.booked(f.engine.book(f.newBooking(f.anna, at(10, 0), 60)));
        vm.clientNameProperty().set("Nina");
        vm.masterProperty().set(master("Anna"));
        vm.durationProperty().set("60");
        vm.save();
        BookingOutcome.TimeTaken taken = assertInstanceOf(BookingOutcome.TimeTaken.class, vm.answerProperty().get());
        assertFalse(taken.nearestFree().isEmpty());
        vm.saveAt(taken.nearestFree().get(0));
        assertInstanceOf(BookingOutcome.Booked.class, vm.answerProperty().get());
        assertEquals(2, f.count("SELECT count(*) FROM bookings"));
        assertEquals(0, f.overlappingPairs());
    }

    @Test
    void editingABookingSomeoneElseMovedSaysSoAndReloadShowsTheirVersion() {
        app.salondesk.model.booking.Booking b = f.booked(f.engine.book(f.newBooking(f.anna, at(10, 0), 60)));
        vm.startEdit(new BookingFormViewModel.Existing(b, "Iryna", "+380671112233"));
        assertEquals("10:00", vm.timeProperty().get());
        // another desk moves it to 12:00 meanwhile
        f.booked(f.engine.reschedule(new app.salondesk.model.booking.Reschedule(f.tenant, b.id(), b.version(), f.anna, f.anna,
                at(12, 0), 60, app.salondesk.model.booking.Source.DRAG, false)));
        vm.timeProperty().set("11:00");
        vm.save();
        BookingOutcome.ChangedByOthers changed = assertInstanceOf(BookingOutcome.ChangedByOthers.class, vm.answerProperty().get());
        assertEquals(at(12, 0), changed.current().start());
        vm.reload();
        assertEquals("12:00", vm.timeProperty().get(), "their version is now in the form");
        vm.timeProperty().set("13:00");
        vm.save();
        assertInstanceOf(BookingOutcome.Booked.class, vm.answerProperty().get());
        assertEquals(at(13, 0), f.engine.find(f.tenant, b.id()).orElseThrow().start());
    }

    @Test
    void anEngineRefusalLandsNextToItsField() {
        vm.clientNameProperty().set("Nina");
        vm.masterProperty().set(master("Vira"));
        vm.timeProperty().set("15:00");   // Vira stops at 14:00
        vm.durationProperty().set("30");
        vm.save();
        assertEquals("the master does not work at that time", vm.visibleError("time", vm.timeErrorProperty()).get());
        assertTrue(vm.answerProperty().get() instanceof BookingOutcome.Invalid);
        assertEquals(0, f.count("SELECT count(*) FROM bookings"));
    }

    @Test
    void aRepeatThatCannotBeSaysWhyAndSendsNothing() {
        vm.clientNameProperty().set("Olha Weekly");
        vm.masterProperty().set(master("Anna"));
        vm.repeat().onProperty().set(true);
        vm.repeat().timesProperty().set("1");
        assertEquals("a series has 2 to 52 bookings, the first included", vm.repeat().errorProperty().get());
        assertFalse(vm.validProperty().get());
        vm.save();
        vm.repeat().timesProperty().set("6");
        vm.repeat().everyWeeksProperty().set("13");
        assertEquals("a series repeats every 1 to 12 weeks", vm.repeat().errorProperty().get());
        vm.repeat().everyWeeksProperty().set("2");
        vm.repeat().modeProperty().set(FormRepeat.Mode.UNTIL);
        vm.repeat().lastDayProperty().set(EngineFixture.DAY);
        assertEquals("the last day of a series must come after the day of its first booking", vm.repeat().errorProperty().get());
        vm.save();
        assertEquals(0, f.count("SELECT count(*) FROM bookings"), "nothing was sent");
        vm.repeat().onProperty().set(false);
        assertEquals("", vm.repeat().errorProperty().get(), "no repeat, nothing to say");
    }

    @Test
    void aSeriesUntilADayBooksEachOccurrenceAndAnswersARowForEach() {
        f.booked(f.engine.book(f.newBooking(f.anna, at(10, 0).plus(java.time.Duration.ofDays(14)), 60)));
        vm.clientNameProperty().set("Olha Weekly");
        vm.serviceProperty().set(service("Cut"));
        vm.masterProperty().set(master("Anna"));
        vm.repeat().onProperty().set(true);
        vm.repeat().everyWeeksProperty().set("2");
        vm.repeat().modeProperty().set(FormRepeat.Mode.UNTIL);
        vm.repeat().lastDayProperty().set(EngineFixture.DAY.plusWeeks(6));
        vm.save();
        assertFalse(vm.savingProperty().get());
        assertEquals(4, vm.repeat().rows().size());
        assertEquals("Done: 3 of 4", vm.repeat().summaryProperty().get());
        FormRepeat.Row taken = vm.repeat().rows().get(1);
        assertFalse(taken.done());
        assertFalse(taken.offers().isEmpty());
        assertFalse(vm.repeat().allDoneProperty().get());
        vm.repeat().pick(taken, taken.offers().get(0));
        assertTrue(vm.repeat().rows().get(1).done(), vm.repeat().rows().get(1).toString());
        assertTrue(vm.repeat().allDoneProperty().get());
        assertEquals(4, f.count("SELECT count(*) FROM bookings WHERE series_id IS NOT NULL"));
        // Save again (a double click, a re-sent save): the same series, nothing booked twice
        vm.save();
        assertEquals(4, f.count("SELECT count(*) FROM bookings WHERE series_id IS NOT NULL"));
    }

    @Test
    void editingAnOccurrenceWithItsLaterOnesMovesEachAndAnswersEach() {
        java.util.UUID series = java.util.UUID.randomUUID();
        List<app.salondesk.logic.booking.BookingSeries.Occurrence> made = new app.salondesk.logic.booking.BookingSeries(f.engine).book(
                new app.salondesk.model.booking.NewBooking(f.tenant, f.anna, f.client, null, f.cut, at(10, 0), null, "", series,
                        app.salondesk.model.booking.Source.FORM, false), app.salondesk.model.booking.Repeat.times(1, 3), EngineFixture.ZONE);
        app.salondesk.model.booking.Booking second = ((BookingOutcome.Booked) made.get(1).outcome()).booking();
        vm.startEdit(new BookingFormViewModel.Existing(second, "Iryna", null));
        assertTrue(vm.inSeries());
        vm.repeat().laterProperty().set(true);
        vm.timeProperty().set("12:30");
        vm.save();
        assertEquals("Done: 2 of 2", vm.repeat().summaryProperty().get());
        assertTrue(vm.repeat().rows().get(1).text().endsWith(": moved"), vm.repeat().rows().get(1).text());
        assertTrue(vm.repeat().allDoneProperty().get());
        assertEquals(List.of("10:00", "12:30", "12:30"), f.dsl.resultQuery(
                "SELECT to_char(starts_at AT TIME ZONE 'Europe/Kyiv', 'HH24:MI') FROM bookings WHERE series_id = ? ORDER BY starts_at", series)
                .fetch(0, String.class));
    }

    @Test
    void aClientWhoDidNotComeBeforeIsNamedAsSuchWhenBookedAgain() {
        // two no-shows in 2024 and a visit she came to; the no-shows' bookings are the database's, not the form's
        for (String at : new String[]{"2024-03-01T08:00:00Z", "2024-10-12T09:00:00Z"}) {
            f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                    + f.tenant + ", " + f.anna + ", " + f.client + ", NULL, '" + at + "', 60, 'no_show')");
        }
        f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                + f.tenant + ", " + f.anna + ", " + f.client + ", NULL, '2024-11-20T09:00:00Z', 60, 'completed')");
        long cameAlways = f.dsl.insertInto(app.salondesk.jooq.Tables.CLIENTS, app.salondesk.jooq.Tables.CLIENTS.TENANT_ID,
                app.salondesk.jooq.Tables.CLIENTS.NAME).values(f.tenant, "Always On Time " + System.nanoTime())
                .returning(app.salondesk.jooq.Tables.CLIENTS.ID).fetchOne().getId();
        app.salondesk.logic.booking.ClientVisitsRepository visits = new app.salondesk.logic.booking.ClientVisitsRepository(f.dsl);
        List<Long> asked = new java.util.ArrayList<>();
        vm.setNoShowLookup(id -> {
            asked.add(id);
            return visits.noShows(f.tenant, id);
        });
        assertEquals("", vm.noShowsProperty().get(), "no client chosen yet");
        vm.chooseClient(f.client, "Iryna", null);
        assertEquals("2 no-shows, last 12 Oct 2024", vm.noShowsProperty().get());
        vm.clientNameProperty().set("Somebody new");
        assertEquals("", vm.noShowsProperty().get(), "typed over: a new client, nothing to say");
        vm.chooseClient(cameAlways, "Always", null);
        assertEquals("", vm.noShowsProperty().get(), "a client who always came");
        assertEquals(List.of(f.client, cameAlways), asked, "read once per client chosen");

        BookingFormViewModel uk = new BookingFormViewModel(new Salon(f.tenant, "Fixture", EngineFixture.ZONE), f.engine, NOW,
                new Messages(Locale.forLanguageTag("uk")), masters, List.of(), List.of());
        uk.setNoShowLookup(id -> visits.noShows(f.tenant, id));
        uk.chooseClient(f.client, "Iryna", null);
        assertEquals("2 неявки, остання 12 жовт. 2024", uk.noShowsProperty().get());
    }
}
