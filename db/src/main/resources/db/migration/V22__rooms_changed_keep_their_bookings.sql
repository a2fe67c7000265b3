-- SalonDesk schema, part 22 (issue 18, the rest): a room renamed, its count changed or switched off
-- — and a service that starts needing a room — never leave a future booking without the unit it
-- needs; in the database, for every writer, plain SQL included (ADR 18).
--
--   * A lower count moves each future hold on a unit above it to the lowest unit free for its whole
--     hold; if one finds none (all of the lower units are taken then), nothing is written: 23514,
--     constraint resources_held_by_future_bookings, the number of such bookings in DETAIL.
--   * A room that future bookings hold is not switched off (the same refusal, the number of
--     bookings holding it). A name changes freely.
--   * A room switched on again, or needed by a service from now on (a new service_resources row),
--     gives every future active booking that needs it and holds none of it the lowest unit free
--     for its whole hold, earliest first; if one finds none, nothing is written: 23514, constraint
--     resources_future_bookings_without_unit, the number in DETAIL. (Before, such bookings kept no
--     unit, and a new booking could be given the one they would use.)
--   * The salon's rooms lock (salondesk_rooms_lock_key, a secret key like the masters'): taken
--     SHARED by every booking writer — by salondesk_lock_master before the master's own lock, so
--     the engine holds it before it reads or locks any booking row; by salondesk_lock_resources; by
--     the holding trigger for a writer that took no lock — and EXCLUSIVE by a change of rooms or
--     needs, before the statement locks any row (a statement trigger). So a change of rooms waits
--     for the bookings being written and sees them, and a booking written after it sees the
--     change; writers never wait for each other on it. One global order: the rooms lock, the
--     masters by id, the resources by id.
-- Every function has SET search_path = public, pg_temp; definer functions are revoked from PUBLIC.

-- ---- the salon's rooms lock ----------------------------------------------------------------------
CREATE FUNCTION salondesk_rooms_lock_key(tenant bigint) RETURNS bigint
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT pg_catalog.hashtextextended('rooms:' || tenant || ':' || k.lock_key, 0::bigint)
      FROM public.salon_keys k WHERE k.tenant_id = tenant
$$;
REVOKE ALL ON FUNCTION salondesk_rooms_lock_key(bigint) FROM PUBLIC;

-- migration 13's, with the salon's rooms lock (shared) before the master's
CREATE OR REPLACE FUNCTION salondesk_lock_master(tenant bigint, master bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    k bigint;
BEGIN
    IF tenant IS DISTINCT FROM salondesk_current_tenant() AND NOT salondesk_session_is_owner()
       AND NOT (pg_catalog.pg_has_role(session_user, 'salondesk_online', 'MEMBER') AND salondesk_online_master(tenant, master)) THEN
        RAISE EXCEPTION 'salon % is not the salon of this login', tenant USING ERRCODE = '42501';
    END IF;
    k := salondesk_master_lock_key(tenant, master);
    IF k IS NULL THEN
        RAISE EXCEPTION 'no salon %', tenant USING ERRCODE = '42501';
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock_shared(salondesk_rooms_lock_key(tenant));
    PERFORM pg_catalog.pg_advisory_xact_lock(k);
END $$;

-- migration 19's, with the salon's rooms lock (shared) before the resources'
CREATE OR REPLACE FUNCTION salondesk_lock_resources(tenant bigint, services bigint[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    r bigint;
BEGIN
    IF tenant IS DISTINCT FROM salondesk_current_tenant() AND NOT salondesk_session_is_owner() THEN
        RAISE EXCEPTION 'salon % is not the salon of this login', tenant USING ERRCODE = '42501';
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock_shared(salondesk_rooms_lock_key(tenant));
    FOR r IN SELECT DISTINCT sr.resource_id FROM public.service_resources sr
              WHERE sr.tenant_id = tenant AND sr.service_id = ANY (services) ORDER BY 1 LOOP
        PERFORM pg_catalog.pg_advisory_xact_lock(salondesk_resource_lock_key(tenant, r));
    END LOOP;
END $$;

-- A change of rooms or needs waits for the salon's bookings being written, and they for it: the
-- rooms lock, exclusive, before the statement locks a row. A staff login changes its own salon
-- only (row-level security); the owner, belonging to none, takes every salon's, ascending.
CREATE FUNCTION salondesk_lock_rooms_for_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    t bigint;
BEGIN
    t := salondesk_current_tenant();
    IF t IS NOT NULL THEN
        PERFORM pg_catalog.pg_advisory_xact_lock(salondesk_rooms_lock_key(t));
    ELSE
        FOR t IN SELECT k.tenant_id FROM public.salon_keys k ORDER BY 1 LOOP
            PERFORM pg_catalog.pg_advisory_xact_lock(salondesk_rooms_lock_key(t));
        END LOOP;
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION salondesk_lock_rooms_for_change() FROM PUBLIC;

-- ---- units --------------------------------------------------------------------------------------
-- The lowest unit of a resource free for the whole span, among the first `capacity`; NULL: none.
CREATE FUNCTION resource_free_unit(tenant bigint, resource bigint, capacity integer, span tstzrange, exclude_booking bigint)
RETURNS integer
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT g FROM generate_series(1, capacity) g
     WHERE NOT EXISTS (SELECT 1 FROM public.booking_resources h
                        WHERE h.tenant_id = tenant AND h.resource_id = resource AND h.unit = g AND h.during && span
                          AND (exclude_booking IS NULL OR h.booking_id <> exclude_booking))
     ORDER BY g LIMIT 1
$$;
REVOKE ALL ON FUNCTION resource_free_unit(bigint, bigint, integer, tstzrange, bigint) FROM PUBLIC;

-- Every active booking whose hold would end after now, of a service that needs the resource, and
-- holding none of it: the lowest unit free, earliest booking first. The number that found none.
CREATE FUNCTION resource_hold_future(tenant bigint, resource bigint, capacity integer) RETURNS integer
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
DECLARE
    b record;
    u integer;
    missing integer := 0;
BEGIN
    FOR b IN SELECT bk.id, booking_span(bk.starts_at, bk.duration_min, bk.cleanup_min) AS span
               FROM public.bookings bk
               JOIN public.service_resources sr ON sr.tenant_id = bk.tenant_id AND sr.service_id = bk.service_id
              WHERE bk.tenant_id = tenant AND sr.resource_id = resource
                AND bk.status IN ('pending', 'confirmed', 'arrived')
                AND slot_end(bk.starts_at, bk.duration_min + bk.cleanup_min) > now()
                AND NOT EXISTS (SELECT 1 FROM public.booking_resources h
                                 WHERE h.tenant_id = tenant AND h.booking_id = bk.id AND h.resource_id = resource)
              ORDER BY bk.starts_at, bk.id LOOP
        u := resource_free_unit(tenant, resource, capacity, b.span, NULL);
        IF u IS NULL THEN
            missing := missing + 1;
        ELSE
            INSERT INTO public.booking_resources (tenant_id, booking_id, resource_id, unit, during)
            VALUES (tenant, b.id, resource, u, b.span);
        END IF;
    END LOOP;
    RETURN missing;
END $$;
REVOKE ALL ON FUNCTION resource_hold_future(bigint, bigint, integer) FROM PUBLIC;

-- migration 19's, with the salon's rooms lock (shared) before the needs are read: a change of the
-- salon's rooms under way is over, and what it wrote is what this booking is given units of
CREATE OR REPLACE FUNCTION bookings_hold_resources() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    r record;
    u integer;
    span tstzrange;
    held boolean;
BEGIN
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM public.booking_resources h WHERE h.tenant_id = OLD.tenant_id AND h.booking_id = OLD.id;
    END IF;
    IF NEW.service_id IS NULL OR NEW.status NOT IN ('pending', 'confirmed', 'arrived') THEN
        RETURN NULL;
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock_shared(salondesk_rooms_lock_key(NEW.tenant_id));
    span := booking_span(NEW.starts_at, NEW.duration_min, NEW.cleanup_min);
    FOR r IN SELECT x.id, x.name, x.capacity FROM public.service_resources sr
               JOIN public.resources x ON x.tenant_id = sr.tenant_id AND x.id = sr.resource_id
              WHERE sr.tenant_id = NEW.tenant_id AND sr.service_id = NEW.service_id AND x.active
              ORDER BY x.id LOOP
        PERFORM pg_catalog.pg_advisory_xact_lock(salondesk_resource_lock_key(NEW.tenant_id, r.id));
        held := false;
        FOR u IN SELECT g FROM generate_series(1, r.capacity) g
                  WHERE NOT EXISTS (SELECT 1 FROM public.booking_resources h
                                     WHERE h.tenant_id = NEW.tenant_id AND h.resource_id = r.id AND h.unit = g AND h.during && span)
                  ORDER BY g LOOP
            BEGIN
                INSERT INTO public.booking_resources (tenant_id, booking_id, resource_id, unit, during)
                VALUES (NEW.tenant_id, NEW.id, r.id, u, span);
                held := true;
                EXIT;
            EXCEPTION WHEN exclusion_violation THEN
                NULL;
            END;
        END LOOP;
        IF NOT held THEN
            RAISE EXCEPTION 'every % is taken then', r.name USING ERRCODE = '23P01',
                  CONSTRAINT = 'booking_resources_no_double_booking';
        END IF;
    END LOOP;
    RETURN NULL;
END $$;

-- ---- a room changed --------------------------------------------------------------------------------
CREATE FUNCTION resources_keep_future_holds() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    h record;
    u integer;
    n integer := 0;
BEGIN
    IF OLD.active AND NOT NEW.active THEN
        SELECT count(DISTINCT x.booking_id) INTO n FROM public.booking_resources x
         WHERE x.tenant_id = OLD.tenant_id AND x.resource_id = OLD.id AND upper(x.during) > now();
        IF n > 0 THEN
            RAISE EXCEPTION '% cannot be switched off: % future booking(s) hold it; move or cancel them first', OLD.name, n
                USING ERRCODE = '23514', CONSTRAINT = 'resources_held_by_future_bookings',
                      DETAIL = 'future bookings holding it: ' || n;
        END IF;
    END IF;
    IF NEW.active AND NEW.capacity < OLD.capacity THEN
        FOR h IN SELECT x.booking_id, x.during FROM public.booking_resources x
                  WHERE x.tenant_id = OLD.tenant_id AND x.resource_id = OLD.id AND x.unit > NEW.capacity AND upper(x.during) > now()
                  ORDER BY lower(x.during), x.booking_id LOOP
            u := resource_free_unit(OLD.tenant_id, OLD.id, NEW.capacity, h.during, h.booking_id);
            IF u IS NULL THEN
                n := n + 1;
            ELSE
                UPDATE public.booking_resources x SET unit = u
                 WHERE x.tenant_id = OLD.tenant_id AND x.booking_id = h.booking_id AND x.resource_id = OLD.id;
            END IF;
        END LOOP;
        IF n > 0 THEN
            RAISE EXCEPTION 'the count of % cannot go down to %: then % future booking(s) would have none of it; move or cancel them first',
                  OLD.name, NEW.capacity, n
                USING ERRCODE = '23514', CONSTRAINT = 'resources_held_by_future_bookings',
                      DETAIL = 'future bookings holding it: ' || n;
        END IF;
    END IF;
    IF NEW.active AND NOT OLD.active THEN
        n := resource_hold_future(OLD.tenant_id, OLD.id, NEW.capacity);
        IF n > 0 THEN
            RAISE EXCEPTION '% cannot be switched on: % future booking(s) needing it would find none free; move or cancel them first',
                  OLD.name, n
                USING ERRCODE = '23514', CONSTRAINT = 'resources_future_bookings_without_unit',
                      DETAIL = 'future bookings without one: ' || n;
        END IF;
    END IF;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION resources_keep_future_holds() FROM PUBLIC;
CREATE TRIGGER resources_lock_rooms BEFORE UPDATE ON resources
    FOR EACH STATEMENT EXECUTE FUNCTION salondesk_lock_rooms_for_change();
CREATE TRIGGER resources_keep_future_holds BEFORE UPDATE OF capacity, active ON resources
    FOR EACH ROW EXECUTE FUNCTION resources_keep_future_holds();

-- ---- a service needs a room from now on -------------------------------------------------------------
CREATE FUNCTION service_resources_hold_future() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    x record;
    n integer;
BEGIN
    SELECT r.name, r.capacity, r.active INTO x FROM public.resources r WHERE r.tenant_id = NEW.tenant_id AND r.id = NEW.resource_id;
    IF x.active THEN
        n := resource_hold_future(NEW.tenant_id, NEW.resource_id, x.capacity);
        IF n > 0 THEN
            RAISE EXCEPTION 'the service cannot need % from now on: % of its future bookings would find none free; move or cancel them first',
                  x.name, n
                USING ERRCODE = '23514', CONSTRAINT = 'resources_future_bookings_without_unit',
                      DETAIL = 'future bookings without one: ' || n;
        END IF;
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION service_resources_hold_future() FROM PUBLIC;
CREATE TRIGGER service_resources_lock_rooms BEFORE INSERT ON service_resources
    FOR EACH STATEMENT EXECUTE FUNCTION salondesk_lock_rooms_for_change();
CREATE TRIGGER service_resources_hold_future AFTER INSERT ON service_resources
    FOR EACH ROW EXECUTE FUNCTION service_resources_hold_future();
