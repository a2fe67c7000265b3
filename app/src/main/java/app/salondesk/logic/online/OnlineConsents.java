package app.salondesk.logic.online;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.online.OnlineConsent;
import app.salondesk.model.online.OnlineConsentForm;
import app.salondesk.model.online.OnlineRequest;
import org.jooq.DSLContext;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Consent forms signed on the online page (issue 36, migration 60): which forms a service asks for, in
 * the page's language where written, and their signing in the booking's own transaction, as the
 * engine's {@link BookingEngine.Alongside}. The online login reads the forms and signs only through
 * the database's two functions: a signature only for the booking its transaction has just made, only
 * of the words whose digest the page showed; and a deferred check refuses, at commit, an online
 * booking of such a service that lacks one. So no booking is left without its signature and no
 * signature without its booking, whatever this class does.
 */
final class OnlineConsents {

    /** The forms' order of languages when the page's own is not written. */
    private static final List<String> LANGUAGES = List.of("uk", "ru", "en");

    private final DSLContext dsl;

    OnlineConsents(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Every active form of the service in every language it is written in (the page picks one per form). */
    List<OnlineConsentForm> allLanguages(long tenantId, long serviceId) {
        return dsl.resultQuery("SELECT id, language, title, body, digest FROM salondesk_online_consent_forms(?, ?)", tenantId, serviceId)
                .fetch(r -> new OnlineConsentForm(r.get(0, Long.class), r.get(1, String.class), r.get(2, String.class),
                        r.get(3, String.class), r.get(4, String.class)));
    }

    /** Each form once: in {@code language} where written whole, else the first language it is written in. */
    static List<OnlineConsentForm> in(List<OnlineConsentForm> allLanguages, String language) {
        Map<Long, List<OnlineConsentForm>> byForm = new LinkedHashMap<>();
        allLanguages.forEach(f -> byForm.computeIfAbsent(f.id(), k -> new ArrayList<>()).add(f));
        List<OnlineConsentForm> out = new ArrayList<>();
        for (List<OnlineConsentForm> languages : byForm.values()) {
            out.add(languages.stream().filter(f -> f.language().equals(language)).findFirst()
                    .orElseGet(() -> languages.stream().min(java.util.Comparator.comparingInt(f -> LANGUAGES.indexOf(f.language())))
                            .orElseThrow()));
        }
        return out;
    }

    /**
     * What is wrong with the request's signature against the forms current now ({@code allLanguages}), as
     * a bundle key; empty when it signs every one of them in words the page showed and that still stand.
     */
    static Optional<String> problem(OnlineConsent consent, List<OnlineConsentForm> allLanguages) {
        if (allLanguages.isEmpty()) {
            return Optional.empty();
        }
        if (consent.forms().isEmpty()) {
            return Optional.of("online.invalid.consentMissing");
        }
        Set<String> standing = allLanguages.stream().map(f -> f.id() + "/" + f.language() + "/" + f.digest()).collect(Collectors.toSet());
        Set<Long> signed = consent.forms().stream().filter(f -> standing.contains(f.templateId() + "/" + f.language() + "/" + f.digest()))
                .map(OnlineConsent.Shown::templateId).collect(Collectors.toSet());
        if (!signed.containsAll(allLanguages.stream().map(OnlineConsentForm::id).collect(Collectors.toSet()))) {
            // a form added, rewritten or retired since the page was read: she reads it again
            return Optional.of("online.invalid.consentChanged");
        }
        if (consent.typedName().isEmpty() || consent.typedName().length() > 200
                || consent.typedName().chars().anyMatch(Character::isISOControl) || !consent.agreed()) {
            return Optional.of("online.invalid.consentMissing");
        }
        return Optional.empty();
    }

    /** The signing of {@code r}'s forms in the transaction that makes its booking. */
    Signing signing(OnlineRequest r, String phone, List<OnlineConsentForm> current) {
        return new Signing(r, phone, current);
    }

    /**
     * Signs every form after the booking is written, in its transaction; a refusal by the database (the
     * form rewritten or retired between the check and the commit) rolls the booking back with it, and
     * {@link #failed()} then says the answer was the signature's.
     */
    static final class Signing implements BookingEngine.Alongside {
        private final OnlineRequest r;
        private final String phone;
        private final List<OnlineConsentForm> current;
        private volatile boolean failed;

        private Signing(OnlineRequest r, String phone, List<OnlineConsentForm> current) {
            this.r = r;
            this.phone = phone;
            this.current = current;
        }

        @Override
        public boolean claim(DSLContext tx) {
            failed = false;
            return true;
        }

        @Override
        public void booked(DSLContext tx, Booking booking) {
            failed = true;
            for (OnlineConsent.Shown f : r.consent().forms()) {
                if (current.stream().noneMatch(c -> c.id() == f.templateId())) {
                    continue;     // a form no longer asked for is not signed
                }
                tx.resultQuery("SELECT salondesk_online_sign_consent(?, ?, ?, ?, ?, ?, ?)", r.tenantId(), r.requestId(), phone,
                        f.templateId(), f.language(), r.consent().typedName(), f.digest()).fetchOne(0, Long.class);
            }
            failed = false;
        }

        @Override
        public boolean offersWhenTaken() {
            return true;
        }

        boolean failed() {
            return failed;
        }
    }
}
