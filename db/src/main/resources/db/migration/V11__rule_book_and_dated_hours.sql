-- SalonDesk schema, part 11: the booking rules written once, and working hours as salons keep
-- them — weeks that change from a date on, single days with hours of their own — plus what a
-- salon's setup screens need (salon settings, service categories, a master's own duration and
-- price for a service).
--
-- Until now the rules lived twice: in FastInsert's WHERE and in the engine's Java checks
-- (and working hours a third time in the free-slot search, a fourth in the calendar). They
-- had to agree exactly, and new rules would have had to be added to each. Now:
--   * master_hours(tenant, master, first_day, last_day) is THE answer to "when does this master
--     work": every working interval of those salon days, as instants and as wall-clock times;
--     the engine, the free-slot search, the calendar and utilisation all read it;
--   * booking_problem(…) is THE answer to "may this booking be written": the first rule it
--     breaks, or NULL. The fast insert writes only WHERE booking_problem(…) IS NULL; the
--     detailed path calls it to say why not; other programs may call it too.
-- Both are plain SQL/PL/pgSQL with a fixed search_path, SECURITY INVOKER: they see what the
-- caller may see (row-level security), so a staff login asking about another salon hears
-- "unknown master".

-- ---- the salon's settings ------------------------------------------------------------------------
ALTER TABLE tenants
    ADD COLUMN address  text    NOT NULL DEFAULT '' CHECK (char_length(address) <= 300),
    ADD COLUMN phone    text    NOT NULL DEFAULT '' CHECK (char_length(phone) <= 40),
    -- ISO 4217, e.g. UAH; prices are written in it
    ADD COLUMN currency text    NOT NULL DEFAULT 'UAH' CHECK (currency ~ '^[A-Z]{3}$'),
    -- ISO 3166-1 alpha-2: how a phone number typed without +code is read
    ADD COLUMN country  text    NOT NULL DEFAULT 'UA' CHECK (country ~ '^[A-Z]{2}$'),
    -- the demo salon: marked as such on screen, removable
    ADD COLUMN is_demo  boolean NOT NULL DEFAULT false;
ALTER TABLE tenants ADD CONSTRAINT tenants_name_length CHECK (char_length(name) <= 200) NOT VALID;
ALTER TABLE tenants VALIDATE CONSTRAINT tenants_name_length;
GRANT UPDATE (name, address, phone, time_zone, currency, country) ON tenants TO salondesk_admin;

ALTER TABLE master_time_off ADD CONSTRAINT master_time_off_reason_length CHECK (char_length(reason) <= 200) NOT VALID;
ALTER TABLE master_time_off VALIDATE CONSTRAINT master_time_off_reason_length;

ALTER TABLE masters ADD CONSTRAINT masters_name_length CHECK (char_length(name) <= 200) NOT VALID;
ALTER TABLE masters VALIDATE CONSTRAINT masters_name_length;

ALTER TABLE services ADD COLUMN category text NOT NULL DEFAULT '' CHECK (char_length(category) <= 100);
ALTER TABLE services ADD CONSTRAINT services_name_length CHECK (char_length(name) <= 200) NOT VALID;
ALTER TABLE services VALIDATE CONSTRAINT services_name_length;
GRANT INSERT (category), UPDATE (category) ON services TO salondesk_admin;

-- a senior stylist's haircut: 45 minutes and a higher price than the salon's default
ALTER TABLE master_services
    ADD COLUMN duration_min integer       CHECK (duration_min > 0 AND duration_min <= 720),
    ADD COLUMN price        numeric(10,2) CHECK (price >= 0);
GRANT INSERT (duration_min, price), UPDATE (duration_min, price) ON master_services TO salondesk_admin;

-- ---- weeks from a date on ---------------------------------------------------------------------
-- A week of a master is in force from valid_from until the next week's valid_from. The row
-- exists even when the week has no hours at all (a master who stops working from a date).
-- The first week starts on 1900-01-01, "always" (not -infinity: btree_gist's date opclass,
-- behind the no-overlap constraint below, cannot subtract infinite dates).
CREATE TABLE master_weeks (
    tenant_id   bigint NOT NULL,
    master_id   bigint NOT NULL,
    valid_from  date   NOT NULL CHECK (valid_from >= date '1900-01-01'),
    PRIMARY KEY (tenant_id, master_id, valid_from),
    FOREIGN KEY (tenant_id, master_id) REFERENCES masters (tenant_id, id) ON DELETE CASCADE
);
INSERT INTO master_weeks (tenant_id, master_id, valid_from)
SELECT DISTINCT tenant_id, master_id, date '1900-01-01' FROM master_working_hours;

ALTER TABLE master_working_hours ADD COLUMN valid_from date NOT NULL DEFAULT '1900-01-01';
DO $$
DECLARE
    c text;
BEGIN
    -- the old week's keys, whatever PostgreSQL named them
    FOR c IN SELECT conname FROM pg_catalog.pg_constraint
              WHERE conrelid = 'public.master_working_hours'::regclass AND contype IN ('p', 'x') LOOP
        EXECUTE format('ALTER TABLE master_working_hours DROP CONSTRAINT %I', c);
    END LOOP;
END $$;
ALTER TABLE master_working_hours
    ADD PRIMARY KEY (tenant_id, master_id, valid_from, weekday, starts_at),
    ADD FOREIGN KEY (tenant_id, master_id, valid_from) REFERENCES master_weeks (tenant_id, master_id, valid_from) ON DELETE CASCADE,
    ADD CONSTRAINT master_working_hours_no_overlap EXCLUDE USING gist (
        tenant_id WITH =, master_id WITH =, valid_from WITH =, weekday WITH =,
        int4range(minute_of_day(starts_at), minute_of_day(ends_at)) WITH &&);

-- A plain INSERT of hours (the owner's seed, a script) makes its week when there is none.
CREATE FUNCTION master_working_hours_make_week() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
    INSERT INTO public.master_weeks (tenant_id, master_id, valid_from)
    VALUES (NEW.tenant_id, NEW.master_id, NEW.valid_from)
    ON CONFLICT DO NOTHING;
    RETURN NEW;
END $$;
CREATE TRIGGER master_working_hours_make_week
    BEFORE INSERT ON master_working_hours
    FOR EACH ROW EXECUTE FUNCTION master_working_hours_make_week();

-- ---- single days with hours of their own ------------------------------------------------------
-- A day listed here replaces the week's hours for that date: its intervals below, or none at
-- all (a day off that is not time off: the salon closed, a shortened day).
CREATE TABLE master_days (
    tenant_id  bigint NOT NULL,
    master_id  bigint NOT NULL,
    day        date   NOT NULL,
    note       text   NOT NULL DEFAULT '' CHECK (char_length(note) <= 200),
    PRIMARY KEY (tenant_id, master_id, day),
    FOREIGN KEY (tenant_id, master_id) REFERENCES masters (tenant_id, id) ON DELETE CASCADE
);
CREATE TABLE master_day_hours (
    tenant_id  bigint NOT NULL,
    master_id  bigint NOT NULL,
    day        date   NOT NULL,
    starts_at  time   NOT NULL,
    ends_at    time   NOT NULL,
    PRIMARY KEY (tenant_id, master_id, day, starts_at),
    FOREIGN KEY (tenant_id, master_id, day) REFERENCES master_days (tenant_id, master_id, day) ON DELETE CASCADE,
    CHECK (ends_at > starts_at),
    EXCLUDE USING gist (tenant_id WITH =, master_id WITH =, day WITH =,
                        int4range(minute_of_day(starts_at), minute_of_day(ends_at)) WITH &&)
);

ALTER TABLE master_weeks ENABLE ROW LEVEL SECURITY;
ALTER TABLE master_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE master_day_hours ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON master_weeks USING (tenant_id = salondesk_current_tenant()) WITH CHECK (tenant_id = salondesk_current_tenant());
CREATE POLICY own_salon ON master_days USING (tenant_id = salondesk_current_tenant()) WITH CHECK (tenant_id = salondesk_current_tenant());
CREATE POLICY own_salon ON master_day_hours USING (tenant_id = salondesk_current_tenant()) WITH CHECK (tenant_id = salondesk_current_tenant());
GRANT SELECT ON master_weeks, master_days, master_day_hours TO salondesk_receptionist, salondesk_admin, salondesk_manager;
-- hours change only through the functions below (whole weekdays and days at a time)
REVOKE INSERT, UPDATE ON master_working_hours FROM salondesk_admin;

-- ---- when a master works ----------------------------------------------------------------------
-- Every working interval of the master on the salon days first_day..last_day: the day's own
-- hours when it has them, else the hours of the week in force on that day. Wall-clock times
-- are turned into instants in the salon's zone, so on a daylight-saving day an interval is
-- as long as it really is.
CREATE FUNCTION master_hours(tenant bigint, master bigint, first_day date, last_day date)
RETURNS TABLE (day date, starts_at timestamptz, ends_at timestamptz, local_start time, local_end time)
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
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
     WHERE t.id = tenant
$$;

-- Whether [start, start + minutes) lies inside one working interval of the master.
CREATE FUNCTION within_working_hours(tenant bigint, master bigint, start timestamptz, minutes integer)
RETURNS boolean
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT EXISTS (
        SELECT 1
          FROM public.tenants t,
               master_hours(tenant, master, CAST(start AT TIME ZONE t.time_zone AS date),
                            CAST(start AT TIME ZONE t.time_zone AS date)) h
         WHERE t.id = tenant AND h.starts_at <= start AND h.ends_at >= slot_end(start, minutes))
$$;

-- How long a service takes with this master: the master's own duration, else the service's.
CREATE FUNCTION service_minutes(tenant bigint, master bigint, service bigint) RETURNS integer
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT coalesce(ms.duration_min, s.duration_min)
      FROM public.services s
      LEFT JOIN public.master_services ms ON ms.tenant_id = s.tenant_id AND ms.service_id = s.id AND ms.master_id = master
     WHERE s.tenant_id = tenant AND s.id = service
$$;

-- ---- the rule book --------------------------------------------------------------------------------
-- The first rule a booking of `minutes` from `start` with this master breaks, or NULL when it
-- may be written. In the order the engine reports them:
--   unknown_master, master_inactive, unknown_service, service_inactive, service_not_offered, duration_missing,
--   duration_out_of_range, start_in_past, outside_working_hours, master_time_off, time_taken,
--   unknown_client.
-- The flags say which rules a write asks for: a past visit may be recorded (past_allowed); an
-- admin may book outside the hours and into time off on purpose (hours_waived); a move that
-- keeps the master does not ask whether the service is still sold and the master still offers
-- it (service_check);
-- only pending, confirmed and arrived bookings hold time (holds_time). exclude_booking is the
-- booking being moved, which does not collide with itself. client may be NULL (a new client
-- is made in the same transaction, or the booking's client does not change).
CREATE FUNCTION booking_problem(tenant bigint, master bigint, client bigint, service bigint,
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
        -- written like the exclusion constraint (literal statuses: the partial GiST index serves it)
        IF EXISTS (SELECT 1 FROM public.bookings b
                    WHERE b.tenant_id = tenant AND b.master_id = master
                      AND b.status IN ('pending', 'confirmed', 'arrived')
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

-- ---- setting hours: a weekday of a week, or a day, at a time --------------------------------------
-- Replaces the master's intervals on `weekday` in the week in force from `valid_from`. A week
-- that does not exist yet starts as a copy of the week in force on that date, so "from March,
-- Mondays 10–19" leaves the other days as they were.
CREATE FUNCTION salondesk_set_week_day(target_tenant bigint, master bigint, valid_from date, weekday integer,
                                       starts time[], ends time[])
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    previous date;
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    IF NOT EXISTS (SELECT 1 FROM public.masters m WHERE m.tenant_id = target_tenant AND m.id = master) THEN
        RAISE EXCEPTION 'no master % in salon %', master, target_tenant USING ERRCODE = '22023';
    END IF;
    IF weekday IS NULL OR weekday NOT BETWEEN 1 AND 7 THEN
        RAISE EXCEPTION 'a weekday is 1 (Monday) to 7 (Sunday), not %', weekday USING ERRCODE = '22023';
    END IF;
    IF valid_from IS NULL OR coalesce(cardinality(starts), 0) <> coalesce(cardinality(ends), 0) THEN
        RAISE EXCEPTION 'each interval needs a start and an end' USING ERRCODE = '22023';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM public.master_weeks w
                    WHERE w.tenant_id = target_tenant AND w.master_id = master AND w.valid_from = salondesk_set_week_day.valid_from) THEN
        SELECT max(w.valid_from) INTO previous FROM public.master_weeks w
         WHERE w.tenant_id = target_tenant AND w.master_id = master AND w.valid_from < salondesk_set_week_day.valid_from;
        INSERT INTO public.master_weeks (tenant_id, master_id, valid_from) VALUES (target_tenant, master, salondesk_set_week_day.valid_from);
        INSERT INTO public.master_working_hours (tenant_id, master_id, valid_from, weekday, starts_at, ends_at)
        SELECT h.tenant_id, h.master_id, salondesk_set_week_day.valid_from, h.weekday, h.starts_at, h.ends_at
          FROM public.master_working_hours h
         WHERE h.tenant_id = target_tenant AND h.master_id = master AND h.valid_from = previous;
    END IF;
    DELETE FROM public.master_working_hours h
     WHERE h.tenant_id = target_tenant AND h.master_id = master AND h.valid_from = salondesk_set_week_day.valid_from
       AND h.weekday = salondesk_set_week_day.weekday;
    -- the table's checks refuse an end before its start and overlapping intervals
    INSERT INTO public.master_working_hours (tenant_id, master_id, valid_from, weekday, starts_at, ends_at)
    SELECT target_tenant, master, salondesk_set_week_day.valid_from, salondesk_set_week_day.weekday, i.s, i.e
      FROM unnest(starts, ends) AS i(s, e);
END $$;

-- Drops a week that starts later than the first one; the week before it then goes on.
CREATE FUNCTION salondesk_remove_week(target_tenant bigint, master bigint, valid_from date) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    IF valid_from <= date '1900-01-01' THEN
        RAISE EXCEPTION 'the first week can be changed, not removed' USING ERRCODE = '22023';
    END IF;
    DELETE FROM public.master_weeks w
     WHERE w.tenant_id = target_tenant AND w.master_id = master AND w.valid_from = salondesk_remove_week.valid_from;
    RETURN FOUND;
END $$;

-- Gives one date hours of its own (none: not working that day), replacing what it had.
CREATE FUNCTION salondesk_set_day(target_tenant bigint, master bigint, day date, starts time[], ends time[], note text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    IF NOT EXISTS (SELECT 1 FROM public.masters m WHERE m.tenant_id = target_tenant AND m.id = master) THEN
        RAISE EXCEPTION 'no master % in salon %', master, target_tenant USING ERRCODE = '22023';
    END IF;
    IF day IS NULL OR coalesce(cardinality(starts), 0) <> coalesce(cardinality(ends), 0) THEN
        RAISE EXCEPTION 'each interval needs a start and an end' USING ERRCODE = '22023';
    END IF;
    DELETE FROM public.master_days d WHERE d.tenant_id = target_tenant AND d.master_id = master AND d.day = salondesk_set_day.day;
    INSERT INTO public.master_days (tenant_id, master_id, day, note)
    VALUES (target_tenant, master, salondesk_set_day.day, coalesce(note, ''));
    INSERT INTO public.master_day_hours (tenant_id, master_id, day, starts_at, ends_at)
    SELECT target_tenant, master, salondesk_set_day.day, i.s, i.e FROM unnest(starts, ends) AS i(s, e);
END $$;

-- The date follows the week again.
CREATE FUNCTION salondesk_clear_day(target_tenant bigint, master bigint, day date) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    DELETE FROM public.master_days d WHERE d.tenant_id = target_tenant AND d.master_id = master AND d.day = salondesk_clear_day.day;
    RETURN FOUND;
END $$;

REVOKE ALL ON FUNCTION salondesk_set_week_day(bigint, bigint, date, integer, time[], time[]) FROM PUBLIC;
REVOKE ALL ON FUNCTION salondesk_remove_week(bigint, bigint, date) FROM PUBLIC;
REVOKE ALL ON FUNCTION salondesk_set_day(bigint, bigint, date, time[], time[], text) FROM PUBLIC;
REVOKE ALL ON FUNCTION salondesk_clear_day(bigint, bigint, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_set_week_day(bigint, bigint, date, integer, time[], time[]) TO salondesk_admin;
GRANT EXECUTE ON FUNCTION salondesk_remove_week(bigint, bigint, date) TO salondesk_admin;
GRANT EXECUTE ON FUNCTION salondesk_set_day(bigint, bigint, date, time[], time[], text) TO salondesk_admin;
GRANT EXECUTE ON FUNCTION salondesk_clear_day(bigint, bigint, date) TO salondesk_admin;
