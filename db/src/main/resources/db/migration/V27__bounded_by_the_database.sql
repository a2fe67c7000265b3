-- SalonDesk schema, part 27 (issue 29): what one login may write and hold is bounded by the
-- database, not only by the desk's forms (ADR 7).
--
--   * Every free-text column a staff or online login writes has a length limit: the desk's own
--     (a booking's note 2 000 characters, a client's name 200 and notes 4 000, a staff member's
--     name 200) and a time zone's name 64. Before, psql could write a 10 MB note, and ten status
--     changes of that booking copied it into 218 MB of history nobody but the owner could delete.
--     A value over its limit written before (by psql) is cut to the limit first, so that the
--     constraint holds for every row; a booking's cut is a change of its own, in its history.
--   * Every login SalonDesk makes gets a CONNECTION LIMIT: 20 for a staff login (a desk needs 5,
--     a second desk or a serve's waitlist worker under the same login 9 more), 40 for an online
--     login (serve's pool of 8 and its listening connections, several serve instances at once),
--     10 for a live relay's (as migration 26 made it).
--     One login can then no longer take every free connection of the server. The logins made
--     before get theirs here.
-- (Large objects are the superuser's to take away, with pg_locks and the advisory locks:
-- db/superuser.sql.) Every function has SET search_path = public, pg_temp.

-- ---- lengths ---------------------------------------------------------------------------------------
DO $$
BEGIN
    PERFORM pg_catalog.set_config('salondesk.source', 'sql', true);
    UPDATE public.bookings SET note = left(note, 2000) WHERE char_length(note) > 2000;
    UPDATE public.clients SET name = left(name, 200) WHERE char_length(name) > 200;
    UPDATE public.clients SET notes = left(notes, 4000) WHERE char_length(notes) > 4000;
    UPDATE public.staff SET display_name = left(display_name, 200) WHERE char_length(display_name) > 200;
END
$$;
ALTER TABLE bookings ADD CONSTRAINT bookings_note_length CHECK (char_length(note) <= 2000);
ALTER TABLE clients ADD CONSTRAINT clients_name_length CHECK (char_length(name) <= 200);
ALTER TABLE clients ADD CONSTRAINT clients_notes_length CHECK (char_length(notes) <= 4000);
ALTER TABLE staff ADD CONSTRAINT staff_display_name_length CHECK (char_length(display_name) <= 200);
-- a time zone is one of pg_timezone_names already (migration 1's trigger); the longest is 32
ALTER TABLE tenants ADD CONSTRAINT tenants_time_zone_length CHECK (char_length(time_zone) <= 64);

-- ---- connections -----------------------------------------------------------------------------------
-- migration 10's, with the login's connection limit
CREATE OR REPLACE FUNCTION salondesk_prepare_login(login text) RETURNS void
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
    EXECUTE format('ALTER ROLE %I SET statement_timeout = %L', login, '30s');
    EXECUTE format('ALTER ROLE %I SET idle_in_transaction_session_timeout = %L', login, '60s');
    EXECUTE format('ALTER ROLE %I CONNECTION LIMIT %s', login, salondesk_connection_limit(login));
    IF NOT (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = current_user) THEN
        EXECUTE format('GRANT %I TO %I', login, current_user);
    END IF;
END $$;
REVOKE ALL ON FUNCTION salondesk_prepare_login(text) FROM PUBLIC;

-- How many connections a login SalonDesk makes may hold at once: 40 for the online road's login
-- (serve's pool and its listening connections, several serve instances), 10 for the live relay's
-- (one listening session per relay, migration 26), 20 for a person's.
CREATE FUNCTION salondesk_connection_limit(login text) RETURNS integer
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT CASE (SELECT min(g.rolname) FROM pg_catalog.pg_auth_members m
                   JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
                   JOIN pg_catalog.pg_roles r ON r.oid = m.member
                  WHERE r.rolname = login AND g.rolname IN ('salondesk_online', 'salondesk_relay'))
                WHEN 'salondesk_online' THEN 40 WHEN 'salondesk_relay' THEN 10 ELSE 20 END
$$;
REVOKE ALL ON FUNCTION salondesk_connection_limit(text) FROM PUBLIC;

-- the logins made before: the staff's, and the online road's
DO $$
DECLARE
    l text;
BEGIN
    FOR l IN SELECT s.login FROM public.staff s
              WHERE EXISTS (SELECT 1 FROM pg_catalog.pg_roles r WHERE r.rolname = s.login)
             UNION
             SELECT r.rolname::text FROM pg_catalog.pg_auth_members m
               JOIN pg_catalog.pg_roles g ON g.oid = m.roleid JOIN pg_catalog.pg_roles r ON r.oid = m.member
              WHERE g.rolname IN ('salondesk_online', 'salondesk_relay') AND r.rolcanlogin AND NOT r.rolsuper LOOP
        BEGIN
            EXECUTE format('ALTER ROLE %I CONNECTION LIMIT %s', l, salondesk_connection_limit(l));
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE WARNING 'the login % keeps its connection limit: the migrating login may not change it (%)', l, SQLERRM;
        END;
    END LOOP;
END
$$;

-- ---- the live relay cures a notification storm it sees, as a desk does (migration 24, ADR 8) ----------
GRANT EXECUTE ON FUNCTION salondesk_end_overdue_sessions() TO salondesk_relay;
