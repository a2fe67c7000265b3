-- SalonDesk schema, part 24 (issue 29): a storm of notifications fails no booking, and the
-- bounds of a staff session hold whatever the session set for itself (ADR 8, ADR 7).
--
-- PostgreSQL keeps one queue of notifications for the whole server; it can only be emptied up to
-- what the slowest listener has read. Any login may LISTEN (on a channel of its own), stay in a
-- transaction — so that it reads nothing — and NOTIFY large payloads until the queue is full.
-- From then on every transaction that notified fails at its COMMIT ("too many notifications in
-- the NOTIFY queue"): every booking of every salon, since the trigger announces each change.
--
--   * salondesk_notifications_dropped(): the queue is half full or more. The trigger then sends
--     nothing, so that the booking's COMMIT cannot fail on the queue (half of it — 4 GB on a
--     default server — is what an attacker would have to write between this check and the COMMIT).
--     The desks' own LISTEN connections ask the same question on their health check and say
--     "not live" meanwhile, reloading what they show instead (they would miss changes).
--   * salondesk_end_overdue_sessions(): ends each session of a SalonDesk login (a member of one of
--     the salondesk_* groups; never the owner's, a superuser's or another program's) that is past
--     the bounds every staff login is made with, whatever it SET for itself or its role
--     (salondesk_session_bounds(), which the owner may replace to tune them):
--       - idle in a transaction for more than 60 s (idle_in_transaction_session_timeout),
--       - one statement running for more than 40 s (statement_timeout 30 s, and 10 s of grace),
--       - while the notification queue is half full or more: in a transaction for more than 10 s
--         (a listener that reads nothing holds the queue back only from inside a transaction;
--         a desk's own reading of its notifications takes milliseconds).
--     serve runs it every few seconds, and so does every desk whose live updates find the queue
--     half full: then whichever of a chain's desks is open cures the storm.
-- Every function has SET search_path = public, pg_temp; definer functions are revoked from PUBLIC.

CREATE FUNCTION salondesk_notifications_dropped() RETURNS boolean
LANGUAGE sql VOLATILE
SET search_path = public, pg_temp
AS $$
    SELECT pg_catalog.pg_notification_queue_usage() >= 0.5
$$;

-- migration 17's, sending nothing while the queue is half full or more
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
    IF salondesk_notifications_dropped() THEN
        -- the desks see it on their health check and reload instead: a booking must not fail on the queue
        RETURN NULL;
    END IF;
    SELECT t.time_zone, k.channel INTO tz, ch
      FROM public.tenants t JOIN public.salon_keys k ON k.tenant_id = t.id
     WHERE t.id = tid;
    WITH spans(master_id, s, e) AS (
        SELECT OLD.master_id, OLD.starts_at, slot_end(OLD.starts_at, OLD.duration_min + OLD.cleanup_min) WHERE TG_OP <> 'INSERT'
        UNION ALL
        SELECT NEW.master_id, NEW.starts_at, slot_end(NEW.starts_at, NEW.duration_min + NEW.cleanup_min) WHERE TG_OP <> 'DELETE'
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

-- The bounds, in one place: what every staff login is made with (migration 10), with grace. The
-- owner may CREATE OR REPLACE it to tune them (tests make them short); no other login may.
CREATE FUNCTION salondesk_session_bounds(OUT idle_in_transaction interval, OUT statement interval, OUT storm_transaction interval)
LANGUAGE sql IMMUTABLE
SET search_path = public, pg_temp
AS $$
    SELECT interval '60 seconds', interval '40 seconds', interval '10 seconds'
$$;

CREATE FUNCTION salondesk_end_overdue_sessions() RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    storm boolean := salondesk_notifications_dropped();
    bound record;
    owner_name text := (SELECT pg_catalog.pg_get_userbyid(d.datdba) FROM pg_catalog.pg_database d
                         WHERE d.datname = pg_catalog.current_database());
    a record;
    ended integer := 0;
BEGIN
    SELECT * INTO bound FROM salondesk_session_bounds();
    FOR a IN SELECT s.pid, s.usename, s.state
               FROM pg_catalog.pg_stat_activity s
               JOIN pg_catalog.pg_roles r ON r.oid = s.usesysid
              WHERE s.datname = pg_catalog.current_database() AND s.backend_type = 'client backend'
                AND s.pid <> pg_catalog.pg_backend_pid()
                AND NOT r.rolsuper AND r.rolname <> owner_name
                AND EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
                             WHERE m.member = r.oid AND g.rolname LIKE 'salondesk\_%')
                AND ((s.state IN ('idle in transaction', 'idle in transaction (aborted)')
                      AND s.state_change < pg_catalog.clock_timestamp() - bound.idle_in_transaction)
                  OR (s.state = 'active' AND s.query_start < pg_catalog.clock_timestamp() - bound.statement)
                  OR (storm AND s.xact_start < pg_catalog.clock_timestamp() - bound.storm_transaction)) LOOP
        BEGIN
            IF pg_catalog.pg_terminate_backend(a.pid) THEN
                ended := ended + 1;
                RAISE LOG 'salondesk: ended session % of % (%), past the bounds of a staff session%', a.pid, a.usename, a.state,
                    CASE WHEN storm THEN ' while the notification queue is half full' ELSE '' END;
            END IF;
        EXCEPTION WHEN insufficient_privilege THEN
            -- a login the owner did not make (nor is a member of): not SalonDesk's to end
            RAISE LOG 'salondesk: session % of % is past the bounds of a staff session, and not the owner''s to end', a.pid, a.usename;
        END;
    END LOOP;
    RETURN ended;
END $$;
REVOKE ALL ON FUNCTION salondesk_end_overdue_sessions() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_end_overdue_sessions()
    TO salondesk_receptionist, salondesk_admin, salondesk_manager, salondesk_online;
