package app.salondesk.logic.online;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.FreeSlotFinder;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.booking.FreeSlot;
import app.salondesk.model.booking.InvalidReason;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.Reschedule;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.online.LinkMove;
import app.salondesk.model.online.LinkMoveOutcome;
import app.salondesk.model.online.OnlineBooking;
import app.salondesk.model.online.OnlineMaster;
import app.salondesk.model.online.OnlineOutcome;
import app.salondesk.model.online.OnlineRequest;
import app.salondesk.model.online.OnlineSalon;
import app.salondesk.model.online.OnlineService;
import app.salondesk.model.online.OnlineTime;
import app.salondesk.model.online.OnlineWaitRequest;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The online road (issue 13): what a salon's page may ask, answered through the same
 * {@link BookingEngine} as the desk — source {@code online}, the same named per-master lock,
 * lock_timeout, savepoint, constraint, request-id idempotency and outcomes. Meant to run on a
 * pool of the server's {@code salondesk_online} login; PostgreSQL refuses whatever the road may
 * not do (ADR 11). The checks here give the client a precise answer; the database's are the
 * guarantee.
 *
 * <p>A booking's private link is 32 random bytes in URL-safe base64; only their SHA-256 is
 * stored. A repeated request (same request id, same phone) gets a link of its own to the
 * booking already made, since the first answer may never have arrived.
 */
public final class OnlineDeskService implements OnlineDesk {

    private static final Logger log = LoggerFactory.getLogger(OnlineDeskService.class);

    /** Free starts are offered every quarter of an hour from the start of each working interval. */
    public static final int STEP_MIN = 15;
    /** How long losers of one time share their offers on a server ({@code BookingEngine}, ADR 5). */
    public static final Duration SHARED_OFFERS = Duration.ofMillis(500);
    public static final int MAX_NOTE_LENGTH = 500;
    public static final int MAX_EMAIL_LENGTH = 254;
    static final int TOKEN_BYTES = 32;

    private static final Pattern EMAIL = Pattern.compile("[^@\\s\\p{Cntrl}]+@[^@\\s\\p{Cntrl}]+\\.[^@\\s\\p{Cntrl}]+");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final DSLContext dsl;
    private final OnlineRepository repository;
    private final OnlineCatalogue catalogue;
    private final BookingEngine engine;
    private final OnlineConsents consents;
    private final Clock clock;
    private volatile java.util.function.LongConsumer onWaitlistJoined = tenant -> { };

    /** Reads everything afresh for every question: what tests that change a salon mid-test want. */
    /** How often the link of a booking already made is written before the page gives up (about 4 s in all). */
    private static final int LINK_ATTEMPTS = 4;

    public OnlineDeskService(DSLContext dsl) {
        this(dsl, Clock.systemUTC(), Duration.ZERO);
    }

    /**
     * @param catalogueTtl how long the salon, its services and its masters are kept between
     *                     pages ({@link OnlineCatalogue}); zero reads them for every question
     */
    public OnlineDeskService(DSLContext dsl, Clock clock, Duration catalogueTtl) {
        this(dsl, clock, catalogueTtl, DESK_LOCK_WAIT);
    }

    /**
     * @param lockWait how long a booking or a cancellation waits for a master's lock before the
     *                 page says "busy, try again" ({@code serve}: 2 s, shorter than the desk's 5 s —
     *                 a visitor and a thread of the server wait with it)
     */
    public OnlineDeskService(DSLContext dsl, Clock clock, Duration catalogueTtl, Duration lockWait) {
        this.dsl = dsl;
        this.repository = new OnlineRepository(dsl, lockWait);
        this.catalogue = new OnlineCatalogue(repository, catalogueTtl, System::nanoTime);
        // a server facing a crowd: losers of the same time share one search for their offers
        this.engine = new BookingEngine(dsl, catalogueTtl.isZero() ? Duration.ZERO : SHARED_OFFERS).waitingForLocksAtMost(lockWait);
        this.consents = new OnlineConsents(dsl);
        this.clock = clock;
    }

    /** The desk's own wait for a master's lock, for a road that asks for no shorter one. */
    static final Duration DESK_LOCK_WAIT = Duration.ofSeconds(5);

    @Override
    public Optional<OnlineSalon> salon(String slug) {
        if (slug == null || slug.length() > 40) {
            return Optional.empty();
        }
        return catalogue.bySlug(slug);
    }

    @Override
    public List<OnlineService> services(long tenantId) {
        return catalogue.services(tenantId);
    }

    @Override
    public List<OnlineMaster> masters(long tenantId, long serviceId) {
        return catalogue.masters(tenantId, serviceId);
    }

    /**
     * Every free start of the day, in time order. With one master, that master's; with any
     * ({@code masterId} null), each start once, with the first master in the salon's order who
     * is free then (and whose own length of the service fits).
     */
    @Override
    public List<OnlineTime> freeTimes(long tenantId, long serviceId, Long masterId, LocalDate day) {
        Optional<OnlineSalon> found = catalogue.byTenant(tenantId);
        if (found.isEmpty() || day == null) {
            return List.of();
        }
        OnlineSalon salon = found.get();
        Window window = window(salon);
        if (day.isBefore(window.today()) || day.isAfter(window.lastDay())) {
            return List.of();
        }
        if (repository.dayFull(tenantId, day)) {
            return List.of();   // the salon's day holds its bookings made on the page (migration 25)
        }
        Instant dayStart = app.salondesk.model.salon.WallClock.startOfDay(day, salon.zone());   // as the database reads the day's 00:00
        List<OnlineTime> times = new ArrayList<>();
        for (OnlineMaster m : catalogue.masters(tenantId, serviceId)) {
            if (masterId != null && m.id() != masterId) {
                continue;
            }
            for (FreeSlot s : FreeSlotFinder.find(dsl, FreeSlotFinder.Question.dayOf(tenantId, m.minutes(), dayStart, m.id(), serviceId,
                    null, STEP_MIN))) {
                if (!s.start().isBefore(window.earliest())) {
                    times.add(new OnlineTime(m.id(), m.name(), s.start()));
                }
            }
        }
        if (masterId != null) {
            times.sort(Comparator.comparing(OnlineTime::start));
            return times;
        }
        // the masters were asked in the salon's order: the first one free at a start keeps it
        Map<Instant, OnlineTime> first = new LinkedHashMap<>();
        times.forEach(t -> first.putIfAbsent(t.start(), t));
        List<OnlineTime> merged = new ArrayList<>(first.values());
        merged.sort(Comparator.comparing(OnlineTime::start));
        return merged;
    }

    @Override
    public List<app.salondesk.model.online.OnlineConsentForm> consentForms(long tenantId, long serviceId, String language) {
        return OnlineConsents.in(consents.allLanguages(tenantId, serviceId), language);
    }

    @Override
    public OnlineOutcome book(OnlineRequest r) {
        Optional<OnlineSalon> found = catalogue.byTenant(r.tenantId());
        if (found.isEmpty()) {
            return new OnlineOutcome.Invalid("", "online.invalid.closed");
        }
        OnlineSalon salon = found.get();
        String name = r.name() == null ? "" : r.name().strip();
        Optional<String> badName = nameProblem(name);
        if (badName.isPresent()) {
            return new OnlineOutcome.Invalid("name", badName.get());
        }
        Optional<String> phone = PhoneNumbers.normalise(r.phone(), salon.country());
        if (phone.isEmpty()) {
            return new OnlineOutcome.Invalid("phone", "online.invalid.phone");
        }
        String email = r.email() == null ? "" : r.email().strip();
        if (!email.isEmpty() && (email.length() > MAX_EMAIL_LENGTH || !EMAIL.matcher(email).matches())) {
            return new OnlineOutcome.Invalid("email", "online.invalid.email");
        }
        String note = r.note() == null ? "" : r.note().strip();
        if (note.length() > MAX_NOTE_LENGTH) {
            return new OnlineOutcome.Invalid("note", "online.invalid.noteTooLong");
        }
        if (r.requestId() == null) {
            return new OnlineOutcome.Invalid("", "online.invalid.refused");
        }
        List<OnlineMaster> masters = catalogue.masters(r.tenantId(), r.serviceId());
        if (masters.isEmpty()) {
            return new OnlineOutcome.Invalid("service", "online.invalid.service");
        }
        if (masters.stream().noneMatch(m -> m.id() == r.masterId())) {
            return new OnlineOutcome.Invalid("master", "online.invalid.master");
        }
        Window window = window(salon);
        if (r.start() == null) {
            return new OnlineOutcome.Invalid("start", "online.invalid.startMissing");
        }
        if (r.start().isBefore(window.earliest())) {
            return new OnlineOutcome.Invalid("start", "online.invalid.tooSoon");
        }
        if (r.start().atZone(salon.zone()).toLocalDate().isAfter(window.lastDay())) {
            return new OnlineOutcome.Invalid("start", "online.invalid.tooFar");
        }
        if (overTheCap(r, phone.get()) && !repository.madeBy(r.tenantId(), r.requestId(), phone.get())) {
            return new OnlineOutcome.Invalid("phone", "online.invalid.tooMany");
        }
        // a service with consent forms: signed as shown, in the booking's own transaction (issue 36, migration 60)
        List<app.salondesk.model.online.OnlineConsentForm> forms = consents.allLanguages(r.tenantId(), r.serviceId());
        Optional<String> unsigned = OnlineConsents.problem(r.consent(), forms);
        if (unsigned.isPresent()) {
            return new OnlineOutcome.Invalid("consentForm", unsigned.get());
        }
        OnlineConsents.Signing signing = forms.isEmpty() ? null : consents.signing(r, phone.get(), forms);
        NewBooking cmd = new NewBooking(r.tenantId(), r.masterId(), null, new NewBooking.ClientDetails(name, phone.get()), r.serviceId(),
                r.start(), null, note, r.requestId(), Source.ONLINE, false);
        BookingStatus status = salon.arriveConfirmed() ? BookingStatus.CONFIRMED : BookingStatus.PENDING;
        BookingOutcome outcome = signing == null ? engine.book(cmd, status) : engine.book(cmd, status, signing);
        return outcome.fold(
                booked -> linked(r, phone.get(), email),
                taken -> new OnlineOutcome.TimeTaken(offer(taken.nearestFree(), masters, window)),
                again -> new OnlineOutcome.TryAgain(),
                changed -> new OnlineOutcome.TryAgain(),
                invalid -> signing != null && (signing.failed() || invalid.reason() == InvalidReason.BAD_VALUE)
                        // the database refused the signature, or a form appeared or changed before the commit
                        ? new OnlineOutcome.Invalid("consentForm", "online.invalid.consentChanged")
                        : refused(r, phone.get(), invalid));
    }

    private boolean overTheCap(OnlineRequest r, String phone) {
        return repository.openBookings(r.tenantId(), phone) >= catalogue.maxOpenPerPhone(r.tenantId());
    }

    /**
     * A new private link to the booking the request made, and the booking as its client sees it.
     * The booking is made by then; if the link's write meets a server that takes no writes (a
     * pooled connection to a demoted primary, ADR 23: the pool replaces it) or loses its
     * connection, it is sent again, as the engine sends its own: a page saying "nothing was
     * booked" for a booking that was made would send the client to book twice (the failover
     * test's PostgreSQL kill, 2026-12-02). Writing the link again only replaces its hash.
     */
    private OnlineOutcome linked(OnlineRequest r, String phone, String email) {
        for (int attempt = 1; ; attempt++) {
            try {
                return linkedOnce(r, phone, email);
            } catch (org.jooq.exception.DataAccessException e) {
                boolean passing = app.salondesk.logic.booking.LostConnection.isReadOnlyServer(e) || app.salondesk.logic.booking.LostConnection.isLost(e);
                if (!passing || attempt >= LINK_ATTEMPTS) {
                    throw e;
                }
                log.info("the link of online request {} met {} (SQLSTATE {}): sent again", r.requestId(),
                        app.salondesk.logic.booking.LostConnection.isLost(e) ? "a lost connection" : "a server that takes no writes", e.sqlState());
                try {
                    Thread.sleep(250L << attempt);
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private OnlineOutcome linkedOnce(OnlineRequest r, String phone, String email) {
        String token = newToken();
        Optional<Long> booking = repository.attachToken(r.tenantId(), r.requestId(), phone, hash(token), email);
        if (booking.isEmpty()) {
            // the request id made a booking for another phone: never show it to this one
            log.warn("request {} of salon {} was answered by a booking of another client", r.requestId(), r.tenantId());
            return new OnlineOutcome.Invalid("", "online.invalid.refused");
        }
        return booking(token).<OnlineOutcome>map(OnlineOutcome.Booked::new)
                .orElseThrow(() -> new IllegalStateException("booking " + booking.get() + " has no link after it was given one"));
    }

    /** The engine's reasons in the page's words, with the field at fault. */
    private OnlineOutcome refused(OnlineRequest r, String phone, BookingOutcome.Invalid invalid) {
        InvalidReason reason = invalid.reason();
        return switch (reason) {
            case UNKNOWN_MASTER, MASTER_INACTIVE -> new OnlineOutcome.Invalid("master", "online.invalid.master");
            case UNKNOWN_SERVICE, SERVICE_INACTIVE, SERVICE_NOT_OFFERED -> new OnlineOutcome.Invalid("service", "online.invalid.service");
            case START_IN_PAST -> new OnlineOutcome.Invalid("start", "online.invalid.tooSoon");
            case OUTSIDE_WORKING_HOURS, MASTER_TIME_OFF -> new OnlineOutcome.Invalid("start", "online.invalid.notWorking");
            case START_MISSING -> new OnlineOutcome.Invalid("start", "online.invalid.startMissing");
            // the page said so before a time was picked; never the client's last result (ADR 36)
            case PATCH_TEST_NEEDED -> new OnlineOutcome.Invalid("service", "online.invalid.patchTest");
            case CLIENT_NAME_MISSING -> new OnlineOutcome.Invalid("name", "online.invalid.nameMissing");
            case CLIENT_NAME_TOO_LONG -> new OnlineOutcome.Invalid("name", "online.invalid.nameTooLong");
            case PHONE_INVALID -> new OnlineOutcome.Invalid("phone", "online.invalid.phone");
            case NOTE_TOO_LONG -> new OnlineOutcome.Invalid("note", "online.invalid.noteTooLong");
            case NO_PERMISSION -> {
                // the database's own checks said no (ADR 11); the one a client can act on is the cap
                log.info("the database refused online request {} of salon {}", r.requestId(), r.tenantId());
                if (overTheCap(r, phone)) {
                    yield new OnlineOutcome.Invalid("phone", "online.invalid.tooMany");
                }
                yield repository.dayFull(r.tenantId(), r.start().atZone(zoneOf(r)).toLocalDate())
                        ? new OnlineOutcome.Invalid("start", "online.invalid.dayFull")
                        : new OnlineOutcome.Invalid("", "online.invalid.refused");
            }
            default -> {
                log.info("online request {} of salon {} refused: {} {}", r.requestId(), r.tenantId(), reason, invalid.detail());
                yield new OnlineOutcome.Invalid("", "online.invalid.refused");
            }
        };
    }

    private java.time.ZoneId zoneOf(OnlineRequest r) {
        return catalogue.byTenant(r.tenantId()).map(OnlineSalon::zone).orElse(java.time.ZoneOffset.UTC);
    }

    /** The engine's nearest free starts that the page may offer: bookable masters, inside the window. */
    private static List<OnlineTime> offer(List<FreeSlot> slots, List<OnlineMaster> masters, Window window) {
        List<OnlineTime> times = new ArrayList<>();
        for (FreeSlot s : slots) {
            boolean bookable = masters.stream().anyMatch(m -> m.id() == s.masterId());
            if (bookable && !s.start().isBefore(window.earliest()) && !s.start().atZone(window.zone()).toLocalDate().isAfter(window.lastDay())) {
                times.add(new OnlineTime(s.masterId(), s.masterName(), s.start()));
            }
        }
        return times;
    }

    @Override
    public Optional<OnlineBooking> booking(String token) {
        if (token == null || !TOKEN.matcher(token).matches()) {
            return Optional.empty();
        }
        return repository.byToken(hash(token), token);
    }

    @Override
    public CancelOutcome cancel(String token) {
        if (token == null || !TOKEN.matcher(token).matches()) {
            return CancelOutcome.NOT_FOUND;
        }
        try {
            return switch (repository.cancel(hash(token))) {
                case "cancelled" -> CancelOutcome.CANCELLED;
                case "already_cancelled" -> CancelOutcome.ALREADY_CANCELLED;
                case "too_late" -> CancelOutcome.TOO_LATE;
                default -> CancelOutcome.NOT_FOUND;
            };
        } catch (DataAccessException e) {
            if ("55P03".equals(e.sqlState()) || "40P01".equals(e.sqlState()) || "40001".equals(e.sqlState())) {
                log.info("cancelling by link: the master's schedule stayed locked ({})", e.sqlState());
                return CancelOutcome.TRY_AGAIN;
            }
            throw e;
        }
    }

    /** A message's private link, {@code <tenant>.<64 hex>} (migration 30): anything else is not looked up. */
    private static final Pattern LINK_TOKEN = Pattern.compile("[1-9][0-9]{0,17}\\.[0-9a-f]{64}");

    @Override
    public LinkMoveOutcome moveByLink(LinkMove m) {
        if (m.token() == null || !LINK_TOKEN.matcher(m.token()).matches() || !m.token().startsWith(m.tenantId() + ".")) {
            return new LinkMoveOutcome.LinkRefused(LinkMoveOutcome.Why.NOT_FOUND);
        }
        Optional<OnlineSalon> found = catalogue.byTenant(m.tenantId());
        if (found.isEmpty()) {
            return new LinkMoveOutcome.LinkRefused(LinkMoveOutcome.Why.CLOSED);
        }
        List<OnlineMaster> masters = catalogue.masters(m.tenantId(), m.serviceId());
        Optional<OnlineMaster> to = masters.stream().filter(x -> x.id() == m.toMasterId()).findFirst();
        if (to.isEmpty()) {
            return new LinkMoveOutcome.Invalid("online.invalid.master");
        }
        Window window = window(found.get());
        if (m.start() == null) {
            return new LinkMoveOutcome.Invalid("online.invalid.startMissing");
        }
        if (m.start().isBefore(window.earliest())) {
            return new LinkMoveOutcome.Invalid("online.invalid.tooSoon");
        }
        if (m.start().atZone(window.zone()).toLocalDate().isAfter(window.lastDay())) {
            return new LinkMoveOutcome.Invalid("online.invalid.tooFar");
        }
        // the link is opened under the masters' locks, in the move's own transaction: checked and spent with it
        String[] refused = new String[1];
        BookingEngine.Alongside link = new BookingEngine.Alongside() {
            @Override
            public boolean claim(DSLContext tx) {
                String answer = tx.resultQuery("SELECT salondesk_message_link_begin_move({0})", org.jooq.impl.DSL.val(m.token()))
                        .fetchOne(0, String.class);
                refused[0] = "ok".equals(answer) ? null : answer;
                return refused[0] == null;
            }

            @Override
            public void booked(DSLContext tx, app.salondesk.model.booking.Booking booking) {
                // the link is spent by the database's trigger, in the move's savepoint (migration 31)
            }
        };
        BookingOutcome outcome = engine.reschedule(new Reschedule(m.tenantId(), m.bookingId(), m.version(), m.fromMasterId(), m.toMasterId(),
                m.start(), to.get().minutes(), Source.ONLINE, false), link);
        return outcome.fold(
                moved -> new LinkMoveOutcome.Moved(moved.booking().start(), moved.booking().masterId()),
                taken -> new LinkMoveOutcome.TimeTaken(offer(taken.nearestFree(), masters, window)),
                again -> new LinkMoveOutcome.TryAgain(),
                changed -> new LinkMoveOutcome.ChangedByOthers(),
                invalid -> {
                    if (refused[0] != null) {
                        return new LinkMoveOutcome.LinkRefused(switch (refused[0]) {
                            case "used" -> LinkMoveOutcome.Why.USED;
                            case "expired" -> LinkMoveOutcome.Why.EXPIRED;
                            case "too_late" -> LinkMoveOutcome.Why.TOO_LATE;
                            case "closed" -> LinkMoveOutcome.Why.CLOSED;
                            default -> LinkMoveOutcome.Why.NOT_FOUND;
                        });
                    }
                    return switch (invalid.reason()) {
                        case UNKNOWN_BOOKING -> new LinkMoveOutcome.LinkRefused(LinkMoveOutcome.Why.NOT_FOUND);
                        case START_IN_PAST -> new LinkMoveOutcome.Invalid("online.invalid.tooSoon");
                        case OUTSIDE_WORKING_HOURS, MASTER_TIME_OFF -> new LinkMoveOutcome.Invalid("online.invalid.notWorking");
                        case UNKNOWN_MASTER, MASTER_INACTIVE -> new LinkMoveOutcome.Invalid("online.invalid.master");
                        default -> {
                            log.info("a move by link of booking {} of salon {} refused: {} {}", m.bookingId(), m.tenantId(), invalid.reason(),
                                    invalid.detail());
                            yield new LinkMoveOutcome.Invalid("online.invalid.refused");
                        }
                    };
                });
    }

    /**
     * Told the salon of every client who joins its waitlist here: {@code serve} wakes the salon's
     * worker if it runs one in this process, so a time already free is booked within a moment.
     */
    public void onWaitlistJoined(java.util.function.LongConsumer listener) {
        this.onWaitlistJoined = java.util.Objects.requireNonNull(listener);
    }

    @Override
    public WaitOutcome joinWaitlist(OnlineWaitRequest r) {
        Optional<OnlineSalon> found = catalogue.byTenant(r.tenantId());
        if (found.isEmpty()) {
            return new WaitOutcome.Invalid("", "online.invalid.closed");
        }
        OnlineSalon salon = found.get();
        String name = r.name() == null ? "" : r.name().strip();
        Optional<String> badName = nameProblem(name);
        if (badName.isPresent()) {
            return new WaitOutcome.Invalid("name", badName.get());
        }
        Optional<String> phone = PhoneNumbers.normalise(r.phone(), salon.country());
        if (phone.isEmpty()) {
            return new WaitOutcome.Invalid("phone", "online.invalid.phone");
        }
        Window window = window(salon);
        if (r.from() == null || r.to() == null || r.to().isBefore(r.from()) || r.from().isBefore(window.today())
                || r.to().isAfter(window.lastDay())) {
            return new WaitOutcome.Invalid("days", "online.wait.days");
        }
        if (r.windowFromMin() < 0 || r.windowToMin() > 1440 || r.windowToMin() <= r.windowFromMin()) {
            return new WaitOutcome.Invalid("window", "online.wait.window");
        }
        if (catalogue.masters(r.tenantId(), r.serviceId()).stream()
                .noneMatch(m -> r.masterId() == null || m.id() == r.masterId())) {
            return new WaitOutcome.Invalid("", "online.invalid.service");
        }
        try {
            long entry = repository.joinWaitlist(r, phone.get());
            onWaitlistJoined.accept(r.tenantId());
            return new WaitOutcome.Joined(entry);
        } catch (DataAccessException e) {
            String state = String.valueOf(e.sqlState());
            log.info("the database refused salon {} an online waitlist entry: {}", r.tenantId(), state);
            return switch (state) {
                case "55000" -> new WaitOutcome.Invalid("", "online.wait.off");
                case "54000" -> new WaitOutcome.Invalid("phone", "online.wait.tooMany");
                case "22023" -> new WaitOutcome.Invalid("days", "online.wait.days");
                case "42501" -> new WaitOutcome.Invalid("", "online.invalid.refused");
                default -> throw e;
            };
        }
    }

    // ---- helpers -----------------------------------------------------------------------------

    /** What is wrong with a client's name as the page sent it (stripped), as a bundle key; empty when it will do. */
    private static Optional<String> nameProblem(String name) {
        if (name.isEmpty()) {
            return Optional.of("online.invalid.nameMissing");
        }
        if (name.length() > ClientRepository.MAX_NAME_LENGTH || name.chars().anyMatch(Character::isISOControl)) {
            return Optional.of("online.invalid.nameTooLong");
        }
        return Optional.empty();
    }

    /** Now, the earliest bookable start, today and the last bookable day, in the salon's zone. */
    private record Window(java.time.ZoneId zone, Instant earliest, LocalDate today, LocalDate lastDay) {
    }

    private Window window(OnlineSalon salon) {
        Instant now = clock.instant();
        LocalDate today = now.atZone(salon.zone()).toLocalDate();
        return new Window(salon.zone(), now.plusSeconds(60L * salon.minNoticeMin()), today, today.plusDays(salon.daysAhead()));
    }

    /** A private link's secret: 32 random bytes, URL-safe base64 without padding (43 characters). */
    static String newToken() {
        byte[] bytes = new byte[TOKEN_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** What the database keeps of a link: SHA-256 of its text. */
    static byte[] hash(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
