package app.salondesk.logic.demo;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.SalonBookings;
import app.salondesk.logic.checkout.SalonSales;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.salon.Salon;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.MASTERS;
import static app.salondesk.jooq.Tables.MASTER_SERVICES;
import static app.salondesk.jooq.Tables.MASTER_TIME_OFF;
import static app.salondesk.jooq.Tables.MASTER_WORKING_HOURS;
import static app.salondesk.jooq.Tables.ONLINE_SETTINGS;
import static app.salondesk.jooq.Tables.RESOURCES;
import static app.salondesk.jooq.Tables.SALON_KEYS;
import static app.salondesk.jooq.Tables.SERVICES;
import static app.salondesk.jooq.Tables.STAFF;
import static app.salondesk.jooq.Tables.TENANTS;

/**
 * A believable salon to try SalonDesk on: five masters with their own weekly hours, ten
 * services, forty clients and two weeks of bookings around today (done ones in the past,
 * confirmed and pending ones ahead, a few cancellations and no-shows).
 *
 * <p>It speaks the desk's language: the salon's, services', masters' and clients' names come from
 * the bundles ({@code demo.*}), so a Ukrainian desk explores "Жіноча стрижка" with "Олена
 * Коваленко". Seeding is idempotent: a database holds one demo salon (its {@code is_demo} flag),
 * created once in the language of whoever asked first; asking again, in any language, changes
 * nothing. Its bookings are written by the booking engine ({@link BookingEngine#record}), as
 * every booking is; the whole seed is one transaction, so a failed seed leaves nothing behind.
 */
public final class DemoSalon {

    /** The demo salon's name in English (each language has its own: {@code demo.salon}). */
    public static final String NAME = "Bloom Beauty Studio";
    public static final ZoneId ZONE = ZoneId.of("Europe/Kyiv");
    /** The demo salon's online booking page is at /demo. */
    public static final String ONLINE_SLUG = "demo";

    private static final Logger log = LoggerFactory.getLogger(DemoSalon.class);

    /** A master: the bundle key of her name ({@code demo.master.*}), colour, the keys of her services, her week. */
    private record MasterSpec(String key, String colour, List<String> services, Map<DayOfWeek, List<LocalTime[]>> hours) {
    }

    /** A service: the bundle key of its name ({@code demo.service.*}), minutes, price. */
    private record ServiceSpec(String key, int minutes, String price) {
    }

    private static final List<ServiceSpec> SERVICES_SPEC = List.of(
            new ServiceSpec("womensHaircut", 60, "650.00"),
            new ServiceSpec("mensHaircut", 45, "400.00"),
            new ServiceSpec("colouring", 120, "1800.00"),
            new ServiceSpec("styling", 45, "500.00"),
            new ServiceSpec("manicure", 90, "750.00"),
            new ServiceSpec("pedicure", 75, "850.00"),
            new ServiceSpec("brows", 45, "450.00"),
            new ServiceSpec("lashLift", 60, "900.00"),
            new ServiceSpec("beard", 30, "250.00"),
            new ServiceSpec("kids", 30, "300.00"));

    /** {@code demo.client.0} to {@code demo.client.39}. */
    private static final int CLIENTS_COUNT = 40;

    private final DSLContext dsl;
    private final Clock clock;
    private final Messages words;

    /** The demo salon in English (tests, and tools without a language). */
    public DemoSalon(DSLContext dsl, Clock clock) {
        this(dsl, clock, new Messages(Locale.ENGLISH));
    }

    /** @param words the desk's language: the demo's names are written in it */
    public DemoSalon(DSLContext dsl, Clock clock, Messages words) {
        this.dsl = dsl;
        this.clock = clock;
        this.words = words;
    }

    /**
     * Removes the demo salon with everything in it — sales, the till and products, bookings and their history, clients,
     * masters with their hours and time off, services, staff rows, its secrets — in one
     * transaction: all of it, or (on any refusal) nothing. The owner's work: staff have no
     * DELETE (migration 8), so for them the database answers 42501 and nothing changes.
     *
     * @return false when the salon is not a demo salon (a real salon is never removed here)
     */
    public static boolean remove(DSLContext dsl, long id) {
        return dsl.transactionResult(cfg -> {
            DSLContext tx = DSL.using(cfg);
            Boolean demo = tx.select(TENANTS.IS_DEMO).from(TENANTS).where(TENANTS.ID.eq(id)).forUpdate().fetchOne(TENANTS.IS_DEMO);
            if (!Boolean.TRUE.equals(demo)) {
                return false;
            }
            // its sales and till first: they name its bookings, clients, masters and services
            SalonSales.deleteAll(tx, id);
            int bookings = SalonBookings.deleteAll(tx, id);
            tx.deleteFrom(CLIENTS).where(CLIENTS.TENANT_ID.eq(id)).execute();
            // hours, weeks, own days, time off and who-does-what go with their master (ON DELETE CASCADE)
            int masters = tx.deleteFrom(MASTERS).where(MASTERS.TENANT_ID.eq(id)).execute();
            tx.deleteFrom(SERVICES).where(SERVICES.TENANT_ID.eq(id)).execute();
            // rooms and equipment (what needed them went with the services, their holds with the bookings)
            tx.deleteFrom(RESOURCES).where(RESOURCES.TENANT_ID.eq(id)).execute();
            tx.deleteFrom(STAFF).where(STAFF.TENANT_ID.eq(id)).execute();
            tx.deleteFrom(SALON_KEYS).where(SALON_KEYS.TENANT_ID.eq(id)).execute();
            tx.deleteFrom(TENANTS).where(TENANTS.ID.eq(id)).execute();
            log.info("removed the demo salon {} ({} bookings, {} masters)", id, bookings, masters);
            return true;
        });
    }

    /** Creates the demo salon unless this database has it already; returns it either way. */
    public Salon seed() {
        return dsl.transactionResult(cfg -> {
            DSLContext tx = DSL.using(cfg);
            // one seeder at a time, even from two desks started at once
            tx.execute("SELECT pg_advisory_xact_lock(hashtext('salondesk:demo-seed'))");
            tx.execute("SET LOCAL salondesk.source = 'demo'");
            // one demo salon per database, whatever language asked for it first
            var existing = tx.select(TENANTS.ID, TENANTS.NAME).from(TENANTS).where(TENANTS.IS_DEMO)
                    .orderBy(TENANTS.ID).limit(1).fetchOne();
            if (existing != null) {
                return new Salon(existing.value1(), existing.value2(), ZONE);
            }
            String name = words.get("demo.salon");
            long tenant = tx.insertInto(TENANTS, TENANTS.NAME, TENANTS.TIME_ZONE, TENANTS.IS_DEMO)
                    .values(name, ZONE.getId(), true).returning(TENANTS.ID).fetchOne().getId();
            new Writer(tx, tenant).write();
            // anyone can try the client's side at /demo (every service and master is bookable online
            // by default); nothing happens if another salon of this database has that address already
            tx.insertInto(ONLINE_SETTINGS, ONLINE_SETTINGS.TENANT_ID, ONLINE_SETTINGS.ENABLED, ONLINE_SETTINGS.SLUG)
                    .values(tenant, true, ONLINE_SLUG).onConflictDoNothing().execute();
            log.info("seeded the demo salon '{}' (id {}) in {}", name, tenant, words.locale());
            return new Salon(tenant, name, ZONE);
        });
    }

    private final class Writer {
        private final DSLContext tx;
        private final long tenant;
        private final Random random = new Random(20261129L);
        private final Map<String, Long> serviceIds = new LinkedHashMap<>();
        private final Map<String, Integer> serviceMinutes = new LinkedHashMap<>();

        /** Bookings go through the engine like every other write; inside this transaction its own become savepoints. */
        private final BookingEngine engine;

        Writer(DSLContext tx, long tenant) {
            this.tx = tx;
            this.tenant = tenant;
            this.engine = new BookingEngine(tx);
        }

        void write() {
            for (ServiceSpec s : SERVICES_SPEC) {
                long id = tx.insertInto(SERVICES, SERVICES.TENANT_ID, SERVICES.NAME, SERVICES.DURATION_MIN, SERVICES.PRICE)
                        .values(tenant, words.get("demo.service." + s.key()), s.minutes(), new BigDecimal(s.price()))
                        .returning(SERVICES.ID).fetchOne().getId();
                serviceIds.put(s.key(), id);
                serviceMinutes.put(s.key(), s.minutes());
            }
            List<Long> clients = new ArrayList<>();
            for (int i = 0; i < CLIENTS_COUNT; i++) {
                String phone = String.format("+38067%07d", 1_234_500 + i * 7919 % 9_000_000);
                clients.add(tx.insertInto(CLIENTS, CLIENTS.TENANT_ID, CLIENTS.NAME, CLIENTS.PHONE, CLIENTS.NOTES)
                        .values(tenant, words.get("demo.client." + i), phone, i % 7 == 0 ? words.get("demo.note.mornings") : "")
                        .returning(CLIENTS.ID).fetchOne().getId());
            }
            LocalDate today = LocalDate.now(clock.withZone(ZONE));
            int order = 0;
            for (MasterSpec m : masters()) {
                long master = tx.insertInto(MASTERS, MASTERS.TENANT_ID, MASTERS.NAME, MASTERS.COLOUR, MASTERS.SORT_ORDER)
                        .values(tenant, words.get("demo.master." + m.key()), m.colour(), order++)
                        .returning(MASTERS.ID).fetchOne().getId();
                for (String s : m.services()) {
                    tx.insertInto(MASTER_SERVICES, MASTER_SERVICES.TENANT_ID, MASTER_SERVICES.MASTER_ID, MASTER_SERVICES.SERVICE_ID)
                            .values(tenant, master, serviceIds.get(s)).execute();
                }
                m.hours().forEach((day, intervals) -> {
                    for (LocalTime[] iv : intervals) {
                        tx.insertInto(MASTER_WORKING_HOURS, MASTER_WORKING_HOURS.TENANT_ID, MASTER_WORKING_HOURS.MASTER_ID,
                                        MASTER_WORKING_HOURS.WEEKDAY, MASTER_WORKING_HOURS.STARTS_AT, MASTER_WORKING_HOURS.ENDS_AT)
                                .values(tenant, master, (short) day.getValue(), iv[0], iv[1]).execute();
                    }
                });
                LocalDate dayOff = order == 4 ? today.plusDays(3) : null;   // one master is away one day next week
                if (dayOff != null) {
                    tx.insertInto(MASTER_TIME_OFF, MASTER_TIME_OFF.TENANT_ID, MASTER_TIME_OFF.MASTER_ID,
                                    MASTER_TIME_OFF.STARTS_AT, MASTER_TIME_OFF.ENDS_AT, MASTER_TIME_OFF.REASON)
                            .values(tenant, master, dayOff.atStartOfDay(ZONE).toOffsetDateTime(),
                                    dayOff.plusDays(1).atStartOfDay(ZONE).toOffsetDateTime(), words.get("demo.timeOff.training"))
                            .execute();
                }
                for (LocalDate d = today.minusDays(7); !d.isAfter(today.plusDays(7)); d = d.plusDays(1)) {
                    if (!d.equals(dayOff)) {
                        bookDay(master, m, d, clients);
                    }
                }
            }
        }

        private void bookDay(long master, MasterSpec m, LocalDate day, List<Long> clients) {
            Instant now = clock.instant();
            for (LocalTime[] iv : m.hours().getOrDefault(day.getDayOfWeek(), List.of())) {
                ZonedDateTime t = day.atTime(iv[0]).atZone(ZONE);
                ZonedDateTime end = day.atTime(iv[1]).atZone(ZONE);
                while (true) {
                    String service = m.services().get(random.nextInt(m.services().size()));
                    int minutes = serviceMinutes.get(service);
                    if (t.plusMinutes(minutes).isAfter(end)) {
                        break;
                    }
                    if (random.nextInt(100) < 62) {
                        Instant start = t.toInstant();
                        BookingStatus status = statusFor(start, start.plusSeconds(minutes * 60L), now);
                        NewBooking visit = new NewBooking(tenant, master, clients.get(random.nextInt(clients.size())), null,
                                serviceIds.get(service), start, null, "", UUID.randomUUID(), Source.DEMO, false);
                        BookingOutcome outcome = engine.record(visit, status);
                        if (!(outcome instanceof BookingOutcome.Booked)) {
                            throw new IllegalStateException("demo booking refused: " + outcome);
                        }
                        t = t.plusMinutes(minutes + (random.nextInt(4) == 0 ? 15 : 0));
                    } else {
                        t = t.plusMinutes(30);
                    }
                }
            }
        }

        private BookingStatus statusFor(Instant start, Instant end, Instant now) {
            int dice = random.nextInt(100);
            if (!end.isAfter(now)) {
                return dice < 88 ? BookingStatus.COMPLETED : dice < 94 ? BookingStatus.NO_SHOW : BookingStatus.CANCELLED;
            }
            if (!start.isAfter(now)) {
                return BookingStatus.ARRIVED;
            }
            return dice < 75 ? BookingStatus.CONFIRMED : dice < 94 ? BookingStatus.PENDING : BookingStatus.CANCELLED;
        }
    }

    private static List<MasterSpec> masters() {
        Set<DayOfWeek> weekdays = Set.of(DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY, DayOfWeek.FRIDAY);
        return List.of(
                new MasterSpec("olena", "#8e24aa",
                        List.of("womensHaircut", "colouring", "styling", "kids"),
                        hours(weekdays, iv(9, 0, 13, 0), iv(14, 0, 18, 0))),
                new MasterSpec("marta", "#d81b60",
                        List.of("womensHaircut", "colouring", "styling"),
                        hours(Set.of(DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY, DayOfWeek.FRIDAY, DayOfWeek.SATURDAY),
                                iv(10, 0, 19, 0))),
                new MasterSpec("iryna", "#00897b",
                        List.of("manicure", "pedicure"),
                        hours(Set.of(DayOfWeek.MONDAY, DayOfWeek.WEDNESDAY, DayOfWeek.FRIDAY, DayOfWeek.SATURDAY, DayOfWeek.SUNDAY),
                                iv(9, 0, 17, 0))),
                new MasterSpec("sofiia", "#f4511e",
                        List.of("brows", "lashLift"),
                        hours(weekdays, iv(11, 0, 20, 0))),
                new MasterSpec("andrii", "#3949ab",
                        List.of("mensHaircut", "beard", "kids"),
                        hours(Set.of(DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY, DayOfWeek.FRIDAY,
                                DayOfWeek.SATURDAY, DayOfWeek.SUNDAY), iv(10, 0, 18, 0))));
    }

    private static LocalTime[] iv(int h1, int m1, int h2, int m2) {
        return new LocalTime[]{LocalTime.of(h1, m1), LocalTime.of(h2, m2)};
    }

    private static Map<DayOfWeek, List<LocalTime[]>> hours(Set<DayOfWeek> days, LocalTime[]... intervals) {
        Map<DayOfWeek, List<LocalTime[]>> map = new LinkedHashMap<>();
        for (DayOfWeek d : DayOfWeek.values()) {
            if (days.contains(d)) {
                map.put(d, List.of(intervals));
            }
        }
        return map;
    }
}
