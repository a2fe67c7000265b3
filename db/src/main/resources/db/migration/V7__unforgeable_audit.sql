-- SalonDesk schema, part 7: a change history that cannot be skipped or forged.
--
-- A staff login is treated as a possible attacker (its credentials sit on a salon PC). Until
-- now it could
--   * shadow booking_history with a temporary table of the same name: the trigger functions
--     resolved table names through the caller's search_path, where pg_temp comes first;
--   * insert history rows of its own, claim any source, and insert bookings with any
--     created_by, created_at and version.
-- From here on:
--   * every function runs with a fixed search_path (public, then pg_temp explicitly last, so
--     a temporary table can never stand in for one of ours). slot_end and minute_of_day are
--     the exception that needs none: their SQL-standard bodies (RETURN …) were parsed and
--     bound to their objects when they were created; a SET clause would also stop them being
--     inlined, and they run once per row in every schedule query;
--   * history rows are written only by the audit trigger, as the definer, in the name of the
--     session's real login (session_user — inside a SECURITY DEFINER function current_user is
--     the owner, and a SET ROLE does not change session_user), with the server's clock;
--   * the path a change came through is one of the known ones: a session declares it with
--     SET LOCAL salondesk.source = 'drag' (anything else is refused), a session that declares
--     nothing is 'sql';
--   * a booking's creation columns, version and source are the database's, whatever the
--     client sends; updated_at/updated_by too.

ALTER FUNCTION tenants_check_time_zone() SET search_path = public, pg_temp;

-- The path the current transaction's writes come through; the one place that knows the list.
CREATE FUNCTION salondesk_declared_source() RETURNS text
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
DECLARE
    src text := nullif(current_setting('salondesk.source', true), '');
BEGIN
    IF src IS NULL THEN
        RETURN 'sql';
    END IF;
    IF src NOT IN ('form', 'drag', 'import', 'cli', 'waitlist', 'sql', 'demo') THEN
        RAISE EXCEPTION 'unknown salondesk.source "%": one of form, drag, import, cli, waitlist, sql, demo', left(src, 40)
            USING ERRCODE = '22023';
    END IF;
    RETURN src;
END $$;

-- Audit columns, version and source, for every writer (the table's owner included).
CREATE OR REPLACE FUNCTION bookings_touch() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.version := 1;
        NEW.source := salondesk_declared_source();
        NEW.created_at := now();
        NEW.created_by := session_user;
        NEW.updated_at := NEW.created_at;
        NEW.updated_by := NEW.created_by;
        RETURN NEW;
    END IF;
    -- what was true at creation stays true
    NEW.created_at := OLD.created_at;
    NEW.created_by := OLD.created_by;
    NEW.source := OLD.source;
    NEW.request_id := OLD.request_id;
    NEW.updated_at := OLD.updated_at;
    NEW.updated_by := OLD.updated_by;
    -- the version counts real changes; what a client writes into it is ignored
    NEW.version := OLD.version;
    IF NEW IS DISTINCT FROM OLD THEN
        NEW.version := OLD.version + 1;
        NEW.updated_at := now();
        NEW.updated_by := session_user;
    END IF;
    RETURN NEW;
END $$;

DROP TRIGGER bookings_touch ON bookings;
CREATE TRIGGER bookings_touch
    BEFORE INSERT OR UPDATE ON bookings
    FOR EACH ROW EXECUTE FUNCTION bookings_touch();

ALTER TABLE bookings ALTER COLUMN created_by SET DEFAULT session_user;
ALTER TABLE bookings ALTER COLUMN updated_by SET DEFAULT session_user;

-- The only writer of the history: runs as its owner, names the real login.
CREATE OR REPLACE FUNCTION bookings_audit() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    old_j   jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
    new_j   jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
    diff    jsonb;
    src     text  := CASE WHEN TG_OP = 'INSERT' THEN NEW.source ELSE salondesk_declared_source() END;
BEGIN
    SELECT coalesce(jsonb_object_agg(k, jsonb_build_array(old_j -> k, new_j -> k)), '{}'::jsonb)
      INTO diff
      FROM (SELECT jsonb_object_keys(coalesce(new_j, old_j)) AS k) keys
     WHERE k NOT IN ('updated_at', 'updated_by')
       AND (old_j -> k) IS DISTINCT FROM (new_j -> k);
    IF TG_OP = 'UPDATE' AND diff = '{}'::jsonb THEN
        RETURN NULL;   -- nothing really changed
    END IF;
    INSERT INTO public.booking_history (tenant_id, booking_id, operation, changed_at, changed_by, source, changes, old_row, new_row)
    VALUES (coalesce(NEW.tenant_id, OLD.tenant_id), coalesce(NEW.id, OLD.id), TG_OP, now(), session_user, src, diff, old_j, new_j);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION bookings_audit() FROM PUBLIC;

ALTER FUNCTION bookings_notify() SET search_path = public, pg_temp;

-- Nobody but the trigger writes history (the owner is trusted and keeps its rights).
DROP POLICY own_salon_append ON booking_history;
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON booking_history FROM salondesk_receptionist, salondesk_admin, salondesk_manager;
ALTER TABLE booking_history ALTER COLUMN changed_by SET DEFAULT session_user;
ALTER TABLE booking_history ADD CONSTRAINT booking_history_known_source
    CHECK (source IN ('form', 'drag', 'import', 'cli', 'waitlist', 'sql', 'demo')) NOT VALID;
ALTER TABLE booking_history VALIDATE CONSTRAINT booking_history_known_source;
