-- SalonDesk schema, part 31 (issue 33, ADR 33): "another time" by a message's private link moves the
-- booking itself, through the booking engine — the same named per-master locks, version check, rule
-- book, savepoint and exclusion constraint as a drag at the desk — recorded as the online road's.
--
-- The online login writes no booking it merely sees (migration 13: it inserts its own, under a
-- policy). For a move it may now UPDATE four columns of one booking — the one whose link the client
-- opened — and only in the transaction that opened it:
--   * salondesk_message_link_begin_move(token): the link is checked (known, unused, unexpired, the
--     booking active, the salon's cut-off not passed, the salon taking online bookings of its service
--     and master), and the transaction is given a proof naming the booking and the link: a value only
--     the database can make (the salon's secret lock_key, never readable by a login), bound to the
--     transaction's id, so it can neither be forged nor carried into another transaction
--     (salondesk_online_client_proof's way, migration 13);
--   * the engine reads the booking FOR UPDATE through salondesk_message_link_booking (the online
--     login reads no booking's client or note) and writes the move as any road does;
--   * the policy online_link_move lets the UPDATE through only for that booking while its link is
--     unused (USING), and only to a start the online page could book (WITH CHECK: a master and service
--     bookable online, the master's own length, inside the salon's notice and days ahead, outside the
--     hours never, and the rule book's "nothing in the way");
--   * the trigger bookings_link_move_spend marks the link used ('move') in the same savepoint: a move
--     the exclusion constraint refuses leaves the link unused (the client picks one of the nearest free
--     times), a move made cannot be made again with the same link.
-- A client's move is also the client's word for the new time: the booking is marked client-confirmed;
-- any other change of a booking's start takes the mark away (the client confirmed another time).
--
-- Every function has SET search_path = public, pg_temp; definer functions check the session's login
-- and are revoked from PUBLIC (DESIGN.md, "Rules for every migration").

ALTER TABLE message_tokens DROP CONSTRAINT message_tokens_used_for_check;
ALTER TABLE message_tokens ADD CONSTRAINT message_tokens_used_for_check
    CHECK (used_for IN ('confirm', 'cancel', 'unsubscribe', 'move'));

-- ---- the proof ------------------------------------------------------------------------------------------
-- tenant:booking:<the link's hash in hex>:<signature>, signed with the salon's secret and the
-- transaction's id. Called by the definer functions below only.
CREATE FUNCTION salondesk_link_move_proof(tenant bigint, booking bigint, token_hash bytea) RETURNS text
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT tenant || ':' || booking || ':' || pg_catalog.encode(token_hash, 'hex') || ':'
           || pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
                  'link-move:' || k.lock_key || ':' || tenant || ':' || booking || ':' || pg_catalog.encode(token_hash, 'hex')
                  || ':' || pg_catalog.txid_current(), 'UTF8')), 'hex')
      FROM public.salon_keys k WHERE k.tenant_id = tenant
$$;
REVOKE ALL ON FUNCTION salondesk_link_move_proof(bigint, bigint, bytea) FROM PUBLIC;

-- The link this transaction's proof names for this booking, while it may still move it (unused,
-- unexpired); NULL otherwise. Called by the definer functions below only.
CREATE FUNCTION salondesk_link_move_token(tenant bigint, booking bigint) RETURNS public.message_tokens
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
DECLARE
    proof text := nullif(pg_catalog.current_setting('salondesk.link_move', true), '');
    parts text[];
    k public.message_tokens;
BEGIN
    IF proof IS NULL OR tenant IS NULL OR booking IS NULL THEN
        RETURN NULL;
    END IF;
    parts := pg_catalog.string_to_array(proof, ':');
    IF cardinality(parts) <> 4 OR parts[1] <> tenant::text OR parts[2] <> booking::text OR parts[3] !~ '^[0-9a-f]{64}$'
       OR proof IS DISTINCT FROM salondesk_link_move_proof(tenant, booking, pg_catalog.decode(parts[3], 'hex')) THEN
        RETURN NULL;
    END IF;
    SELECT * INTO k FROM public.message_tokens x
     WHERE x.tenant_id = tenant AND x.token_hash = pg_catalog.decode(parts[3], 'hex') AND x.booking_id = booking
       AND x.used_at IS NULL AND x.expires_at > now();
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    RETURN k;
END $$;
REVOKE ALL ON FUNCTION salondesk_link_move_token(bigint, bigint) FROM PUBLIC;

-- Whether this transaction opened this booking's link for a move (the policy's USING).
CREATE FUNCTION salondesk_link_move_ok(tenant bigint, booking bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT salondesk_session_is_online()
       AND EXISTS (SELECT 1 FROM salondesk_link_move_token(tenant, booking) k WHERE k.token_hash IS NOT NULL)
$$;
REVOKE ALL ON FUNCTION salondesk_link_move_ok(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_link_move_ok(bigint, bigint) TO salondesk_online;

-- ---- opening a link for a move ----------------------------------------------------------------------------
-- Under the masters' locks (the engine calls it first in its transaction): the link and its booking
-- checked, the proof given. Answers ok, used, expired, too_late (the booking is over, cancelled, or
-- past the salon's cut-off), closed (the salon takes no online bookings of this service or master:
-- the client calls), not_found.
CREATE FUNCTION salondesk_message_link_begin_move(token text) RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    k public.message_tokens;
    b public.bookings;
    cutoff integer;
BEGIN
    PERFORM salondesk_require_online();
    IF token IS NULL OR token !~ '^[1-9][0-9]{0,17}\.[0-9a-f]{64}$' THEN
        RETURN 'not_found';
    END IF;
    -- the link's row locked: two moves by one link, one after the other
    SELECT * INTO k FROM public.message_tokens x
     WHERE x.tenant_id = split_part(token, '.', 1)::bigint
       AND x.token_hash = pg_catalog.sha256(pg_catalog.convert_to(split_part(token, '.', 2), 'UTF8'))
       FOR UPDATE;
    IF NOT FOUND THEN
        RETURN 'not_found';
    END IF;
    IF k.used_at IS NOT NULL THEN
        RETURN 'used';
    END IF;
    IF k.expires_at <= now() THEN
        RETURN 'expired';
    END IF;
    SELECT * INTO b FROM public.bookings x WHERE x.tenant_id = k.tenant_id AND x.id = k.booking_id;
    IF b.status NOT IN ('pending', 'confirmed') OR b.starts_at <= now() THEN
        RETURN 'too_late';
    END IF;
    SELECT s.cancel_cutoff_min INTO cutoff FROM public.message_settings s WHERE s.tenant_id = b.tenant_id;
    IF b.starts_at - make_interval(mins => coalesce(cutoff, 0)) <= now() THEN
        RETURN 'too_late';
    END IF;
    IF b.service_id IS NULL OR NOT salondesk_online_service(b.tenant_id, b.service_id) OR NOT salondesk_online_master(b.tenant_id, b.master_id) THEN
        RETURN 'closed';
    END IF;
    PERFORM pg_catalog.set_config('salondesk.link_move', salondesk_link_move_proof(k.tenant_id, k.booking_id, k.token_hash), true);
    -- the history names the road: the online page's, whatever the login declared before
    PERFORM pg_catalog.set_config('salondesk.source', 'online', true);
    RETURN 'ok';
END $$;
REVOKE ALL ON FUNCTION salondesk_message_link_begin_move(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_message_link_begin_move(text) TO salondesk_online;

-- The booking the transaction opened, locked FOR UPDATE, as the engine reads a booking it changes —
-- without what the online login may not read (the salon's note, the request id).
CREATE FUNCTION salondesk_message_link_booking(tenant bigint, booking bigint)
RETURNS TABLE (id bigint, tenant_id bigint, master_id bigint, client_id bigint, service_id bigint, starts_at timestamptz,
               duration_min integer, status text, version integer, request_id uuid, source text, note text, outside_hours boolean,
               series_id uuid)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
BEGIN
    PERFORM salondesk_require_online();
    IF NOT salondesk_link_move_ok(tenant, booking) THEN
        RETURN;
    END IF;
    RETURN QUERY
    SELECT b.id, b.tenant_id, b.master_id, b.client_id, b.service_id, b.starts_at, b.duration_min, b.status, b.version,
           NULL::uuid, b.source, ''::text, b.outside_hours, b.series_id
      FROM public.bookings b WHERE b.tenant_id = tenant AND b.id = booking
       FOR UPDATE;
END $$;
REVOKE ALL ON FUNCTION salondesk_message_link_booking(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_message_link_booking(bigint, bigint) TO salondesk_online;

-- ---- what the move may write -----------------------------------------------------------------------------
-- The policy's WITH CHECK on the moved row: what the online page could book for this client.
CREATE FUNCTION salondesk_link_move_may(tenant bigint, booking bigint, master bigint, service bigint, start timestamptz,
                                        minutes integer, status text, outside boolean)
RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    o public.online_settings;
    tz text;
BEGIN
    IF NOT salondesk_session_is_online() THEN
        RETURN false;
    END IF;
    SELECT * INTO o FROM public.online_settings s WHERE s.tenant_id = tenant AND s.enabled;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    SELECT t.time_zone INTO tz FROM public.tenants t WHERE t.id = tenant;
    RETURN EXISTS (SELECT 1 FROM salondesk_link_move_token(tenant, booking) k WHERE k.token_hash IS NOT NULL)
       AND status IN ('pending', 'confirmed') AND outside IS NOT DISTINCT FROM false
       AND service IS NOT NULL AND salondesk_online_service(tenant, service) AND salondesk_online_master(tenant, master)
       AND minutes IS NOT DISTINCT FROM service_minutes(tenant, master, service)
       AND start >= now() + make_interval(mins => o.min_notice_min)
       AND CAST(start AT TIME ZONE tz AS date) <= CAST(now() AT TIME ZONE tz AS date) + o.days_ahead
       AND booking_problem(tenant, master, NULL, service, start, minutes, booking, false, false, true, true) IS NULL;
END $$;
REVOKE ALL ON FUNCTION salondesk_link_move_may(bigint, bigint, bigint, bigint, timestamptz, integer, text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_link_move_may(bigint, bigint, bigint, bigint, timestamptz, integer, text, boolean) TO salondesk_online;

CREATE POLICY online_link_move ON bookings FOR UPDATE TO salondesk_online
    USING (salondesk_link_move_ok(tenant_id, id))
    WITH CHECK (salondesk_link_move_may(tenant_id, id, master_id, service_id, starts_at, duration_min, status, outside_hours));
GRANT UPDATE (master_id, starts_at, duration_min, outside_hours) ON bookings TO salondesk_online;

-- ---- the link spent by the move, in its savepoint --------------------------------------------------------------
CREATE FUNCTION bookings_link_move_spend() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    k public.message_tokens;
BEGIN
    IF NOT salondesk_session_is_online() THEN
        RETURN NULL;
    END IF;
    SELECT * INTO k FROM salondesk_link_move_token(NEW.tenant_id, NEW.id);
    IF k.token_hash IS NOT NULL THEN
        UPDATE public.message_tokens x SET used_at = now(), used_for = 'move'
         WHERE x.tenant_id = k.tenant_id AND x.token_hash = k.token_hash;
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION bookings_link_move_spend() FROM PUBLIC;
-- fires only in a transaction that holds a link's proof (an unset setting is NULL: the WHEN is false)
CREATE TRIGGER bookings_link_move_spend AFTER UPDATE OF starts_at, master_id, duration_min ON bookings
    FOR EACH ROW WHEN (pg_catalog.current_setting('salondesk.link_move', true) <> '')
    EXECUTE FUNCTION bookings_link_move_spend();

-- ---- the client's word follows the time ----------------------------------------------------------------------
-- The client's own move by link (another time, another master) is her word for what she chose. A
-- change of start by anyone else takes the "client confirmed" mark away: she confirmed another time.
CREATE FUNCTION bookings_client_confirmation() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF salondesk_session_is_online()
       AND EXISTS (SELECT 1 FROM salondesk_link_move_token(NEW.tenant_id, NEW.id) k WHERE k.token_hash IS NOT NULL) THEN
        NEW.client_confirmed_at := now();
    ELSIF NEW.starts_at IS DISTINCT FROM OLD.starts_at THEN
        NEW.client_confirmed_at := NULL;
    END IF;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION bookings_client_confirmation() FROM PUBLIC;
CREATE TRIGGER bookings_client_confirmation BEFORE UPDATE OF starts_at, master_id ON bookings
    FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.master_id IS DISTINCT FROM NEW.master_id)
    EXECUTE FUNCTION bookings_client_confirmation();

-- ---- what a link shows: its booking's version, and whether it may move ---------------------------------------------
DROP FUNCTION salondesk_message_link(text);
CREATE FUNCTION salondesk_message_link(token text)
RETURNS TABLE (tenant_id bigint, booking_id bigint, salon_name text, salon_phone text, time_zone text, language text,
               service_id bigint, service_name text, master_id bigint, master_name text, starts_at timestamptz,
               duration_min integer, status text, client_confirmed boolean, expired boolean, used_for text, may_cancel boolean,
               cancel_cutoff_min integer, online_slug text, version integer, may_move boolean)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
#variable_conflict use_variable
BEGIN
    PERFORM salondesk_require_online();
    IF token IS NULL OR token !~ '^[1-9][0-9]{0,17}\.[0-9a-f]{64}$' THEN
        RETURN;
    END IF;
    RETURN QUERY
    SELECT b.tenant_id, b.id, t.name, t.phone, t.time_zone, coalesce(c.language, s.language), b.service_id, v.name, b.master_id, r.name,
           b.starts_at, b.duration_min, b.status, b.client_confirmed_at IS NOT NULL, k.expires_at <= now(), k.used_for,
           b.status IN ('pending', 'confirmed') AND b.starts_at - make_interval(mins => s.cancel_cutoff_min) > now(),
           s.cancel_cutoff_min, (SELECT o.slug FROM public.online_settings o WHERE o.tenant_id = b.tenant_id AND o.enabled),
           b.version,
           b.status IN ('pending', 'confirmed') AND b.starts_at - make_interval(mins => s.cancel_cutoff_min) > now()
               AND b.service_id IS NOT NULL AND salondesk_online_service(b.tenant_id, b.service_id)
               AND salondesk_online_master(b.tenant_id, b.master_id)
      FROM public.message_tokens k
      JOIN public.bookings b ON b.tenant_id = k.tenant_id AND b.id = k.booking_id
      JOIN public.clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id
      JOIN public.tenants t ON t.id = b.tenant_id
      JOIN public.message_settings s ON s.tenant_id = b.tenant_id
      LEFT JOIN public.services v ON v.tenant_id = b.tenant_id AND v.id = b.service_id
      JOIN public.masters r ON r.tenant_id = b.tenant_id AND r.id = b.master_id
     WHERE k.tenant_id = split_part(token, '.', 1)::bigint
       AND k.token_hash = pg_catalog.sha256(pg_catalog.convert_to(split_part(token, '.', 2), 'UTF8'));
END $$;
REVOKE ALL ON FUNCTION salondesk_message_link(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_message_link(text) TO salondesk_online;
