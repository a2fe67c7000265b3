package app.salondesk.model.online;

/**
 * A consent form the online page shows before a service that has one is booked (issue 36): its title
 * and text in the one language shown, and the database's digest of exactly those words, which the
 * page sends back with the signature so that what is signed is what was shown (migration 60).
 */
public record OnlineConsentForm(long id, String language, String title, String body, String digest) {
}
