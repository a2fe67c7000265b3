-- SalonDesk schema, part 53 (issue 35, item 6): a master's day of bookings counted in the write's transaction (ADR 35,
-- amended by migration 52, next step; amended again by this migration).
--
-- Same figures, same definitions (README "Reports"; ReportFiguresRandomizedTest compares them with a brute force over
-- the raw rows): report_days and report_masters read what adds up over a master's day from booking_day_counts — one
-- row per (salon, master, salon-local day of the booking's start) — instead of the period's bookings (≈ 30 × 365
-- rows a year instead of 150 000). What stays a read of rows, through partial indexes of what it needs:
--   * late cancellations (their threshold is a setting): the period's cancelled bookings (bookings_cancelled_by_start);
--   * visits of several bookings (made distinct by visit_id): the period's bookings of a visit (bookings_of_visits_by_start);
--   * report_clients (distinct across days) is not touched.
--
-- The counters are right to the last booking: bookings_keep_day_counts, an AFTER trigger on every insert, delete and
-- update of what they count (tenant, master, start, duration, status, source, visit), adds the new row's part and
-- takes the old one's away in the write's own transaction, whoever writes (the engine, the fast insert, the online
-- road, a link, psql). The row it changes is the master's day, whose writers already serialize on the named
-- per-master lock (DESIGN, ADR 1/5), so the engine's roads meet no new contention; a move between masters or days
-- changes two rows in one INSERT … ON CONFLICT DO UPDATE ordered by (tenant, master, day), so two moves in opposite
-- directions wait for each other instead of deadlocking, even from a writer that took no lock.
-- A salon's time-zone change moves its bookings' days: tenants_rebuild_day_counts rebuilds the salon's rows, after
-- taking every one of its masters' named locks in ascending order (the protocol's order), so no booking of the salon is
-- written half in the old zone.
--
-- Rules (DESIGN "Rules for every migration"): tenant_id in the key; row-level security the day it is made (the staff's
-- own salon, the chain manager's salons as migration 51); SELECT only to those who read reports (admins, managers, the
-- chain manager), no INSERT/UPDATE/DELETE to anyone — only the two definer triggers write it (revoked from PUBLIC,
-- fixed search_path). DayCountsAttackTest tries it with real logins.

CREATE TABLE booking_day_counts (
    tenant_id    bigint  NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    master_id    bigint  NOT NULL,
    day          date    NOT NULL,   -- the salon-local day the bookings start on
    bookings     integer NOT NULL DEFAULT 0,   -- not cancelled (any other status)
    cancelled    integer NOT NULL DEFAULT 0,
    no_shows     integer NOT NULL DEFAULT 0,
    solo_visits  integer NOT NULL DEFAULT 0,   -- arrived or completed, of no visit: each a visit of its own
    online       integer NOT NULL DEFAULT 0,   -- not cancelled, by road
    waitlist     integer NOT NULL DEFAULT 0,
    desk         integer NOT NULL DEFAULT 0,
    busy         integer NOT NULL DEFAULT 0,   -- pending, confirmed, arrived or completed
    busy_min     integer NOT NULL DEFAULT 0,   -- their minutes
    PRIMARY KEY (tenant_id, master_id, day)
);
COMMENT ON TABLE booking_day_counts IS
    'A master''s salon day of bookings counted (migration 53): kept by the bookings trigger in the write''s transaction; read by report_days and report_masters.';

-- A booking's part of its day's row, signed. The one definition of what a booking counts as, used by the trigger,
-- the backfill and the time-zone rebuild alike.
CREATE FUNCTION booking_day_counts_of(sign integer, status text, source text, visit_id bigint, duration_min integer,
                                      OUT bookings integer, OUT cancelled integer, OUT no_shows integer, OUT solo_visits integer,
                                      OUT online integer, OUT waitlist integer, OUT desk integer, OUT busy integer, OUT busy_min integer)
LANGUAGE sql IMMUTABLE
SET search_path = public, pg_temp
AS $$
    SELECT sign * CAST(status <> 'cancelled' AS integer),
           sign * CAST(status = 'cancelled' AS integer),
           sign * CAST(status = 'no_show' AS integer),
           sign * CAST(status IN ('arrived', 'completed') AND visit_id IS NULL AS integer),
           sign * CAST(status <> 'cancelled' AND source = 'online' AS integer),
           sign * CAST(status <> 'cancelled' AND source = 'waitlist' AS integer),
           sign * CAST(status <> 'cancelled' AND source NOT IN ('online', 'waitlist') AS integer),
           sign * CAST(status IN ('pending', 'confirmed', 'arrived', 'completed') AS integer),
           sign * CASE WHEN status IN ('pending', 'confirmed', 'arrived', 'completed') THEN duration_min ELSE 0 END
$$;
REVOKE ALL ON FUNCTION booking_day_counts_of(integer, text, text, bigint, integer) FROM PUBLIC;

CREATE FUNCTION bookings_keep_day_counts() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    o_tenant bigint; o_master bigint; o_start timestamptz; o_status text; o_source text; o_visit bigint; o_minutes integer;
    n_tenant bigint; n_master bigint; n_start timestamptz; n_status text; n_source text; n_visit bigint; n_minutes integer;
BEGIN
    IF TG_OP <> 'INSERT' THEN
        o_tenant := OLD.tenant_id; o_master := OLD.master_id; o_start := OLD.starts_at; o_status := OLD.status;
        o_source := OLD.source; o_visit := OLD.visit_id; o_minutes := OLD.duration_min;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        n_tenant := NEW.tenant_id; n_master := NEW.master_id; n_start := NEW.starts_at; n_status := NEW.status;
        n_source := NEW.source; n_visit := NEW.visit_id; n_minutes := NEW.duration_min;
    END IF;
    -- one statement, rows in (tenant, master, day) order: a move takes its two rows in the same order as any other
    -- move does; the same day's old and new parts are summed first (a status change is one row's update)
    INSERT INTO public.booking_day_counts AS c (tenant_id, master_id, day, bookings, cancelled, no_shows, solo_visits,
                                                online, waitlist, desk, busy, busy_min)
    SELECT v.tenant_id, v.master_id, CAST(v.starts_at AT TIME ZONE t.time_zone AS date),
           sum(k.bookings), sum(k.cancelled), sum(k.no_shows), sum(k.solo_visits),
           sum(k.online), sum(k.waitlist), sum(k.desk), sum(k.busy), sum(k.busy_min)
      FROM (SELECT -1 AS sign, o_tenant AS tenant_id, o_master AS master_id, o_start AS starts_at, o_status AS status,
                   o_source AS source, o_visit AS visit_id, o_minutes AS duration_min
             WHERE o_tenant IS NOT NULL
            UNION ALL
            SELECT 1, n_tenant, n_master, n_start, n_status, n_source, n_visit, n_minutes
             WHERE n_tenant IS NOT NULL) v
      JOIN public.tenants t ON t.id = v.tenant_id
      CROSS JOIN LATERAL public.booking_day_counts_of(v.sign, v.status, v.source, v.visit_id, v.duration_min) k
     GROUP BY 1, 2, 3
    HAVING sum(k.bookings) <> 0 OR sum(k.cancelled) <> 0 OR sum(k.no_shows) <> 0 OR sum(k.solo_visits) <> 0
        OR sum(k.online) <> 0 OR sum(k.waitlist) <> 0 OR sum(k.desk) <> 0 OR sum(k.busy) <> 0 OR sum(k.busy_min) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, master_id, day) DO UPDATE
       SET bookings = c.bookings + EXCLUDED.bookings, cancelled = c.cancelled + EXCLUDED.cancelled,
           no_shows = c.no_shows + EXCLUDED.no_shows, solo_visits = c.solo_visits + EXCLUDED.solo_visits,
           online = c.online + EXCLUDED.online, waitlist = c.waitlist + EXCLUDED.waitlist, desk = c.desk + EXCLUDED.desk,
           busy = c.busy + EXCLUDED.busy, busy_min = c.busy_min + EXCLUDED.busy_min;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION bookings_keep_day_counts() FROM PUBLIC;
CREATE TRIGGER bookings_keep_day_counts AFTER INSERT OR DELETE ON bookings
    FOR EACH ROW EXECUTE FUNCTION bookings_keep_day_counts();
CREATE TRIGGER bookings_keep_day_counts_again AFTER UPDATE ON bookings
    FOR EACH ROW
    WHEN ((OLD.tenant_id, OLD.master_id, OLD.starts_at, OLD.duration_min, OLD.status, OLD.source, OLD.visit_id)
          IS DISTINCT FROM (NEW.tenant_id, NEW.master_id, NEW.starts_at, NEW.duration_min, NEW.status, NEW.source, NEW.visit_id))
    EXECUTE FUNCTION bookings_keep_day_counts();

-- A salon's rows from its bookings, as the trigger would have kept them (the backfill and the time-zone rebuild).
CREATE FUNCTION booking_day_counts_rebuild(tenant bigint) RETURNS void
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
END $$;
REVOKE ALL ON FUNCTION booking_day_counts_rebuild(bigint) FROM PUBLIC;

CREATE FUNCTION tenants_rebuild_day_counts() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    m bigint;
    k bigint;
BEGIN
    -- every master's named lock, ascending (the protocol's order): a booking written meanwhile waits, then sees the new zone
    FOR m IN SELECT x.id FROM public.masters x WHERE x.tenant_id = NEW.id ORDER BY x.id LOOP
        k := public.salondesk_master_lock_key(NEW.id, m);
        IF k IS NOT NULL THEN
            PERFORM pg_catalog.pg_advisory_xact_lock(k);
        END IF;
    END LOOP;
    PERFORM public.booking_day_counts_rebuild(NEW.id);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION tenants_rebuild_day_counts() FROM PUBLIC;
CREATE TRIGGER tenants_rebuild_day_counts AFTER UPDATE OF time_zone ON tenants
    FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
    EXECUTE FUNCTION tenants_rebuild_day_counts();

-- the bookings written before this migration
INSERT INTO booking_day_counts (tenant_id, master_id, day, bookings, cancelled, no_shows, solo_visits,
                                online, waitlist, desk, busy, busy_min)
SELECT b.tenant_id, b.master_id, CAST(b.starts_at AT TIME ZONE t.time_zone AS date),
       sum(k.bookings), sum(k.cancelled), sum(k.no_shows), sum(k.solo_visits),
       sum(k.online), sum(k.waitlist), sum(k.desk), sum(k.busy), sum(k.busy_min)
  FROM bookings b
  JOIN tenants t ON t.id = b.tenant_id
  CROSS JOIN LATERAL booking_day_counts_of(1, b.status, b.source, b.visit_id, b.duration_min) k
 GROUP BY 1, 2, 3;

ALTER TABLE booking_day_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON booking_day_counts FOR SELECT USING (tenant_id = (SELECT salondesk_current_tenant()));
CREATE POLICY chain_reads ON booking_day_counts FOR SELECT TO salondesk_chain_manager
    USING (tenant_id = ANY (CAST((SELECT salondesk_chain_salons()) AS bigint[])));
GRANT SELECT ON booking_day_counts TO salondesk_admin, salondesk_manager, salondesk_chain_manager;

-- what stays a read of rows, read through what it needs only
CREATE INDEX bookings_cancelled_by_start ON bookings (tenant_id, starts_at) WHERE status = 'cancelled';
CREATE INDEX bookings_of_visits_by_start ON bookings (tenant_id, starts_at) WHERE visit_id IS NOT NULL;
