-- SalonDesk schema, part 51 (issue 35): a chain's manager — a login of the new group salondesk_chain_manager,
-- made by the database's owner for a set of salons (`users add --login L --role chain-manager --salons 1,2,5`),
-- that reads those salons' report figures side by side (ADR 35):
--   * which salons: chain_manager_salons (tenant_id, login), written only by the owner's definer functions;
--     salondesk_chain_salons() answers the session's own list (session_user, never a setting);
--   * row-level security: a policy FOR SELECT TO salondesk_chain_manager on every table migration 50's figures
--     read, letting through the rows of those salons only (the staff's own_salon policies answer nothing for it:
--     it has no staff row);
--   * no personal data: column-level SELECT only on what the figures read — no client's name, phone, e-mail or
--     note (no right on clients at all), no booking's note, no message's recipient, no sale's client or note, no
--     commission; the drill-down's rows (report_booking_rows, report_sale_rows) are not its to call;
--   * it writes nothing: no INSERT, UPDATE or DELETE on any table, no definer function but its own list.
-- ChainManagerAttackTest tries all of it with real logins. Every function has SET search_path; definer
-- functions check the caller with session_user and are revoked from PUBLIC.

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'salondesk_chain_manager') THEN
        CREATE ROLE salondesk_chain_manager NOLOGIN;
    END IF;
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO salondesk_chain_manager', current_database());
END $$;
GRANT USAGE ON SCHEMA public TO salondesk_chain_manager;

CREATE TABLE chain_manager_salons (
    tenant_id  bigint      NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    login      text        NOT NULL,
    added_at   timestamptz NOT NULL DEFAULT now(),
    added_by   text        NOT NULL DEFAULT session_user,
    PRIMARY KEY (tenant_id, login)
);
CREATE INDEX chain_manager_salons_by_login ON chain_manager_salons (login);
ALTER TABLE chain_manager_salons ENABLE ROW LEVEL SECURITY;
-- nobody but the owner (and the definer functions below) reads or writes it: no grant, no policy

-- The salons of the session's login, if it is a chain manager's (an empty list otherwise).
CREATE FUNCTION salondesk_chain_salons() RETURNS bigint[]
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT coalesce(array_agg(c.tenant_id ORDER BY c.tenant_id), '{}')
      FROM public.chain_manager_salons c
     WHERE c.login = session_user AND pg_catalog.pg_has_role(session_user, 'salondesk_chain_manager', 'MEMBER')
$$;
REVOKE ALL ON FUNCTION salondesk_chain_salons() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_chain_salons() TO salondesk_chain_manager;

-- A chain manager's login for these salons, made by the owner (like the online, relay and sender logins).
CREATE FUNCTION salondesk_add_chain_manager(new_login text, scram_verifier text, salons bigint[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_session_is_owner() THEN
        RAISE EXCEPTION 'only the database owner may add a chain manager''s login' USING ERRCODE = '42501';
    END IF;
    IF new_login IS NULL OR new_login !~ '^[a-z][a-z0-9_]{1,40}$' OR new_login LIKE 'salondesk%' OR new_login LIKE 'pg\_%' THEN
        RAISE EXCEPTION 'a login is 2 to 41 lower-case letters, digits or _, starting with a letter: %', new_login
            USING ERRCODE = '22023';
    END IF;
    IF salons IS NULL OR cardinality(salons) = 0 THEN
        RAISE EXCEPTION 'a chain manager reads at least one salon' USING ERRCODE = '22023';
    END IF;
    IF EXISTS (SELECT 1 FROM unnest(salons) s(id) WHERE NOT EXISTS (SELECT 1 FROM public.tenants t WHERE t.id = s.id)) THEN
        RAISE EXCEPTION 'no such salon among %', salons USING ERRCODE = '23503';
    END IF;
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = new_login) THEN
        RAISE EXCEPTION 'the login % exists already', new_login USING ERRCODE = '42710';
    END IF;
    PERFORM salondesk_check_verifier(scram_verifier);
    EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS '
                   'PASSWORD %L IN ROLE salondesk_chain_manager', new_login, scram_verifier);
    PERFORM salondesk_prepare_login(new_login);
    INSERT INTO public.chain_manager_salons (tenant_id, login) SELECT DISTINCT s.id, new_login FROM unnest(salons) s(id);
END $$;
REVOKE ALL ON FUNCTION salondesk_add_chain_manager(text, text, bigint[]) FROM PUBLIC;

-- The staff's policies ask salondesk_current_tenant() of every login that
-- reads a table; for a chain manager they answer NULL, so those policies let nothing through.
GRANT EXECUTE ON FUNCTION salondesk_current_tenant() TO salondesk_chain_manager;

-- ---- its salons' rows, for reading -------------------------------------------------------------------------------
CREATE POLICY chain_reads ON tenants FOR SELECT TO salondesk_chain_manager
    USING (id = ANY (CAST((SELECT salondesk_chain_salons()) AS bigint[])));
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['bookings', 'booking_cancellations', 'masters', 'services', 'master_working_hours', 'master_weeks',
                             'master_days', 'master_day_hours', 'sales', 'sale_lines', 'sale_voids', 'sale_refunds', 'sale_refund_lines',
                             'takings_closed_days', 'takings_closed_lines', 'report_closed_services', 'report_settings', 'messages'] LOOP
        EXECUTE format('CREATE POLICY chain_reads ON %I FOR SELECT TO salondesk_chain_manager '
                       'USING (tenant_id = ANY (CAST((SELECT salondesk_chain_salons()) AS bigint[])))', t);
    END LOOP;
END $$;

-- ---- what the figures read, and nothing personal ----------------------------------------------------------------
GRANT SELECT (id, name, time_zone, currency, country, is_demo) ON tenants TO salondesk_chain_manager;
GRANT SELECT (tenant_id, id, master_id, client_id, service_id, visit_id, starts_at, duration_min, status, source, client_confirmed_at)
    ON bookings TO salondesk_chain_manager;
GRANT SELECT ON booking_cancellations, master_working_hours, master_weeks, master_day_hours, takings_closed_days,
    report_closed_services, report_settings TO salondesk_chain_manager;
GRANT SELECT (tenant_id, master_id, day) ON master_days TO salondesk_chain_manager;
GRANT SELECT (tenant_id, id, name, active) ON masters TO salondesk_chain_manager;
GRANT SELECT (tenant_id, id, name) ON services TO salondesk_chain_manager;
GRANT SELECT (tenant_id, id, total_minor, business_day) ON sales TO salondesk_chain_manager;
GRANT SELECT (tenant_id, sale_id, line_no, kind, booking_id, service_id, master_id, amount_minor) ON sale_lines TO salondesk_chain_manager;
GRANT SELECT (tenant_id, sale_id) ON sale_voids TO salondesk_chain_manager;
GRANT SELECT (tenant_id, id, sale_id, business_day) ON sale_refunds TO salondesk_chain_manager;
GRANT SELECT (tenant_id, refund_id, sale_id, line_no, amount_minor) ON sale_refund_lines TO salondesk_chain_manager;
GRANT SELECT (tenant_id, day, master_id, kind, sold_minor, given_minor) ON takings_closed_lines TO salondesk_chain_manager;
GRANT SELECT (tenant_id, booking_id, kind, state, sent_at) ON messages TO salondesk_chain_manager;

GRANT EXECUTE ON FUNCTION report_period(bigint, date, date), report_days(bigint, date, date), report_clients(bigint, date, date),
    report_masters(bigint, date, date), report_services(bigint, date, date) TO salondesk_chain_manager;

-- the command line and the desk compare the schema's version with their own before anything else (ADR 22)
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'flyway_schema_history') THEN
        GRANT SELECT ON flyway_schema_history TO salondesk_chain_manager;
    END IF;
END $$;
