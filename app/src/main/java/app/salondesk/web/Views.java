package app.salondesk.web;

import java.util.List;
import java.util.Map;

/**
 * What the templates (src/main/jte) are given: plain values, every word already in the
 * client's language. The handlers build these; the templates only lay them out.
 */
public final class Views {

    private Views() {
    }

    /** The page around the content: language, title, the salon's name, the language switch. */
    public record Frame(WebText t, String title, String heading, String subheading, List<LangLink> languages,
                        String homeHref) {
    }

    public record LangLink(String code, String label, String href, boolean current) {
    }

    /** A thing to choose (service, master, time): its words and the link that chooses it. */
    public record Choice(String label, String detail, String href, boolean selected) {
    }

    public record Category(String name, List<Choice> items) {
    }

    /** A step already taken, with a link to take it again. */
    public record Summary(String label, String value, String changeHref) {
    }

    public record DayChip(String weekday, String day, String month, String href, boolean selected) {
    }

    /**
     * The booking form, or its hidden copy in a retry or an alternative's button. {@code errors}
     * maps a field (name, phone, email, note, consent, signName, signAgree) to what is wrong with it.
     * {@code consentForms}: the forms the service asks to sign, with the typed full name and the tick.
     */
    public record FormView(String action, String csrf, String requestId, String serviceId, String masterId,
                           String start, String name, String phone, String email, String note, boolean consent,
                           Map<String, String> errors, String phoneExample, String notice,
                           List<ConsentFormView> consentForms, String signName, boolean signAgree) {
        public String error(String field) {
            return errors.get(field);
        }

        public boolean hasError(String field) {
            return errors.containsKey(field);
        }

        public FormView at(String otherMaster, String otherStart, String otherRequestId) {
            return new FormView(action, csrf, otherRequestId, serviceId, otherMaster, otherStart, name, phone, email, note,
                    consent, Map.of(), phoneExample, null, consentForms, signName, signAgree);
        }
    }

    /**
     * A consent form on the booking step (issue 36): its title and text in the language shown, and
     * {@code value}, what the form sends back ({@code <id>.<language>.<digest of the words shown>}) so
     * that what is signed is what was read. A copy kept in a hidden form may carry no words.
     */
    public record ConsentFormView(String title, String text, String value) {
    }

    /**
     * The salon's page: the steps taken so far and the one to take now. {@code daysEarlier} and
     * {@code daysLater}: the strip's previous and next fortnight, null at either end. {@code waitHref}:
     * "no time suits me", the waitlist form for the chosen service, master and day.
     */
    public record SalonView(String address, String phone, List<Category> categories, Summary service,
                            List<Choice> masters, Summary master, List<DayChip> days, String daysEarlier, String daysLater,
                            String dayTitle,
                            List<Choice> times, Summary time, FormView form, String waitHref, String patchTest) {
    }

    /** A free time offered after the chosen one was taken: one tap books there. */
    public record Alternative(String label, String detail, FormView form) {
    }

    /**
     * The answer to a booking request that did not book: "just taken" (alternatives), "busy, try
     * again" ({@code retry}: the same form, the same request id, one button) or "please correct"
     * ({@code edit}: the form again with what is wrong beside each field).
     */
    public record AnswerView(String title, String text, String summary, List<Alternative> alternatives, FormView retry,
                             FormView edit, String backHref, String backLabel) {
    }

    /** A booking behind its private link. */
    public record BookingView(String title, String notice, List<Line> lines, String status, String icsHref,
                              String privateLink, String cancelAction, String csrf, String cancelNote,
                              String bookAgainHref) {
    }

    public record Line(String label, String value) {
    }

    /** A page that only says something: not found, refused, unavailable, an error with its id. */
    public record MessageView(String title, String text, String requestId, String backHref, String backLabel) {
    }

    /**
     * "No time suits me": the waitlist form for the service and master the page chose, the
     * days ({@code minDay}..{@code maxDay} allowed), a part of the day, name, phone, consent.
     */
    public record WaitView(String action, String csrf, String serviceId, String masterId, String what, String from, String to,
                           String minDay, String maxDay, List<Choice> parts, String name, String phone, boolean consent,
                           Map<String, String> errors, String notice, String backHref) {
        public String error(String field) {
            return errors.get(field);
        }

        public boolean hasError(String field) {
            return errors.containsKey(field);
        }
    }

    /**
     * A message's private link (issue 33): the booking, what the link did or may still do — each
     * action a form of its own, no JavaScript — and "another time" on the salon's page.
     */
    public record MessageLinkView(String title, String notice, List<Line> lines, String status, String confirmAction,
                                  String cancelAction, String unsubscribeAction, String csrf, String otherTimeHref, String note) {
    }

    /**
     * "Another time" by a message's link (issue 33): the booking now, its service and master chosen
     * (another master one link away), the days and the free times of one — each time a button of one
     * form (no JavaScript) that moves the booking; after "taken", the nearest free times instead.
     */
    public record MoveView(String title, String notice, List<Line> lines, List<Choice> masters, List<DayChip> days,
                           String daysEarlier, String daysLater, String dayTitle, String action, String csrf, String version,
                           List<TimeButton> times, String emptyText, String backHref) {
    }

    /** A time that one press books: its words and the form's value ({@code <master>.<epoch second>}). */
    public record TimeButton(String label, String detail, String value) {
    }
}
