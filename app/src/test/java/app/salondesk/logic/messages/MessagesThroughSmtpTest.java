package app.salondesk.logic.messages;

import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.StatusChange;
import app.salondesk.model.messages.Channel;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.logic.online.OnlineDeskService;
import app.salondesk.model.online.OnlineOutcome;
import app.salondesk.model.online.OnlineRequest;
import app.salondesk.runtime.Backend;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.waitlist.DailyWindow;
import app.salondesk.model.waitlist.JoinOutcome;
import app.salondesk.model.waitlist.NewWaitlistEntry;
import app.salondesk.logic.waitlist.WaitlistBooker;
import app.salondesk.logic.waitlist.WaitlistRepository;
import com.zaxxer.hikari.HikariDataSource;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static app.salondesk.logic.booking.EngineFixture.DAY;
import static app.salondesk.logic.booking.EngineFixture.ZONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Messages from the booking to the client's mailbox through a real SMTP server (GreenMail):
 * planned by the database whatever road wrote the booking, at the salon's local time across DST
 * and quiet hours, re-checked at send time, and sent once however many senders race.
 */
class MessagesThroughSmtpTest {

    private static MessagesFixture m;
    private static EngineFixture f;

    @BeforeAll
    static void salon() {
        m = new MessagesFixture("messages_smtp", 6);
        f = m.f;
    }

    @AfterAll
    static void close() {
        m.close();
    }

    @BeforeEach
    void bare() throws Exception {
        m.reset();
        f.dsl.execute("DELETE FROM waitlist_entries");
        f.dsl.execute("DELETE FROM online_settings");
        // no quiet hours unless a test says so: the confirmation's time would depend on the hour the test runs
        m.repo.saveSettings(f.tenant, withQuiet(LocalTime.MIDNIGHT, LocalTime.MIDNIGHT));
        m.repo.setClientContact(f.tenant, f.client, MessagesFixture.IRYNA, List.of(Channel.EMAIL), true, "en", app.salondesk.model.booking.Source.FORM);
    }

    private static MessageSettings withQuiet(LocalTime from, LocalTime to) {
        MessageSettings s = MessagesFixture.settings(m.mail.getSmtp().getPort());
        return new MessageSettings(s.enabled(), s.confirmations(), s.changes(), s.emailLeadMin(), s.smsLeadMin(), from, to,
                s.cancelCutoffMin(), s.language(), s.smtpHost(), s.smtpPort(), s.smtpStartTls(), s.smtpFrom(), s.smsGateway(), s.smsSender());
    }

    private static Instant at(LocalDate day, int hour, int minute) {
        return day.atTime(hour, minute).atZone(ZONE).toInstant();
    }

    @Test
    void aBookingFromTheFormGetsItsConfirmationAtOnceAndItsReminderAtTheLocalTimeTheSalonSet() throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        assertEquals("2030-01-06T10:00", m.plannedLocal(b.id(), "reminder", 1440), "24 h before 10:00 is 10:00 the day before");
        assertEquals("2030-01-07T08:00", m.plannedLocal(b.id(), "reminder", 120), "the SMS reminder, 2 h before");
        assertEquals(List.of("confirmation/0/planned", "reminder/1440/planned", "reminder/120/planned"), m.states(b.id()));

        MessageSender.Pass first = m.sender(f.dsl).sendDue(50);
        assertEquals(1, first.sent(), "only the confirmation is due: " + first);
        MimeMessage[] got = m.received();
        assertEquals(1, got.length);
        MimeMessage confirmation = got[0];
        assertEquals(MessagesFixture.IRYNA, confirmation.getAllRecipients()[0].toString());
        assertTrue(confirmation.getSubject().contains("10:00"), confirmation.getSubject());
        String key = f.dsl.resultQuery("SELECT message_key::text FROM messages WHERE kind = 'confirmation' AND booking_id = " + b.id())
                .fetchOne(0, String.class);
        assertEquals("<" + key + "@salondesk>", confirmation.getMessageID(), "the message's own id, the same on every try");
        String text = allText(confirmation);
        assertTrue(text.contains("Iryna") && text.contains("Cut") && text.contains("Anna") && text.contains("Monday, January 7, 2030"), text);
        assertTrue(text.matches("(?s).*https://book\\.bloom\\.test/m/" + f.tenant + "\\.[0-9a-f]{64}.*"), "a private link: " + text);
        assertTrue(text.contains("BEGIN:VCALENDAR"), "a calendar file with the confirmation");

        m.dueNow();
        MessageSender.Pass second = m.sender(f.dsl).sendDue(50);
        assertEquals(1, second.sent(), second.toString());
        assertEquals(2, m.received().length);
        assertTrue(m.received()[1].getSubject().startsWith("Reminder"), m.received()[1].getSubject());
        assertEquals(List.of("confirmation/0/sent", "reminder/1440/sent", "reminder/120/skipped"), m.states(b.id()));
        assertEquals("client has no sms", f.dsl.resultQuery("SELECT reason FROM messages WHERE lead_min = 120 AND booking_id = " + b.id())
                .fetchOne(0, String.class), "Iryna gets e-mail only");
    }

    @Test
    void everyRoadIntoTheScheduleGetsItsConfirmationAndReminder() throws Exception {
        List<Long> bookings = new ArrayList<>();
        // the desk's form
        bookings.add(f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(9, 0)))).id());
        // a drag: made for 11:00 by plain SQL's neighbour, moved to 12:00 on the calendar
        Booking dragged = f.booked(f.engine.book(f.cutWith(f.bohdan, EngineFixture.at(11, 0))));
        f.booked(f.engine.reschedule(new Reschedule(f.tenant, dragged.id(), dragged.version(), f.bohdan, f.bohdan,
                EngineFixture.at(12, 0), 60, Source.DRAG, false)));
        bookings.add(dragged.id());
        // the command line's import
        bookings.add(f.booked(f.engine.book(new NewBooking(f.tenant, f.anna, f.client, null, f.cut, EngineFixture.at(14, 0), null, "",
                UUID.randomUUID(), Source.IMPORT, false))).id());
        // plain SQL, as another program would write it
        bookings.add(f.id("INSERT INTO bookings (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status) VALUES ("
                + f.tenant + ", " + f.anna + ", " + f.client + ", " + f.cut + ", '" + EngineFixture.at(16, 0) + "', 60, 'confirmed') RETURNING id"));
        // the waitlist worker: Iryna waits for Bohdan on the day, from 17:00
        long entry = ((JoinOutcome.Joined) new WaitlistRepository(f.dsl).add(NewWaitlistEntry.forClient(f.tenant, f.client, f.cut, null,
                f.bohdan, DAY, DAY, new DailyWindow(17 * 60, 19 * 60)), Source.FORM)).entryId();
        WaitlistBooker.Result w = new WaitlistBooker(f.dsl).tryEntry(f.tenant, entry);
        assertEquals(WaitlistBooker.Attempt.FULFILLED, w.attempt(), w.toString());
        bookings.add(w.bookingId());
        // the online page, as the server's own login: the e-mail typed there is where it goes
        long online = onlineBooking();

        for (long b : bookings) {
            Instant start = f.dsl.resultQuery("SELECT starts_at FROM bookings WHERE id = " + b).fetchOne(0, java.time.OffsetDateTime.class).toInstant();
            assertEquals(start.atZone(ZONE).minusDays(1).toLocalDateTime().toString(), m.plannedLocal(b, "reminder", 1440), "booking " + b);
        }
        m.dueNow();
        MessageSender.Pass pass = m.sender(f.dsl).sendAllDue(50, 10);
        // six bookings, each a confirmation and an e-mail reminder; the SMS reminders find no SMS
        assertEquals(12, pass.sent(), pass.toString());
        Set<String> toIryna = new HashSet<>();
        int toOnline = 0;
        for (MimeMessage msg : m.received()) {
            String to = msg.getAllRecipients()[0].toString();
            if (to.equals("olha@example.com")) {
                toOnline++;
                assertTrue(allText(msg).contains("Olha Online"), "the name typed on the page, never the card's");
            } else {
                assertEquals(MessagesFixture.IRYNA, to);
                toIryna.add(msg.getSubject().substring(0, 3) + msg.getSubject().replaceAll(".*, ", ""));
            }
        }
        assertEquals(2, toOnline, "the online booking's confirmation and reminder");
        assertEquals(10, m.received().length - toOnline);
        assertTrue(toIryna.stream().anyMatch(s -> s.endsWith("12:00 PM")), "the dragged booking's new time: " + toIryna);
        assertTrue(toIryna.stream().noneMatch(s -> s.endsWith("11:00 AM")), "never its old time: " + toIryna);
        assertEquals(0, f.count("SELECT count(*) FROM messages WHERE state = 'planned' AND tenant_id = " + f.tenant));
        assertEquals(online, (long) f.dsl.resultQuery("SELECT booking_id FROM messages WHERE recipient = 'olha@example.com' LIMIT 1")
                .fetchOne(0, Long.class));
    }

    private long onlineBooking() {
        String suffix = Long.toString(System.nanoTime(), 36);
        String login = "web_" + suffix;
        String password = "online-pw-" + suffix;
        new StaffRepository(f.dsl).addOnlineLogin(login, password.toCharArray());
        f.dsl.execute("INSERT INTO online_settings (tenant_id, enabled, slug) VALUES (" + f.tenant + ", true, 'msg-" + suffix + "')");
        try (HikariDataSource pool = new HikariDataSource()) {
            pool.setJdbcUrl(f.backend.database().settings().url());
            pool.setUsername(login);
            pool.setPassword(password);
            pool.setMaximumPoolSize(2);
            OnlineDeskService online = new OnlineDeskService(DSL.using(pool, SQLDialect.POSTGRES));
            LocalDate day = LocalDate.now(ZONE).plusDays(2);
            OnlineOutcome o = online.book(new OnlineRequest(f.tenant, f.cut, f.anna, at(day, 10, 0), "Olha Online", "067 555 12 34",
                    "olha@example.com", "", UUID.randomUUID()));
            return assertInstanceOf(OnlineOutcome.Booked.class, o, o.toString()).booking().bookingId();
        }
    }

    @Test
    void aCancelledBookingGetsNoReminderButANoticeAndAMovedOneItsNewTimeOnly() throws Exception {
        Booking cancelled = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        Booking moved = f.booked(f.engine.book(f.cutWith(f.bohdan, EngineFixture.at(10, 0))));
        assertEquals(2, m.sender(f.dsl).sendDue(50).sent(), "both confirmations");
        f.booked(f.engine.changeStatus(new StatusChange(f.tenant, cancelled.id(), cancelled.version(), f.anna, BookingStatus.CANCELLED, Source.FORM)));
        f.booked(f.engine.reschedule(new Reschedule(f.tenant, moved.id(), moved.version(), f.bohdan, f.bohdan, EngineFixture.at(15, 0), 60,
                Source.DRAG, false)));
        assertEquals(List.of("confirmation/0/sent", "cancelled/0/planned", "reminder/1440/skipped", "reminder/120/skipped"), m.states(cancelled.id()));
        assertEquals("2030-01-06T15:00", m.plannedLocal(moved.id(), "reminder", 1440), "the new time's reminder");
        m.dueNow();
        m.sender(f.dsl).sendAllDue(50, 5);
        List<String> subjects = new ArrayList<>();
        for (MimeMessage msg : m.received()) {
            subjects.add(msg.getSubject());
        }
        assertEquals(5, subjects.size(), "two confirmations, the notices of the cancel and the move, the moved booking's reminder: " + subjects);
        assertTrue(subjects.contains("Your booking at Fixture salon on Monday, January 7, 2030 is cancelled"), subjects.toString());
        assertTrue(subjects.contains("Your booking at Fixture salon was moved: Monday, January 7, 2030, 3:00 PM"), subjects.toString());
        assertEquals(1, subjects.stream().filter(s -> s.startsWith("Reminder")).count(), "one reminder, of the moved booking: " + subjects);
        assertTrue(subjects.stream().filter(s -> s.startsWith("Reminder")).allMatch(s -> s.endsWith("3:00 PM")), subjects.toString());
        assertEquals("booking cancelled", f.dsl.resultQuery("SELECT reason FROM messages WHERE kind = 'reminder' AND lead_min = 1440 AND booking_id = "
                + cancelled.id()).fetchOne(0, String.class));
    }

    @Test
    void aCompletedVisitIsThankedWithTheSalonsPageOnlyWhileItStaysCompleted() throws Exception {
        m.repo.saveSettings(f.tenant, withQuiet(LocalTime.MIDNIGHT, LocalTime.MIDNIGHT).withThanksAfter(90));
        f.dsl.execute("INSERT INTO online_settings (tenant_id, enabled, slug) VALUES (" + f.tenant + ", true, 'bloom-thanks')");
        Instant begun = Instant.now().minus(java.time.Duration.ofHours(2)).truncatedTo(java.time.temporal.ChronoUnit.MINUTES);
        Booking visit = f.booked(f.engine.record(new NewBooking(f.tenant, f.anna, f.client, null, f.cut, begun, null, "", UUID.randomUUID(),
                Source.FORM, true), BookingStatus.CONFIRMED));
        Booking mistaken = f.booked(f.engine.record(new NewBooking(f.tenant, f.bohdan, f.client, null, f.cut, begun, null, "", UUID.randomUUID(),
                Source.FORM, true), BookingStatus.CONFIRMED));
        Booking imported = f.booked(f.engine.record(new NewBooking(f.tenant, f.vira, f.client, null, f.nails, begun.minus(java.time.Duration.ofDays(3)),
                null, "", UUID.randomUUID(), Source.IMPORT, true), BookingStatus.COMPLETED));
        assertEquals(List.of(), m.states(visit.id()), "a visit already begun gets no confirmation");
        f.booked(f.engine.changeStatus(new StatusChange(f.tenant, visit.id(), visit.version(), f.anna, BookingStatus.COMPLETED, Source.FORM)));
        Booking done = f.booked(f.engine.changeStatus(new StatusChange(f.tenant, mistaken.id(), mistaken.version(), f.bohdan,
                BookingStatus.COMPLETED, Source.FORM)));
        assertEquals(List.of("thanks/0/planned"), m.states(visit.id()));
        long minutes = f.dsl.resultQuery("SELECT round(extract(epoch FROM planned_at - now()) / 60) FROM messages WHERE booking_id = " + visit.id())
                .fetchOne(0, Long.class);
        assertTrue(minutes >= 89 && minutes <= 90, "90 minutes after the visit was marked completed: " + minutes);
        assertEquals(List.of(), m.states(imported.id()), "a visit recorded as completed when it was made is not thanked");
        assertEquals(0, m.sender(f.dsl).sendDue(50).claimed(), "not before its time");

        // the other visit was marked completed by mistake and set back: its thank-you is not sent
        f.booked(f.engine.changeStatus(new StatusChange(f.tenant, mistaken.id(), done.version(), f.bohdan, BookingStatus.ARRIVED, Source.FORM)));
        m.dueNow();
        assertEquals(1, m.sender(f.dsl).sendDue(50).sent());
        assertEquals(List.of("thanks/0/skipped"), m.states(mistaken.id()));
        MimeMessage thanks = m.received()[0];
        assertEquals("Thank you for your visit to Fixture salon", thanks.getSubject());
        String text = allText(thanks);
        assertTrue(text.contains("Iryna") && text.contains("https://book.bloom.test/bloom-thanks"), "the salon's page to book again: " + text);
        assertTrue(!text.contains("/m/") && !text.contains("BEGIN:VCALENDAR"), "no private link and no calendar file: " + text);
        assertEquals(0, f.count("SELECT count(*) FROM message_tokens WHERE booking_id = " + visit.id()), "no link made for it");
    }

    @Test
    void theSenderAsksTheClientAgainAtSendTime() throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        m.repo.setClientContact(f.tenant, f.client, MessagesFixture.IRYNA, List.of(Channel.EMAIL), false, null, app.salondesk.model.booking.Source.FORM);
        m.dueNow();
        assertEquals(0, m.sender(f.dsl).sendDue(50).claimed());
        assertEquals(0, m.received().length);
        assertEquals(List.of("confirmation/0/skipped", "reminder/1440/skipped", "reminder/120/skipped"), m.states(b.id()));
        assertEquals(3, f.count("SELECT count(*) FROM messages WHERE reason = 'no consent' AND booking_id = " + b.id()));
    }

    @Test
    void remindersKeepTheLocalHourAcrossDaylightSavingAndGoBeforeTheQuietHours() {
        m.repo.saveSettings(f.tenant, withQuiet(LocalTime.of(21, 0), LocalTime.of(9, 0)));
        // spring: the clocks go forward in the night to Sunday 31 March 2030; 24 h before Sunday 10:00 is Saturday 10:00, 23 real hours
        Booking spring = f.booked(f.engine.book(f.cutWith(f.anna, at(LocalDate.of(2030, 3, 31), 10, 0))));
        assertEquals("2030-03-30T10:00", m.plannedLocal(spring.id(), "reminder", 1440));
        assertEquals(Duration.ofHours(23), Duration.between(planned(spring.id(), 1440), spring.start()));
        // autumn: back in the night to Sunday 27 October 2030; 25 real hours
        Booking autumn = f.booked(f.engine.book(f.cutWith(f.anna, at(LocalDate.of(2030, 10, 27), 10, 0))));
        assertEquals("2030-10-26T10:00", m.plannedLocal(autumn.id(), "reminder", 1440));
        assertEquals(Duration.ofHours(25), Duration.between(planned(autumn.id(), 1440), autumn.start()));
        // 2 h before 10:00 is 08:00, inside 21:00-09:00: it goes the evening before, at 20:59
        Booking morning = f.booked(f.engine.book(f.cutWith(f.bohdan, EngineFixture.at(10, 0))));
        assertEquals("2030-01-06T20:59", m.plannedLocal(morning.id(), "reminder", 120));
        // on the night the clocks change: 2 h before Sunday 31 March 09:30 is 06:30 — quiet, so Saturday 20:59 (still winter time)
        Booking dstNight = f.booked(f.engine.book(f.cutWith(f.bohdan, at(LocalDate.of(2030, 3, 31), 9, 30))));
        assertEquals("2030-03-30T20:59", m.plannedLocal(dstNight.id(), "reminder", 120));
        assertEquals(ZonedDateTime.of(2030, 3, 30, 20, 59, 0, 0, ZONE).toInstant(), planned(dstNight.id(), 120));
    }

    @Test
    void aBookingMadeLessThanTheLeadBeforeGetsItsConfirmationOnlyAndQuietHoursHoldTheConfirmationBack() {
        Instant soon = Instant.now().plus(Duration.ofHours(3)).truncatedTo(java.time.temporal.ChronoUnit.MINUTES);
        long b = f.id("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min) VALUES (" + f.tenant + ", " + f.vira
                + ", " + f.client + ", '" + soon + "', 30) RETURNING id");
        assertEquals(List.of("confirmation/0/planned", "reminder/120/planned"), m.states(b), "no 24 h reminder three hours ahead");
        // quiet hours around this very moment: the confirmation waits for their end
        LocalTime now = LocalTime.now(ZONE).withSecond(0).withNano(0);
        m.repo.saveSettings(f.tenant, withQuiet(now.minusHours(1), now.plusHours(1)));
        Booking later = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        Instant confirmation = f.dsl.resultQuery("SELECT planned_at FROM messages WHERE kind = 'confirmation' AND booking_id = " + later.id())
                .fetchOne(0, java.time.OffsetDateTime.class).toInstant();
        assertEquals(now.plusHours(1), confirmation.atZone(ZONE).toLocalTime(), "at the end of the quiet hours");
        assertTrue(confirmation.isAfter(Instant.now()));
    }

    @Test
    void nothingGoesInTheQuietHoursWhateverMadeItDue() throws Exception {
        Booking b = f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(10, 0))));
        // the sender was away: the confirmation and the reminder are due, and it is now the salon's quiet time
        LocalTime now = LocalTime.now(ZONE).withSecond(0).withNano(0);
        m.repo.saveSettings(f.tenant, withQuiet(now.minusHours(1), now.plusHours(1)));
        m.dueNow();
        assertEquals(0, m.sender(f.dsl).sendDue(50).claimed());
        assertEquals(0, m.received().length, "not a message in the quiet hours");
        assertEquals(List.of("confirmation/0/planned", "reminder/1440/planned", "reminder/120/skipped"), m.states(b.id()),
                "the re-check still skips what no longer fits (Iryna has no SMS)");
        Instant until = f.dsl.resultQuery("SELECT min(due_at) FROM messages WHERE state = 'planned' AND booking_id = " + b.id())
                .fetchOne(0, java.time.OffsetDateTime.class).toInstant();
        assertEquals(now.plusHours(1), until.atZone(ZONE).toLocalTime(), "they wait for the end of the quiet hours");
        assertEquals(0, f.count("SELECT max(attempts) FROM messages WHERE state = 'planned' AND booking_id = " + b.id()), "untried");
    }

    private static Instant planned(long booking, int lead) {
        return f.dsl.resultQuery("SELECT planned_at FROM messages WHERE kind = 'reminder' AND lead_min = " + lead + " AND booking_id = " + booking)
                .fetchOne(0, java.time.OffsetDateTime.class).toInstant();
    }

    @ParameterizedTest(name = "{0} senders")
    @ValueSource(ints = {2, 4})
    void sendersRacingOverAThousandDueMessagesSendEachExactlyOnce(int senders) throws Exception {
        MessageSettings s = withQuiet(LocalTime.MIDNIGHT, LocalTime.MIDNIGHT);
        m.repo.saveSettings(f.tenant, new MessageSettings(true, true, true, null, null, s.quietFrom(), s.quietTo(), 120, "en",
                s.smtpHost(), s.smtpPort(), false, s.smtpFrom(), "", ""));
        // a thousand bookings by plain SQL: 30 minutes each, back to back on Anna's days from 2031
        f.dsl.execute("INSERT INTO bookings (tenant_id, master_id, client_id, starts_at, duration_min, status) "
                + "SELECT " + f.tenant + ", " + f.anna + ", " + f.client + ", timestamptz '2031-01-01 00:00+00' + make_interval(mins => 30 * g), 30, 'confirmed' "
                + "FROM generate_series(0, 999) g");
        assertEquals(1000, f.count("SELECT count(*) FROM messages WHERE state = 'planned'"));
        m.dueNow();
        List<Backend> pools = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(senders);
        try {
            CyclicBarrier together = new CyclicBarrier(senders);
            List<Future<MessageSender.Pass>> done = new ArrayList<>();
            for (int i = 0; i < senders; i++) {
                Backend own = Backend.connect(f.backend.database().settings(), 2);
                pools.add(own);
                MessageSender sender = m.sender(own.dsl());
                Callable<MessageSender.Pass> run = () -> {
                    together.await();
                    return sender.sendAllDue(25, 1000);
                };
                done.add(threads.submit(run));
            }
            int sent = 0;
            for (Future<MessageSender.Pass> d : done) {
                MessageSender.Pass p = d.get();
                assertTrue(p.sent() > 0, "every sender took a share: " + p);
                sent += p.sent();
            }
            assertEquals(1000, sent);
        } finally {
            threads.shutdownNow();
            pools.forEach(Backend::close);
        }
        MimeMessage[] got = m.received();
        Set<String> ids = new HashSet<>();
        for (MimeMessage msg : got) {
            ids.add(msg.getMessageID());
        }
        assertEquals(1000, got.length, "each sent once");
        assertEquals(1000, ids.size(), "a thousand different messages");
        assertEquals(1000, f.count("SELECT count(*) FROM messages WHERE state = 'sent' AND attempts = 1"));
    }

    static String allText(MimeMessage msg) throws Exception {
        StringBuilder out = new StringBuilder();
        collect(msg.getContent(), out);
        return out.toString();
    }

    private static void collect(Object content, StringBuilder out) throws Exception {
        if (content instanceof MimeMultipart mp) {
            for (int i = 0; i < mp.getCount(); i++) {
                collect(mp.getBodyPart(i).getContent(), out);
            }
        } else if (content instanceof java.io.InputStream in) {
            out.append(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)).append('\n');
        } else {
            out.append(content).append('\n');
        }
    }
}
