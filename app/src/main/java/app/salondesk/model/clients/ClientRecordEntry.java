package app.salondesk.model.clients;

import java.time.Instant;

/**
 * One row of a client's history (issue 36): which part of the record changed ({@code kind}: card, note,
 * formula, patch_test, photo, consent, merge, forget), how ({@code operation}), who, when, by which road,
 * and what changed ({@code changes}: {"column": [old, new]} as JSON).
 */
public record ClientRecordEntry(long id, String kind, String operation, Long recordId, Instant changedAt, String changedBy,
                                String source, String changes) {
}
