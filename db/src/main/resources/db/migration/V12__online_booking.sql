-- SalonDesk schema, part 12: online booking (issue 13) — the salon's settings for its page, and
-- the road's own group role, salondesk_online, whose rights PostgreSQL enforces (ADR 11).
--
-- The server that serves the pages (`salondesk serve`) signs in as a login of salondesk_online.
-- Anyone holding that login's password may type SQL, so the group may:
--   * read what a booking page shows, of salons with online booking switched on only: the salon
--     (name, address, phone, zone, currency, country, its online settings), its active services
--     and masters bookable online (names, lengths, prices), their hours and time off (when, not
--     why), and busy time (which master, when, how long, the status) — never a client's name,
--     phone or note, nor which client a booking is for;
--   * take the named lock of a bookable master of such a salon (salondesk_lock_master);
--   * insert bookings that the salon's online settings allow (source online, the status the salon
--     chose, a bookable service with a bookable master for exactly the service's length, inside
--     the rule book, inside the notice and days-ahead window, for the client the road found by
--     phone in the same transaction, at most max_open_per_phone open online bookings per client);
--   * find or create a client by phone, attach a private token to its own new booking, read and
--     cancel a booking by that token — each through a SECURITY DEFINER function below.
-- Nothing else: no UPDATE or DELETE anywhere, no other table, no client's row.
--
-- Every function has SET search_path = public, pg_temp; definer functions check session_user and
-- are revoked from PUBLIC (DESIGN.md, "Rules for every migration").

-- ---- the road's group ---------------------------------------------------------------------------
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'salondesk_online') THEN
        CREATE ROLE salondesk_online NOLOGIN;
    END IF;
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO salondesk_online', current_database());
END $$;
GRANT USAGE ON SCHEMA public TO salondesk_online;
-- the staff policies call it for every role (it answers NULL for a login without a staff row)
GRANT EXECUTE ON FUNCTION salondesk_current_tenant() TO salondesk_online;

-- ---- 'online' is a known source --------------------------------------------------------------------
CREATE OR REPLACE FUNCTION salondesk_declared_source() RETURNS text
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
DECLARE
    src text := nullif(current_setting('salondesk.source', true), '');
BEGIN
    IF src IS NULL THEN
        RETURN 'sql';
    END IF;
    IF src NOT IN ('form', 'drag', 'import', 'cli', 'waitlist', 'sql', 'demo', 'online') THEN
        RAISE EXCEPTION 'unknown salondesk.source "%": one of form, drag, import, cli, waitlist, sql, demo, online', left(src, 40)
            USING ERRCODE = '22023';
    END IF;
    RETURN src;
END $$;

DO $$
DECLARE
    c text;
BEGIN
    -- V2's inline CHECK on bookings.source, whatever PostgreSQL named it
    FOR c IN SELECT conname FROM pg_catalog.pg_constraint
              WHERE conrelid = 'public.bookings'::regclass AND contype = 'c'
                AND pg_catalog.pg_get_constraintdef(oid) LIKE '%source%' LOOP
        EXECUTE format('ALTER TABLE bookings DROP CONSTRAINT %I', c);
    END LOOP;
END $$;
ALTER TABLE bookings ADD CONSTRAINT bookings_known_source
    CHECK (source IN ('form', 'drag', 'import', 'cli', 'waitlist', 'sql', 'demo', 'online')) NOT VALID;
ALTER TABLE bookings VALIDATE CONSTRAINT bookings_known_source;
ALTER TABLE booking_history DROP CONSTRAINT booking_history_known_source;
ALTER TABLE booking_history ADD CONSTRAINT booking_history_known_source
    CHECK (source IN ('form', 'drag', 'import', 'cli', 'waitlist', 'sql', 'demo', 'online')) NOT VALID;
ALTER TABLE booking_history VALIDATE CONSTRAINT booking_history_known_source;

-- ---- the salon's settings -----------------------------------------------------------------------
-- No row: online booking is off. The slug is the page's address, /<slug>; unique across the
-- server (the one key without tenant_id: under Citus this small table is a reference table,
-- like staff).
CREATE TABLE online_settings (
    tenant_id           bigint      PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
    enabled             boolean     NOT NULL DEFAULT false,
    slug                text        NOT NULL CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$' AND slug !~ '--'),
    -- how far ahead: the last bookable salon day is today + days_ahead
    days_ahead          integer     NOT NULL DEFAULT 30 CHECK (days_ahead BETWEEN 1 AND 366),
    -- the earliest bookable start is now + min_notice_min
    min_notice_min      integer     NOT NULL DEFAULT 60 CHECK (min_notice_min BETWEEN 0 AND 20160),
    -- a client may cancel online until cancel_cutoff_min before the start
    cancel_cutoff_min   integer     NOT NULL DEFAULT 120 CHECK (cancel_cutoff_min BETWEEN 0 AND 20160),
    -- online bookings arrive confirmed, or pending until the salon confirms them
    arrive_confirmed    boolean     NOT NULL DEFAULT true,
    -- open (future, not cancelled) online bookings one client (phone) may hold at once
    max_open_per_phone  integer     NOT NULL DEFAULT 3 CHECK (max_open_per_phone BETWEEN 1 AND 20),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX online_settings_slug ON online_settings (slug);

-- which services and masters the page offers (both only when also active)
ALTER TABLE services ADD COLUMN online_bookable boolean NOT NULL DEFAULT true;
ALTER TABLE masters ADD COLUMN online_bookable boolean NOT NULL DEFAULT true;

ALTER TABLE online_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON online_settings USING (tenant_id = salondesk_current_tenant())
    WITH CHECK (tenant_id = salondesk_current_tenant());
GRANT SELECT ON online_settings TO salondesk_receptionist, salondesk_admin, salondesk_manager;
GRANT INSERT (tenant_id, enabled, slug, days_ahead, min_notice_min, cancel_cutoff_min, arrive_confirmed, max_open_per_phone),
      UPDATE (enabled, slug, days_ahead, min_notice_min, cancel_cutoff_min, arrive_confirmed, max_open_per_phone, updated_at)
    ON online_settings TO salondesk_admin;
GRANT INSERT (online_bookable), UPDATE (online_bookable) ON services, masters TO salondesk_admin;

-- ---- online bookings' own rows: e-mail, consent, private tokens -------------------------------------
CREATE TABLE online_bookings (
    tenant_id     bigint      NOT NULL,
    booking_id    bigint      NOT NULL,
    email         text        NOT NULL DEFAULT ''
                  CHECK (char_length(email) <= 254 AND (email = '' OR email ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+$')),
    -- when the client agreed to the salon keeping their details (the page's consent line)
    consented_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, booking_id),
    FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id) ON DELETE CASCADE
);
-- Only a hash of each private link's secret; a repeat of the same request (a lost answer) gets a
-- token of its own, so a booking may have a few.
CREATE TABLE online_tokens (
    tenant_id   bigint      NOT NULL,
    token_hash  bytea       NOT NULL CHECK (octet_length(token_hash) = 32),
    booking_id  bigint      NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, booking_id) REFERENCES online_bookings (tenant_id, booking_id) ON DELETE CASCADE
);
-- a link names no salon: found by the hash alone (under Citus, a query to every shard)
CREATE INDEX online_tokens_by_hash ON online_tokens (token_hash);
CREATE INDEX online_tokens_by_booking ON online_tokens (tenant_id, booking_id);

ALTER TABLE online_bookings ENABLE ROW LEVEL SECURITY;
ALTER TABLE online_tokens ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON online_bookings FOR SELECT USING (tenant_id = salondesk_current_tenant());
-- staff see the e-mail and consent of their salon's online bookings; nobody but the owner
-- reads the token hashes (the functions below do)
GRANT SELECT ON online_bookings TO salondesk_receptionist, salondesk_admin, salondesk_manager;

-- ---- who is the online road ------------------------------------------------------------------------
CREATE FUNCTION salondesk_session_is_online() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT pg_catalog.pg_has_role(session_user, 'salondesk_online', 'MEMBER') OR salondesk_session_is_owner()
$$;
REVOKE ALL ON FUNCTION salondesk_session_is_online() FROM PUBLIC;

CREATE FUNCTION salondesk_require_online() RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_session_is_online() THEN
        RAISE EXCEPTION 'only the online booking server may do this' USING ERRCODE = '42501';
    END IF;
END $$;
REVOKE ALL ON FUNCTION salondesk_require_online() FROM PUBLIC;

-- Whether the salon takes online bookings now.
CREATE FUNCTION salondesk_online_open(tenant bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT EXISTS (SELECT 1 FROM public.online_settings o WHERE o.tenant_id = tenant AND o.enabled)
$$;
-- Whether the master is bookable online now (and the salon open).
CREATE FUNCTION salondesk_online_master(tenant bigint, master bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT EXISTS (SELECT 1 FROM public.masters m JOIN public.online_settings o ON o.tenant_id = m.tenant_id
                    WHERE m.tenant_id = tenant AND m.id = master AND m.active AND m.online_bookable AND o.enabled)
$$;
CREATE FUNCTION salondesk_online_service(tenant bigint, service bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT EXISTS (SELECT 1 FROM public.services s JOIN public.online_settings o ON o.tenant_id = s.tenant_id
                    WHERE s.tenant_id = tenant AND s.id = service AND s.active AND s.online_bookable AND o.enabled)
$$;
REVOKE ALL ON FUNCTION salondesk_online_open(bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION salondesk_online_master(bigint, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION salondesk_online_service(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_open(bigint), salondesk_online_master(bigint, bigint),
    salondesk_online_service(bigint, bigint) TO salondesk_online;

-- ---- what the page may read ------------------------------------------------------------------------
-- Permissive policies of the group, beside the staff's own_salon ones (a login without a staff
-- row passes none of those). Columns are granted one by one: what is not named is refused.
CREATE POLICY online_read ON online_settings FOR SELECT TO salondesk_online USING (enabled);
GRANT SELECT ON online_settings TO salondesk_online;

CREATE POLICY online_read ON tenants FOR SELECT TO salondesk_online USING (salondesk_online_open(id));
GRANT SELECT (id, name, address, phone, time_zone, currency, country) ON tenants TO salondesk_online;

CREATE POLICY online_read ON services FOR SELECT TO salondesk_online
    USING (active AND online_bookable AND salondesk_online_open(tenant_id));
GRANT SELECT (tenant_id, id, name, category, duration_min, price, active, online_bookable) ON services TO salondesk_online;

CREATE POLICY online_read ON masters FOR SELECT TO salondesk_online
    USING (active AND online_bookable AND salondesk_online_open(tenant_id));
GRANT SELECT (tenant_id, id, name, active, sort_order, online_bookable) ON masters TO salondesk_online;

CREATE POLICY online_read ON master_services FOR SELECT TO salondesk_online
    USING (salondesk_online_master(tenant_id, master_id) AND salondesk_online_service(tenant_id, service_id));
GRANT SELECT (tenant_id, master_id, service_id, duration_min, price) ON master_services TO salondesk_online;

-- when the bookable masters work, and when they are away (not why)
CREATE POLICY online_read ON master_working_hours FOR SELECT TO salondesk_online USING (salondesk_online_master(tenant_id, master_id));
CREATE POLICY online_read ON master_weeks FOR SELECT TO salondesk_online USING (salondesk_online_master(tenant_id, master_id));
CREATE POLICY online_read ON master_days FOR SELECT TO salondesk_online USING (salondesk_online_master(tenant_id, master_id));
CREATE POLICY online_read ON master_day_hours FOR SELECT TO salondesk_online USING (salondesk_online_master(tenant_id, master_id));
CREATE POLICY online_read ON master_time_off FOR SELECT TO salondesk_online USING (salondesk_online_master(tenant_id, master_id));
GRANT SELECT ON master_working_hours, master_weeks, master_day_hours TO salondesk_online;
GRANT SELECT (tenant_id, master_id, day) ON master_days TO salondesk_online;
GRANT SELECT (tenant_id, master_id, starts_at, ends_at) ON master_time_off TO salondesk_online;

-- busy time: the active bookings of bookable masters — which master, when, how long, the status —
-- and what a just-made booking's RETURNING needs (id, version, source, outside_hours) and what
-- ON CONFLICT (tenant_id, request_id) needs: every form of ON CONFLICT asks SELECT on the
-- arbiter's columns. A request id read here is worth nothing without the booking's phone
-- (salondesk_online_request, salondesk_online_attach_token).
CREATE POLICY online_busy ON bookings FOR SELECT TO salondesk_online
    USING (status IN ('pending', 'confirmed', 'arrived') AND salondesk_online_master(tenant_id, master_id));
GRANT SELECT (tenant_id, id, master_id, starts_at, duration_min, status, version, source, outside_hours, request_id)
    ON bookings TO salondesk_online;

-- ---- the client, found or made by phone --------------------------------------------------------------
-- The proof that this transaction's client was found by the road: a value that only the
-- database can make (it holds the salon's secret lock_key, which no login may read), bound to
-- the transaction's id, so it can neither be forged nor carried into another transaction.
CREATE FUNCTION salondesk_online_client_proof(tenant bigint, client bigint) RETURNS text
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT tenant || ':' || client || ':'
           || pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
                  'online-client:' || k.lock_key || ':' || tenant || ':' || client || ':' || pg_catalog.txid_current(), 'UTF8')), 'hex')
      FROM public.salon_keys k WHERE k.tenant_id = tenant
$$;
REVOKE ALL ON FUNCTION salondesk_online_client_proof(bigint, bigint) FROM PUBLIC;

-- Whether the client is the one the road found by phone in this transaction.
CREATE FUNCTION salondesk_online_client_ok(tenant bigint, client bigint) RETURNS boolean
LANGUAGE sql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT coalesce(nullif(pg_catalog.current_setting('salondesk.online_client', true), '')
                    = salondesk_online_client_proof(tenant, client), false)
$$;
REVOKE ALL ON FUNCTION salondesk_online_client_ok(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_client_ok(bigint, bigint) TO salondesk_online;

-- The client with this phone (E.164, as the app normalises it) in a salon taking online bookings,
-- else a new one with this name. Answers the id only — never another client's name or phone —
-- and marks the client as this transaction's (the insert's policy asks for it).
CREATE FUNCTION salondesk_online_client(tenant bigint, client_name text, client_phone text) RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    found_id bigint;
    clean text := btrim(client_name);
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
    SELECT c.id INTO found_id FROM public.clients c WHERE c.tenant_id = tenant AND c.phone = client_phone;
    IF NOT FOUND THEN
        INSERT INTO public.clients AS c (tenant_id, name, phone) VALUES (tenant, clean, client_phone)
        ON CONFLICT DO NOTHING
        RETURNING c.id INTO found_id;
        IF found_id IS NULL THEN
            SELECT c.id INTO found_id FROM public.clients c WHERE c.tenant_id = tenant AND c.phone = client_phone;
        END IF;
    END IF;
    PERFORM pg_catalog.set_config('salondesk.online_client', salondesk_online_client_proof(tenant, found_id), true);
    RETURN found_id;
END $$;
REVOKE ALL ON FUNCTION salondesk_online_client(bigint, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_client(bigint, text, text) TO salondesk_online;

-- The road's client, as far as the rule book asks (whether it exists): that one row, id only.
CREATE POLICY online_own_client ON clients FOR SELECT TO salondesk_online USING (salondesk_online_client_ok(tenant_id, id));
GRANT SELECT (tenant_id, id) ON clients TO salondesk_online;

-- Open online bookings of a client: future, holding time.
CREATE FUNCTION salondesk_online_open_count(tenant bigint, client bigint) RETURNS integer
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT count(*)::integer FROM public.bookings b
     WHERE b.tenant_id = tenant AND b.client_id = client AND b.source = 'online'
       AND b.status IN ('pending', 'confirmed', 'arrived') AND b.starts_at > now()
$$;
REVOKE ALL ON FUNCTION salondesk_online_open_count(bigint, bigint) FROM PUBLIC;

-- How many open online bookings the client with this phone holds (the page says so before it books).
CREATE FUNCTION salondesk_online_open_bookings(tenant bigint, client_phone text) RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_online();
    IF NOT salondesk_online_open(tenant) THEN
        RETURN 0;
    END IF;
    RETURN coalesce((SELECT salondesk_online_open_count(tenant, c.id) FROM public.clients c
                      WHERE c.tenant_id = tenant AND c.phone = client_phone), 0);
END $$;
REVOKE ALL ON FUNCTION salondesk_online_open_bookings(bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_open_bookings(bigint, text) TO salondesk_online;

-- ---- what the road may write: a booking the salon's settings allow -----------------------------------
-- The insert policy's check. Runs as the owner: the rule book sees the whole schedule. It takes a
-- lock per client (keyed with the salon's secret, so nobody else can hold it) so that two
-- bookings of one client at once cannot both pass the cap.
CREATE FUNCTION salondesk_online_may_insert(tenant bigint, master bigint, client bigint, service bigint, start timestamptz,
                                            minutes integer, status text, source text, note text, outside boolean)
RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
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
    PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(
        'online-client:' || tenant || ':' || client || ':' || (SELECT k.lock_key FROM public.salon_keys k WHERE k.tenant_id = tenant), 0));
    RETURN salondesk_online_open_count(tenant, client) < o.max_open_per_phone;
END $$;
REVOKE ALL ON FUNCTION salondesk_online_may_insert(bigint, bigint, bigint, bigint, timestamptz, integer, text, text, text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_may_insert(bigint, bigint, bigint, bigint, timestamptz, integer, text, text, text, boolean)
    TO salondesk_online;

-- Checked after the triggers have set source (from salondesk.source) and the audit columns.
CREATE POLICY online_insert ON bookings FOR INSERT TO salondesk_online
    WITH CHECK (salondesk_online_may_insert(tenant_id, master_id, client_id, service_id, starts_at, duration_min,
                                            status, source, note, outside_hours));
GRANT INSERT (tenant_id, master_id, client_id, service_id, starts_at, duration_min, status, request_id, note, outside_hours)
    ON bookings TO salondesk_online;

-- The booking a request id made on this road for the client with this phone: the engine's
-- answer to a repeated request.
CREATE FUNCTION salondesk_online_request(tenant bigint, request uuid, client_phone text)
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
      FROM public.bookings b JOIN public.clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id
     WHERE b.tenant_id = tenant AND b.request_id = request AND b.source = 'online' AND c.phone = client_phone;
END $$;
REVOKE ALL ON FUNCTION salondesk_online_request(bigint, uuid, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_request(bigint, uuid, text) TO salondesk_online;

-- A private link for the online booking that request id made, for the client with that phone:
-- the hash of its secret is kept (at most 5 links per booking), with the client's e-mail and
-- the time of consent. Returns the booking's id, or NULL when there is no such booking.
CREATE FUNCTION salondesk_online_attach_token(tenant bigint, request uuid, client_phone text, new_token bytea, client_email text)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    booking bigint;
BEGIN
    PERFORM salondesk_require_online();
    SELECT b.id INTO booking
      FROM public.bookings b JOIN public.clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id
     WHERE b.tenant_id = tenant AND b.request_id = request AND b.source = 'online'
       AND c.phone = client_phone;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    INSERT INTO public.online_bookings (tenant_id, booking_id, email) VALUES (tenant, booking, coalesce(btrim(client_email), ''))
    ON CONFLICT DO NOTHING;
    IF (SELECT count(*) FROM public.online_tokens t WHERE t.tenant_id = tenant AND t.booking_id = booking) >= 5 THEN
        RAISE EXCEPTION 'booking % has links enough', booking USING ERRCODE = '54000';
    END IF;
    INSERT INTO public.online_tokens (tenant_id, token_hash, booking_id) VALUES (tenant, new_token, booking);
    RETURN booking;
END $$;
REVOKE ALL ON FUNCTION salondesk_online_attach_token(bigint, uuid, text, bytea, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_attach_token(bigint, uuid, text, bytea, text) TO salondesk_online;

-- The booking behind a private link, as its client sees it (with its salon, whether or not the
-- salon still takes online bookings).
CREATE FUNCTION salondesk_online_booking(token bytea)
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
           s.name, m.name, b.starts_at, b.duration_min, coalesce(ms.price, s.price), c.name, b.status,
           b.status IN ('pending', 'confirmed') AND b.starts_at - make_interval(mins => o.cancel_cutoff_min) > now()
      FROM public.online_tokens k
      JOIN public.bookings b ON b.tenant_id = k.tenant_id AND b.id = k.booking_id
      JOIN public.tenants t ON t.id = b.tenant_id
      JOIN public.online_settings o ON o.tenant_id = b.tenant_id
      JOIN public.masters m ON m.tenant_id = b.tenant_id AND m.id = b.master_id
      JOIN public.clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id
      LEFT JOIN public.services s ON s.tenant_id = b.tenant_id AND s.id = b.service_id
      LEFT JOIN public.master_services ms ON ms.tenant_id = b.tenant_id AND ms.master_id = b.master_id AND ms.service_id = b.service_id
     WHERE k.token_hash = token;
END $$;
REVOKE ALL ON FUNCTION salondesk_online_booking(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_booking(bytea) TO salondesk_online;

-- Cancels the booking behind a private link until the salon's cut-off: under the master's named
-- lock (lock_timeout 5 s, as the engine waits), recorded with source online in the history.
-- Answers cancelled, already_cancelled, too_late or not_found.
CREATE FUNCTION salondesk_online_cancel(token bytea) RETURNS text
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
    PERFORM pg_catalog.set_config('lock_timeout', '5s', true);
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
REVOKE ALL ON FUNCTION salondesk_online_cancel(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_cancel(bytea) TO salondesk_online;

-- ---- the named lock: the online road's too, for bookable masters of salons taking online bookings ----
CREATE OR REPLACE FUNCTION salondesk_lock_master(tenant bigint, master bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    k bigint;
BEGIN
    IF tenant IS DISTINCT FROM salondesk_current_tenant() AND NOT salondesk_session_is_owner()
       AND NOT (pg_catalog.pg_has_role(session_user, 'salondesk_online', 'MEMBER') AND salondesk_online_master(tenant, master)) THEN
        RAISE EXCEPTION 'salon % is not the salon of this login', tenant USING ERRCODE = '42501';
    END IF;
    k := salondesk_master_lock_key(tenant, master);
    IF k IS NULL THEN
        RAISE EXCEPTION 'no salon %', tenant USING ERRCODE = '42501';
    END IF;
    PERFORM pg_catalog.pg_advisory_xact_lock(k);
END $$;
GRANT EXECUTE ON FUNCTION salondesk_lock_master(bigint, bigint) TO salondesk_online;

-- ---- the server's login, made by the owner ------------------------------------------------------------
-- A login of salondesk_online (the server serves every salon that switched online booking on,
-- so it belongs to none). Only the database owner or a superuser may make one.
CREATE FUNCTION salondesk_add_online_login(new_login text, scram_verifier text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_session_is_owner() THEN
        RAISE EXCEPTION 'only the database owner may add the online booking server''s login' USING ERRCODE = '42501';
    END IF;
    IF new_login IS NULL OR new_login !~ '^[a-z][a-z0-9_]{1,40}$' OR new_login LIKE 'salondesk%' OR new_login LIKE 'pg\_%' THEN
        RAISE EXCEPTION 'a login is 2 to 41 lower-case letters, digits or _, starting with a letter: %', new_login
            USING ERRCODE = '22023';
    END IF;
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = new_login) THEN
        RAISE EXCEPTION 'the login % exists already', new_login USING ERRCODE = '42710';
    END IF;
    PERFORM salondesk_check_verifier(scram_verifier);
    EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD %L IN ROLE salondesk_online',
                   new_login, scram_verifier);
    PERFORM salondesk_prepare_login(new_login);
END $$;
REVOKE ALL ON FUNCTION salondesk_add_online_login(text, text) FROM PUBLIC;

-- ---- the demo salon books online at /demo ----------------------------------------------------------
INSERT INTO online_settings (tenant_id, enabled, slug)
SELECT t.id, true, 'demo' FROM tenants t WHERE t.is_demo ORDER BY t.id LIMIT 1
ON CONFLICT DO NOTHING;
