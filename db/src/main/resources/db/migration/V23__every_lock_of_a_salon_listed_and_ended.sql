-- SalonDesk schema, part 23 (issue 29): every lock a salon's writes wait for is listed by `locks`,
-- and its admin may end the session that holds one.
--
-- Migration 9 listed only the masters' locks. Since then the writes of a salon wait for more:
-- the salon's rooms lock (migration 22; shared by every booking, exclusive by a change of rooms),
-- each room's lock (migration 19), and the lock that keeps a client's waitlist entries under their
-- cap (migration 14; the online road's per-client lock of migration 13 becomes a row lock in
-- migration 25, which no other login can take). Every key holds the salon's secret,
-- but a key that is held shows in pg_locks; where the superuser's step of the README has not
-- taken pg_locks and the advisory-lock functions from PUBLIC (db/superuser.sql, ADR 9), another
-- salon's login could read such a key while the salon books and hold it. Then every booking of
-- that salon answered "try again", and `locks` did not list the holder, nor would `locks end`
-- end it.
--
--   * salondesk_lock_keys(tenant): every advisory lock of the salon, with what it guards — the one
--     list. A lock added later is added here, or `locks` cannot show it
--     (SalonLocksTest.everyLockAWriteTakesIsListed fails for a lock that is not).
--   * salondesk_salon_locks(tenant): who holds or awaits each of them, in which mode, since when.
--     For the salon's admins (and the owner).
--   * salondesk_end_session ends any session (but the owner's or a superuser's) holding one of
--     them; salondesk_master_locks stays for desks of the last version, its masters only.
-- Every function has SET search_path = public, pg_temp; definer functions are revoked from PUBLIC.

CREATE FUNCTION salondesk_lock_keys(tenant bigint)
RETURNS TABLE (kind text, object_id bigint, object_name text, key bigint)
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT 'master', m.id, m.name, salondesk_master_lock_key(tenant, m.id)
      FROM public.masters m WHERE m.tenant_id = tenant
    UNION ALL
    SELECT 'rooms', NULL::bigint, NULL::text, salondesk_rooms_lock_key(tenant)
    UNION ALL
    SELECT 'resource', r.id, r.name, salondesk_resource_lock_key(tenant, r.id)
      FROM public.resources r WHERE r.tenant_id = tenant
    UNION ALL
    SELECT 'waitlist-client', c.id, c.name,
           pg_catalog.hashtextextended('waitlist-client:' || tenant || ':' || c.id || ':' || k.lock_key, 0::bigint)
      FROM public.clients c
      JOIN public.salon_keys k ON k.tenant_id = c.tenant_id
     WHERE c.tenant_id = tenant
$$;
REVOKE ALL ON FUNCTION salondesk_lock_keys(bigint) FROM PUBLIC;

-- Who holds (and who awaits) the locks of a salon, and since when. held_since is the holder's
-- transaction start — or, for a lock held outside a transaction (a session's pg_advisory_lock,
-- where the superuser's step has not taken that function away), when the session last went idle,
-- which is when it took the lock or later; null when the owner may not see that session.
-- Only the advisory locks held in this database are looked at (a handful), so the salon's keys
-- are computed only when one is.
CREATE FUNCTION salondesk_salon_locks(target_tenant bigint)
RETURNS TABLE (kind text, object_id bigint, object_name text, pid integer, login text, mode text,
               granted boolean, held_since timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_caller_may_manage(target_tenant) THEN
        RAISE EXCEPTION 'only an admin of salon % may see its locks', target_tenant USING ERRCODE = '42501';
    END IF;
    RETURN QUERY
    WITH held AS (
        SELECT l.pid, l.mode, l.granted, ((l.classid::bigint << 32) | l.objid::bigint) AS key
          FROM pg_catalog.pg_locks l
         WHERE l.locktype = 'advisory' AND l.objsubid = 1
           AND l.database = (SELECT d.oid FROM pg_catalog.pg_database d WHERE d.datname = pg_catalog.current_database())
    )
    SELECT k.kind, k.object_id, k.object_name, h.pid, a.usename::text,
           CASE WHEN h.mode = 'ShareLock' THEN 'shared' ELSE 'exclusive' END, h.granted, coalesce(a.xact_start, a.state_change)
      FROM held h
      JOIN salondesk_lock_keys(target_tenant) k ON k.key = h.key
      LEFT JOIN pg_catalog.pg_stat_activity a ON a.pid = h.pid
     WHERE EXISTS (SELECT 1 FROM held)
     ORDER BY CASE k.kind WHEN 'rooms' THEN 0 WHEN 'master' THEN 1 WHEN 'resource' THEN 2 ELSE 3 END,
              k.object_name, k.object_id, h.granted DESC, a.xact_start;
END $$;
REVOKE ALL ON FUNCTION salondesk_salon_locks(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_salon_locks(bigint) TO salondesk_admin;

-- migration 9's, its masters only: for desks of the version before, until they are upgraded
CREATE OR REPLACE FUNCTION salondesk_master_locks(target_tenant bigint)
RETURNS TABLE (master_id bigint, master_name text, pid integer, login text, granted boolean, held_since timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT l.object_id, l.object_name, l.pid, l.login, l.granted, l.held_since
      FROM salondesk_salon_locks(target_tenant) l WHERE l.kind = 'master'
$$;

-- Migration 9's, with every lock of the salon: ends a session of the salon's own staff, or any
-- session (but the owner's or a superuser's) holding one of the salon's locks.
CREATE OR REPLACE FUNCTION salondesk_end_session(target_tenant bigint, target_pid integer) RETURNS boolean
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
       AND NOT EXISTS (SELECT 1 FROM salondesk_salon_locks(target_tenant) h WHERE h.pid = target_pid AND h.granted) THEN
        RAISE EXCEPTION 'session % is neither of salon % nor in its way', target_pid, target_tenant USING ERRCODE = '42501';
    END IF;
    RETURN pg_catalog.pg_terminate_backend(target_pid);
END $$;
