-- SalonDesk schema, part 5: who may do what, enforced by PostgreSQL itself.
--
-- A desktop app keeps its credentials on the salon's PC, so the UI cannot be the security
-- boundary. Each staff member logs in as their own PostgreSQL role, a member of one of three
-- groups below; GRANTs say what each group may do, and row-level security shows every
-- salon's rows only to that salon's staff. The salon comes from the staff table, keyed by the
-- login (current_user, evaluated in the policy), never from a setting the client can change.
--
-- The owner of the tables (the database owner who runs the migrations, or the embedded
-- server's superuser) is not subject to row-level security: migrations, the demo seed and a
-- single-user embedded installation keep working as before.
--
-- Roles are cluster-wide, so they are created only if missing (this needs CREATEROLE).

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'salondesk_receptionist') THEN
        CREATE ROLE salondesk_receptionist NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'salondesk_admin') THEN
        CREATE ROLE salondesk_admin NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'salondesk_manager') THEN
        CREATE ROLE salondesk_manager NOLOGIN;
    END IF;
END $$;

-- Which salon a login works for, under which role, and by what name the others know them.
CREATE TABLE staff (
    tenant_id     bigint      NOT NULL REFERENCES tenants (id),
    login         text        NOT NULL,
    display_name  text        NOT NULL CHECK (btrim(display_name) <> ''),
    role          text        NOT NULL CHECK (role IN ('receptionist', 'admin', 'manager')),
    active        boolean     NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, login)
);
-- A login belongs to one salon. (The one unique key without tenant_id: under Citus, staff
-- is a small reference table, replicated to every node, not distributed.)
CREATE UNIQUE INDEX staff_one_salon_per_login ON staff (login);

-- The salon of a login, readable through row-level security by the function's owner. The
-- policies pass current_user in: inside a SECURITY DEFINER function current_user would be
-- the owner. A disabled staff member has no salon, and so sees nothing.
CREATE FUNCTION salondesk_tenant_of(login text) RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT s.tenant_id FROM public.staff s WHERE s.login = $1 AND s.active
$$;
REVOKE ALL ON FUNCTION salondesk_tenant_of(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_tenant_of(text) TO salondesk_receptionist, salondesk_admin, salondesk_manager;

-- Row-level security on every salon table: only the rows of the login's own salon, for
-- reading and for writing (a row written for another salon is refused).
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON tenants
    USING (id = salondesk_tenant_of(current_user))
    WITH CHECK (id = salondesk_tenant_of(current_user));

DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['masters', 'master_working_hours', 'master_time_off', 'services', 'master_services',
                             'clients', 'bookings', 'booking_history', 'staff'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY own_salon ON %I USING (tenant_id = salondesk_tenant_of(current_user)) '
                       'WITH CHECK (tenant_id = salondesk_tenant_of(current_user))', t);
    END LOOP;
END $$;

-- The history is written by the audit trigger in the writer's name; nobody may rewrite it,
-- and a row claiming another author is refused.
DROP POLICY own_salon ON booking_history;
CREATE POLICY own_salon_read ON booking_history FOR SELECT
    USING (tenant_id = salondesk_tenant_of(current_user));
CREATE POLICY own_salon_append ON booking_history FOR INSERT
    WITH CHECK (tenant_id = salondesk_tenant_of(current_user) AND changed_by = current_user);

-- What each group may do (row-level security then narrows it to the own salon).
GRANT USAGE ON SCHEMA public TO salondesk_receptionist, salondesk_admin, salondesk_manager;
GRANT SELECT ON tenants, masters, master_working_hours, master_time_off, services, master_services,
               clients, bookings, booking_history, staff
    TO salondesk_receptionist, salondesk_admin, salondesk_manager;
-- receptionists and admins: bookings (create, move, change status, cancel) and clients
GRANT INSERT, UPDATE ON bookings, clients TO salondesk_receptionist, salondesk_admin;
GRANT INSERT ON booking_history TO salondesk_receptionist, salondesk_admin;
-- admins: the salon's masters, services, hours and time off
GRANT INSERT, UPDATE, DELETE ON masters, services, master_services, master_working_hours, master_time_off
    TO salondesk_admin;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO salondesk_receptionist, salondesk_admin;
-- managers: read only (the SELECT above).

-- A desk signed in as a staff member checks on start that the schema is up to date; it may
-- read Flyway's history for that, not change it. (Absent when the files were applied by psql.)
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'flyway_schema_history') THEN
        GRANT SELECT ON flyway_schema_history TO salondesk_receptionist, salondesk_admin, salondesk_manager;
    END IF;
END $$;
