-- SalonDesk schema, part 30: messages to clients (issue 33, ADR 33) — confirmations, reminders,
-- notices of a change or a cancellation, planned by the database from the booking whatever road
-- wrote it, and sent by any number of senders.
--
--   * clients get an e-mail, their channels in order of preference, a language, and consent
--     (who, when, how: recorded by the database);
--   * message_settings: what a salon sends and when (leads, quiet hours in the salon's zone);
--   * message_templates: the salon's own texts per kind and language (none: the defaults);
--   * messages: the outbox. The trigger on bookings plans rows, unique per (booking, kind, lead,
--     the start they speak of); senders claim due rows with FOR UPDATE SKIP LOCKED under a lease,
--     re-check the booking in the same call, and record the outcome;
--   * message_tokens: the private links (only a hash), opened by the online login;
--   * salondesk_sender: the senders' group. It has no right on any table: it connects and calls
--     the claim and the record, which hand out and take back exactly what a message needs.
--
-- Every function has SET search_path = public, pg_temp; definer functions check session_user and
-- are revoked from PUBLIC (DESIGN.md, "Rules for every migration").

-- ---- the senders' group -------------------------------------------------------------------------------
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'salondesk_sender') THEN
        CREATE ROLE salondesk_sender NOLOGIN;
    END IF;
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO salondesk_sender', current_database());
END $$;
GRANT USAGE ON SCHEMA public TO salondesk_sender;

CREATE FUNCTION salondesk_session_is_sender() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT pg_catalog.pg_has_role(session_user, 'salondesk_sender', 'MEMBER') OR salondesk_session_is_owner()
$$;
REVOKE ALL ON FUNCTION salondesk_session_is_sender() FROM PUBLIC;

-- A sender's login, made by the owner (like the online and the relay's logins).
CREATE FUNCTION salondesk_add_sender_login(new_login text, scram_verifier text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_session_is_owner() THEN
        RAISE EXCEPTION 'only the database owner may add a sender''s login' USING ERRCODE = '42501';
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
                   'PASSWORD %L IN ROLE salondesk_sender', new_login, scram_verifier);
    PERFORM salondesk_prepare_login(new_login);
    -- salondesk_prepare_login sets the person's limit of 20; a sender holds a few connections
    EXECUTE format('ALTER ROLE %I CONNECTION LIMIT 10', new_login);
END $$;
REVOKE ALL ON FUNCTION salondesk_add_sender_login(text, text) FROM PUBLIC;

-- ---- the client's address, channels and consent --------------------------------------------------------
ALTER TABLE clients
    ADD COLUMN email text NOT NULL DEFAULT ''
        CHECK (char_length(email) <= 254 AND (email = '' OR email ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$')),
    -- in order of preference: the first that can reach the client is used, the next if it fails
    ADD COLUMN channels text[] NOT NULL DEFAULT '{}'
        CHECK (channels <@ ARRAY['email', 'sms']::text[] AND cardinality(channels) <= 2 AND array_position(channels, NULL) IS NULL),
    -- NULL: the salon's language
    ADD COLUMN language text CHECK (language IN ('uk', 'ru', 'en')),
    ADD COLUMN message_consent boolean NOT NULL DEFAULT false,
    -- who, when and how the consent was last given or taken back: the database's, never typed
    ADD COLUMN consent_at timestamptz,
    ADD COLUMN consent_by text,
    ADD COLUMN consent_how text;
ALTER TABLE clients ADD CONSTRAINT clients_channels_distinct
    CHECK (cardinality(channels) < 2 OR channels[1] <> channels[2]);
GRANT INSERT (email, channels, language, message_consent), UPDATE (email, channels, language, message_consent)
    ON clients TO salondesk_receptionist, salondesk_admin;

CREATE FUNCTION clients_record_consent() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.consent_at := CASE WHEN NEW.message_consent THEN now() END;
        NEW.consent_by := CASE WHEN NEW.message_consent THEN session_user::text END;
        NEW.consent_how := CASE WHEN NEW.message_consent THEN salondesk_declared_source() END;
    ELSIF NEW.message_consent IS DISTINCT FROM OLD.message_consent THEN
        NEW.consent_at := now();
        NEW.consent_by := session_user;
        NEW.consent_how := coalesce(nullif(pg_catalog.current_setting('salondesk.consent_how', true), ''), salondesk_declared_source());
    ELSE
        NEW.consent_at := OLD.consent_at;
        NEW.consent_by := OLD.consent_by;
        NEW.consent_how := OLD.consent_how;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER clients_record_consent BEFORE INSERT OR UPDATE ON clients
    FOR EACH ROW EXECUTE FUNCTION clients_record_consent();

-- "client confirmed" on a booking that was confirmed already: set by the link only
ALTER TABLE bookings ADD COLUMN client_confirmed_at timestamptz;

-- ---- what a salon sends, and when --------------------------------------------------------------------
-- No row: messages are off.
CREATE TABLE message_settings (
    tenant_id          bigint      PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
    enabled            boolean     NOT NULL DEFAULT false,
    confirmations      boolean     NOT NULL DEFAULT true,
    -- notices of a move or a cancellation made by the salon
    changes            boolean     NOT NULL DEFAULT true,
    -- a reminder this many minutes before, by e-mail / by SMS; NULL: none
    email_lead_min     integer     DEFAULT 1440 CHECK (email_lead_min BETWEEN 1 AND 20160),
    sms_lead_min       integer     DEFAULT 120 CHECK (sms_lead_min BETWEEN 1 AND 20160),
    -- nothing is sent from quiet_from to quiet_to, salon's wall clock (equal: no quiet hours)
    quiet_from         time        NOT NULL DEFAULT '21:00',
    quiet_to           time        NOT NULL DEFAULT '09:00',
    -- a client may cancel by link until this many minutes before the start
    cancel_cutoff_min  integer     NOT NULL DEFAULT 120 CHECK (cancel_cutoff_min BETWEEN 0 AND 10080),
    language           text        NOT NULL DEFAULT 'uk' CHECK (language IN ('uk', 'ru', 'en')),
    -- where mail goes out (the password is the sending process's, never here)
    smtp_host          text        NOT NULL DEFAULT '' CHECK (char_length(smtp_host) <= 253),
    smtp_port          integer     NOT NULL DEFAULT 587 CHECK (smtp_port BETWEEN 1 AND 65535),
    smtp_starttls      boolean     NOT NULL DEFAULT true,
    smtp_from          text        NOT NULL DEFAULT ''
                       CHECK (char_length(smtp_from) <= 254 AND (smtp_from = '' OR smtp_from ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+$')),
    -- the SMS gateway's API address (its token is the sending process's) and the sender name
    sms_gateway        text        NOT NULL DEFAULT '' CHECK (char_length(sms_gateway) <= 500),
    sms_sender         text        NOT NULL DEFAULT '' CHECK (char_length(sms_sender) <= 20),
    updated_at         timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE message_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON message_settings USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
GRANT SELECT ON message_settings TO salondesk_receptionist, salondesk_admin, salondesk_manager;
GRANT INSERT (tenant_id, enabled, confirmations, changes, email_lead_min, sms_lead_min, quiet_from, quiet_to, cancel_cutoff_min,
              language, smtp_host, smtp_port, smtp_starttls, smtp_from, sms_gateway, sms_sender),
      UPDATE (enabled, confirmations, changes, email_lead_min, sms_lead_min, quiet_from, quiet_to, cancel_cutoff_min,
              language, smtp_host, smtp_port, smtp_starttls, smtp_from, sms_gateway, sms_sender, updated_at)
    ON message_settings TO salondesk_admin;

-- ---- the salon's texts ------------------------------------------------------------------------------------
CREATE TABLE message_templates (
    tenant_id   bigint      NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    kind        text        NOT NULL CHECK (kind IN ('confirmation', 'reminder', 'changed', 'cancelled')),
    language    text        NOT NULL CHECK (language IN ('uk', 'ru', 'en')),
    -- '' : the default text of that kind and language
    subject     text        NOT NULL DEFAULT '' CHECK (char_length(subject) <= 200),
    body        text        NOT NULL DEFAULT '' CHECK (char_length(body) <= 4000),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, kind, language)
);
ALTER TABLE message_templates ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON message_templates USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
GRANT SELECT ON message_templates TO salondesk_receptionist, salondesk_admin, salondesk_manager;
GRANT INSERT (tenant_id, kind, language, subject, body), UPDATE (subject, body, updated_at)
    ON message_templates TO salondesk_admin;

-- ---- the outbox ------------------------------------------------------------------------------------------
CREATE TABLE messages (
    tenant_id     bigint      NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id            bigint      GENERATED BY DEFAULT AS IDENTITY,
    booking_id    bigint      NOT NULL,
    kind          text        NOT NULL CHECK (kind IN ('confirmation', 'reminder', 'changed', 'cancelled')),
    -- a reminder: how many minutes before the start; anything else: 0
    lead_min      integer     NOT NULL DEFAULT 0 CHECK (lead_min BETWEEN 0 AND 20160),
    -- NULL: the client's first channel that reaches them (decided when it is sent)
    channel       text        CHECK (channel IN ('email', 'sms')),
    -- the booking's start this message speaks of: a moved booking's old messages are skipped
    about_start   timestamptz NOT NULL,
    planned_at    timestamptz NOT NULL,
    -- when a sender may take it next (planned_at, or later after a failed try)
    due_at        timestamptz NOT NULL,
    state         text        NOT NULL DEFAULT 'planned'
                  CHECK (state IN ('planned', 'sending', 'sent', 'failed', 'skipped')),
    attempts      integer     NOT NULL DEFAULT 0,
    -- the sender's claim: whose, until when
    claim         uuid,
    lease_until   timestamptz,
    -- the same on every try: the e-mail's Message-ID, the gateway's idempotency key
    message_key   uuid        NOT NULL DEFAULT gen_random_uuid(),
    -- the channels tried (in order) and the address or phone last used
    tried         text[]      NOT NULL DEFAULT '{}',
    recipient     text        NOT NULL DEFAULT '' CHECK (char_length(recipient) <= 254),
    -- why it failed or was skipped, or what the last failed try said
    reason        text        NOT NULL DEFAULT '' CHECK (char_length(reason) <= 500),
    sent_at       timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, booking_id, kind, lead_min, about_start),
    FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id) ON DELETE CASCADE,
    CHECK (state <> 'sending' OR (claim IS NOT NULL AND lease_until IS NOT NULL))
);
-- the senders' queue (every salon's) and the leases to take over
CREATE INDEX messages_due ON messages (due_at) WHERE state = 'planned';
CREATE INDEX messages_leased ON messages (lease_until) WHERE state = 'sending';
CREATE INDEX messages_by_booking ON messages (tenant_id, booking_id);
CREATE INDEX messages_by_planned ON messages (tenant_id, planned_at);

ALTER TABLE messages ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON messages FOR SELECT USING (tenant_id = (SELECT salondesk_current_tenant()));
-- staff read their salon's messages; writes are the planning trigger's and the functions below
GRANT SELECT ON messages TO salondesk_receptionist, salondesk_admin, salondesk_manager;

-- ---- the private links --------------------------------------------------------------------------------------
CREATE TABLE message_tokens (
    tenant_id    bigint      NOT NULL,
    token_hash   bytea       NOT NULL CHECK (octet_length(token_hash) = 32),
    booking_id   bigint      NOT NULL,
    message_id   bigint      NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    used_at      timestamptz,
    used_for     text        CHECK (used_for IN ('confirm', 'cancel', 'unsubscribe')),
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, message_id) REFERENCES messages (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX message_tokens_by_booking ON message_tokens (tenant_id, booking_id);
ALTER TABLE message_tokens ENABLE ROW LEVEL SECURITY;
-- no policy and no grant: only the definer functions below read or write it

-- ---- timing, in the salon's zone ------------------------------------------------------------------------------
-- The quiet period that contains t, in the salon's zone (NULLs when t is outside the quiet hours).
CREATE FUNCTION messages_quiet_period(t timestamptz, tz text, q_from time, q_to time,
                                      OUT quiet_start timestamptz, OUT quiet_end timestamptz)
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
DECLARE
    l  timestamp := t AT TIME ZONE tz;
    lt time := l::time;
    d  date := l::date;
BEGIN
    IF q_from = q_to THEN
        RETURN;
    END IF;
    IF q_from > q_to THEN   -- across midnight, e.g. 21:00-09:00
        IF lt >= q_from THEN
            quiet_start := (d + q_from) AT TIME ZONE tz;
            quiet_end := (d + 1 + q_to) AT TIME ZONE tz;
        ELSIF lt < q_to THEN
            quiet_start := (d - 1 + q_from) AT TIME ZONE tz;
            quiet_end := (d + q_to) AT TIME ZONE tz;
        END IF;
    ELSIF lt >= q_from AND lt < q_to THEN
        quiet_start := (d + q_from) AT TIME ZONE tz;
        quiet_end := (d + q_to) AT TIME ZONE tz;
    END IF;
END $$;

-- When a reminder `lead` minutes before `start` goes: the same wall-clock arithmetic the salon
-- reads (24 h before 10:00 is 10:00 the day before, DST or not), moved before the quiet hours;
-- NULL when that is already past.
CREATE FUNCTION messages_reminder_time(start timestamptz, lead integer, tz text, q_from time, q_to time) RETURNS timestamptz
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
DECLARE
    t timestamptz := ((start AT TIME ZONE tz) - make_interval(mins => lead)) AT TIME ZONE tz;
    q record;
BEGIN
    SELECT * INTO q FROM messages_quiet_period(t, tz, q_from, q_to);
    IF q.quiet_start IS NOT NULL THEN
        t := q.quiet_start - interval '1 minute';
    END IF;
    IF t <= now() OR t >= start THEN
        RETURN NULL;
    END IF;
    RETURN t;
END $$;

-- When a confirmation or notice goes: now, or at the end of the quiet hours (unless the booking
-- starts before that: then now).
CREATE FUNCTION messages_notice_time(start timestamptz, tz text, q_from time, q_to time) RETURNS timestamptz
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
DECLARE
    q record;
BEGIN
    SELECT * INTO q FROM messages_quiet_period(now(), tz, q_from, q_to);
    IF q.quiet_end IS NOT NULL AND q.quiet_end < start THEN
        RETURN q.quiet_end;
    END IF;
    RETURN now();
END $$;

-- Plans one message (a skipped one with the same key is planned again; anything else stays).
CREATE FUNCTION messages_put(tenant bigint, booking bigint, kind_ text, lead integer, chan text, about timestamptz, at_ timestamptz)
RETURNS void
LANGUAGE sql
SET search_path = public, pg_temp
AS $$
    INSERT INTO public.messages AS m (tenant_id, booking_id, kind, lead_min, channel, about_start, planned_at, due_at)
    VALUES (tenant, booking, kind_, lead, chan, about, at_, at_)
    ON CONFLICT (tenant_id, booking_id, kind, lead_min, about_start) DO UPDATE
       SET state = 'planned', planned_at = EXCLUDED.planned_at, due_at = EXCLUDED.due_at, channel = EXCLUDED.channel,
           attempts = 0, claim = NULL, lease_until = NULL, reason = '', tried = '{}', message_key = gen_random_uuid(),
           updated_at = now()
     WHERE m.state = 'skipped'
$$;

-- ---- planning, whoever writes the booking -----------------------------------------------------------------------
CREATE FUNCTION bookings_plan_messages() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    s public.message_settings;
    tz text;
    active boolean := NEW.status IN ('pending', 'confirmed');
    was_active boolean := TG_OP = 'UPDATE' AND OLD.status IN ('pending', 'confirmed');
    told boolean;
    t timestamptz;
BEGIN
    SELECT * INTO s FROM public.message_settings ms WHERE ms.tenant_id = NEW.tenant_id AND ms.enabled;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' THEN
        IF NOT active THEN
            UPDATE public.messages m SET state = 'skipped', reason = 'booking ' || NEW.status, claim = NULL, lease_until = NULL,
                   updated_at = now()
             WHERE m.tenant_id = NEW.tenant_id AND m.booking_id = NEW.id AND m.state = 'planned' AND m.kind <> 'cancelled';
            IF was_active AND NEW.status = 'cancelled' AND s.changes AND NEW.starts_at > now()
               AND salondesk_declared_source() <> 'online'
               AND EXISTS (SELECT 1 FROM public.messages m WHERE m.tenant_id = NEW.tenant_id AND m.booking_id = NEW.id
                             AND m.state = 'sent' AND m.kind IN ('confirmation', 'reminder', 'changed')) THEN
                SELECT x.time_zone INTO tz FROM public.tenants x WHERE x.id = NEW.tenant_id;
                PERFORM messages_put(NEW.tenant_id, NEW.id, 'cancelled', 0, NULL, NEW.starts_at,
                                     messages_notice_time(NEW.starts_at, tz, s.quiet_from, s.quiet_to));
            END IF;
            RETURN NULL;
        END IF;
        IF was_active AND OLD.starts_at = NEW.starts_at THEN
            RETURN NULL;   -- pending -> confirmed and the like: nothing about the time changed
        END IF;
        -- moved, or revived: what was planned about another start is not sent
        UPDATE public.messages m SET state = 'skipped', reason = 'booking moved', claim = NULL, lease_until = NULL, updated_at = now()
         WHERE m.tenant_id = NEW.tenant_id AND m.booking_id = NEW.id AND m.state = 'planned'
           AND (m.about_start <> NEW.starts_at OR m.kind = 'cancelled');
    END IF;
    IF NOT active OR NEW.starts_at <= now() THEN
        RETURN NULL;
    END IF;
    SELECT x.time_zone INTO tz FROM public.tenants x WHERE x.id = NEW.tenant_id;
    told := TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM public.messages m WHERE m.tenant_id = NEW.tenant_id AND m.booking_id = NEW.id
                                          AND m.state IN ('sent', 'sending') AND m.kind <> 'cancelled');
    IF told THEN
        IF s.changes THEN
            PERFORM messages_put(NEW.tenant_id, NEW.id, 'changed', 0, NULL, NEW.starts_at,
                                 messages_notice_time(NEW.starts_at, tz, s.quiet_from, s.quiet_to));
        END IF;
    ELSIF s.confirmations THEN
        PERFORM messages_put(NEW.tenant_id, NEW.id, 'confirmation', 0, NULL, NEW.starts_at,
                             messages_notice_time(NEW.starts_at, tz, s.quiet_from, s.quiet_to));
    END IF;
    IF s.email_lead_min IS NOT NULL THEN
        t := messages_reminder_time(NEW.starts_at, s.email_lead_min, tz, s.quiet_from, s.quiet_to);
        IF t IS NOT NULL THEN
            PERFORM messages_put(NEW.tenant_id, NEW.id, 'reminder', s.email_lead_min, 'email', NEW.starts_at, t);
        END IF;
    END IF;
    IF s.sms_lead_min IS NOT NULL AND s.sms_lead_min IS DISTINCT FROM s.email_lead_min THEN
        t := messages_reminder_time(NEW.starts_at, s.sms_lead_min, tz, s.quiet_from, s.quiet_to);
        IF t IS NOT NULL THEN
            PERFORM messages_put(NEW.tenant_id, NEW.id, 'reminder', s.sms_lead_min, 'sms', NEW.starts_at, t);
        END IF;
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION bookings_plan_messages() FROM PUBLIC;
CREATE TRIGGER bookings_plan_messages AFTER INSERT ON bookings
    FOR EACH ROW EXECUTE FUNCTION bookings_plan_messages();
CREATE TRIGGER bookings_plan_messages_again AFTER UPDATE OF starts_at, status ON bookings
    FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION bookings_plan_messages();

-- ---- the senders' two calls ---------------------------------------------------------------------------------
-- Claims up to `batch` due messages of any salon (FOR UPDATE SKIP LOCKED: never one another
-- sender holds, never waiting for one), re-checks each against its booking as it is now, skips
-- what no longer fits (with why), and hands out the rest with what the message needs and a new
-- private link. The rows are the caller's until lease_until (then another sender takes them over,
-- with the same message_key).
CREATE FUNCTION salondesk_messages_claim(batch integer, lease_seconds integer)
RETURNS TABLE (tenant_id bigint, message_id bigint, claim uuid, message_key uuid, kind text, lead_min integer, attempts integer,
               channel text, fallback text, recipient text, language text, client_name text, salon_name text, salon_address text,
               salon_phone text, time_zone text, service_name text, master_name text, starts_at timestamptz, duration_min integer,
               booking_status text, subject_template text, body_template text, link_token text, link_expires timestamptz,
               smtp_host text, smtp_port integer, smtp_starttls boolean, smtp_from text, sms_gateway text, sms_sender text)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
#variable_conflict use_variable
DECLARE
    me uuid := gen_random_uuid();
    m public.messages;
    b public.bookings;
    c public.clients;
    s public.message_settings;
    why text;
    usable text[];
    secret text;
    typed_email text;
    typed_name text;
    quiet_until timestamptz;
BEGIN
    IF NOT salondesk_session_is_sender() THEN
        RAISE EXCEPTION 'only a message sender may claim messages' USING ERRCODE = '42501';
    END IF;
    IF batch IS NULL OR batch < 1 OR batch > 500 OR lease_seconds IS NULL OR lease_seconds < 10 OR lease_seconds > 3600 THEN
        RAISE EXCEPTION 'a batch of 1 to 500, a lease of 10 to 3600 seconds' USING ERRCODE = '22023';
    END IF;
    FOR m IN
        -- each queue locked on its own with SKIP LOCKED and its own LIMIT: a pre-chosen set of
        -- candidates would leave a second sender with none when the first holds them all
        WITH expired AS (
            SELECT x.tenant_id, x.id FROM public.messages x WHERE x.state = 'sending' AND x.lease_until < now()
             ORDER BY x.lease_until LIMIT batch
               FOR UPDATE SKIP LOCKED
        ), due AS (
            SELECT x.tenant_id, x.id FROM public.messages x WHERE x.state = 'planned' AND x.due_at <= now()
             ORDER BY x.due_at LIMIT batch
               FOR UPDATE SKIP LOCKED
        ), mine AS (
            SELECT e.tenant_id, e.id FROM expired e
            UNION ALL
            SELECT d.tenant_id, d.id FROM due d
            LIMIT batch
        )
        UPDATE public.messages x SET state = 'sending', claim = me, lease_until = now() + make_interval(secs => lease_seconds),
               attempts = x.attempts + 1, updated_at = now()
          FROM mine WHERE x.tenant_id = mine.tenant_id AND x.id = mine.id
        RETURNING x.*
    LOOP
        why := NULL;
        SELECT * INTO b FROM public.bookings y WHERE y.tenant_id = m.tenant_id AND y.id = m.booking_id;
        SELECT * INTO c FROM public.clients y WHERE y.tenant_id = b.tenant_id AND y.id = b.client_id;
        SELECT * INTO s FROM public.message_settings y WHERE y.tenant_id = m.tenant_id;
        -- a booking made on the online page: the e-mail typed there, with the page's consent line,
        -- and the name typed there (ADR 26: never the card's name for what the page made)
        SELECT o.email, o.name_as_typed INTO typed_email, typed_name FROM public.online_bookings o
         WHERE o.tenant_id = b.tenant_id AND o.booking_id = b.id;
        IF coalesce(typed_email, '') <> '' THEN
            -- the address the booker typed, not the card's: a booking by phone may be someone else's (ADR 26)
            c.email := typed_email;
            c.message_consent := true;
            IF NOT 'email' = ANY (c.channels) THEN
                c.channels := ARRAY['email'] || c.channels;
            END IF;
        END IF;
        IF s IS NULL OR NOT s.enabled THEN
            why := 'messages off';
        ELSIF m.kind = 'cancelled' AND b.status <> 'cancelled' THEN
            why := 'booking ' || b.status;
        ELSIF m.kind <> 'cancelled' AND b.status NOT IN ('pending', 'confirmed') THEN
            why := 'booking ' || b.status;
        ELSIF b.starts_at <> m.about_start THEN
            why := 'booking moved';
        ELSIF b.starts_at <= now() THEN
            why := 'too late';
        ELSIF NOT c.message_consent THEN
            why := 'no consent';
        END IF;
        IF why IS NULL THEN
            -- the channels that can reach the client, in the client's order, those tried left out
            SELECT coalesce(array_agg(ch ORDER BY n), '{}') INTO usable
              FROM unnest(c.channels) WITH ORDINALITY AS u(ch, n)
             WHERE NOT ch = ANY (m.tried)
               AND (ch = 'email' AND c.email <> '' OR ch = 'sms' AND c.phone IS NOT NULL);
            IF m.channel IS NOT NULL AND cardinality(m.tried) = 0 AND NOT m.channel = ANY (usable) THEN
                why := 'client has no ' || m.channel;
            ELSIF cardinality(usable) = 0 THEN
                why := CASE WHEN cardinality(m.tried) = 0 THEN 'no channel' ELSE 'every channel failed' END;
            END IF;
        END IF;
        IF why IS NOT NULL THEN
            UPDATE public.messages x SET state = 'skipped', reason = why, claim = NULL, lease_until = NULL, updated_at = now()
             WHERE x.tenant_id = m.tenant_id AND x.id = m.id;
            CONTINUE;
        END IF;
        -- nothing goes in the salon's quiet hours, whatever made it due now (a retry, a sender that
        -- was away, Send now): it waits for their end, untried (the next claim re-checks the booking)
        SELECT q.quiet_end INTO quiet_until
          FROM public.tenants t, messages_quiet_period(now(), t.time_zone, s.quiet_from, s.quiet_to) q WHERE t.id = m.tenant_id;
        IF quiet_until IS NOT NULL THEN
            UPDATE public.messages x SET state = 'planned', due_at = quiet_until, attempts = x.attempts - 1, claim = NULL, lease_until = NULL,
                   updated_at = now()
             WHERE x.tenant_id = m.tenant_id AND x.id = m.id;
            CONTINUE;
        END IF;
        tenant_id := m.tenant_id;
        message_id := m.id;
        claim := me;
        message_key := m.message_key;
        kind := m.kind;
        lead_min := m.lead_min;
        attempts := m.attempts;
        channel := CASE WHEN m.channel IS NOT NULL AND cardinality(m.tried) = 0 THEN m.channel ELSE usable[1] END;
        fallback := (SELECT u FROM unnest(usable) u WHERE u <> channel LIMIT 1);
        recipient := CASE channel WHEN 'email' THEN c.email ELSE c.phone END;
        language := coalesce(c.language, s.language);
        client_name := coalesce(typed_name, c.name);
        SELECT t.name, t.address, t.phone, t.time_zone INTO salon_name, salon_address, salon_phone, time_zone
          FROM public.tenants t WHERE t.id = m.tenant_id;
        service_name := (SELECT v.name FROM public.services v WHERE v.tenant_id = b.tenant_id AND v.id = b.service_id);
        master_name := (SELECT r.name FROM public.masters r WHERE r.tenant_id = b.tenant_id AND r.id = b.master_id);
        starts_at := b.starts_at;
        duration_min := b.duration_min;
        booking_status := b.status;
        SELECT nullif(p.subject, ''), nullif(p.body, '') INTO subject_template, body_template
          FROM public.message_templates p WHERE p.tenant_id = m.tenant_id AND p.kind = m.kind AND p.language = coalesce(c.language, s.language);
        IF NOT FOUND THEN
            subject_template := NULL;
            body_template := NULL;
        END IF;
        secret := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
        link_token := m.tenant_id || '.' || secret;
        link_expires := slot_end(b.starts_at, b.duration_min);
        INSERT INTO public.message_tokens (tenant_id, token_hash, booking_id, message_id, expires_at)
        VALUES (m.tenant_id, pg_catalog.sha256(pg_catalog.convert_to(secret, 'UTF8')), b.id, m.id, link_expires);
        UPDATE public.messages x SET recipient = left(coalesce(CASE channel WHEN 'email' THEN c.email ELSE c.phone END, ''), 254)
         WHERE x.tenant_id = m.tenant_id AND x.id = m.id;
        smtp_host := s.smtp_host;
        smtp_port := s.smtp_port;
        smtp_starttls := s.smtp_starttls;
        smtp_from := s.smtp_from;
        sms_gateway := s.sms_gateway;
        sms_sender := s.sms_sender;
        RETURN NEXT;
    END LOOP;
END $$;
REVOKE ALL ON FUNCTION salondesk_messages_claim(integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_messages_claim(integer, integer) TO salondesk_sender;

-- How many tries a message gets before it is failed for good.
CREATE FUNCTION salondesk_messages_max_attempts() RETURNS integer
LANGUAGE sql IMMUTABLE
SET search_path = public, pg_temp
AS $$ SELECT 6 $$;

-- The outcome of one claimed message, written only while it is still the caller's claim:
--   sent      the channel accepted it;
--   retry     a temporary failure: planned again in retry_ms milliseconds (failed for good after the last try);
--   fallback  this channel failed for good: the client's next channel, at once;
--   failed    failed for good.
-- Answers whether it was written (false: the lease ran out and another sender holds it now).
CREATE FUNCTION salondesk_messages_record(tenant bigint, message bigint, my_claim uuid, outcome text, used_channel text,
                                          why text, retry_ms integer)
RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    m public.messages;
BEGIN
    IF NOT salondesk_session_is_sender() THEN
        RAISE EXCEPTION 'only a message sender may record messages' USING ERRCODE = '42501';
    END IF;
    IF outcome NOT IN ('sent', 'retry', 'fallback', 'failed') OR used_channel NOT IN ('email', 'sms')
       OR char_length(coalesce(why, '')) > 500 OR (outcome = 'retry' AND (retry_ms IS NULL OR retry_ms NOT BETWEEN 1 AND 86400000)) THEN
        RAISE EXCEPTION 'an outcome is sent, retry, fallback or failed, on email or sms' USING ERRCODE = '22023';
    END IF;
    SELECT * INTO m FROM public.messages x WHERE x.tenant_id = tenant AND x.id = message AND x.state = 'sending' AND x.claim = my_claim
       FOR UPDATE;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    IF outcome = 'sent' THEN
        UPDATE public.messages x SET state = 'sent', sent_at = now(), reason = '', claim = NULL, lease_until = NULL, channel = used_channel,
               tried = x.tried || used_channel, updated_at = now()
         WHERE x.tenant_id = tenant AND x.id = message;
    ELSIF outcome = 'retry' AND m.attempts < salondesk_messages_max_attempts() THEN
        UPDATE public.messages x SET state = 'planned', due_at = now() + make_interval(secs => retry_ms / 1000.0), reason = coalesce(why, ''),
               claim = NULL, lease_until = NULL, updated_at = now()
         WHERE x.tenant_id = tenant AND x.id = message;
    ELSIF outcome = 'fallback' THEN
        UPDATE public.messages x SET state = 'planned', due_at = now(), reason = coalesce(why, ''), claim = NULL, lease_until = NULL,
               tried = x.tried || used_channel, updated_at = now()
         WHERE x.tenant_id = tenant AND x.id = message;
    ELSE
        UPDATE public.messages x SET state = 'failed', reason = coalesce(why, ''), claim = NULL, lease_until = NULL,
               channel = used_channel, tried = x.tried || used_channel, updated_at = now()
         WHERE x.tenant_id = tenant AND x.id = message;
    END IF;
    RETURN true;
END $$;
REVOKE ALL ON FUNCTION salondesk_messages_record(bigint, bigint, uuid, text, text, text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_messages_record(bigint, bigint, uuid, text, text, text, integer) TO salondesk_sender;

-- ---- the desk: send now, resend ------------------------------------------------------------------------------
-- A planned message goes at once; a sent, failed or skipped one is sent again as a new message
-- (a new key). Receptionists and admins of the salon, or the owner. The claim re-checks it.
CREATE FUNCTION salondesk_message_send_now(tenant bigint, message bigint) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF tenant IS NULL OR NOT (salondesk_session_is_owner() OR EXISTS (SELECT 1 FROM public.staff s
            WHERE s.login = session_user AND s.active AND s.tenant_id = tenant AND s.role IN ('receptionist', 'admin'))) THEN
        RAISE EXCEPTION 'only a receptionist or admin of salon % may send its messages', tenant USING ERRCODE = '42501';
    END IF;
    UPDATE public.messages x
       SET due_at = now(),
           message_key = CASE WHEN x.state = 'planned' THEN x.message_key ELSE gen_random_uuid() END,
           attempts = CASE WHEN x.state = 'planned' THEN x.attempts ELSE 0 END,
           tried = CASE WHEN x.state = 'planned' THEN x.tried ELSE '{}' END,
           reason = CASE WHEN x.state = 'planned' THEN x.reason ELSE '' END,
           sent_at = CASE WHEN x.state = 'planned' THEN x.sent_at END,
           state = 'planned', claim = NULL, lease_until = NULL, updated_at = now()
     WHERE x.tenant_id = tenant AND x.id = message AND x.state <> 'sending';
    RETURN FOUND;
END $$;
REVOKE ALL ON FUNCTION salondesk_message_send_now(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_message_send_now(bigint, bigint) TO salondesk_receptionist, salondesk_admin;

-- ---- the private links (the online login) ------------------------------------------------------------------
-- What a link shows: the booking's salon, service, master and time — never a name (ADR 26) — and
-- what it may still do. Nothing for an unknown, forged or other salon's token.
CREATE FUNCTION salondesk_message_link(token text)
RETURNS TABLE (tenant_id bigint, booking_id bigint, salon_name text, salon_phone text, time_zone text, language text,
               service_id bigint, service_name text, master_id bigint, master_name text, starts_at timestamptz,
               duration_min integer, status text, client_confirmed boolean, expired boolean, used_for text, may_cancel boolean,
               cancel_cutoff_min integer, online_slug text)
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
           s.cancel_cutoff_min, (SELECT o.slug FROM public.online_settings o WHERE o.tenant_id = b.tenant_id AND o.enabled)
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

-- What a link does, once: confirm (pending -> confirmed; a confirmed booking is marked "client
-- confirmed"), cancel (until the salon's cut-off), unsubscribe (the client's consent taken back).
-- Under the master's named lock, as every change of a booking (the same lock and lock_timeout as
-- the online page's cancel), recorded with source online. Answers done, used, expired, too_late,
-- not_found.
CREATE FUNCTION salondesk_message_link_act(token text, action text) RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    k public.message_tokens;
    b public.bookings;
    cutoff integer;
BEGIN
    PERFORM salondesk_require_online();
    IF action NOT IN ('confirm', 'cancel', 'unsubscribe') THEN
        RAISE EXCEPTION 'an action is confirm, cancel or unsubscribe' USING ERRCODE = '22023';
    END IF;
    IF token IS NULL OR token !~ '^[1-9][0-9]{0,17}\.[0-9a-f]{64}$' THEN
        RETURN 'not_found';
    END IF;
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
    PERFORM pg_catalog.set_config('salondesk.source', 'online', true);
    IF action = 'unsubscribe' THEN
        PERFORM pg_catalog.set_config('salondesk.consent_how', 'link', true);
        UPDATE public.clients c SET message_consent = false
          FROM public.bookings y WHERE y.tenant_id = k.tenant_id AND y.id = k.booking_id AND c.tenant_id = y.tenant_id AND c.id = y.client_id;
        UPDATE public.messages m SET state = 'skipped', reason = 'unsubscribed', updated_at = now()
          FROM public.bookings y
         WHERE y.tenant_id = k.tenant_id AND y.id = k.booking_id AND m.tenant_id = y.tenant_id AND m.state = 'planned'
           AND m.booking_id IN (SELECT z.id FROM public.bookings z WHERE z.tenant_id = y.tenant_id AND z.client_id = y.client_id);
        UPDATE public.message_tokens x SET used_at = now(), used_for = action WHERE x.tenant_id = k.tenant_id AND x.token_hash = k.token_hash;
        RETURN 'done';
    END IF;
    IF NOT (pg_catalog.current_setting('lock_timeout')::interval BETWEEN interval '1 ms' AND interval '5 s') THEN
        PERFORM pg_catalog.set_config('lock_timeout', '5s', true);
    END IF;
    SELECT * INTO b FROM public.bookings x WHERE x.tenant_id = k.tenant_id AND x.id = k.booking_id;
    PERFORM pg_catalog.pg_advisory_xact_lock(salondesk_master_lock_key(b.tenant_id, b.master_id));
    SELECT * INTO b FROM public.bookings x WHERE x.tenant_id = k.tenant_id AND x.id = k.booking_id FOR UPDATE;
    IF b.status NOT IN ('pending', 'confirmed') OR b.starts_at <= now() THEN
        RETURN 'too_late';
    END IF;
    IF action = 'confirm' THEN
        IF b.status = 'pending' THEN
            UPDATE public.bookings x SET status = 'confirmed', client_confirmed_at = now() WHERE x.tenant_id = b.tenant_id AND x.id = b.id;
        ELSE
            UPDATE public.bookings x SET client_confirmed_at = now() WHERE x.tenant_id = b.tenant_id AND x.id = b.id;
        END IF;
    ELSE
        SELECT s.cancel_cutoff_min INTO cutoff FROM public.message_settings s WHERE s.tenant_id = b.tenant_id;
        IF b.starts_at - make_interval(mins => coalesce(cutoff, 0)) <= now() THEN
            RETURN 'too_late';
        END IF;
        UPDATE public.bookings x SET status = 'cancelled' WHERE x.tenant_id = b.tenant_id AND x.id = b.id;
    END IF;
    UPDATE public.message_tokens x SET used_at = now(), used_for = action WHERE x.tenant_id = k.tenant_id AND x.token_hash = k.token_hash;
    RETURN 'done';
END $$;
REVOKE ALL ON FUNCTION salondesk_message_link_act(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_message_link_act(text, text) TO salondesk_online;

-- ---- forgetting a client (ADR 15) -------------------------------------------------------------------------------
-- salondesk_forget_client writes its marker first: here, on the marker, the client's address,
-- channels and consent go, her messages keep their kind, times and state but no address or
-- reason (a reason may quote the address), planned ones are not sent, and her links are gone.
CREATE FUNCTION forgotten_clients_forget_messages() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    UPDATE public.clients c SET email = '', channels = '{}', message_consent = false
     WHERE c.tenant_id = NEW.tenant_id AND c.id = NEW.client_id;
    UPDATE public.messages m SET recipient = '', reason = CASE WHEN m.state = 'planned' THEN 'client forgotten' ELSE '' END,
           state = CASE WHEN m.state IN ('planned', 'sending') THEN 'skipped' ELSE m.state END, claim = NULL, lease_until = NULL,
           updated_at = now()
     WHERE m.tenant_id = NEW.tenant_id
       AND m.booking_id IN (SELECT b.id FROM public.bookings b WHERE b.tenant_id = NEW.tenant_id AND b.client_id = NEW.client_id);
    DELETE FROM public.message_tokens k
     WHERE k.tenant_id = NEW.tenant_id
       AND k.booking_id IN (SELECT b.id FROM public.bookings b WHERE b.tenant_id = NEW.tenant_id AND b.client_id = NEW.client_id);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION forgotten_clients_forget_messages() FROM PUBLIC;
CREATE TRIGGER forgotten_clients_forget_messages
    AFTER INSERT ON forgotten_clients
    FOR EACH ROW EXECUTE FUNCTION forgotten_clients_forget_messages();

-- The client's file (migration 15) holds what this migration keeps about them too: their address,
-- channels, language and consent, and their messages (ADR 15: a new column of a client's data
-- belongs in both the forgetting and the file).
CREATE OR REPLACE FUNCTION salondesk_client_data(target_tenant bigint, target_client bigint) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    answer jsonb;
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    SELECT jsonb_build_object(
               'client', jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'notes', c.notes,
                                            'created_at', c.created_at, 'email', c.email, 'channels', c.channels,
                                            'language', c.language, 'message_consent', c.message_consent,
                                            'consent_at', c.consent_at, 'consent_by', c.consent_by, 'consent_how', c.consent_how),
               'forgotten', (SELECT jsonb_build_object('at', f.forgotten_at, 'by', f.forgotten_by, 'bookings_kept', f.bookings_kept)
                               FROM public.forgotten_clients f WHERE f.tenant_id = c.tenant_id AND f.client_id = c.id),
               'bookings', coalesce((
                   SELECT jsonb_agg(jsonb_build_object(
                              'id', b.id, 'starts_at', b.starts_at, 'ends_at', slot_end(b.starts_at, b.duration_min),
                              'duration_min', b.duration_min, 'master', m.name, 'service', s.name,
                              'price', coalesce(ms.price, s.price), 'status', b.status, 'source', b.source, 'note', b.note,
                              'created_at', b.created_at, 'created_by', b.created_by,
                              'updated_at', b.updated_at, 'updated_by', b.updated_by,
                              'online_email', o.email, 'online_consented_at', o.consented_at)
                          ORDER BY b.starts_at, b.id)
                     FROM public.bookings b
                     JOIN public.masters m ON m.tenant_id = b.tenant_id AND m.id = b.master_id
                     LEFT JOIN public.services s ON s.tenant_id = b.tenant_id AND s.id = b.service_id
                     LEFT JOIN public.master_services ms ON ms.tenant_id = b.tenant_id AND ms.master_id = b.master_id
                                                        AND ms.service_id = b.service_id
                     LEFT JOIN public.online_bookings o ON o.tenant_id = b.tenant_id AND o.booking_id = b.id
                    WHERE b.tenant_id = c.tenant_id AND b.client_id = c.id), '[]'::jsonb),
               'history', coalesce((
                   SELECT jsonb_agg(jsonb_build_object(
                              'id', h.id, 'booking_id', h.booking_id, 'operation', h.operation, 'changed_at', h.changed_at,
                              'changed_by', h.changed_by, 'source', h.source, 'changes', h.changes)
                          ORDER BY h.id)
                     FROM public.booking_history h
                    WHERE h.tenant_id = c.tenant_id
                      AND h.booking_id IN (SELECT b.id FROM public.bookings b WHERE b.tenant_id = c.tenant_id AND b.client_id = c.id)),
                   '[]'::jsonb),
               'waitlist', coalesce((
                   SELECT jsonb_agg(jsonb_build_object(
                              'id', w.id, 'state', w.state, 'service', s.name, 'duration_min', w.duration_min, 'master', m.name,
                              'date_from', w.date_from, 'date_to', w.date_to, 'window_from_min', w.window_from_min,
                              'window_to_min', w.window_to_min, 'note', w.note, 'booking_id', w.booking_id, 'source', w.source,
                              'created_at', w.created_at, 'created_by', w.created_by)
                          ORDER BY w.id)
                     FROM public.waitlist_entries w
                     LEFT JOIN public.services s ON s.tenant_id = w.tenant_id AND s.id = w.service_id
                     LEFT JOIN public.masters m ON m.tenant_id = w.tenant_id AND m.id = w.master_id
                    WHERE w.tenant_id = c.tenant_id AND w.client_id = c.id), '[]'::jsonb),
               'messages', coalesce((
                   SELECT jsonb_agg(jsonb_build_object(
                              'id', x.id, 'booking_id', x.booking_id, 'kind', x.kind, 'lead_min', x.lead_min, 'channel', x.channel,
                              'recipient', x.recipient, 'planned_at', x.planned_at, 'state', x.state, 'reason', x.reason,
                              'sent_at', x.sent_at)
                          ORDER BY x.id)
                     FROM public.messages x
                    WHERE x.tenant_id = c.tenant_id
                      AND x.booking_id IN (SELECT b.id FROM public.bookings b WHERE b.tenant_id = c.tenant_id AND b.client_id = c.id)),
                   '[]'::jsonb))
      INTO answer
      FROM public.clients c
     WHERE c.tenant_id = target_tenant AND c.id = target_client;
    IF answer IS NULL THEN
        RAISE EXCEPTION 'salon % has no client %', target_tenant, target_client USING ERRCODE = '22023';
    END IF;
    RETURN answer;
END $$;
REVOKE ALL ON FUNCTION salondesk_client_data(bigint, bigint) FROM PUBLIC;

-- A client who gives an address or consent after her booking was made (the desk types the e-mail
-- once the booking is saved, `book --email`): the messages skipped for want of it are planned again,
-- those whose time has not passed.
CREATE FUNCTION clients_revive_messages() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT NEW.message_consent OR cardinality(NEW.channels) = 0 THEN
        RETURN NULL;
    END IF;
    UPDATE public.messages m SET state = 'planned', due_at = greatest(m.planned_at, now()), reason = '', tried = '{}', updated_at = now()
     WHERE m.tenant_id = NEW.tenant_id AND m.state = 'skipped'
       AND m.reason IN ('no consent', 'no channel', 'client has no email', 'client has no sms', 'every channel failed')
       AND m.about_start > now() AND (m.kind <> 'reminder' OR m.planned_at > now())
       AND m.booking_id IN (SELECT b.id FROM public.bookings b WHERE b.tenant_id = NEW.tenant_id AND b.client_id = NEW.id
                               AND b.starts_at = m.about_start AND b.status IN ('pending', 'confirmed'));
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION clients_revive_messages() FROM PUBLIC;
CREATE TRIGGER clients_revive_messages AFTER UPDATE OF email, channels, message_consent ON clients
    FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.channels IS DISTINCT FROM NEW.channels
                       OR OLD.message_consent IS DISTINCT FROM NEW.message_consent)
    EXECUTE FUNCTION clients_revive_messages();
