-- SalonDesk schema, part 6: staff management by salon admins, without handing them the keys.
--
-- Creating a login role needs CREATEROLE, which would let an admin create any role at all.
-- Instead, these SECURITY DEFINER functions (owned by the migrating owner, who has
-- CREATEROLE) do the few things an admin may: add a login to one of the three salondesk
-- groups for the admin's OWN salon, change it between those groups, disable it. The caller
-- is session_user (inside these functions current_user is the owner). Passwords arrive as
-- SCRAM-SHA-256 verifiers computed by the client: the password itself never reaches the
-- server, its logs or a process list.

CREATE FUNCTION salondesk_caller_may_manage(target_tenant bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = session_user AND r.rolsuper)
        OR session_user = (SELECT pg_get_userbyid(d.datdba) FROM pg_database d WHERE d.datname = current_database())
        OR EXISTS (SELECT 1 FROM public.staff s
                    WHERE s.login = session_user AND s.active AND s.role = 'admin' AND s.tenant_id = target_tenant)
$$;

CREATE FUNCTION salondesk_add_user(target_tenant bigint, new_login text, name text, new_role text, scram_verifier text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_caller_may_manage(target_tenant) THEN
        RAISE EXCEPTION 'only an admin of salon % may add its staff', target_tenant USING ERRCODE = '42501';
    END IF;
    IF new_role NOT IN ('receptionist', 'admin', 'manager') THEN
        RAISE EXCEPTION 'a role is one of receptionist, admin, manager, not %', new_role USING ERRCODE = '22023';
    END IF;
    IF new_login !~ '^[a-z][a-z0-9_]{1,40}$' OR new_login LIKE 'salondesk%' OR new_login LIKE 'pg\_%' THEN
        RAISE EXCEPTION 'a login is 2 to 41 lower-case letters, digits or _, starting with a letter: %', new_login
            USING ERRCODE = '22023';
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = new_login) THEN
        -- never take over an existing role (postgres, another salon's staff, an application)
        RAISE EXCEPTION 'the login % exists already', new_login USING ERRCODE = '42710';
    END IF;
    IF scram_verifier !~ '^SCRAM-SHA-256\$' THEN
        RAISE EXCEPTION 'the password must arrive as a SCRAM-SHA-256 verifier' USING ERRCODE = '22023';
    END IF;
    EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD %L IN ROLE %I',
                   new_login, scram_verifier, 'salondesk_' || new_role);
    INSERT INTO staff (tenant_id, login, display_name, role) VALUES (target_tenant, new_login, name, new_role);
END $$;

CREATE FUNCTION salondesk_set_role(target_login text, new_role text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    member staff;
BEGIN
    SELECT * INTO member FROM staff WHERE login = target_login;
    IF NOT FOUND OR NOT salondesk_caller_may_manage(member.tenant_id) THEN
        RAISE EXCEPTION 'only an admin of that salon may change % ', target_login USING ERRCODE = '42501';
    END IF;
    IF new_role NOT IN ('receptionist', 'admin', 'manager') THEN
        RAISE EXCEPTION 'a role is one of receptionist, admin, manager, not %', new_role USING ERRCODE = '22023';
    END IF;
    EXECUTE format('REVOKE %I FROM %I', 'salondesk_' || member.role, target_login);
    EXECUTE format('GRANT %I TO %I', 'salondesk_' || new_role, target_login);
    UPDATE staff SET role = new_role WHERE login = target_login;
END $$;

CREATE FUNCTION salondesk_disable_user(target_login text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    member staff;
BEGIN
    SELECT * INTO member FROM staff WHERE login = target_login;
    IF NOT FOUND OR NOT salondesk_caller_may_manage(member.tenant_id) THEN
        RAISE EXCEPTION 'only an admin of that salon may disable %', target_login USING ERRCODE = '42501';
    END IF;
    -- the role stays (its name is in the history), it just cannot log in any more
    EXECUTE format('ALTER ROLE %I NOLOGIN', target_login);
    UPDATE staff SET active = false WHERE login = target_login;
END $$;

REVOKE ALL ON FUNCTION salondesk_caller_may_manage(bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION salondesk_add_user(bigint, text, text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION salondesk_set_role(text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION salondesk_disable_user(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_add_user(bigint, text, text, text, text) TO salondesk_admin;
GRANT EXECUTE ON FUNCTION salondesk_set_role(text, text) TO salondesk_admin;
GRANT EXECUTE ON FUNCTION salondesk_disable_user(text) TO salondesk_admin;
