-- SalonDesk schema, part 17 (issue 18): services as salons sell them — a sequence of phases, each
-- busy (the master works) or processing (the master is free, the client stays: the colour takes),
-- and a cleanup after the last phase (the master is busy, the client has gone) — with the
-- no-overlap guarantee kept in the schema (ADR 18).
--
--   * A shape is `phases integer[]` of signed minutes — positive: busy, negative: processing —
--     e.g. '{30,-40,30}' for 30 minutes of work, 40 while the colour takes, 30 of finishing; NULL
--     is one busy phase as long as the booking (every booking before this migration, and every
--     plain service). `cleanup_min` is the master's time after the client has gone.
--     A service's length is the sum of its phases; the cleanup is not part of the client's visit.
--   * Defaults per service (services.phases, cleanup_min), overridden per master
--     (master_services.phases, cleanup_min; a master's own length without own phases stretches or
--     shortens the last phase, as a resize does).
--   * A booking keeps a snapshot of its shape (bookings.phases, cleanup_min), set by the database
--     from the service when the booking is made, and kept through every later change: a later
--     change of the service never moves the busy time of a booking already made. A resize
--     stretches or shortens the last phase. No login may write the snapshot (no column grant),
--     and what the table's owner sends is overwritten: the snapshot is the database's.
--   * The master's busy time is booking_busy(starts_at, duration_min, cleanup_min, phases), a
--     tstzmultirange; the exclusion constraint now compares those (GiST indexes multiranges since
--     PostgreSQL 14), so another client can be booked into a processing gap, and two busy phases
--     of one master never overlap, whoever writes.
--   * The rule book (booking_problem, the one definition, ADR 10) asks the same: working hours hold
--     the whole booking with its cleanup; time off and other bookings must not meet its busy time.
--
-- Every function has SET search_path = public, pg_temp, or an SQL-standard body bound when it was
-- made (slot_end's reasoning, migration 7).

-- ---- shapes ------------------------------------------------------------------------------------------
-- The minutes of a shape: the client's time in the salon.
CREATE FUNCTION phases_minutes(phases integer[]) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (SELECT CAST(sum(abs(p.m)) AS integer) FROM unnest(phases) AS p(m));

-- NULL, or 1 to 20 phases of non-zero minutes lasting at most 12 hours in all.
CREATE FUNCTION phases_valid(phases integer[]) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN phases IS NULL
    OR (array_ndims(phases) = 1 AND cardinality(phases) BETWEEN 1 AND 20 AND array_position(phases, NULL) IS NULL
        AND NOT (0 = ANY (phases)) AND -720 <= ALL (phases) AND 720 >= ALL (phases) AND phases_minutes(phases) <= 720);

-- Whether the shape can last `minutes`: the last phase takes up the difference and keeps a minute.
CREATE FUNCTION phases_fits(phases integer[], minutes integer) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN phases IS NULL OR minutes > phases_minutes(phases) - abs(phases[cardinality(phases)]);

-- The shape stretched or shortened to `minutes` by its last phase; NULL for one busy phase (the
-- plain booking). Refuses a length the last phase cannot take up.
CREATE FUNCTION phases_fit(phases integer[], minutes integer) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
SET search_path = public, pg_temp
AS $$
DECLARE
    n integer;
    last integer;
BEGIN
    IF phases IS NULL OR minutes IS NULL THEN
        RETURN NULL;
    END IF;
    IF NOT phases_fits(phases, minutes) THEN
        RAISE EXCEPTION 'these phases last more than % minutes', phases_minutes(phases) - abs(phases[cardinality(phases)])
            USING ERRCODE = '22023';
    END IF;
    n := cardinality(phases);
    last := phases[n] + sign(phases[n])::integer * (minutes - phases_minutes(phases));
    IF n = 1 AND last > 0 THEN
        RETURN NULL;
    END IF;
    RETURN phases[1:n - 1] || last;
END $$;

-- The master's busy time of a booking: its busy phases and its cleanup, as instants. Immutable for
-- slot_end's reason (whole minutes on the instant), so the exclusion constraint can index it.
CREATE FUNCTION booking_busy(starts_at timestamptz, duration_min integer, cleanup_min integer, phases integer[])
RETURNS tstzmultirange
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN phases IS NULL
        THEN tstzmultirange(tstzrange(starts_at, slot_end(starts_at, duration_min + coalesce(cleanup_min, 0))))
    ELSE (SELECT coalesce(range_agg(tstzrange(slot_end(starts_at, p.off), slot_end(starts_at, p.off + p.len))), '{}')
            FROM (SELECT abs(x.m) AS len, x.m > 0 AS busy,
                         CAST(coalesce(sum(abs(x.m)) OVER (ORDER BY x.i ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS integer) AS off
                    FROM unnest(phases) WITH ORDINALITY AS x(m, i)
                  UNION ALL
                  SELECT cleanup_min, true, duration_min WHERE cleanup_min > 0) p
           WHERE p.busy)
END;

-- ---- services and a master's own --------------------------------------------------------------------
ALTER TABLE services
    ADD COLUMN phases      integer[] CHECK (phases_valid(phases)),
    ADD COLUMN cleanup_min integer   NOT NULL DEFAULT 0 CHECK (cleanup_min BETWEEN 0 AND 120);
ALTER TABLE services ADD CONSTRAINT services_phases_last_the_service
    CHECK (phases IS NULL OR phases_minutes(phases) = duration_min);
ALTER TABLE services ADD CONSTRAINT services_cleanup_within_a_day CHECK (duration_min + cleanup_min <= 720);

ALTER TABLE master_services
    ADD COLUMN phases      integer[] CHECK (phases_valid(phases)),
    ADD COLUMN cleanup_min integer   CHECK (cleanup_min BETWEEN 0 AND 120);
ALTER TABLE master_services ADD CONSTRAINT master_services_phases_last_the_length
    CHECK (phases IS NULL OR phases_minutes(phases) = duration_min);

-- Phases written decide the length; a length written alone stretches the last phase (the screens
-- that edit lengths keep working on a service with phases); one busy phase is stored as NULL.
CREATE FUNCTION services_shape() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NEW.phases IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.phases IS DISTINCT FROM OLD.phases) THEN
        IF phases_valid(NEW.phases) THEN
            NEW.duration_min := phases_minutes(NEW.phases);
        END IF;
    ELSIF TG_OP = 'UPDATE' AND NEW.phases IS NOT NULL AND NEW.duration_min IS DISTINCT FROM OLD.duration_min THEN
        NEW.phases := phases_fit(NEW.phases, NEW.duration_min);
    END IF;
    IF NEW.phases IS NOT NULL AND phases_valid(NEW.phases) AND cardinality(NEW.phases) = 1 AND NEW.phases[1] > 0 THEN
        NEW.phases := NULL;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER services_shape BEFORE INSERT OR UPDATE ON services FOR EACH ROW EXECUTE FUNCTION services_shape();
CREATE TRIGGER master_services_shape BEFORE INSERT OR UPDATE ON master_services FOR EACH ROW EXECUTE FUNCTION services_shape();

GRANT INSERT (phases, cleanup_min), UPDATE (phases, cleanup_min) ON services, master_services TO salondesk_admin;
-- the online page shows what a visit is and searches free time with it
GRANT SELECT (phases, cleanup_min) ON services, master_services TO salondesk_online;

-- The shape a booking has: the snapshot of `booking` when it is given (a booking being moved or
-- resized keeps its own), else the service's with this master, else one busy phase.
CREATE FUNCTION booking_shape(tenant bigint, master bigint, service bigint, booking bigint)
RETURNS TABLE (phases integer[], cleanup_min integer)
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
BEGIN
    IF booking IS NOT NULL THEN
        RETURN QUERY SELECT b.phases, b.cleanup_min FROM public.bookings b WHERE b.tenant_id = tenant AND b.id = booking;
        IF FOUND THEN
            RETURN;
        END IF;
    END IF;
    IF service IS NOT NULL THEN
        RETURN QUERY SELECT coalesce(ms.phases, s.phases), coalesce(ms.cleanup_min, s.cleanup_min)
                       FROM public.services s
                       LEFT JOIN public.master_services ms ON ms.tenant_id = s.tenant_id AND ms.service_id = s.id AND ms.master_id = master
                      WHERE s.tenant_id = tenant AND s.id = service;
        IF FOUND THEN
            RETURN;
        END IF;
    END IF;
    RETURN QUERY SELECT CAST(NULL AS integer[]), 0;
END $$;

-- ---- bookings: the snapshot and the guarantee -------------------------------------------------------
ALTER TABLE bookings
    ADD COLUMN phases      integer[] CHECK (phases_valid(phases)),
    ADD COLUMN cleanup_min integer   NOT NULL DEFAULT 0 CHECK (cleanup_min BETWEEN 0 AND 120);
ALTER TABLE bookings ADD CONSTRAINT bookings_phases_last_the_booking
    CHECK (phases IS NULL OR phases_minutes(phases) = duration_min);
ALTER TABLE bookings ADD CONSTRAINT bookings_cleanup_within_a_day CHECK (duration_min + cleanup_min <= 720);

-- The snapshot is the database's, for every writer: made from the service when the booking is
-- made, kept (stretched by its last phase to a new length) when it changes. A service_id changed
-- by the owner's plain SQL takes that service's shape.
CREATE FUNCTION bookings_shape() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
DECLARE
    shape record;
BEGIN
    IF TG_OP = 'INSERT' OR NEW.service_id IS DISTINCT FROM OLD.service_id THEN
        SELECT * INTO shape FROM booking_shape(NEW.tenant_id, NEW.master_id, NEW.service_id, NULL);
        NEW.phases := phases_fit(shape.phases, NEW.duration_min);
        NEW.cleanup_min := coalesce(shape.cleanup_min, 0);
    ELSE
        NEW.phases := phases_fit(OLD.phases, NEW.duration_min);
        NEW.cleanup_min := OLD.cleanup_min;
    END IF;
    RETURN NEW;
END $$;
-- named to run before bookings_touch (triggers of one event run in name order)
CREATE TRIGGER bookings_shape BEFORE INSERT OR UPDATE ON bookings FOR EACH ROW EXECUTE FUNCTION bookings_shape();

-- Two active bookings of one master never share busy time; one may lie in another's processing gap.
-- Built before the old constraint goes, so no moment is unguarded; every booking so far is one busy
-- phase without cleanup, whose busy time is exactly the old range.
ALTER TABLE bookings ADD CONSTRAINT bookings_no_double_busy EXCLUDE USING gist (
    tenant_id WITH =,
    master_id WITH =,
    booking_busy(starts_at, duration_min, cleanup_min, phases) WITH &&
) WHERE (status IN ('pending', 'confirmed', 'arrived'));
ALTER TABLE bookings DROP CONSTRAINT bookings_no_double_booking;

-- what the page's free-time search reads of busy time
GRANT SELECT (phases, cleanup_min) ON bookings TO salondesk_online;

-- ---- the rule book, with shapes ----------------------------------------------------------------------
-- Same arguments and the same order of rules as migration 12; what changed:
--   * duration_out_of_range also when the cleanup takes the booking past 12 hours, or when the
--     shape's last phase cannot take up the length asked for;
--   * outside_working_hours: the booking and its cleanup lie inside one working interval;
--   * master_time_off, time_taken: against the booking's busy time (booking_busy), so time off and
--     other bookings may lie in its processing gaps, and it in theirs.
CREATE OR REPLACE FUNCTION booking_problem(tenant bigint, master bigint, client bigint, service bigint,
                                start timestamptz, minutes integer, exclude_booking bigint,
                                past_allowed boolean, hours_waived boolean, service_check boolean, holds_time boolean)
RETURNS text
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
DECLARE
    active boolean;
    shape record;
    busy tstzmultirange;
    span_end timestamptz;
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
    SELECT * INTO shape FROM booking_shape(tenant, master, service, exclude_booking);
    IF minutes < 1 OR minutes + coalesce(shape.cleanup_min, 0) > 720 OR NOT phases_fits(shape.phases, minutes) THEN
        RETURN 'duration_out_of_range';
    END IF;
    IF NOT past_allowed AND start < now() THEN
        RETURN 'start_in_past';
    END IF;
    IF holds_time THEN
        busy := booking_busy(start, minutes, shape.cleanup_min, phases_fit(shape.phases, minutes));
        span_end := slot_end(start, minutes + coalesce(shape.cleanup_min, 0));
        IF NOT hours_waived THEN
            IF NOT within_working_hours(tenant, master, start, minutes + coalesce(shape.cleanup_min, 0)) THEN
                RETURN 'outside_working_hours';
            END IF;
            IF EXISTS (SELECT 1 FROM public.master_time_off o
                        WHERE o.tenant_id = tenant AND o.master_id = master
                          AND o.starts_at < span_end AND o.ends_at > start
                          AND tstzmultirange(tstzrange(o.starts_at, o.ends_at)) && busy) THEN
                RETURN 'master_time_off';
            END IF;
        END IF;
        -- the window of starts that can reach this time (no booking with its cleanup lasts more than
        -- 720 minutes: the table's CHECK) keeps the index condition leakproof under row-level
        -- security (migration 12); the busy times are then compared as the exclusion constraint does
        IF EXISTS (SELECT 1 FROM public.bookings b
                    WHERE b.tenant_id = tenant AND b.master_id = master
                      AND b.status IN ('pending', 'confirmed', 'arrived')
                      AND b.starts_at > start - interval '720 minutes'
                      AND b.starts_at < span_end
                      AND (exclude_booking IS NULL OR b.id <> exclude_booking)
                      AND booking_busy(b.starts_at, b.duration_min, b.cleanup_min, b.phases) && busy) THEN
            RETURN 'time_taken';
        END IF;
    END IF;
    IF client IS NOT NULL AND NOT EXISTS (SELECT 1 FROM public.clients c WHERE c.tenant_id = tenant AND c.id = client) THEN
        RETURN 'unknown_client';
    END IF;
    RETURN NULL;
END $$;

-- Whether a booking with its cleanup lies inside one working interval (the admin's override flag).
CREATE FUNCTION booking_within_hours(tenant bigint, master bigint, service bigint, booking bigint, start timestamptz, minutes integer)
RETURNS boolean
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT within_working_hours(tenant, master, start, minutes + coalesce(sh.cleanup_min, 0))
      FROM booking_shape(tenant, master, service, booking) sh
$$;

-- ---- live updates: the days a booking's cleanup reaches too ----------------------------------------
CREATE OR REPLACE FUNCTION bookings_notify() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    tid     bigint := coalesce(NEW.tenant_id, OLD.tenant_id);
    tz      text;
    ch      text;
    masters jsonb;
    days    jsonb;
BEGIN
    SELECT t.time_zone, k.channel INTO tz, ch
      FROM public.tenants t JOIN public.salon_keys k ON k.tenant_id = t.id
     WHERE t.id = tid;
    WITH spans(master_id, s, e) AS (
        SELECT OLD.master_id, OLD.starts_at, slot_end(OLD.starts_at, OLD.duration_min + OLD.cleanup_min) WHERE TG_OP <> 'INSERT'
        UNION ALL
        SELECT NEW.master_id, NEW.starts_at, slot_end(NEW.starts_at, NEW.duration_min + NEW.cleanup_min) WHERE TG_OP <> 'DELETE'
    )
    SELECT jsonb_agg(DISTINCT master_id ORDER BY master_id),
           (SELECT jsonb_agg(DISTINCT d ORDER BY d)
              FROM spans sp,
                   generate_series((sp.s AT TIME ZONE tz)::date,
                                   ((sp.e - interval '1 microsecond') AT TIME ZONE tz)::date,
                                   interval '1 day') AS g(d0),
                   LATERAL (SELECT to_char(g.d0, 'YYYY-MM-DD') AS d) x)
      INTO masters, days
      FROM spans;
    PERFORM pg_catalog.pg_notify(ch, jsonb_build_object(
        'tenant', tid,
        'booking', coalesce(NEW.id, OLD.id),
        'op', TG_OP,
        'masters', masters,
        'days', days)::text);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION bookings_notify() FROM PUBLIC;
