-- SalonDesk schema, part 41 (issue 36, ADR 36): a service may need a patch test, and the rule book says
-- so for every road.
--
--   * services.patch_test_days: a booking of the service (holding time) needs the client's last
--     concluded patch test (pass or fail, on or before the booking's salon day) to be a pass at most
--     that many days before the day. NULL: no test needed.
--   * salondesk_patch_test_state(salon, client, days, start): why not — none, failed, pending (only
--     tests not read yet), expired — and the last test's day and result. A definer (the online login
--     reads no patch test): it answers a staff login for its own salon, the owner for any, and the online
--     login only for the client its own transaction found by phone (migration 13's proof).
--   * booking_problem: a new last rule, patch_test_needed, asked when the client is known — the one asked,
--     or a moved booking's own (exclude_booking) — unless the booking was booked without one by an admin.
--     Same arguments, same order of the other rules (ADR 10), so booking_needs_override (migration 28)
--     and every caller keep their answers.
--   * bookings.patch_test_waived: the admin's override, recorded like outside_hours (ADR 5). A
--     receptionist's login that sets it is refused (42501).
--   * bookings_patch_test: the rule for every writer, plain SQL included — an active booking of such a
--     service written, moved, given another client or service, or revived without the test (and without
--     the override) is refused with 23514, constraint bookings_patch_test_needed.
-- Every function has SET search_path = public, pg_temp; definer functions check session_user and are
-- revoked from PUBLIC.

ALTER TABLE services ADD COLUMN patch_test_days integer CHECK (patch_test_days BETWEEN 1 AND 3650);
GRANT INSERT (patch_test_days), UPDATE (patch_test_days) ON services TO salondesk_admin;
-- the page says so before a time is picked
GRANT SELECT (patch_test_days) ON services TO salondesk_online;

ALTER TABLE bookings ADD COLUMN patch_test_waived boolean NOT NULL DEFAULT false;
GRANT INSERT (patch_test_waived), UPDATE (patch_test_waived) ON bookings TO salondesk_receptionist, salondesk_admin;
-- a new booking's RETURNING names it (the road never sets it: no INSERT right)
GRANT SELECT (patch_test_waived) ON bookings TO salondesk_online;

-- ---- the client's patch tests, as a booking on `start`'s salon day sees them --------------------------------
CREATE FUNCTION salondesk_patch_test_state(tenant bigint, client bigint, valid_days integer, start timestamptz)
RETURNS TABLE (problem text, last_on date, last_result text)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    salon_day date;
    who bigint := client;
    next_one bigint;
BEGIN
    IF NOT (salondesk_session_is_owner()
            OR tenant IS NOT DISTINCT FROM salondesk_current_tenant()
            OR (pg_catalog.pg_has_role(session_user, 'salondesk_online', 'MEMBER') AND salondesk_online_client_ok(tenant, client))) THEN
        RAISE EXCEPTION 'the patch tests of salon % are not this login''s to ask', tenant USING ERRCODE = '42501';
    END IF;
    SELECT CAST(coalesce(start, now()) AT TIME ZONE t.time_zone AS date) INTO salon_day FROM public.tenants t WHERE t.id = tenant;
    -- a client merged into another (migration 42) has her tests there
    FOR i IN 1..10 LOOP
        SELECT c.merged_into INTO next_one FROM public.clients c WHERE c.tenant_id = tenant AND c.id = who;
        EXIT WHEN next_one IS NULL;
        who := next_one;
    END LOOP;
    SELECT p.tested_on, p.result INTO last_on, last_result
      FROM public.patch_tests p
     WHERE p.tenant_id = tenant AND p.client_id = who AND p.tested_on <= salon_day AND p.result IN ('pass', 'fail')
     ORDER BY p.tested_on DESC, p.id DESC
     LIMIT 1;
    IF NOT FOUND THEN
        SELECT p.tested_on, p.result INTO last_on, last_result
          FROM public.patch_tests p
         WHERE p.tenant_id = tenant AND p.client_id = who AND p.tested_on <= salon_day AND p.result = 'pending'
         ORDER BY p.tested_on DESC, p.id DESC
         LIMIT 1;
        problem := CASE WHEN FOUND THEN 'pending' ELSE 'none' END;
    ELSIF last_result = 'fail' THEN
        problem := 'failed';
    ELSIF valid_days IS NOT NULL AND last_on < salon_day - valid_days THEN
        problem := 'expired';
    ELSE
        problem := NULL;
    END IF;
    RETURN NEXT;
END $$;
REVOKE ALL ON FUNCTION salondesk_patch_test_state(bigint, bigint, integer, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_patch_test_state(bigint, bigint, integer, timestamptz)
    TO salondesk_receptionist, salondesk_admin, salondesk_manager, salondesk_online;

-- ---- the rule book, with patch tests --------------------------------------------------------------------
-- Migration 19's, unchanged but for the last rule (and the service's patch_test_days read with its active).
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
    needs_days integer;
    booked_client bigint;
    waived boolean;
BEGIN
    SELECT m.active INTO active FROM public.masters m WHERE m.tenant_id = tenant AND m.id = master;
    IF NOT FOUND THEN
        RETURN 'unknown_master';
    END IF;
    IF NOT active THEN
        RETURN 'master_inactive';
    END IF;
    IF service IS NOT NULL THEN
        SELECT s.active, s.patch_test_days INTO active, needs_days FROM public.services s WHERE s.tenant_id = tenant AND s.id = service;
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
        IF EXISTS (SELECT 1 FROM public.bookings b
                    WHERE b.tenant_id = tenant AND b.master_id = master
                      AND b.status IN ('pending', 'confirmed', 'arrived')
                      AND b.starts_at > start - interval '720 minutes'
                      AND b.starts_at < span_end
                      AND (exclude_booking IS NULL OR b.id <> exclude_booking)
                      AND booking_busy(b.starts_at, b.duration_min, b.cleanup_min, b.phases) && busy) THEN
            RETURN 'time_taken';
        END IF;
        IF service IS NOT NULL AND EXISTS (
               SELECT 1 FROM public.service_resources sr
                 JOIN public.resources x ON x.tenant_id = sr.tenant_id AND x.id = sr.resource_id
                WHERE sr.tenant_id = tenant AND sr.service_id = service AND x.active
                  AND NOT EXISTS (SELECT 1 FROM generate_series(1, x.capacity) g
                                   WHERE NOT EXISTS (SELECT 1 FROM public.booking_resources h
                                                      WHERE h.tenant_id = tenant AND h.resource_id = x.id AND h.unit = g
                                                        AND (exclude_booking IS NULL OR h.booking_id <> exclude_booking)
                                                        AND h.during && tstzrange(start, span_end)))) THEN
            RETURN 'resource_taken';
        END IF;
    END IF;
    IF client IS NOT NULL AND NOT EXISTS (SELECT 1 FROM public.clients c WHERE c.tenant_id = tenant AND c.id = client) THEN
        RETURN 'unknown_client';
    END IF;
    -- a service that needs a patch test: the client's (the one asked, else the moved booking's), unless
    -- an admin booked that booking without one (ADR 36)
    IF holds_time AND needs_days IS NOT NULL THEN
        IF exclude_booking IS NOT NULL THEN
            SELECT b.client_id, b.patch_test_waived INTO booked_client, waived
              FROM public.bookings b WHERE b.tenant_id = tenant AND b.id = exclude_booking;
        END IF;
        IF coalesce(client, booked_client) IS NOT NULL AND NOT coalesce(waived, false)
           AND (SELECT p.problem FROM salondesk_patch_test_state(tenant, coalesce(client, booked_client), needs_days, start) p) IS NOT NULL THEN
            RETURN 'patch_test_needed';
        END IF;
    END IF;
    RETURN NULL;
END $$;

-- ---- every writer ---------------------------------------------------------------------------------------
CREATE FUNCTION bookings_patch_test() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    days integer;
    why text;
BEGIN
    IF TG_OP = 'UPDATE' AND salondesk_merging(OLD.tenant_id, OLD.client_id) THEN
        RETURN NEW;   -- the merge moves bookings as they are, with the client's tests (migration 42)
    END IF;
    IF NEW.patch_test_waived AND (TG_OP = 'INSERT' OR NOT OLD.patch_test_waived)
       AND salondesk_session_books_within_hours(NEW.tenant_id) THEN
        RAISE EXCEPTION 'only an admin of salon % may book without a patch test', NEW.tenant_id USING ERRCODE = '42501';
    END IF;
    IF NEW.patch_test_waived OR NEW.service_id IS NULL OR NEW.status NOT IN ('pending', 'confirmed', 'arrived') THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.starts_at IS NOT DISTINCT FROM OLD.starts_at AND NEW.service_id IS NOT DISTINCT FROM OLD.service_id
       AND NEW.client_id IS NOT DISTINCT FROM OLD.client_id AND OLD.status IN ('pending', 'confirmed', 'arrived')
       AND NOT OLD.patch_test_waived THEN
        RETURN NEW;   -- a note, a length, another master: the client's day and service are as they were
    END IF;
    SELECT s.patch_test_days INTO days FROM public.services s WHERE s.tenant_id = NEW.tenant_id AND s.id = NEW.service_id;
    IF days IS NULL THEN
        RETURN NEW;
    END IF;
    SELECT p.problem INTO why FROM salondesk_patch_test_state(NEW.tenant_id, NEW.client_id, days, NEW.starts_at) p;
    IF why IS NOT NULL THEN
        RAISE EXCEPTION 'client % needs a patch test passed within % days before this booking (last: %)', NEW.client_id, days, why
            USING ERRCODE = '23514', CONSTRAINT = 'bookings_patch_test_needed';
    END IF;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION bookings_patch_test() FROM PUBLIC;
CREATE TRIGGER bookings_patch_test
    BEFORE INSERT OR UPDATE OF client_id, service_id, starts_at, status, patch_test_waived ON bookings
    FOR EACH ROW EXECUTE FUNCTION bookings_patch_test();
