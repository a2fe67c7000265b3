package app.salondesk.web;

import app.salondesk.logic.online.OnlineDesk;
import app.salondesk.model.clients.PhoneNumbers;
import app.salondesk.model.online.OnlineConsent;
import app.salondesk.model.online.OnlineOutcome;
import app.salondesk.model.online.OnlineRequest;
import app.salondesk.model.online.OnlineSalon;
import app.salondesk.model.online.OnlineTime;
import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.http.TooManyRequestsResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * POST /{slug}/book: reads the form strictly (sizes, shapes, the phone for the salon's
 * country), books through {@link OnlineDesk#book}, and answers with the engine's outcome in a
 * client's words. Booked redirects to the private link (POST-redirect-GET, so a refresh books
 * nothing); the form's request id makes a double tap or a retry the same booking.
 */
final class BookHandler {

    private static final Logger log = LoggerFactory.getLogger(BookHandler.class);

    static final int MAX_NAME = 100;
    static final int MAX_PHONE = 40;
    static final int MAX_EMAIL = 254;
    static final int MAX_NOTE = 500;
    static final int MAX_SIGN_NAME = 200;
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s]+\\.[^@\\s]+");
    private static final Pattern CONTROL = Pattern.compile("[\\p{Cntrl}&&[^\\r\\n\\t]]");

    private final OnlineDesk desk;
    private final Pages pages;
    private final SalonPage salonPage;
    private final RateLimiter phones;
    private final Clock clock;

    BookHandler(OnlineDesk desk, Pages pages, SalonPage salonPage, RateLimiter phones, Clock clock) {
        this.desk = desk;
        this.pages = pages;
        this.salonPage = salonPage;
        this.phones = phones;
        this.clock = clock;
    }

    void book(Context ctx) {
        Optional<OnlineSalon> found;
        RuntimeException unreachable = null;
        try {
            found = salonPage.salon(ctx);
        } catch (RuntimeException e) {
            // the database out of reach: the form is answered under the salon as last read, kept
            found = Optional.of(salonPage.lastReadOr(ctx, e));
            unreachable = e;
        }
        if (found.isEmpty()) {
            return;
        }
        OnlineSalon salon = found.get();
        long serviceId = id(ctx.formParam("service"));
        long masterId = id(ctx.formParam("master"));
        long epoch = id(ctx.formParam("start"));
        String requestId = requestId(ctx.formParam("requestId"));
        Instant start = Instant.ofEpochSecond(epoch);
        String name = text(ctx.formParam("name"));
        String phone = text(ctx.formParam("phone"));
        String email = text(ctx.formParam("email"));
        String note = text(ctx.formParam("note"));
        boolean consent = ctx.formParam("consent") != null;
        List<OnlineConsent.Shown> shown = shownForms(ctx.formParams("consentForm"));
        String signName = text(ctx.formParam("signName"));
        boolean signAgree = ctx.formParam("signAgree") != null;

        WebText t = pages.text(ctx, salon);
        // the forms as they stand now (issue 36); a database out of reach keeps those the page showed
        List<Views.ConsentFormView> forms;
        if (unreachable == null) {
            try {
                forms = salonPage.consentForms(t, salon, serviceId);
            } catch (RuntimeException e) {
                if (!Unavailable.is(e)) {
                    throw e;
                }
                unreachable = e;
                forms = asSent(shown);
            }
        } else {
            forms = asSent(shown);
        }
        Signed sign = new Signed(forms, signName, signAgree);
        Map<String, String> errors = new LinkedHashMap<>();
        String e164 = validate(t, salon, name, phone, email, note, consent, errors);
        if (!forms.isEmpty()) {
            signProblems(t, signName, signAgree, errors);
        }
        String notice = startProblem(t, salon, start);
        if (!errors.isEmpty() || notice != null) {
            answerInvalid(ctx, t, salon, serviceId, masterId, start, errors, notice, requestId, name, phone, email, note, consent, sign);
            return;
        }
        if (!phones.tryAcquire(e164)) {
            ctx.header("Retry-After", Long.toString(phones.secondsUntilNext()));
            throw new TooManyRequestsResponse();
        }
        OnlineOutcome outcome;
        try {
            if (unreachable != null) {
                throw unreachable;     // asked once already: no second wait for the pool
            }
            outcome = desk.book(new OnlineRequest(salon.tenantId(), serviceId, masterId, start, name, phone,
                    email, note, UUID.fromString(requestId), new OnlineConsent(signName, signAgree, shown)));
        } catch (RuntimeException e) {
            if (!Unavailable.is(e)) {
                throw e;
            }
            // the database went away (or a failover is under way) while booking: whether the booking
            // landed is unknown here, so the page keeps the form with the same request id, and the
            // client's next tap settles it — the booking made is shown, never made twice (issue 37)
            log.warn("online booking request {} for salon {}: database unreachable ({}), the form is kept for a retry",
                    requestId, salon.tenantId(), Unavailable.summary(e));
            Views.FormView same = salonPage.form(ctx, salon, serviceId, masterId, start, Map.of(), null, requestId,
                    name, phone, email, note, consent, sign.forms(), sign.name(), sign.agree());
            ctx.header("Retry-After", "5");
            render(ctx, 503, t, salon, new Views.AnswerView(t.get("web.unavailable.title"), t.get("web.unsure.text"), null, List.of(),
                    same, null, null, null));
            return;
        }
        log.info("online booking request {} for salon {}: {}", requestId, salon.tenantId(), outcome.getClass().getSimpleName());
        if (outcome instanceof OnlineOutcome.Booked b) {
            ctx.redirect("/" + salon.slug() + "/b/" + b.booking().token() + "?new=1", HttpStatus.SEE_OTHER);
        } else if (outcome instanceof OnlineOutcome.TimeTaken taken) {
            Views.FormView form = salonPage.form(ctx, salon, serviceId, masterId, start, Map.of(), null, requestId,
                    name, phone, email, note, consent, sign.forms(), sign.name(), sign.agree());
            // the alternatives are a new request: the taken one made no booking, and one tap books once
            String again = UUID.randomUUID().toString();
            List<Views.Alternative> alternatives = new ArrayList<>();
            for (OnlineTime ft : taken.nearestFree()) {
                if (alternatives.size() == 6) {
                    break;
                }
                alternatives.add(new Views.Alternative(t.time(ft.start()), t.shortDateOf(ft.start()) + " · " + ft.masterName(),
                        form.at(Long.toString(ft.masterId()), Long.toString(ft.start().getEpochSecond()), again)));
            }
            String text = alternatives.isEmpty() ? t.get("web.taken.none") : t.get("web.taken.text");
            render(ctx, 409, t, salon, new Views.AnswerView(t.get("web.taken.title"), text, null, alternatives, null, null,
                    "/" + salon.slug(), t.get("web.chooseAnotherTime")));
        } else if (outcome instanceof OnlineOutcome.TryAgain) {
            Views.FormView same = salonPage.form(ctx, salon, serviceId, masterId, start, Map.of(), null, requestId,
                    name, phone, email, note, consent, sign.forms(), sign.name(), sign.agree());
            render(ctx, 503, t, salon, new Views.AnswerView(t.get("web.busy.title"), t.get("web.busy.text"), null, List.of(),
                    same, null, null, null));
        } else if (outcome instanceof OnlineOutcome.Invalid invalid) {
            String reason = t.orCall(invalid.reason(), salon.phone());
            if (List.of("name", "phone", "email", "note").contains(invalid.field())) {
                errors.put(invalid.field(), reason);
                answerInvalid(ctx, t, salon, serviceId, masterId, start, errors, null, requestId, name, phone, email, note, consent, sign);
            } else if ("consentForm".equals(invalid.field())) {
                // the forms are shown again as they stand now: read, named and ticked again
                answerInvalid(ctx, t, salon, serviceId, masterId, start, errors, reason, requestId, name, phone, email, note, consent,
                        new Signed(salonPage.consentForms(t, salon, serviceId), signName, false));
            } else {
                answerInvalid(ctx, t, salon, serviceId, masterId, start, errors, reason, requestId, name, phone, email, note, consent, sign);
            }
        }
    }

    /** Every field's problem, in the client's words; returns the phone in E.164 when it is one. */
    private static String validate(WebText t, OnlineSalon salon, String name, String phone, String email, String note,
                                   boolean consent, Map<String, String> errors) {
        String e164 = validateNameAndPhone(t, salon, name, phone, errors);
        if (email.length() > MAX_EMAIL) {
            errors.put("email", t.format("web.invalid.tooLong", MAX_EMAIL));
        } else if (!email.isEmpty() && !EMAIL.matcher(email).matches()) {
            errors.put("email", t.get("web.invalid.email"));
        }
        if (note.length() > MAX_NOTE) {
            errors.put("note", t.format("web.invalid.tooLong", MAX_NOTE));
        } else if (CONTROL.matcher(note).find()) {
            errors.put("note", t.get("web.invalid.noteChars"));
        }
        if (!consent) {
            errors.put("consent", t.get("web.invalid.consent"));
        }
        return e164;
    }

    /**
     * The name and phone fields' problems, in the client's words (the booking form's and the
     * waitlist form's alike); returns the phone in E.164 when it is one.
     */
    static String validateNameAndPhone(WebText t, OnlineSalon salon, String name, String phone, Map<String, String> errors) {
        if (name.isBlank()) {
            errors.put("name", t.get("web.invalid.nameMissing"));
        } else if (name.length() > MAX_NAME) {
            errors.put("name", t.format("web.invalid.tooLong", MAX_NAME));
        } else if (CONTROL.matcher(name).find() || name.contains("\n")) {
            errors.put("name", t.get("web.invalid.nameChars"));
        }
        String e164 = null;
        if (phone.isBlank()) {
            errors.put("phone", t.get("web.invalid.phoneMissing"));
        } else if (phone.length() > MAX_PHONE) {
            errors.put("phone", t.format("web.invalid.tooLong", MAX_PHONE));
        } else {
            e164 = PhoneNumbers.normalise(phone, salon.country()).orElse(null);
            if (e164 == null) {
                errors.put("phone", t.format("web.invalid.phone", PhoneNumbers.example(salon.country())));
            }
        }
        return e164;
    }

    /** A start the page never offers: in the past, or past the days the salon books ahead. */
    private String startProblem(WebText t, OnlineSalon salon, Instant start) {
        Instant now = clock.instant();
        if (start.isBefore(now)) {
            return t.get("web.invalid.startPast");
        }
        LocalDate last = LocalDate.now(clock.withZone(salon.zone())).plusDays(Math.max(1, salon.daysAhead()) - 1L);
        if (start.atZone(salon.zone()).toLocalDate().isAfter(last)) {
            return t.format("web.invalid.startTooFar", salon.daysAhead());
        }
        return null;
    }

    private void answerInvalid(Context ctx, WebText t, OnlineSalon salon, long serviceId, long masterId, Instant start,
                               Map<String, String> errors, String notice, String requestId, String name, String phone,
                               String email, String note, boolean consent, Signed sign) {
        Views.FormView edit = salonPage.form(ctx, salon, serviceId, masterId, start, errors, notice, requestId,
                name, phone, email, note, consent, sign.forms(), sign.name(), sign.agree());
        String summary = start.isBefore(Instant.EPOCH.plusSeconds(86400)) ? null : t.dateOf(start) + ", " + t.time(start);
        render(ctx, 422, t, salon, new Views.AnswerView(t.get("web.invalid.title"), t.get("web.invalid.text"), summary,
                List.of(), null, edit, "/" + salon.slug(), t.get("web.chooseAnotherTime")));
    }

    private void render(Context ctx, int status, WebText t, OnlineSalon salon, Views.AnswerView view) {
        pages.render(ctx, status, "answer.jte", pages.frame(ctx, t, view.title(), salon), "v", view);
    }

    /** The consent forms of the form, the typed full name and the tick (issue 36). */
    private record Signed(List<Views.ConsentFormView> forms, String name, boolean agree) {
    }

    private static final Pattern SHOWN = Pattern.compile("([1-9][0-9]{0,17})\\.(uk|ru|en)\\.([0-9a-f]{64})");
    private static final int MAX_FORMS = 20;

    /** The forms the page showed, as it wrote them: anything else is not our form (400). */
    private static List<OnlineConsent.Shown> shownForms(List<String> values) {
        if (values.size() > MAX_FORMS) {
            throw new BadRequestResponse();
        }
        List<OnlineConsent.Shown> out = new ArrayList<>();
        for (String v : values) {
            java.util.regex.Matcher m = SHOWN.matcher(v);
            if (!m.matches()) {
                throw new BadRequestResponse();
            }
            out.add(new OnlineConsent.Shown(Long.parseLong(m.group(1)), m.group(2), m.group(3)));
        }
        return out;
    }

    /** The forms as the page sent them back, without their words (kept for a retry while the database is away). */
    private static List<Views.ConsentFormView> asSent(List<OnlineConsent.Shown> shown) {
        return shown.stream().map(s -> new Views.ConsentFormView("", "", s.templateId() + "." + s.language() + "." + s.digest())).toList();
    }

    /** The signature's fields: her full name typed and the tick, both needed when a form is shown. */
    private static void signProblems(WebText t, String signName, boolean signAgree, Map<String, String> errors) {
        if (signName.isBlank()) {
            errors.put("signName", t.get("web.invalid.signName"));
        } else if (signName.length() > MAX_SIGN_NAME) {
            errors.put("signName", t.format("web.invalid.tooLong", MAX_SIGN_NAME));
        } else if (CONTROL.matcher(signName).find() || signName.contains("\n")) {
            errors.put("signName", t.get("web.invalid.nameChars"));
        }
        if (!signAgree) {
            errors.put("signAgree", t.get("web.invalid.signAgree"));
        }
    }

    /** A hidden id the page wrote: anything else is not our form (400). */
    private static long id(String s) {
        if (s == null || !s.matches("\\d{1,12}")) {
            throw new BadRequestResponse();
        }
        return Long.parseLong(s);
    }

    private static String requestId(String s) {
        if (s == null || !s.matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")) {
            throw new BadRequestResponse();
        }
        return s;
    }

    /** A field as typed, trimmed; absent is empty. Lengths are checked by the caller. */
    private static String text(String s) {
        return s == null ? "" : s.strip();
    }
}
