-- SalonDesk schema, part 58 (issue 35, item 6): a client's day of bookings counted in the write's transaction, so that
-- report_clients reads ≈ a client-day a row instead of the year's bookings (ADR 35, amended a third time).
--
-- Same figures, same definitions (README "Reports"; ReportFiguresRandomizedTest compares them with a brute force over
-- the raw rows): clients with a visit in the period, new (no visit before it) or returning, visits, and rebooked visits
-- (the client's next booked day within rebook_weeks × 7 days). They are distinct across days, so no per-day counter can
-- answer them; but every one of them is a function of a client's booked days and each day's visits, and those are
-- counters: client_day_counts, one row per (salon, client, salon-local day of the start, visit — 0 for bookings of no
-- visit), with the bookings that are not cancelled and the attended ones (arrived or completed). A day's visits are
-- the attended bookings of no visit (each a visit of its own) plus its visit rows with an attended booking (the bookings
-- of one visit count once: all of one client, migration 18, so the visit's row is the client's).
--
-- Kept like migration 53's booking_day_counts, for the same reasons: an AFTER trigger on every insert and delete, and on
-- every update of what it counts (tenant, client, start, status, visit), adds the new row's part and takes the old one's
-- away in one INSERT … ON CONFLICT DO UPDATE, its rows ordered by (tenant, client, day, visit), in the write's own
-- transaction, whoever writes — the engine, the online road, a link, psql, a merge of two clients (migration 42/43:
-- UPDATE of client_id, and the visits' ON UPDATE CASCADE, both row updates the trigger sees), a client's removal (its
-- bookings' cascade). Counters only add up, so two writers of one client's day commute under any isolation level: the
-- second waits for the first's row lock and adds to what it committed. Forgetting a client (migration 15) keeps her
-- bookings and their ids: nothing here changes, and nothing here is personal (ids and counts).
-- A salon's time-zone change moves its bookings' days: booking_day_counts_rebuild (migration 53; the time-zone trigger
-- and the benchmark's seeding call it) now rebuilds this table's rows of the salon too.
--
-- Rules (DESIGN "Rules for every migration"): tenant_id leads the key (REFERENCES tenants ON DELETE CASCADE; no foreign
-- key to clients, so a client's removal and the cascade of her bookings never meet it half-way); row-level security the
-- day it is made (the staff's own salon, the chain manager's salons as migration 51: client ids are no personal data,
-- and the chain's report_clients reads them from the bookings already); SELECT only to those who read reports, no
-- INSERT/UPDATE/DELETE to anyone — only the definer trigger and rebuild write it (revoked from PUBLIC, fixed
-- search_path). DayCountsAttackTest tries it with real logins.

CREATE TABLE client_day_counts (
    tenant_id  bigint  NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    client_id  bigint  NOT NULL,
    day        date    NOT NULL,             -- the salon-local day the bookings start on
    visit_id   bigint  NOT NULL DEFAULT 0,   -- the bookings' visit; 0: bookings of no visit
    booked     integer NOT NULL DEFAULT 0,   -- not cancelled (any other status)
    attended   integer NOT NULL DEFAULT 0,   -- arrived or completed
    -- covering: a year's client days read in (client, day) order, no heap, no sort (report_clients)
    PRIMARY KEY (tenant_id, client_id, day, visit_id) INCLUDE (booked, attended)
);
COMMENT ON TABLE client_day_counts IS
    'A client''s salon day of bookings counted, per visit (migration 58): kept by the bookings trigger in the write''s transaction; read by report_clients.';
-- a short period's rows of a salon with a long history, read without the table's heap where the visibility map allows
CREATE INDEX client_day_counts_by_day ON client_day_counts (tenant_id, day) INCLUDE (client_id, visit_id, booked, attended);

CREATE FUNCTION bookings_keep_client_days() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    o_tenant bigint; o_client bigint; o_start timestamptz; o_status text; o_visit bigint;
    n_tenant bigint; n_client bigint; n_start timestamptz; n_status text; n_visit bigint;
BEGIN
    IF TG_OP <> 'INSERT' THEN
        o_tenant := OLD.tenant_id; o_client := OLD.client_id; o_start := OLD.starts_at; o_status := OLD.status; o_visit := OLD.visit_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        n_tenant := NEW.tenant_id; n_client := NEW.client_id; n_start := NEW.starts_at; n_status := NEW.status; n_visit := NEW.visit_id;
    END IF;
    -- one statement, rows in (tenant, client, day, visit) order (see migration 53's trigger)
    INSERT INTO public.client_day_counts AS c (tenant_id, client_id, day, visit_id, booked, attended)
    SELECT v.tenant_id, v.client_id, CAST(v.starts_at AT TIME ZONE t.time_zone AS date), coalesce(v.visit_id, 0),
           sum(v.sign * CAST(v.status <> 'cancelled' AS integer)),
           sum(v.sign * CAST(v.status IN ('arrived', 'completed') AS integer))
      FROM (SELECT -1 AS sign, o_tenant AS tenant_id, o_client AS client_id, o_start AS starts_at, o_status AS status, o_visit AS visit_id
             WHERE o_tenant IS NOT NULL
            UNION ALL
            SELECT 1, n_tenant, n_client, n_start, n_status, n_visit
             WHERE n_tenant IS NOT NULL) v
      JOIN public.tenants t ON t.id = v.tenant_id
     GROUP BY 1, 2, 3, 4
    HAVING sum(v.sign * CAST(v.status <> 'cancelled' AS integer)) <> 0
        OR sum(v.sign * CAST(v.status IN ('arrived', 'completed') AS integer)) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, client_id, day, visit_id) DO UPDATE
       SET booked = c.booked + EXCLUDED.booked, attended = c.attended + EXCLUDED.attended;
    -- the old row's day, emptied (a booking moved, deleted, or merged into another client): no row of nothing stays, so a
    -- merged client keeps nothing keyed by her (ClientMergeTest) — a row another writer is adding to keeps its lock and
    -- is re-read by the DELETE after that writer commits, and left alone
    IF o_tenant IS NOT NULL THEN
        DELETE FROM public.client_day_counts c
         USING public.tenants t
         WHERE t.id = o_tenant AND c.tenant_id = o_tenant AND c.client_id = o_client
           AND c.day = CAST(o_start AT TIME ZONE t.time_zone AS date) AND c.visit_id = coalesce(o_visit, 0)
           AND c.booked = 0 AND c.attended = 0;
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION bookings_keep_client_days() FROM PUBLIC;
CREATE TRIGGER bookings_keep_client_days AFTER INSERT OR DELETE ON bookings
    FOR EACH ROW EXECUTE FUNCTION bookings_keep_client_days();
CREATE TRIGGER bookings_keep_client_days_again AFTER UPDATE ON bookings
    FOR EACH ROW
    WHEN ((OLD.tenant_id, OLD.client_id, OLD.starts_at, OLD.status, OLD.visit_id)
          IS DISTINCT FROM (NEW.tenant_id, NEW.client_id, NEW.starts_at, NEW.status, NEW.visit_id))
    EXECUTE FUNCTION bookings_keep_client_days();

-- A salon's counters from its bookings, as the triggers would have kept them: migration 53's master days, and now the
-- client days (the backfill, the time-zone rebuild, the benchmark's seeding).
CREATE OR REPLACE FUNCTION booking_day_counts_rebuild(tenant bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    DELETE FROM public.booking_day_counts c WHERE c.tenant_id = tenant;
    INSERT INTO public.booking_day_counts (tenant_id, master_id, day, bookings, cancelled, no_shows, solo_visits,
                                           online, waitlist, desk, busy, busy_min)
    SELECT b.tenant_id, b.master_id, CAST(b.starts_at AT TIME ZONE t.time_zone AS date),
           sum(k.bookings), sum(k.cancelled), sum(k.no_shows), sum(k.solo_visits),
           sum(k.online), sum(k.waitlist), sum(k.desk), sum(k.busy), sum(k.busy_min)
      FROM public.bookings b
      JOIN public.tenants t ON t.id = b.tenant_id
      CROSS JOIN LATERAL public.booking_day_counts_of(1, b.status, b.source, b.visit_id, b.duration_min) k
     WHERE b.tenant_id = tenant
     GROUP BY 1, 2, 3;
    DELETE FROM public.client_day_counts c WHERE c.tenant_id = tenant;
    INSERT INTO public.client_day_counts (tenant_id, client_id, day, visit_id, booked, attended)
    SELECT b.tenant_id, b.client_id, CAST(b.starts_at AT TIME ZONE t.time_zone AS date), coalesce(b.visit_id, 0),
           count(*) FILTER (WHERE b.status <> 'cancelled'), count(*) FILTER (WHERE b.status IN ('arrived', 'completed'))
      FROM public.bookings b
      JOIN public.tenants t ON t.id = b.tenant_id
     WHERE b.tenant_id = tenant
     GROUP BY 1, 2, 3, 4
    HAVING count(*) FILTER (WHERE b.status <> 'cancelled') > 0 OR count(*) FILTER (WHERE b.status IN ('arrived', 'completed')) > 0;
END $$;
REVOKE ALL ON FUNCTION booking_day_counts_rebuild(bigint) FROM PUBLIC;

-- the bookings written before this migration
INSERT INTO client_day_counts (tenant_id, client_id, day, visit_id, booked, attended)
SELECT b.tenant_id, b.client_id, CAST(b.starts_at AT TIME ZONE t.time_zone AS date), coalesce(b.visit_id, 0),
       count(*) FILTER (WHERE b.status <> 'cancelled'), count(*) FILTER (WHERE b.status IN ('arrived', 'completed'))
  FROM bookings b
  JOIN tenants t ON t.id = b.tenant_id
 GROUP BY 1, 2, 3, 4
HAVING count(*) FILTER (WHERE b.status <> 'cancelled') > 0;

ALTER TABLE client_day_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON client_day_counts FOR SELECT USING (tenant_id = (SELECT salondesk_current_tenant()));
CREATE POLICY chain_reads ON client_day_counts FOR SELECT TO salondesk_chain_manager
    USING (tenant_id = ANY (CAST((SELECT salondesk_chain_salons()) AS bigint[])));
GRANT SELECT ON client_day_counts TO salondesk_admin, salondesk_manager, salondesk_chain_manager;

-- ---- the clients (migration 50's report_clients: the same columns, the same definitions; the client days) ----
-- Read: the period's client days and rebook_weeks × 7 days after it (≈ a row per client-day with a booking), each
-- client's booked days in order for the next one; whether a client of the period had a visit before it, by the key.
CREATE OR REPLACE FUNCTION report_clients(tenant bigint, first_day date, last_day date)
RETURNS TABLE (clients integer, new_clients integer, returning_clients integer, visits integer, rebooked_visits integer,
               rebook_weeks integer)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
SET work_mem = '64MB'
AS $f$
DECLARE
    p record;
BEGIN
    SELECT * INTO p FROM report_period(tenant, first_day, last_day);
    IF p.from_at IS NULL THEN
        RETURN;
    END IF;
    RETURN QUERY
    -- each client's booked days (a booking that is not cancelled) from the period's first day to rebook_weeks after its
    -- last, in (client, day) order, with the day's visits when it lies in the period: the attended bookings of no visit,
    -- one each, and the visits with an attended booking, one each
    WITH cd AS (
        SELECT x.client_id, x.day,
               CASE WHEN x.day <= last_day
                    THEN coalesce(sum(x.attended) FILTER (WHERE x.visit_id = 0), 0) + count(*) FILTER (WHERE x.visit_id <> 0 AND x.attended > 0)
                    ELSE 0 END AS visits
          FROM public.client_day_counts x
         WHERE x.tenant_id = tenant AND x.day BETWEEN first_day AND last_day + 7 * p.rebook_weeks AND x.booked > 0
         GROUP BY x.client_id, x.day
         ORDER BY x.client_id, x.day),
    -- a visit is rebooked when its client's next booked day is within rebook_weeks × 7 days; per client: her visits and
    -- the rebooked ones (the rows arrive in client order: one pass, no sort, when read by the key)
    pc AS (
        SELECT r.client_id, sum(r.visits) AS visits, sum(r.visits) FILTER (WHERE r.rebooked) AS rebooked
          FROM (SELECT cd.client_id, cd.visits,
                       coalesce(lead(cd.day) OVER (PARTITION BY cd.client_id ORDER BY cd.day) <= cd.day + 7 * p.rebook_weeks, false) AS rebooked
                  FROM cd) r
         GROUP BY r.client_id),
    -- a client of the period is new when she has no visit before it (by the key)
    cn AS (
        SELECT pc.visits, pc.rebooked,
               pc.visits > 0 AND NOT EXISTS (SELECT 1 FROM public.client_day_counts x
                                              WHERE x.tenant_id = tenant AND x.client_id = pc.client_id
                                                AND x.day < first_day AND x.attended > 0) AS is_new
          FROM pc)
    SELECT CAST(count(*) FILTER (WHERE cn.visits > 0) AS integer),
           CAST(count(*) FILTER (WHERE cn.is_new) AS integer),
           CAST(count(*) FILTER (WHERE cn.visits > 0 AND NOT cn.is_new) AS integer),
           CAST(coalesce(sum(cn.visits), 0) AS integer),
           CAST(coalesce(sum(cn.rebooked), 0) AS integer),
           p.rebook_weeks
      FROM cn;
END $f$;
