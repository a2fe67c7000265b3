-- SalonDesk schema, part 26: the live relay of `serve --live-port` signs in as a login of its own,
-- and a desk's stream is opened with a ticket, never with the channel's name (issue 29, ADR 25).
--
-- Until now the relay signed in as the online login, whose password sits on the web server, and
-- every desk sent it the salon's channel in the URL (GET /live/<channel>). Anyone with the online
-- login's password read every channel in pg_stat_activity (the relay's LISTEN statements are shown
-- to other sessions of the same role) and could notify fake changes into every desk; anyone who
-- could reach the relay's port and had seen a URL could listen.
--
-- Now:
--   * salondesk_relay: the relay's group. It may connect and call salondesk_live_redeem — no table,
--     no other function. Its logins are made by the owner (salondesk_add_relay_login; `users add
--     --role relay`), belong to no salon, and the online login is not one of them;
--   * a desk, as its own staff login, asks salondesk_live_ticket(tenant) for a ticket
--     '<tenant>.<64 hex>' (244 random bits), kept here only as a hash with its salon and an expiry
--     a minute away, and hands it to the relay in a header;
--   * the relay redeems it with salondesk_live_redeem: the ticket is deleted (used once), and the
--     relay learns which salon's channel to LISTEN on. An expired, used or invented ticket gives
--     nothing.
-- live_tickets has row-level security and no grant to anybody: only these definer functions read
-- or write it. A salon holds at most salondesk_live_ticket_cap() unexpired tickets, so its logins
-- cannot grow the table without bound (and can only run their own salon out of tickets).

-- ---- the relay's group -------------------------------------------------------------------------
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'salondesk_relay') THEN
        CREATE ROLE salondesk_relay NOLOGIN;
    END IF;
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO salondesk_relay', current_database());
END $$;
-- to call its one function by name; CREATE in public stays the owner's (README, schema public)
GRANT USAGE ON SCHEMA public TO salondesk_relay;

-- ---- the tickets ---------------------------------------------------------------------------------
CREATE TABLE live_tickets (
    tenant_id    bigint      NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    -- sha256 of the secret part; the ticket itself is never stored
    ticket_hash  bytea       NOT NULL CHECK (octet_length(ticket_hash) = 32),
    expires_at   timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, ticket_hash)
);
ALTER TABLE live_tickets ENABLE ROW LEVEL SECURITY;
-- no policy and no grant: the owner's definer functions below are the only way in

CREATE FUNCTION salondesk_live_ticket_cap() RETURNS integer
LANGUAGE sql IMMUTABLE
SET search_path = public, pg_temp
AS $$
    -- a salon's desks each ask one ticket per connection to the relay (and reuse one the relay
    -- never answered), a minute apart at worst while it is away: 500 covers hundreds of desks
    SELECT 500
$$;

-- A ticket for the salon's live stream, for one of its own staff logins (or the owner).
CREATE FUNCTION salondesk_live_ticket(tenant bigint) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    secret text;
BEGIN
    IF tenant IS NULL OR (tenant IS DISTINCT FROM salondesk_current_tenant() AND NOT salondesk_session_is_owner()) THEN
        RAISE EXCEPTION 'salon % is not the salon of this login', tenant USING ERRCODE = '42501';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM public.salon_keys k WHERE k.tenant_id = tenant) THEN
        RAISE EXCEPTION 'no salon %', tenant USING ERRCODE = '42501';
    END IF;
    DELETE FROM public.live_tickets l WHERE l.tenant_id = tenant AND l.expires_at <= now();
    IF (SELECT count(*) FROM public.live_tickets l WHERE l.tenant_id = tenant) >= salondesk_live_ticket_cap() THEN
        RAISE EXCEPTION 'salon % has asked for too many live tickets; try again in a minute', tenant USING ERRCODE = '54000';
    END IF;
    secret := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
    INSERT INTO public.live_tickets (tenant_id, ticket_hash, expires_at)
    VALUES (tenant, pg_catalog.sha256(pg_catalog.convert_to(secret, 'UTF8')), now() + interval '60 seconds');
    RETURN tenant || '.' || secret;
END $$;
REVOKE ALL ON FUNCTION salondesk_live_ticket(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_live_ticket(bigint) TO salondesk_receptionist, salondesk_admin, salondesk_manager;

-- The relay's one right: the channels of the tickets it was handed, each ticket used up. Tickets
-- that are unknown, used or expired (or not tickets at all) are left out of the answer; an expired
-- one is deleted all the same.
CREATE FUNCTION salondesk_live_redeem(tickets text[])
RETURNS TABLE (ticket text, tenant_id bigint, channel text)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT (pg_catalog.pg_has_role(session_user, 'salondesk_relay', 'MEMBER') OR salondesk_session_is_owner()) THEN
        RAISE EXCEPTION 'only the live relay may redeem live tickets' USING ERRCODE = '42501';
    END IF;
    IF pg_catalog.cardinality(tickets) > 1000 THEN
        RAISE EXCEPTION 'at most 1000 tickets at once' USING ERRCODE = '54000';
    END IF;
    RETURN QUERY
    WITH asked AS (
        -- 18 digits at most, so the cast below never overflows a bigint
        SELECT DISTINCT t AS ticket,
               split_part(t, '.', 1)::bigint AS tenant_id,
               pg_catalog.sha256(pg_catalog.convert_to(split_part(t, '.', 2), 'UTF8')) AS ticket_hash
          FROM unnest(tickets) AS u(t)
         WHERE t ~ '^[1-9][0-9]{0,17}\.[0-9a-f]{64}$'
    ), used AS (
        DELETE FROM public.live_tickets l USING asked a
         WHERE l.tenant_id = a.tenant_id AND l.ticket_hash = a.ticket_hash
        RETURNING l.tenant_id, l.ticket_hash, l.expires_at
    )
    SELECT a.ticket, u.tenant_id, k.channel
      FROM used u
      JOIN asked a ON a.tenant_id = u.tenant_id AND a.ticket_hash = u.ticket_hash
      JOIN public.salon_keys k ON k.tenant_id = u.tenant_id
     WHERE u.expires_at > now();
END $$;
REVOKE ALL ON FUNCTION salondesk_live_redeem(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_live_redeem(text[]) TO salondesk_relay;

-- ---- the relay's logins ----------------------------------------------------------------------------
-- Made by the owner, like the online login (migration 13). One relay holds one session (and one
-- more for a moment at its start): ten are room for a few relays on one login, and a stolen
-- password opens no more.
CREATE FUNCTION salondesk_add_relay_login(new_login text, scram_verifier text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_session_is_owner() THEN
        RAISE EXCEPTION 'only the database owner may add the live relay''s login' USING ERRCODE = '42501';
    END IF;
    IF new_login IS NULL OR new_login !~ '^[a-z][a-z0-9_]{1,40}$' OR new_login LIKE 'salondesk%' OR new_login LIKE 'pg\_%' THEN
        RAISE EXCEPTION 'a login is 2 to 41 lower-case letters, digits or _, starting with a letter: %', new_login
            USING ERRCODE = '22023';
    END IF;
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = new_login) THEN
        RAISE EXCEPTION 'the login % exists already', new_login USING ERRCODE = '42710';
    END IF;
    PERFORM salondesk_check_verifier(scram_verifier);
    EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS CONNECTION LIMIT 10 '
                   'PASSWORD %L IN ROLE salondesk_relay', new_login, scram_verifier);
    PERFORM salondesk_prepare_login(new_login);
END $$;
REVOKE ALL ON FUNCTION salondesk_add_relay_login(text, text) FROM PUBLIC;
