-- SalonDesk schema, part 28 (issue 30, the desk's part): what the desk changes is saved and
-- recorded as it was made, and the override of working hours is an admin's (ADR 5).
--
--   * The history names the real road: a right-click menu ('menu'), Ctrl+Z ('undo'), a change or
--     cancel of a series from one occurrence on ('series') are known sources beside migration 13's.
--   * A booking's note may be changed by receptionists and admins (column-level UPDATE, as the other
--     columns a change writes; migration 27's length limit holds it to 2 000 characters). Before, the
--     form's Save said "saved" and dropped the note.
--   * Booking outside a master's working hours or into their time off is an admin's right, in the
--     database, for every road (ADR 5, migration 11): for a receptionist's login
--       - a booking written with outside_hours = true (inserted so, or turned from false to true) is
--         refused (42501);
--       - a booking that holds time and needs the override (booking_needs_override: the rule book,
--         booking_problem, answers outside_working_hours or master_time_off) is refused whatever its
--         flag says — an override nobody has to ask for is none — except for the time a booking held
--         already: a change may keep the booking on the same master inside what it held (shorter,
--         moved within it, a note, a status) or add only time the rule book allows. So a booking an
--         admin placed outside the hours can be worked with at the desk, but only an admin takes it
--         further outside;
--       - status changes alone (cancel, revive: migration 11 revives without asking the hours) and
--         bookings that hold no time (a past visit recorded as completed) are not asked.
--     Admins, the database's owner (the embedded desk, migrations, the demo seed, import as the
--     owner) and superusers keep the right; the online road is held by its own insert policy
--     (migration 13: never outside_hours, always inside the hours).
--   * A change of the salon's rooms or equipment, or of what a service needs of them, is announced
--     on the salon's channel as {"tenant": t, "op": "ROOMS"}, so that every desk's room columns
--     reload (before, only the desk that made the change saw it). Like the bookings' announcement it
--     is sent only while the notification queue is less than half full (migration 24, ADR 8).
-- Every function has SET search_path = public, pg_temp; definer functions are revoked from PUBLIC.

-- ---- the roads ---------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION salondesk_declared_source() RETURNS text
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
DECLARE
    src text := nullif(current_setting('salondesk.source', true), '');
BEGIN
    IF src IS NULL THEN
        RETURN 'sql';
    END IF;
    IF src NOT IN ('form', 'drag', 'menu', 'undo', 'series', 'import', 'cli', 'waitlist', 'sql', 'demo', 'online') THEN
        RAISE EXCEPTION 'unknown salondesk.source "%": one of form, drag, menu, undo, series, import, cli, waitlist, sql, demo, online',
            left(src, 40) USING ERRCODE = '22023';
    END IF;
    RETURN src;
END $$;

ALTER TABLE bookings DROP CONSTRAINT bookings_known_source;
ALTER TABLE bookings ADD CONSTRAINT bookings_known_source
    CHECK (source IN ('form', 'drag', 'menu', 'undo', 'series', 'import', 'cli', 'waitlist', 'sql', 'demo', 'online')) NOT VALID;
ALTER TABLE bookings VALIDATE CONSTRAINT bookings_known_source;
ALTER TABLE booking_history DROP CONSTRAINT booking_history_known_source;
ALTER TABLE booking_history ADD CONSTRAINT booking_history_known_source
    CHECK (source IN ('form', 'drag', 'menu', 'undo', 'series', 'import', 'cli', 'waitlist', 'sql', 'demo', 'online')) NOT VALID;
ALTER TABLE booking_history VALIDATE CONSTRAINT booking_history_known_source;

-- ---- the note ----------------------------------------------------------------------------------------
GRANT UPDATE (note) ON bookings TO salondesk_receptionist, salondesk_admin;

-- ---- the override of working hours -------------------------------------------------------------------
-- Whether a booking of `minutes` from `start` needs the override: the rule book says it lies outside
-- the master's working hours or in their time off (its cleanup included; the shape is `booking`'s
-- own when given, else `service`'s with this master). The engine sets outside_hours by it.
CREATE FUNCTION booking_needs_override(tenant bigint, master bigint, service bigint, booking bigint, start timestamptz, minutes integer)
RETURNS boolean
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT coalesce(booking_problem(tenant, master, NULL, service, start, minutes, booking, true, false, false, true)
                    IN ('outside_working_hours', 'master_time_off'), false)
$$;

-- Whether this session's login books within the hours of salon `tenant`: one of its staff who is
-- not an admin (the owner and superusers, who may manage every salon, are not held).
CREATE FUNCTION salondesk_session_books_within_hours(tenant bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT EXISTS (SELECT 1 FROM public.staff s
                    WHERE s.login = session_user AND s.tenant_id = tenant AND s.active AND s.role <> 'admin')
       AND NOT salondesk_caller_may_manage(tenant)
$$;
REVOKE ALL ON FUNCTION salondesk_session_books_within_hours(bigint) FROM PUBLIC;

-- Whether the part of `added` that lies outside `kept` needs the override (what it adds before and
-- after `kept`, each asked of the rule book as a booking of its own).
CREATE FUNCTION booking_span_needs_override(tenant bigint, master bigint, added tstzrange, kept tstzrange) RETURNS boolean
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
DECLARE
    piece tstzrange;
BEGIN
    IF lower(added) < lower(kept) THEN
        piece := tstzrange(lower(added), least(upper(added), lower(kept)));
        IF booking_needs_override(tenant, master, NULL, NULL, lower(piece),
                                  CAST(ceil(extract(epoch FROM upper(piece) - lower(piece)) / 60) AS integer)) THEN
            RETURN true;
        END IF;
    END IF;
    IF upper(added) > upper(kept) THEN
        piece := tstzrange(greatest(lower(added), upper(kept)), upper(added));
        IF booking_needs_override(tenant, master, NULL, NULL, lower(piece),
                                  CAST(ceil(extract(epoch FROM upper(piece) - lower(piece)) / 60) AS integer)) THEN
            RETURN true;
        END IF;
    END IF;
    RETURN false;
END $$;

CREATE FUNCTION bookings_hours_are_an_admins() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    moved boolean := TG_OP = 'INSERT' OR NEW.master_id IS DISTINCT FROM OLD.master_id
                     OR NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.duration_min IS DISTINCT FROM OLD.duration_min;
BEGIN
    IF NOT moved AND NEW.outside_hours IS NOT DISTINCT FROM OLD.outside_hours THEN
        RETURN NEW;
    END IF;
    IF NOT salondesk_session_books_within_hours(NEW.tenant_id) THEN
        RETURN NEW;
    END IF;
    IF NEW.outside_hours AND (TG_OP = 'INSERT' OR NOT OLD.outside_hours) THEN
        RAISE EXCEPTION 'only an admin of salon % may book outside working hours or into time off', NEW.tenant_id
            USING ERRCODE = '42501';
    END IF;
    IF NOT moved OR NEW.status NOT IN ('pending', 'confirmed', 'arrived')
       OR NOT booking_needs_override(NEW.tenant_id, NEW.master_id, NEW.service_id, CASE WHEN TG_OP = 'UPDATE' THEN NEW.id END,
                                     NEW.starts_at, NEW.duration_min) THEN
        RETURN NEW;
    END IF;
    -- outside the hours: only inside what the booking held already, on the same master
    IF TG_OP = 'UPDATE' AND NEW.master_id = OLD.master_id AND OLD.status IN ('pending', 'confirmed', 'arrived')
       AND NOT booking_span_needs_override(NEW.tenant_id, NEW.master_id,
                                           booking_span(NEW.starts_at, NEW.duration_min, NEW.cleanup_min),
                                           booking_span(OLD.starts_at, OLD.duration_min, OLD.cleanup_min)) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'only an admin of salon % may book outside working hours or into time off', NEW.tenant_id
        USING ERRCODE = '42501';
END $$;
REVOKE ALL ON FUNCTION bookings_hours_are_an_admins() FROM PUBLIC;
-- named to run after bookings_shape (triggers of one event run in name order): the cleanup is known
CREATE TRIGGER bookings_hours_are_an_admins
    BEFORE INSERT OR UPDATE OF master_id, starts_at, duration_min, outside_hours ON bookings
    FOR EACH ROW EXECUTE FUNCTION bookings_hours_are_an_admins();

-- ---- rooms announced ---------------------------------------------------------------------------------
CREATE FUNCTION salondesk_rooms_notify() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    tid bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END;
    ch  text;
BEGIN
    IF salondesk_notifications_dropped() THEN
        -- the desks see it on their health check and reload instead (migration 24)
        RETURN NULL;
    END IF;
    SELECT k.channel INTO ch FROM public.salon_keys k WHERE k.tenant_id = tid;
    IF ch IS NOT NULL THEN
        -- one per salon and transaction: PostgreSQL folds equal payloads of one transaction into one
        PERFORM pg_catalog.pg_notify(ch, jsonb_build_object('tenant', tid, 'op', 'ROOMS')::text);
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION salondesk_rooms_notify() FROM PUBLIC;
CREATE TRIGGER resources_notify AFTER INSERT OR UPDATE OR DELETE ON resources
    FOR EACH ROW EXECUTE FUNCTION salondesk_rooms_notify();
CREATE TRIGGER service_resources_notify AFTER INSERT OR UPDATE OR DELETE ON service_resources
    FOR EACH ROW EXECUTE FUNCTION salondesk_rooms_notify();
