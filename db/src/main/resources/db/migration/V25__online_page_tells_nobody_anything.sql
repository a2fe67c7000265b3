-- SalonDesk schema, part 25 (issue 29, items 4 and 5): the online page tells nobody anything, the
-- per-phone cap counts the waitlist too, a salon's day has a cap of its own, and the road waits
-- no longer than it asks.
--
-- Until now a booking whose phone was a client's landed on that client under her name: the
-- confirmation page showed a stranger the name the salon keeps for that phone. Now (ADR 26):
--   * the road's client is still found by phone (the phone is the salon's key for a person,
--     unique in a salon), but the booking keeps the name typed on the page (online_bookings.
--     name_as_typed, with the phone as typed), and everything the road answers — the booking
--     behind a private link — names that name only, never the client's;
--   * whether the typed name is the client's is recorded with the booking (client_match): 'new'
--     (the phone was nobody's: a new client of that name), 'same_name' (the typed name is the
--     client's, ignoring case and spaces), 'unconfirmed' (it is not: the desk shows "booked online
--     as X — phone matches client Y" and the receptionist confirms or keeps them apart with
--     salondesk_online_decide_match), then 'confirmed' or 'kept_apart' (a client of her own, by the
--     typed name, without a phone: the phone is the other client's);
--   * the match is decided in the database, bound into the road's proof: the online login cannot
--     forge it;
--   * the cap of open online bookings per phone (max_open_per_phone) counts what the phone holds
--     through every road of the page: its open online bookings (a booking kept apart still counts
--     for the phone it was made with), its waiting online waitlist entries, and the open bookings
--     the waitlist made for them;
--   * a salon's day holds at most max_online_per_day open bookings made on the page (the online
--     ones and those the waitlist made for online entries): made-up phones cannot fill a day;
--   * the two caps are serialised by row locks, not advisory locks: the phone's client row
--     (locked by salondesk_online_client for the transaction) and a row per salon day in
--     online_days, which no login can read or lock (issue 29 item 1: an advisory key can be read
--     from pg_locks and held by any login);
--   * a cancellation by link waits no longer for the master's lock than the caller asks (serve: 2 s).
--
-- Every function has SET search_path = public, pg_temp; definer functions check session_user and
-- are revoked from PUBLIC (DESIGN.md, "Rules for every migration").

-- ---- the salon's cap per day -------------------------------------------------------------------------
ALTER TABLE online_settings ADD COLUMN max_online_per_day integer NOT NULL DEFAULT 40
    CHECK (max_online_per_day BETWEEN 1 AND 1000);
GRANT INSERT (max_online_per_day), UPDATE (max_online_per_day) ON online_settings TO salondesk_admin;

-- ---- what the page was told ------------------------------------------------------------------------------
-- NULL on rows made before this migration (what was typed then was never kept).
ALTER TABLE online_bookings
    ADD COLUMN name_as_typed    text CHECK (char_length(name_as_typed) BETWEEN 1 AND 200),
    ADD COLUMN phone_as_typed   text CHECK (phone_as_typed ~ '^\+[1-9][0-9]{6,14}$'),
    ADD COLUMN client_match     text CHECK (client_match IN ('new', 'same_name', 'unconfirmed', 'confirmed', 'kept_apart')),
    ADD COLUMN match_decided_by text,
    ADD COLUMN match_decided_at timestamptz;
CREATE INDEX online_bookings_by_phone ON online_bookings (tenant_id, phone_as_typed) WHERE phone_as_typed IS NOT NULL;
CREATE INDEX online_bookings_unconfirmed ON online_bookings (tenant_id, booking_id) WHERE client_match = 'unconfirmed';
-- the day's count, and the waitlist's share of a phone's
CREATE INDEX bookings_from_the_page ON bookings (tenant_id, starts_at) WHERE source IN ('online', 'waitlist');
CREATE INDEX waitlist_entries_online_fulfilled ON waitlist_entries (tenant_id, client_id)
    WHERE source = 'online' AND state = 'fulfilled';

-- One row per salon day that took an online booking: locked by each online booking of that day
-- while it counts the day, so two at once cannot both take its last place. No grants, no policy:
-- only the owner's functions below touch it.
CREATE TABLE online_days (
    tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    day        date   NOT NULL,
    PRIMARY KEY (tenant_id, day)
);
ALTER TABLE online_days ENABLE ROW LEVEL SECURITY;

-- ---- the typed name and the match, bound into the road's proof ----------------------------------------------
-- The proof of migration 13 also covers salondesk.online_typed (the name and phone as typed and
-- the match): the online login can set the setting, but not to anything the proof accepts.
CREATE OR REPLACE FUNCTION salondesk_online_client_proof(tenant bigint, client bigint) RETURNS text
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT tenant || ':' || client || ':'
           || pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
                  'online-client:' || k.lock_key || ':' || tenant || ':' || client || ':' || pg_catalog.txid_current() || ':'
                  || coalesce(pg_catalog.current_setting('salondesk.online_typed', true), ''), 'UTF8')), 'hex')
      FROM public.salon_keys k WHERE k.tenant_id = tenant
$$;

-- Whether two names are one as a receptionist would read them: case and runs of spaces aside.
CREATE FUNCTION salondesk_online_same_name(a text, b text) RETURNS boolean
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT pg_catalog.lower(pg_catalog.regexp_replace(pg_catalog.btrim(a), '\s+', ' ', 'g'))
         = pg_catalog.lower(pg_catalog.regexp_replace(pg_catalog.btrim(b), '\s+', ' ', 'g'))
$$;
REVOKE ALL ON FUNCTION salondesk_online_same_name(text, text) FROM PUBLIC;

-- The client with this phone, else a new one with this name; answers the id only. The client's
-- row stays locked until the transaction ends (the caps below count under it), and what was typed
-- — name, phone, and whether the name is the client's — is this transaction's, under the proof.
CREATE OR REPLACE FUNCTION salondesk_online_client(tenant bigint, client_name text, client_phone text) RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    found_id bigint;
    known_name text;
    clean text := btrim(client_name);
    match text;
BEGIN
    PERFORM salondesk_require_online();
    IF NOT salondesk_online_open(tenant) THEN
        RAISE EXCEPTION 'salon % takes no online bookings', tenant USING ERRCODE = '42501';
    END IF;
    IF client_phone IS NULL OR client_phone !~ '^\+[1-9][0-9]{6,14}$' THEN
        RAISE EXCEPTION 'an online client needs a phone number in E.164 form' USING ERRCODE = '22023';
    END IF;
    IF clean IS NULL OR clean = '' OR char_length(clean) > 200 OR clean ~ '[[:cntrl:]]' THEN
        RAISE EXCEPTION 'a client''s name is 1 to 200 characters without control characters' USING ERRCODE = '22023';
    END IF;
    SELECT c.id, c.name INTO found_id, known_name FROM public.clients c
     WHERE c.tenant_id = tenant AND c.phone = client_phone FOR NO KEY UPDATE;
    IF found_id IS NULL THEN
        INSERT INTO public.clients AS c (tenant_id, name, phone) VALUES (tenant, clean, client_phone)
        ON CONFLICT DO NOTHING
        RETURNING c.id INTO found_id;
        IF found_id IS NOT NULL THEN
            match := 'new';
        ELSE
            -- another request of this phone made the client meanwhile
            SELECT c.id, c.name INTO found_id, known_name FROM public.clients c
             WHERE c.tenant_id = tenant AND c.phone = client_phone FOR NO KEY UPDATE;
        END IF;
    END IF;
    IF match IS NULL THEN
        match := CASE WHEN salondesk_online_same_name(known_name, clean) THEN 'same_name' ELSE 'unconfirmed' END;
    END IF;
    PERFORM pg_catalog.set_config('salondesk.online_typed',
        pg_catalog.jsonb_build_object('name', clean, 'phone', client_phone, 'match', match)::text, true);
    PERFORM pg_catalog.set_config('salondesk.online_client', salondesk_online_client_proof(tenant, found_id), true);
    RETURN found_id;
END $$;

-- ---- what a phone holds through the page -------------------------------------------------------------------
-- Open (future, holding time) online bookings of the client, and those made with this phone that
-- the desk kept apart onto another client; waiting online waitlist entries of the client; and the
-- open bookings the waitlist made for the client's online entries. The client may be NULL (the
-- phone is nobody's yet).
CREATE FUNCTION salondesk_online_holdings(tenant bigint, client bigint, client_phone text) RETURNS integer
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT ((SELECT count(*) FROM public.bookings b
              WHERE b.tenant_id = tenant AND b.client_id = client AND b.source = 'online'
                AND b.status IN ('pending', 'confirmed', 'arrived') AND b.starts_at > now())
          + (SELECT count(*) FROM public.online_bookings o
               JOIN public.bookings b ON b.tenant_id = o.tenant_id AND b.id = o.booking_id
              WHERE o.tenant_id = tenant AND o.phone_as_typed = client_phone AND b.client_id IS DISTINCT FROM client
                AND b.status IN ('pending', 'confirmed', 'arrived') AND b.starts_at > now())
          + (SELECT count(*) FROM public.waitlist_entries e
              WHERE e.tenant_id = tenant AND e.client_id = client AND e.source = 'online' AND e.state IN ('waiting', 'offered'))
          + (SELECT count(*) FROM public.waitlist_entries e
               JOIN public.bookings b ON b.tenant_id = e.tenant_id AND b.id = e.booking_id
              WHERE e.tenant_id = tenant AND e.client_id = client AND e.source = 'online' AND e.state = 'fulfilled'
                AND b.status IN ('pending', 'confirmed', 'arrived') AND b.starts_at > now()))::integer
$$;
REVOKE ALL ON FUNCTION salondesk_online_holdings(bigint, bigint, text) FROM PUBLIC;

-- How many the phone holds (the page says "too many" before it books): as the cap counts.
CREATE OR REPLACE FUNCTION salondesk_online_open_bookings(tenant bigint, client_phone text) RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_online();
    IF NOT salondesk_online_open(tenant) THEN
        RETURN 0;
    END IF;
    RETURN salondesk_online_holdings(tenant,
        (SELECT c.id FROM public.clients c WHERE c.tenant_id = tenant AND c.phone = client_phone), client_phone);
END $$;

-- ---- a salon's day ---------------------------------------------------------------------------------------------
-- Open bookings of the salon day (in the salon's zone) made on the page: online, or by the
-- waitlist for an entry made online.
CREATE FUNCTION salondesk_online_day_count(tenant bigint, salon_day date) RETURNS integer
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT count(*)::integer
      FROM public.tenants t
      JOIN public.bookings b ON b.tenant_id = t.id
     WHERE t.id = tenant AND b.source IN ('online', 'waitlist')
       AND b.starts_at >= (salon_day::timestamp AT TIME ZONE t.time_zone)
       AND b.starts_at < ((salon_day + 1)::timestamp AT TIME ZONE t.time_zone)
       AND b.status IN ('pending', 'confirmed', 'arrived')
       AND (b.source = 'online'
            OR EXISTS (SELECT 1 FROM public.waitlist_entries e
                        WHERE e.tenant_id = b.tenant_id AND e.request_id = b.request_id AND e.source = 'online'))
$$;
REVOKE ALL ON FUNCTION salondesk_online_day_count(bigint, date) FROM PUBLIC;

-- Whether the salon's page has taken its day's bookings (the page then offers no time that day).
CREATE FUNCTION salondesk_online_day_full(tenant bigint, salon_day date) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_online();
    RETURN coalesce((SELECT salondesk_online_day_count(tenant, salon_day) >= o.max_online_per_day
                       FROM public.online_settings o WHERE o.tenant_id = tenant AND o.enabled), true);
END $$;
REVOKE ALL ON FUNCTION salondesk_online_day_full(bigint, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_day_full(bigint, date) TO salondesk_online;

-- ---- the insert policy's check, with both caps ---------------------------------------------------------------
CREATE OR REPLACE FUNCTION salondesk_online_may_insert(tenant bigint, master bigint, client bigint, service bigint, start timestamptz,
                                                       minutes integer, status text, source text, note text, outside boolean)
RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    o public.online_settings;
    tz text;
    typed jsonb;
    salon_day date;
BEGIN
    IF NOT salondesk_session_is_online() THEN
        RETURN false;
    END IF;
    SELECT * INTO o FROM public.online_settings s WHERE s.tenant_id = tenant AND s.enabled;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    SELECT t.time_zone INTO tz FROM public.tenants t WHERE t.id = tenant;
    IF source IS DISTINCT FROM 'online' OR outside IS DISTINCT FROM false
       OR status IS DISTINCT FROM (CASE WHEN o.arrive_confirmed THEN 'confirmed' ELSE 'pending' END)
       OR service IS NULL OR NOT salondesk_online_service(tenant, service) OR NOT salondesk_online_master(tenant, master)
       OR minutes IS DISTINCT FROM service_minutes(tenant, master, service)
       OR char_length(coalesce(note, '')) > 500
       OR start < now() + make_interval(mins => o.min_notice_min)
       OR CAST(start AT TIME ZONE tz AS date) > CAST(now() AT TIME ZONE tz AS date) + o.days_ahead
       OR NOT salondesk_online_client_ok(tenant, client)
       OR booking_problem(tenant, master, client, service, start, minutes, NULL, false, false, true, true) IS NOT NULL THEN
        RETURN false;
    END IF;
    -- the phone's cap: salondesk_online_client locked the client's row for this transaction, so two
    -- requests of one phone count one after the other; the typed phone is under the proof just checked
    typed := nullif(pg_catalog.current_setting('salondesk.online_typed', true), '')::jsonb;
    IF salondesk_online_holdings(tenant, client, typed ->> 'phone') >= o.max_open_per_phone THEN
        RETURN false;
    END IF;
    -- the day's cap, one booking of the day at a time (the day's row stays locked until commit)
    salon_day := CAST(start AT TIME ZONE tz AS date);
    INSERT INTO public.online_days AS d (tenant_id, day) VALUES (tenant, salon_day)
    ON CONFLICT (tenant_id, day) DO UPDATE SET day = EXCLUDED.day;
    RETURN salondesk_online_day_count(tenant, salon_day) < o.max_online_per_day;
END $$;

-- ---- the booking's own row: what was typed, in the booking's transaction -------------------------------------
-- Written by the database for every booking the road makes (never by the road): the typed name and
-- phone and the match, as salondesk_online_client recorded them under the proof. A link's e-mail is
-- added to it afterwards (salondesk_online_attach_token).
CREATE FUNCTION online_bookings_as_typed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    typed jsonb;
BEGIN
    IF NOT salondesk_online_client_ok(NEW.tenant_id, NEW.client_id) THEN
        RETURN NULL;   -- not the road's booking (a staff login's INSERT with source online)
    END IF;
    typed := nullif(pg_catalog.current_setting('salondesk.online_typed', true), '')::jsonb;
    INSERT INTO public.online_bookings (tenant_id, booking_id, name_as_typed, phone_as_typed, client_match)
    VALUES (NEW.tenant_id, NEW.id, typed ->> 'name', typed ->> 'phone', typed ->> 'match')
    ON CONFLICT (tenant_id, booking_id) DO NOTHING;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION online_bookings_as_typed() FROM PUBLIC;
CREATE TRIGGER bookings_online_as_typed
    AFTER INSERT ON bookings
    FOR EACH ROW WHEN (NEW.source = 'online') EXECUTE FUNCTION online_bookings_as_typed();

-- ---- the links: the phone the booking was made with ---------------------------------------------------------
-- A repeated request, and a link for it, are found by the phone the booking was made with (its
-- client's, or as typed when the desk kept the booking apart onto a client without a phone).
CREATE OR REPLACE FUNCTION salondesk_online_request(tenant bigint, request uuid, client_phone text)
RETURNS TABLE (id bigint, tenant_id bigint, master_id bigint, client_id bigint, service_id bigint, starts_at timestamptz,
               duration_min integer, status text, version integer, request_id uuid, source text, note text, outside_hours boolean)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_online();
    RETURN QUERY
    SELECT b.id, b.tenant_id, b.master_id, b.client_id, b.service_id, b.starts_at, b.duration_min, b.status, b.version,
           b.request_id, b.source, b.note, b.outside_hours
      FROM public.bookings b
      JOIN public.clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id
      LEFT JOIN public.online_bookings o ON o.tenant_id = b.tenant_id AND o.booking_id = b.id
     WHERE b.tenant_id = tenant AND b.request_id = request AND b.source = 'online'
       AND coalesce(o.phone_as_typed, c.phone) = client_phone;
END $$;

CREATE OR REPLACE FUNCTION salondesk_online_attach_token(tenant bigint, request uuid, client_phone text, new_token bytea, client_email text)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    booking bigint;
    email text := coalesce(btrim(client_email), '');
BEGIN
    PERFORM salondesk_require_online();
    SELECT b.id INTO booking
      FROM public.bookings b
      JOIN public.clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id
      LEFT JOIN public.online_bookings o ON o.tenant_id = b.tenant_id AND o.booking_id = b.id
     WHERE b.tenant_id = tenant AND b.request_id = request AND b.source = 'online'
       AND coalesce(o.phone_as_typed, c.phone) = client_phone;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    -- the booking's row is there already (the trigger above); the first e-mail given is kept
    INSERT INTO public.online_bookings AS x (tenant_id, booking_id, email) VALUES (tenant, booking, email)
    ON CONFLICT (tenant_id, booking_id) DO UPDATE SET email = EXCLUDED.email WHERE x.email = '' AND EXCLUDED.email <> '';
    IF (SELECT count(*) FROM public.online_tokens t WHERE t.tenant_id = tenant AND t.booking_id = booking) >= 5 THEN
        RAISE EXCEPTION 'booking % has links enough', booking USING ERRCODE = '54000';
    END IF;
    INSERT INTO public.online_tokens (tenant_id, token_hash, booking_id) VALUES (tenant, new_token, booking);
    RETURN booking;
END $$;

-- The booking behind a private link names the name typed on the page — never the client's as the
-- salon keeps it (NULL for a booking made before this migration: the page then names nobody).
CREATE OR REPLACE FUNCTION salondesk_online_booking(token bytea)
RETURNS TABLE (booking_id bigint, tenant_id bigint, slug text, salon_name text, address text, salon_phone text, time_zone text,
               currency text, country text, days_ahead integer, min_notice_min integer, cancel_cutoff_min integer,
               arrive_confirmed boolean, service_name text, master_name text, starts_at timestamptz, minutes integer,
               price numeric, client_name text, status text, cancellable boolean)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_online();
    RETURN QUERY
    SELECT b.id, b.tenant_id, o.slug, t.name, t.address, t.phone, t.time_zone, t.currency, t.country,
           o.days_ahead, o.min_notice_min, o.cancel_cutoff_min, o.arrive_confirmed,
           s.name, m.name, b.starts_at, b.duration_min, coalesce(ms.price, s.price), ob.name_as_typed, b.status,
           b.status IN ('pending', 'confirmed') AND b.starts_at - make_interval(mins => o.cancel_cutoff_min) > now()
      FROM public.online_tokens k
      JOIN public.bookings b ON b.tenant_id = k.tenant_id AND b.id = k.booking_id
      JOIN public.tenants t ON t.id = b.tenant_id
      JOIN public.online_settings o ON o.tenant_id = b.tenant_id
      JOIN public.masters m ON m.tenant_id = b.tenant_id AND m.id = b.master_id
      LEFT JOIN public.online_bookings ob ON ob.tenant_id = b.tenant_id AND ob.booking_id = b.id
      LEFT JOIN public.services s ON s.tenant_id = b.tenant_id AND s.id = b.service_id
      LEFT JOIN public.master_services ms ON ms.tenant_id = b.tenant_id AND ms.master_id = b.master_id AND ms.service_id = b.service_id
     WHERE k.token_hash = token;
END $$;

-- Cancelling by link waits for the master's lock as long as the caller set for its transaction,
-- when that is shorter than the desk's 5 s (serve: 2 s), else 5 s.
CREATE OR REPLACE FUNCTION salondesk_online_cancel(token bytea) RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    b public.bookings;
    cutoff integer;
BEGIN
    PERFORM salondesk_require_online();
    SELECT x.* INTO b FROM public.bookings x JOIN public.online_tokens k ON k.tenant_id = x.tenant_id AND k.booking_id = x.id
     WHERE k.token_hash = token;
    IF NOT FOUND THEN
        RETURN 'not_found';
    END IF;
    IF NOT (pg_catalog.current_setting('lock_timeout')::interval BETWEEN interval '1 ms' AND interval '5 s') THEN
        PERFORM pg_catalog.set_config('lock_timeout', '5s', true);
    END IF;
    PERFORM pg_catalog.set_config('salondesk.source', 'online', true);
    PERFORM pg_catalog.pg_advisory_xact_lock(salondesk_master_lock_key(b.tenant_id, b.master_id));
    SELECT x.* INTO b FROM public.bookings x WHERE x.tenant_id = b.tenant_id AND x.id = b.id FOR UPDATE;
    SELECT o.cancel_cutoff_min INTO cutoff FROM public.online_settings o WHERE o.tenant_id = b.tenant_id;
    IF b.status = 'cancelled' THEN
        RETURN 'already_cancelled';
    END IF;
    IF b.status NOT IN ('pending', 'confirmed') OR b.starts_at - make_interval(mins => coalesce(cutoff, 0)) <= now() THEN
        RETURN 'too_late';
    END IF;
    UPDATE public.bookings x SET status = 'cancelled' WHERE x.tenant_id = b.tenant_id AND x.id = b.id;
    RETURN 'cancelled';
END $$;

-- ---- the waitlist counts against the phone's cap -------------------------------------------------------------
-- As migration 14's, but a phone that holds its cap through the page (bookings, entries, the
-- bookings of its entries) joins no more: 54000, as the waitlist's own cap answers.
CREATE OR REPLACE FUNCTION salondesk_online_join_waitlist(tenant bigint, client_name text, client_phone text, service bigint, master bigint,
                                                          first_day date, last_day date, window_from integer, window_to integer)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    o public.online_settings;
    tz text;
    today date;
    client bigint;
    made bigint;
BEGIN
    PERFORM salondesk_require_online();
    SELECT * INTO o FROM public.online_settings s WHERE s.tenant_id = tenant AND s.enabled;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'salon % takes no online bookings', tenant USING ERRCODE = '42501';
    END IF;
    IF service IS NULL OR NOT salondesk_online_service(tenant, service)
       OR (master IS NOT NULL AND NOT salondesk_online_master(tenant, master)) THEN
        RAISE EXCEPTION 'not bookable online' USING ERRCODE = '42501';
    END IF;
    SELECT t.time_zone INTO tz FROM public.tenants t WHERE t.id = tenant;
    today := CAST(now() AT TIME ZONE tz AS date);
    IF first_day IS NULL OR last_day IS NULL OR first_day < today OR last_day > today + o.days_ahead THEN
        RAISE EXCEPTION 'the days are outside what the page offers' USING ERRCODE = '22023';
    END IF;
    -- finds (or makes) the client and locks its row: the count below is the phone's, one request at a time
    client := salondesk_online_client(tenant, client_name, client_phone);
    IF salondesk_online_holdings(tenant, client, client_phone) >= o.max_open_per_phone THEN
        RAISE EXCEPTION 'this phone holds % open online bookings and waitlist places already', o.max_open_per_phone
            USING ERRCODE = '54000';
    END IF;
    PERFORM pg_catalog.set_config('salondesk.source', 'online', true);
    INSERT INTO public.waitlist_entries (tenant_id, client_id, service_id, master_id, date_from, date_to, window_from_min, window_to_min)
    VALUES (tenant, client, service, master, first_day, last_day, coalesce(window_from, 0), coalesce(window_to, 1440))
    RETURNING id INTO made;
    RETURN made;
END $$;

-- ---- the desk decides a match -------------------------------------------------------------------------------
-- "Booked online as X — phone matches client Y": a receptionist or admin of the salon (or the
-- owner) says whether X is Y. Same person: the booking stays on Y, confirmed. Keep apart: X becomes
-- a client of her own (the typed name, no phone: the phone is Y's), and the booking moves to her —
-- its version moves on and the history records the change (source form). Only an unconfirmed match
-- is decided (55000 otherwise: decided already, or nothing to decide). Answers the booking's client
-- and version after the decision.
CREATE FUNCTION salondesk_online_decide_match(target_tenant bigint, target_booking bigint, same_person boolean)
RETURNS TABLE (booking_client bigint, booking_version integer)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    typed_name text;
    moved_to bigint;
BEGIN
    IF NOT (salondesk_session_is_owner()
            OR EXISTS (SELECT 1 FROM public.staff s WHERE s.login = session_user AND s.active AND s.tenant_id = target_tenant
                          AND s.role IN ('receptionist', 'admin'))) THEN
        RAISE EXCEPTION 'only a receptionist or admin of salon % may do this', target_tenant USING ERRCODE = '42501';
    END IF;
    SELECT o.name_as_typed INTO typed_name FROM public.online_bookings o
     WHERE o.tenant_id = target_tenant AND o.booking_id = target_booking AND o.client_match = 'unconfirmed'
       FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'booking % of salon % has no match to decide', target_booking, target_tenant USING ERRCODE = '55000';
    END IF;
    IF same_person IS NOT TRUE THEN
        INSERT INTO public.clients AS c (tenant_id, name) VALUES (target_tenant, typed_name) RETURNING c.id INTO moved_to;
        PERFORM pg_catalog.set_config('salondesk.source', 'form', true);
        UPDATE public.bookings b SET client_id = moved_to WHERE b.tenant_id = target_tenant AND b.id = target_booking;
    END IF;
    UPDATE public.online_bookings o
       SET client_match = CASE WHEN same_person IS TRUE THEN 'confirmed' ELSE 'kept_apart' END,
           match_decided_by = session_user, match_decided_at = now()
     WHERE o.tenant_id = target_tenant AND o.booking_id = target_booking;
    RETURN QUERY SELECT b.client_id, b.version FROM public.bookings b WHERE b.tenant_id = target_tenant AND b.id = target_booking;
END $$;
REVOKE ALL ON FUNCTION salondesk_online_decide_match(bigint, bigint, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_decide_match(bigint, bigint, boolean) TO salondesk_receptionist, salondesk_admin;

-- ---- forgetting a client forgets what was typed for her -------------------------------------------------------
-- salondesk_forget_client (migration 15) writes its marker first, then clears the card: here, on
-- the marker, the typed names and phones of her online bookings go too, and her phone wherever a
-- booking kept apart from her was made with it.
CREATE FUNCTION forgotten_clients_forget_typed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    her_phone text;
BEGIN
    SELECT c.phone INTO her_phone FROM public.clients c WHERE c.tenant_id = NEW.tenant_id AND c.id = NEW.client_id;
    UPDATE public.online_bookings o SET name_as_typed = NULL, phone_as_typed = NULL
     WHERE o.tenant_id = NEW.tenant_id
       AND (o.booking_id IN (SELECT b.id FROM public.bookings b WHERE b.tenant_id = NEW.tenant_id AND b.client_id = NEW.client_id)
            OR (her_phone IS NOT NULL AND o.phone_as_typed = her_phone));
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION forgotten_clients_forget_typed() FROM PUBLIC;
CREATE TRIGGER forgotten_clients_forget_typed
    AFTER INSERT ON forgotten_clients
    FOR EACH ROW EXECUTE FUNCTION forgotten_clients_forget_typed();
