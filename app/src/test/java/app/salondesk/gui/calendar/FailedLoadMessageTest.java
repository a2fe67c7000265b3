package app.salondesk.gui.calendar;

import app.salondesk.gui.common.Failures;
import app.salondesk.gui.staff.setup.Immediately;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.calendar.ScheduleService;
import app.salondesk.logic.clients.StaffLogins;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.salon.Salon;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 30, defect 9: a day the database refuses to load (a receptionist whose right to read the
 * salon's clients was taken away) is said in the person's words with a reference they can quote;
 * the statement, the driver's text and the stack trace are in the log, under that reference, once.
 */
class FailedLoadMessageTest {

    private static final Pattern REFERENCE = Pattern.compile("reference ([0-9A-F]{6})");
    private static EngineFixture f;
    private static StaffLogins logins;
    private static DSLContext receptionist;

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

    @BeforeAll
    static void salon() {
        f = new EngineFixture("failedload", 2);
        logins = new StaffLogins(f.dsl, f.backend.database().settings());
        receptionist = logins.dsl(logins.add(f.tenant, "recep", "receptionist"));
        f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        // this database only: the group's right to read clients, taken away
        f.dsl.execute("REVOKE SELECT ON clients FROM salondesk_receptionist");
    }

    @AfterAll
    static void close() {
        logins.close();
        f.close();
    }

    @BeforeEach
    void listen() {
        logged.start();
        root.addAppender(logged);
    }

    @AfterEach
    void stopListening() {
        root.detachAppender(logged);
    }

    @Test
    void aRefusedDayLoadSaysSoWithAReferenceAndTheStatementIsInTheLogOnly() {
        Salon salon = new Salon(f.tenant, "Fixture salon", EngineFixture.ZONE);
        DayScheduleViewModel vm = new DayScheduleViewModel(salon, new MasterRepository(f.dsl).findActive(f.tenant),
                new ScheduleService(new ScheduleRepository(receptionist), new MasterRepository(receptionist)), new Immediately(),
                new Messages(Locale.ENGLISH), Clock.fixed(Instant.parse("2029-12-01T09:00:00Z"), ZoneOffset.UTC));
        vm.dateProperty().set(EngineFixture.DAY);
        vm.load(EngineFixture.DAY);
        String said = vm.statusProperty().get();
        Matcher m = REFERENCE.matcher(said);
        assertTrue(m.find(), said);
        for (String never : List.of("select", "SQL", "Exception", "clients", "permission denied", "jooq", "at app.")) {
            assertFalse(said.toLowerCase(Locale.ROOT).contains(never.toLowerCase(Locale.ROOT)), "\"" + never + "\" on screen: " + said);
        }
        assertEquals("The schedule could not be loaded \u2014 reference " + m.group(1) + ". The details are in the log.", said);
        List<ILoggingEvent> withIt = logged.list.stream().filter(e -> e.getFormattedMessage().contains(m.group(1))).toList();
        assertEquals(1, withIt.size(), "logged once, under its reference: " + logged.list);
        String details = ThrowableProxyUtil.asString(withIt.get(0).getThrowableProxy());
        assertTrue(details.contains("permission denied for table clients") && details.toLowerCase(Locale.ROOT).contains("select"),
                "the statement and the driver's words are in the log");
    }

    @Test
    void aFailureLoggedWhereItWasHandledIsNotLoggedAgainAndKeepsItsReference() {
        IllegalStateException failure = new IllegalStateException("select * from secrets");
        String reference = Failures.logged(LoggerFactory.getLogger("a.task"), "background task failed", failure);
        assertEquals(reference, Failures.reference(failure));
        String said = Failures.say(new Messages(Locale.ENGLISH), "failure.withReference", failure);
        assertEquals("Something went wrong \u2014 reference " + reference + ". The details are in the log.", said);
        assertEquals(1, logged.list.stream().filter(e -> e.getFormattedMessage().contains(reference)).count());
        assertFalse(reference.equals(Failures.reference(new IllegalStateException("another"))) && reference.equals(
                Failures.reference(new IllegalStateException("a third"))), "each failure its own reference");
    }
}
