/**
 * The waitlist (issue 14), the fourth road into the schedule: clients who wait for a time that is
 * taken, and the worker that books freed time for them through the same engine and named lock as
 * every other road (docs/decisions/0013-the-waitlist-worker-claims-with-skip-locked.md).
 *
 * <ul>
 *   <li>{@link app.salondesk.logic.waitlist.WaitlistRepository} — the desk's and the command line's API:
 *       join ({@code add} → {@link app.salondesk.model.waitlist.JoinOutcome}), list ({@code open},
 *       {@code openOn(day, master)}, {@code list(states)}, {@code find}), {@code remove},
 *       {@code edit}, {@code declineOffer}, {@code markFulfilled} (a booking made by hand with the
 *       entry's request id), the salon's {@link app.salondesk.model.waitlist.WaitlistRules}.</li>
 *   <li>{@link app.salondesk.logic.waitlist.WaitlistWorker} — one salon's running worker (listen, sweep,
 *       book); {@code start(dsl, listenAs, tenant)}, {@code wake()}, {@code close()}.</li>
 *   <li>{@link app.salondesk.logic.waitlist.WaitlistBooker} — the worker's work without threads: claim
 *       one entry with SKIP LOCKED, book it through the engine, fulfil it, in one transaction.</li>
 *   <li>{@code FreeTimes} — an entry's free starts, asked of the rule book.</li>
 *   <li>Values: {@link app.salondesk.model.waitlist.WaitlistEntry}, {@link app.salondesk.model.waitlist.NewWaitlistEntry},
 *       {@link app.salondesk.model.waitlist.DailyWindow}, {@link app.salondesk.model.waitlist.WaitlistState}.</li>
 * </ul>
 * No JavaFX here: the desk's panel is a view and view model on top of the repository.
 */
package app.salondesk.logic.waitlist;
