-- SalonDesk schema, part 10: staff logins that end when they are disabled, passwords that
-- arrive only as well-formed SCRAM verifiers, bounded statements, and a way to change a
-- password.
--
--   * CREATE ROLE … PASSWORD 'x' stores x as a verifier only when it parses as one; anything
--     else is taken as a plain password and hashed. A verifier is therefore checked in full
--     here (iterations, base64 salt, two 32-byte keys) before it reaches CREATE/ALTER ROLE.
--   * Each staff login gets statement_timeout and idle_in_transaction_session_timeout when it
--     is made (a setting on a group role does not reach its members). They are defaults that
--     the login itself can still lower or lift in its own session: they stop runaway work and
--     forgotten open transactions, not an attacker — against holding a master's lock the
--     defence is salondesk_end_session (migration 9).
--   * The owner becomes a member of each login it makes, so that it may end the login's
--     sessions and see how long they have been in a transaction (PostgreSQL allows both only
--     for members of the session's role, or pg_signal_backend / pg_read_all_stats, which only
--     a superuser can give). A superuser owner (the embedded server) needs none of it.
--   * Disabling a login now also takes its group away and ends its open sessions: before, a
--     disabled login kept working in every session it had open.

CREATE FUNCTION salondesk_check_verifier(verifier text) RETURNS void
LANGUAGE plpgsql IMMUTABLE
SET search_path = public, pg_temp
AS $$
BEGIN
    -- SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>, keys of 32 bytes in base64
    IF verifier IS NULL OR verifier !~ ('^SCRAM-SHA-256\$[1-9][0-9]{3,8}:'
                                        '([A-Za-z0-9+/]{4})+([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?\$'
                                        '[A-Za-z0-9+/]{43}=:[A-Za-z0-9+/]{43}=$') THEN
        RAISE EXCEPTION 'the password must arrive as a well-formed SCRAM-SHA-256 verifier' USING ERRCODE = '22023';
    END IF;
END $$;

-- Defaults on a staff login, and the owner's membership in it (see above).
CREATE FUNCTION salondesk_prepare_login(login text) RETURNS void
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
    EXECUTE format('ALTER ROLE %I SET statement_timeout = %L', login, '30s');
    EXECUTE format('ALTER ROLE %I SET idle_in_transaction_session_timeout = %L', login, '60s');
    IF NOT (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = current_user) THEN
        EXECUTE format('GRANT %I TO %I', login, current_user);
    END IF;
END $$;
REVOKE ALL ON FUNCTION salondesk_prepare_login(text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION salondesk_add_user(target_tenant bigint, new_login text, name text, new_role text, scram_verifier text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_caller_may_manage(target_tenant) THEN
        RAISE EXCEPTION 'only an admin of salon % may add its staff', target_tenant USING ERRCODE = '42501';
    END IF;
    IF new_role IS NULL OR new_role NOT IN ('receptionist', 'admin', 'manager') THEN
        RAISE EXCEPTION 'a role is one of receptionist, admin, manager, not %', new_role USING ERRCODE = '22023';
    END IF;
    IF new_login IS NULL OR new_login !~ '^[a-z][a-z0-9_]{1,40}$' OR new_login LIKE 'salondesk%' OR new_login LIKE 'pg\_%' THEN
        RAISE EXCEPTION 'a login is 2 to 41 lower-case letters, digits or _, starting with a letter: %', new_login
            USING ERRCODE = '22023';
    END IF;
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = new_login) THEN
        -- never take over an existing role (postgres, another salon's staff, an application)
        RAISE EXCEPTION 'the login % exists already', new_login USING ERRCODE = '42710';
    END IF;
    PERFORM salondesk_check_verifier(scram_verifier);
    EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD %L IN ROLE %I',
                   new_login, scram_verifier, 'salondesk_' || new_role);
    PERFORM salondesk_prepare_login(new_login);
    INSERT INTO public.staff (tenant_id, login, display_name, role) VALUES (target_tenant, new_login, name, new_role);
END $$;

CREATE OR REPLACE FUNCTION salondesk_set_role(target_login text, new_role text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    member public.staff;
BEGIN
    SELECT * INTO member FROM public.staff WHERE login = target_login;
    IF NOT FOUND OR NOT salondesk_caller_may_manage(member.tenant_id) THEN
        RAISE EXCEPTION 'only an admin of that salon may change %', target_login USING ERRCODE = '42501';
    END IF;
    IF new_role IS NULL OR new_role NOT IN ('receptionist', 'admin', 'manager') THEN
        RAISE EXCEPTION 'a role is one of receptionist, admin, manager, not %', new_role USING ERRCODE = '22023';
    END IF;
    IF NOT member.active THEN
        -- a disabled login has no group; giving it one back would let its sessions work again
        RAISE EXCEPTION 'the login % is disabled', target_login USING ERRCODE = '22023';
    END IF;
    EXECUTE format('REVOKE %I FROM %I', 'salondesk_' || member.role, target_login);
    EXECUTE format('GRANT %I TO %I', 'salondesk_' || new_role, target_login);
    UPDATE public.staff SET role = new_role WHERE login = target_login;
END $$;

CREATE OR REPLACE FUNCTION salondesk_disable_user(target_login text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    member public.staff;
BEGIN
    SELECT * INTO member FROM public.staff WHERE login = target_login;
    IF NOT FOUND OR NOT salondesk_caller_may_manage(member.tenant_id) THEN
        RAISE EXCEPTION 'only an admin of that salon may disable %', target_login USING ERRCODE = '42501';
    END IF;
    IF target_login = session_user THEN
        RAISE EXCEPTION 'a login cannot disable itself; ask another admin' USING ERRCODE = '22023';
    END IF;
    -- the role stays (its name is in the history); it cannot sign in, has no rights, and its
    -- open sessions end now
    EXECUTE format('ALTER ROLE %I NOLOGIN', target_login);
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m
                WHERE m.roleid = ('salondesk_' || member.role)::regrole AND m.member = target_login::regrole) THEN
        EXECUTE format('REVOKE %I FROM %I', 'salondesk_' || member.role, target_login);
    END IF;
    UPDATE public.staff SET active = false WHERE login = target_login;
    PERFORM pg_catalog.pg_terminate_backend(a.pid)
       FROM pg_catalog.pg_stat_activity a
      WHERE a.usename = target_login AND a.pid <> pg_catalog.pg_backend_pid();
END $$;

-- Everyone may change their own password; an admin those of the own salon's staff.
CREATE FUNCTION salondesk_set_password(target_login text, scram_verifier text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    member public.staff;
BEGIN
    SELECT * INTO member FROM public.staff WHERE login = target_login;
    IF NOT FOUND
       OR NOT ((target_login = session_user AND member.active) OR salondesk_caller_may_manage(member.tenant_id)) THEN
        RAISE EXCEPTION 'only % or an admin of that salon may change this password', target_login USING ERRCODE = '42501';
    END IF;
    PERFORM salondesk_check_verifier(scram_verifier);
    EXECUTE format('ALTER ROLE %I PASSWORD %L', target_login, scram_verifier);
END $$;
REVOKE ALL ON FUNCTION salondesk_set_password(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_set_password(text, text) TO salondesk_receptionist, salondesk_admin, salondesk_manager;

-- The logins made before this migration: the same defaults, and no group for disabled ones.
-- A login the migrating owner may not alter (made by a superuser by hand, on PostgreSQL 16+)
-- keeps what it had, with a warning in the migration's output.
DO $$
DECLARE
    s record;
BEGIN
    FOR s IN SELECT st.login, st.role, st.active FROM public.staff st
              WHERE EXISTS (SELECT 1 FROM pg_catalog.pg_roles r WHERE r.rolname = st.login) LOOP
        BEGIN
            IF s.active THEN
                PERFORM salondesk_prepare_login(s.login);
            ELSIF EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m
                           WHERE m.roleid = ('salondesk_' || s.role)::regrole AND m.member = s.login::regrole) THEN
                EXECUTE format('REVOKE %I FROM %I', 'salondesk_' || s.role, s.login);
            END IF;
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE WARNING 'could not update the login %: %', s.login, SQLERRM;
        END;
    END LOOP;
END $$;
