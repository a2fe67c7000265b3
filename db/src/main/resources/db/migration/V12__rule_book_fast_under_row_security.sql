-- The rule book of migration 11, as fast for a staff login as for the owner. Measured on
-- PostgreSQL 17 as a receptionist (row-level security on), 749 bookings on the master, one
-- call in a PL/pgSQL loop (BENCHMARKS.md, "What issue 12's rule book costs"):
--   * booking_problem's overlap check took ~2.4 ms, and grew with every booking the master
--     ever had: under row-level security the planner may use only leakproof operators as
--     index conditions, and tstzrange's && is not, so the check read all of the master's
--     bookings and filtered them. Bounding the starts (timestamptz < and >, leakproof) by the
--     longest booking there can be (720 minutes, the table's CHECK) lets the index
--     bookings_by_master_start find the few that matter: ~0.06 ms. The owner (embedded
--     mode) bypasses row-level security and never saw it.
--   * within_working_hours and master_hours were SQL functions with SET search_path, which
--     PostgreSQL neither inlines nor keeps a plan for: every call planned master_hours'
--     query again (~0.5-0.9 ms). As PL/pgSQL they keep their plans for the session
--     (~0.2 ms); the SET search_path every function carries stays.
-- Same rules, same answers: RuleBookRandomizedTest compares them with its model.

CREATE OR REPLACE FUNCTION master_hours(tenant bigint, master bigint, first_day date, last_day date)
RETURNS TABLE (day date, starts_at timestamptz, ends_at timestamptz, local_start time, local_end time)
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $f$
BEGIN
    RETURN QUERY
    SELECT d.day, (d.day + h.starts_at) AT TIME ZONE t.time_zone, (d.day + h.ends_at) AT TIME ZONE t.time_zone,
           h.starts_at, h.ends_at
      FROM public.tenants t
     CROSS JOIN LATERAL (SELECT CAST(g AS date) AS day
                           FROM generate_series(CAST(first_day AS timestamp), CAST(last_day AS timestamp), interval '1 day') g) d
     CROSS JOIN LATERAL (
           SELECT x.starts_at, x.ends_at
             FROM public.master_day_hours x
            WHERE x.tenant_id = tenant AND x.master_id = master AND x.day = d.day
           UNION ALL
           SELECT w.starts_at, w.ends_at
             FROM public.master_working_hours w
            WHERE w.tenant_id = tenant AND w.master_id = master
              AND w.weekday = extract(isodow FROM d.day)
              AND w.valid_from = (SELECT max(v.valid_from) FROM public.master_weeks v
                                   WHERE v.tenant_id = tenant AND v.master_id = master AND v.valid_from <= d.day)
              AND NOT EXISTS (SELECT 1 FROM public.master_days md
                               WHERE md.tenant_id = tenant AND md.master_id = master AND md.day = d.day)
          ) h
     WHERE t.id = tenant;
END $f$;

CREATE OR REPLACE FUNCTION within_working_hours(tenant bigint, master bigint, start timestamptz, minutes integer)
RETURNS boolean
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $f$
DECLARE
    local_day date;
BEGIN
    SELECT CAST(start AT TIME ZONE t.time_zone AS date) INTO local_day FROM public.tenants t WHERE t.id = tenant;
    RETURN EXISTS (SELECT 1 FROM master_hours(tenant, master, local_day, local_day) h
                    WHERE h.starts_at <= start AND h.ends_at >= slot_end(start, minutes));
END $f$;

CREATE OR REPLACE FUNCTION booking_problem(tenant bigint, master bigint, client bigint, service bigint,
                                start timestamptz, minutes integer, exclude_booking bigint,
                                past_allowed boolean, hours_waived boolean, service_check boolean, holds_time boolean)
RETURNS text
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
DECLARE
    active boolean;
BEGIN
    SELECT m.active INTO active FROM public.masters m WHERE m.tenant_id = tenant AND m.id = master;
    IF NOT FOUND THEN
        RETURN 'unknown_master';
    END IF;
    IF NOT active THEN
        RETURN 'master_inactive';
    END IF;
    IF service IS NOT NULL THEN
        SELECT s.active INTO active FROM public.services s WHERE s.tenant_id = tenant AND s.id = service;
        IF NOT FOUND THEN
            RETURN 'unknown_service';
        END IF;
        IF service_check AND NOT active THEN
            RETURN 'service_inactive';
        END IF;
        IF service_check AND NOT EXISTS (SELECT 1 FROM public.master_services ms
                                          WHERE ms.tenant_id = tenant AND ms.master_id = master AND ms.service_id = service) THEN
            RETURN 'service_not_offered';
        END IF;
    END IF;
    IF minutes IS NULL THEN
        RETURN 'duration_missing';
    END IF;
    IF minutes < 1 OR minutes > 720 THEN
        RETURN 'duration_out_of_range';
    END IF;
    IF NOT past_allowed AND start < now() THEN
        RETURN 'start_in_past';
    END IF;
    IF holds_time THEN
        IF NOT hours_waived THEN
            IF NOT within_working_hours(tenant, master, start, minutes) THEN
                RETURN 'outside_working_hours';
            END IF;
            IF EXISTS (SELECT 1 FROM public.master_time_off o
                        WHERE o.tenant_id = tenant AND o.master_id = master
                          AND o.starts_at < slot_end(start, minutes) AND o.ends_at > start) THEN
                RETURN 'master_time_off';
            END IF;
        END IF;
        -- written like the exclusion constraint, plus the window of starts that can reach this
        -- time (no booking lasts more than 720 minutes: the table's CHECK). Under row-level
        -- security only leakproof operators may be index conditions; timestamptz's < and > are,
        -- the ranges' && is not, so without the window a staff login's check read every
        -- booking the master ever had (see the migration's header).
        IF EXISTS (SELECT 1 FROM public.bookings b
                    WHERE b.tenant_id = tenant AND b.master_id = master
                      AND b.status IN ('pending', 'confirmed', 'arrived')
                      AND b.starts_at > start - interval '720 minutes'
                      AND b.starts_at < slot_end(start, minutes)
                      AND (exclude_booking IS NULL OR b.id <> exclude_booking)
                      AND tstzrange(b.starts_at, slot_end(b.starts_at, b.duration_min))
                          && tstzrange(start, slot_end(start, minutes))) THEN
            RETURN 'time_taken';
        END IF;
    END IF;
    IF client IS NOT NULL AND NOT EXISTS (SELECT 1 FROM public.clients c WHERE c.tenant_id = tenant AND c.id = client) THEN
        RETURN 'unknown_client';
    END IF;
    RETURN NULL;
END $$;
