-- SalonDesk schema, part 8: staff rights as narrow as their work, so that no login can
-- stop other salons.
--
--   * Table-level UPDATE or DELETE lets a login run LOCK TABLE … IN ACCESS EXCLUSIVE MODE on
--     a shared table, and every other salon's reads and writes wait. PostgreSQL allows the
--     modes stronger than ROW EXCLUSIVE only to holders of table-level UPDATE, DELETE or
--     TRUNCATE, so staff get column-level UPDATE, INSERT, and no DELETE: the few whole-row
--     deletions an admin needs are SECURITY DEFINER functions below. A login may still take
--     ACCESS SHARE (it may read) and ROW EXCLUSIVE (it may insert): both conflict only with
--     what migrations take, never with another salon's reads and writes.
--   * Columns the database keeps (ids, creation and audit columns, versions, request ids of
--     history) are not writable by staff at all.
--   * Only the three groups may connect to this database, and nobody but the owner may create
--     temporary tables (a temporary table was the way to shadow ours) or objects in public.
--   * A login's salon is looked up for the session's own login only; the old lookup answered
--     for any login name.
--
-- Every function has SET search_path = public, pg_temp; definer functions check the caller
-- with session_user and are revoked from PUBLIC (DESIGN.md, "Rules for every migration").

-- ---- who may connect, create, make temporary tables ------------------------------------------
DO $$
BEGIN
    EXECUTE format('REVOKE CONNECT, TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO salondesk_receptionist, salondesk_admin, salondesk_manager',
                   current_database());
END $$;
-- PostgreSQL 15+ refuse it already. On 14 schema public belongs to the bootstrap superuser,
-- and only its owner can take the right away: the README's setup gives the schema to the
-- salon's owner first. Where that step was missed, stop here with what to do, rather than
-- leave every login able to plant functions that our own calls would pick up.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
                WHERE n.nspname = 'public' AND a.grantee = 0 AND a.privilege_type = 'CREATE') THEN
        RAISE EXCEPTION 'every login may create objects in schema public of database %', current_database()
            USING ERRCODE = '42501',
                  HINT = format('As a superuser, run in that database: ALTER SCHEMA public OWNER TO %I; then migrate again.',
                                current_user);
    END IF;
END $$;

-- ---- the own salon, for the session's login ---------------------------------------------------
CREATE FUNCTION salondesk_current_tenant() RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT s.tenant_id FROM public.staff s WHERE s.login = session_user AND s.active
$$;
REVOKE ALL ON FUNCTION salondesk_current_tenant() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_current_tenant() TO salondesk_receptionist, salondesk_admin, salondesk_manager;

DO $$
DECLARE
    t text;
BEGIN
    EXECUTE 'DROP POLICY own_salon ON tenants';
    EXECUTE 'CREATE POLICY own_salon ON tenants USING (id = salondesk_current_tenant()) '
            'WITH CHECK (id = salondesk_current_tenant())';
    FOREACH t IN ARRAY ARRAY['masters', 'master_working_hours', 'master_time_off', 'services', 'master_services',
                             'clients', 'bookings', 'staff'] LOOP
        EXECUTE format('DROP POLICY own_salon ON %I', t);
        EXECUTE format('CREATE POLICY own_salon ON %I USING (tenant_id = salondesk_current_tenant()) '
                       'WITH CHECK (tenant_id = salondesk_current_tenant())', t);
    END LOOP;
    EXECUTE 'DROP POLICY own_salon_read ON booking_history';
    EXECUTE 'CREATE POLICY own_salon_read ON booking_history FOR SELECT USING (tenant_id = salondesk_current_tenant())';
END $$;
DROP FUNCTION salondesk_tenant_of(text);

-- ---- writes: column by column, no DELETE ------------------------------------------------------
REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public
    FROM salondesk_receptionist, salondesk_admin, salondesk_manager;
-- identity columns draw their numbers without USAGE on the sequence; nobody needs it
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM salondesk_receptionist, salondesk_admin, salondesk_manager;

-- receptionists and admins: bookings (create, move, resize, change status) and clients.
-- source, version, created_*/updated_* are the database's (migration 7's trigger).
GRANT INSERT (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, request_id, note, outside_hours)
    ON bookings TO salondesk_receptionist, salondesk_admin;
GRANT UPDATE (master_id, starts_at, duration_min, status, outside_hours)
    ON bookings TO salondesk_receptionist, salondesk_admin;
GRANT INSERT (tenant_id, name, phone, notes), UPDATE (name, phone, notes)
    ON clients TO salondesk_receptionist, salondesk_admin;

-- admins: the salon's masters, services, hours and time off
GRANT INSERT (tenant_id, name, colour, active, sort_order), UPDATE (name, colour, active, sort_order)
    ON masters TO salondesk_admin;
GRANT INSERT (tenant_id, name, duration_min, price, active), UPDATE (name, duration_min, price, active)
    ON services TO salondesk_admin;
GRANT INSERT (tenant_id, master_id, service_id) ON master_services TO salondesk_admin;
GRANT INSERT (tenant_id, master_id, weekday, starts_at, ends_at), UPDATE (starts_at, ends_at)
    ON master_working_hours TO salondesk_admin;
GRANT INSERT (tenant_id, master_id, starts_at, ends_at, reason), UPDATE (starts_at, ends_at, reason)
    ON master_time_off TO salondesk_admin;

-- ---- whole-row deletions an admin needs, one row of the own salon at a time -------------------
-- (the owner and superusers may do the same for any salon: the embedded desk runs as one)
CREATE FUNCTION salondesk_require_admin(target_tenant bigint) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF target_tenant IS NULL OR NOT salondesk_caller_may_manage(target_tenant) THEN
        RAISE EXCEPTION 'only an admin of salon % may do this', target_tenant USING ERRCODE = '42501';
    END IF;
END $$;
REVOKE ALL ON FUNCTION salondesk_require_admin(bigint) FROM PUBLIC;

CREATE FUNCTION salondesk_remove_master_service(target_tenant bigint, master bigint, service bigint) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    DELETE FROM public.master_services ms
     WHERE ms.tenant_id = target_tenant AND ms.master_id = master AND ms.service_id = service;
    RETURN FOUND;
END $$;

CREATE FUNCTION salondesk_remove_time_off(target_tenant bigint, time_off bigint) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    DELETE FROM public.master_time_off o WHERE o.tenant_id = target_tenant AND o.id = time_off;
    RETURN FOUND;
END $$;

REVOKE ALL ON FUNCTION salondesk_remove_master_service(bigint, bigint, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION salondesk_remove_time_off(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_remove_master_service(bigint, bigint, bigint) TO salondesk_admin;
GRANT EXECUTE ON FUNCTION salondesk_remove_time_off(bigint, bigint) TO salondesk_admin;
