package app.salondesk.model.clients;

import app.salondesk.model.booking.PatchResult;

import java.time.LocalDate;

/** A patch test on the card (issue 36): the day it was applied, its result, the products tested, and who recorded it. */
public record PatchTest(long id, LocalDate testedOn, PatchResult result, String products, String note, String recordedBy) {
}
