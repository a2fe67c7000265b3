-- SalonDesk schema, part 9: the named lock and the change notifications belong to one salon.
--
-- Until now the lock of a master was hashtextextended('booking:<tenant>:<master>', 0): any
-- login on the server could compute another salon's key from public ids and hold it, and
-- that salon's desks only ever heard "try again". And every booking change of every salon
-- went out on one channel that any login could LISTEN on (reading other salons' bookings and
-- days) or NOTIFY into (fake changes in every desk).
--
-- Now each salon has two random secrets that its staff cannot read:
--   * lock_key: the named lock of a master is
--       hashtextextended('booking:' || tenant_id || ':' || master_id || ':' || lock_key, 0)
--     taken only through salondesk_lock_master(tenant_id, master_id), which refuses another
--     salon's masters. Every program that writes a salon's bookings calls it in its
--     transaction (ADR 9);
--   * channel: the salon's notification channel. Its staff may read it (to LISTEN); nobody
--     else can name it, so nobody else can listen on it or notify into it.
-- An admin sees who holds the salon's master locks and since when, and may end such a
-- session: the cure for a "try again" that does not go away.

CREATE TABLE salon_keys (
    tenant_id  bigint PRIMARY KEY REFERENCES tenants (id),
    -- 122 random bits each (gen_random_uuid is in core since PostgreSQL 13)
    lock_key   text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
    channel    text NOT NULL DEFAULT 'salondesk_' || replace(gen_random_uuid()::text, '-', '')
);
ALTER TABLE salon_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON salon_keys FOR SELECT USING (tenant_id = salondesk_current_tenant());
-- the channel, not the lock key
GRANT SELECT (tenant_id, channel) ON salon_keys TO salondesk_receptionist, salondesk_admin, salondesk_manager;

INSERT INTO salon_keys (tenant_id) SELECT id FROM tenants;

CREATE FUNCTION tenants_make_keys() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    INSERT INTO public.salon_keys (tenant_id) VALUES (NEW.id);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION tenants_make_keys() FROM PUBLIC;
CREATE TRIGGER tenants_make_keys
    AFTER INSERT ON tenants
    FOR EACH ROW EXECUTE FUNCTION tenants_make_keys();

-- The database owner or a superuser: trusted with every salon (migrations, the embedded desk).
CREATE FUNCTION salondesk_session_is_owner() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_roles r WHERE r.rolname = session_user AND r.rolsuper)
        OR session_user = (SELECT pg_catalog.pg_get_userbyid(d.datdba) FROM pg_catalog.pg_database d
                            WHERE d.datname = pg_catalog.current_database())
$$;
REVOKE ALL ON FUNCTION salondesk_session_is_owner() FROM PUBLIC;

-- The lock's key, for the listing below and for the lock itself: never handed to a client.
CREATE FUNCTION salondesk_master_lock_key(tenant bigint, master bigint) RETURNS bigint
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT pg_catalog.hashtextextended('booking:' || tenant || ':' || master || ':' || k.lock_key, 0::bigint)
      FROM public.salon_keys k WHERE k.tenant_id = tenant
$$;
REVOKE ALL ON FUNCTION salondesk_master_lock_key(bigint, bigint) FROM PUBLIC;

-- The named per-master lock, for the rest of the transaction. Waits at most lock_timeout.
CREATE FUNCTION salondesk_lock_master(tenant bigint, master bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    k bigint;
BEGIN
    IF tenant IS DISTINCT FROM salondesk_current_tenant() AND NOT salondesk_session_is_owner() THEN
        RAISE EXCEPTION 'salon % is not the salon of this login', tenant USING ERRCODE = '42501';
    END IF;
    k := salondesk_master_lock_key(tenant, master);
    IF k IS NULL THEN
        RAISE EXCEPTION 'no salon %', tenant USING ERRCODE = '42501';
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock(k);
END $$;
REVOKE ALL ON FUNCTION salondesk_lock_master(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_lock_master(bigint, bigint) TO salondesk_receptionist, salondesk_admin;

-- Live updates: the salon's own channel. Runs as the owner, so it can read the channel
-- whoever writes (the owner's seed, a staff member of that salon).
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
        SELECT OLD.master_id, OLD.starts_at, slot_end(OLD.starts_at, OLD.duration_min) WHERE TG_OP <> 'INSERT'
        UNION ALL
        SELECT NEW.master_id, NEW.starts_at, slot_end(NEW.starts_at, NEW.duration_min) WHERE TG_OP <> 'DELETE'
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

-- Who holds (and who awaits) the named locks of a salon's masters, and since when.
-- held_since is the holder's transaction start; it is null when the owner may not see that
-- session (a login the owner did not create, on a server that does not show it).
CREATE FUNCTION salondesk_master_locks(target_tenant bigint)
RETURNS TABLE (master_id bigint, master_name text, pid integer, login text, granted boolean, held_since timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_caller_may_manage(target_tenant) THEN
        RAISE EXCEPTION 'only an admin of salon % may see its locks', target_tenant USING ERRCODE = '42501';
    END IF;
    RETURN QUERY
    WITH keys AS (
        SELECT m.id, m.name, salondesk_master_lock_key(m.tenant_id, m.id) AS key
          FROM public.masters m WHERE m.tenant_id = target_tenant
    )
    SELECT k.id, k.name, l.pid, a.usename::text, l.granted, a.xact_start
      FROM keys k
      JOIN pg_catalog.pg_locks l
        ON l.locktype = 'advisory' AND l.objsubid = 1
       AND l.database = (SELECT d.oid FROM pg_catalog.pg_database d WHERE d.datname = pg_catalog.current_database())
       AND l.classid = ((k.key >> 32) & 4294967295)::oid
       AND l.objid = (k.key & 4294967295)::oid
      LEFT JOIN pg_catalog.pg_stat_activity a ON a.pid = l.pid
     ORDER BY k.id, l.granted DESC, a.xact_start;
END $$;
REVOKE ALL ON FUNCTION salondesk_master_locks(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_master_locks(bigint) TO salondesk_admin;

-- Ends a session that is in a salon's way: one of that salon's own logins, or any session
-- (but the owner's or a superuser's) holding one of that salon's master locks.
CREATE FUNCTION salondesk_end_session(target_tenant bigint, target_pid integer) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    who text;
BEGIN
    IF NOT salondesk_caller_may_manage(target_tenant) THEN
        RAISE EXCEPTION 'only an admin of salon % may end sessions', target_tenant USING ERRCODE = '42501';
    END IF;
    SELECT a.usename INTO who FROM pg_catalog.pg_stat_activity a
     WHERE a.pid = target_pid AND a.datname = pg_catalog.current_database();
    IF who IS NULL THEN
        RETURN false;   -- gone already (or on another database: not ours to end)
    END IF;
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles r WHERE r.rolname = who AND r.rolsuper)
       OR who = (SELECT pg_catalog.pg_get_userbyid(d.datdba) FROM pg_catalog.pg_database d
                  WHERE d.datname = pg_catalog.current_database()) THEN
        RAISE EXCEPTION 'the session of % cannot be ended from SalonDesk', who USING ERRCODE = '42501';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM public.staff s WHERE s.login = who AND s.tenant_id = target_tenant)
       AND NOT EXISTS (SELECT 1 FROM salondesk_master_locks(target_tenant) h WHERE h.pid = target_pid AND h.granted) THEN
        RAISE EXCEPTION 'session % is neither of salon % nor in its way', target_pid, target_tenant USING ERRCODE = '42501';
    END IF;
    RETURN pg_catalog.pg_terminate_backend(target_pid);
END $$;
REVOKE ALL ON FUNCTION salondesk_end_session(bigint, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_end_session(bigint, integer) TO salondesk_admin;
