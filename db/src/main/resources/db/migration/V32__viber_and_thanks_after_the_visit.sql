-- SalonDesk schema, part 32 (issue 33, ADR 33): two more of the issue's messages.
--
--   * Viber through TurboSMS's combined call: a client's channel 'viber' is one call with both a
--     Viber and an SMS part (the gateway delivers by Viber, and by SMS where Viber does not reach
--     the phone). A reminder planned "by SMS" goes by the client's first phone channel, Viber or SMS.
--   * "Thank you, book again" after the visit: planned when a booking becomes completed (desk,
--     command line, plain SQL — whoever marks it), thanks_after_min later (out of the quiet hours),
--     with a link to the salon's online page instead of a private link (the booking is over); the
--     sender re-checks that the visit is still completed. A visit recorded as completed when it is
--     made (an import of past visits, the demo) is not thanked, nor one that ended more than a day ago.
--
-- Every function has SET search_path = public, pg_temp; definer functions check the session's login
-- and are revoked from PUBLIC (DESIGN.md, "Rules for every migration").

-- ---- the channels --------------------------------------------------------------------------------------------
ALTER TABLE clients DROP CONSTRAINT clients_channels_check;
ALTER TABLE clients DROP CONSTRAINT clients_channels_distinct;
ALTER TABLE clients ADD CONSTRAINT clients_channels_check
    CHECK (channels <@ ARRAY['email', 'sms', 'viber']::text[] AND cardinality(channels) <= 3 AND array_position(channels, NULL) IS NULL);
ALTER TABLE clients ADD CONSTRAINT clients_channels_distinct
    CHECK (cardinality(channels) < 2 OR (channels[1] <> channels[2]
           AND (cardinality(channels) < 3 OR (channels[1] <> channels[3] AND channels[2] <> channels[3]))));
ALTER TABLE messages DROP CONSTRAINT messages_channel_check;
ALTER TABLE messages ADD CONSTRAINT messages_channel_check CHECK (channel IN ('email', 'sms', 'viber'));

-- ---- the thank-you -------------------------------------------------------------------------------------------
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('confirmation', 'reminder', 'changed', 'cancelled', 'thanks'));
ALTER TABLE message_templates DROP CONSTRAINT message_templates_kind_check;
ALTER TABLE message_templates ADD CONSTRAINT message_templates_kind_check
    CHECK (kind IN ('confirmation', 'reminder', 'changed', 'cancelled', 'thanks'));
ALTER TABLE message_settings
    ADD COLUMN thanks boolean NOT NULL DEFAULT false,
    -- how long after the visit is marked completed
    ADD COLUMN thanks_after_min integer NOT NULL DEFAULT 120 CHECK (thanks_after_min BETWEEN 1 AND 20160);
GRANT INSERT (thanks, thanks_after_min), UPDATE (thanks, thanks_after_min) ON message_settings TO salondesk_admin;

-- ---- planning, whoever writes the booking (migration 30's, and the thank-you) -----------------------------------
CREATE OR REPLACE FUNCTION bookings_plan_messages() RETURNS trigger
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
    q record;
BEGIN
    SELECT * INTO s FROM public.message_settings ms WHERE ms.tenant_id = NEW.tenant_id AND ms.enabled;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' THEN
        IF NOT active THEN
            UPDATE public.messages m SET state = 'skipped', reason = 'booking ' || NEW.status, claim = NULL, lease_until = NULL,
                   updated_at = now()
             WHERE m.tenant_id = NEW.tenant_id AND m.booking_id = NEW.id AND m.state = 'planned' AND m.kind <> 'cancelled'
               AND NOT (m.kind = 'thanks' AND NEW.status = 'completed');
            IF was_active AND NEW.status = 'cancelled' AND s.changes AND NEW.starts_at > now()
               AND salondesk_declared_source() <> 'online'
               AND EXISTS (SELECT 1 FROM public.messages m WHERE m.tenant_id = NEW.tenant_id AND m.booking_id = NEW.id
                             AND m.state = 'sent' AND m.kind IN ('confirmation', 'reminder', 'changed')) THEN
                SELECT x.time_zone INTO tz FROM public.tenants x WHERE x.id = NEW.tenant_id;
                PERFORM messages_put(NEW.tenant_id, NEW.id, 'cancelled', 0, NULL, NEW.starts_at,
                                     messages_notice_time(NEW.starts_at, tz, s.quiet_from, s.quiet_to));
            END IF;
            -- the visit is over: "thank you, book again", some time after, never in the quiet hours
            IF NEW.status = 'completed' AND OLD.status <> 'completed' AND s.thanks
               AND slot_end(NEW.starts_at, NEW.duration_min) > now() - interval '1 day' THEN
                SELECT x.time_zone INTO tz FROM public.tenants x WHERE x.id = NEW.tenant_id;
                t := now() + make_interval(mins => s.thanks_after_min);
                SELECT * INTO q FROM messages_quiet_period(t, tz, s.quiet_from, s.quiet_to);
                IF q.quiet_end IS NOT NULL THEN
                    t := q.quiet_end;
                END IF;
                PERFORM messages_put(NEW.tenant_id, NEW.id, 'thanks', 0, NULL, NEW.starts_at, t);
            END IF;
            RETURN NULL;
        END IF;
        IF was_active AND OLD.starts_at = NEW.starts_at THEN
            RETURN NULL;   -- pending -> confirmed and the like: nothing about the time changed
        END IF;
        -- moved, or revived: what was planned about another start is not sent
        UPDATE public.messages m SET state = 'skipped', reason = 'booking moved', claim = NULL, lease_until = NULL, updated_at = now()
         WHERE m.tenant_id = NEW.tenant_id AND m.booking_id = NEW.id AND m.state = 'planned'
           AND (m.about_start <> NEW.starts_at OR m.kind IN ('cancelled', 'thanks'));
    END IF;
    IF NOT active OR NEW.starts_at <= now() THEN
        RETURN NULL;
    END IF;
    SELECT x.time_zone INTO tz FROM public.tenants x WHERE x.id = NEW.tenant_id;
    told := TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM public.messages m WHERE m.tenant_id = NEW.tenant_id AND m.booking_id = NEW.id
                                          AND m.state IN ('sent', 'sending') AND m.kind NOT IN ('cancelled', 'thanks'));
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

-- ---- the senders' two calls (migration 30's): Viber, the thank-you, the salon's page ------------------------------
DROP FUNCTION salondesk_messages_claim(integer, integer);
CREATE FUNCTION salondesk_messages_claim(batch integer, lease_seconds integer)
RETURNS TABLE (tenant_id bigint, message_id bigint, claim uuid, message_key uuid, kind text, lead_min integer, attempts integer,
               channel text, fallback text, recipient text, language text, client_name text, salon_name text, salon_address text,
               salon_phone text, time_zone text, service_name text, master_name text, starts_at timestamptz, duration_min integer,
               booking_status text, subject_template text, body_template text, link_token text, link_expires timestamptz,
               smtp_host text, smtp_port integer, smtp_starttls boolean, smtp_from text, sms_gateway text, sms_sender text,
               online_slug text)
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
    wanted text;
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
        ELSIF m.kind = 'thanks' THEN
            -- the visit: still completed, and not thanked days later (a sender that was away)
            IF b.status <> 'completed' THEN
                why := 'booking ' || b.status;
            ELSIF m.planned_at < now() - interval '2 days' THEN
                why := 'too late';
            END IF;
        ELSIF m.kind = 'cancelled' AND b.status <> 'cancelled' THEN
            why := 'booking ' || b.status;
        ELSIF m.kind <> 'cancelled' AND b.status NOT IN ('pending', 'confirmed') THEN
            why := 'booking ' || b.status;
        ELSIF b.starts_at <> m.about_start THEN
            why := 'booking moved';
        ELSIF b.starts_at <= now() THEN
            why := 'too late';
        END IF;
        IF why IS NULL AND NOT c.message_consent THEN
            why := 'no consent';
        END IF;
        IF why IS NULL THEN
            -- the channels that can reach the client, in the client's order, those tried left out
            SELECT coalesce(array_agg(ch ORDER BY n), '{}') INTO usable
              FROM unnest(c.channels) WITH ORDINALITY AS u(ch, n)
             WHERE NOT ch = ANY (m.tried)
               AND (ch = 'email' AND c.email <> '' OR ch IN ('sms', 'viber') AND c.phone IS NOT NULL);
            -- a reminder planned by phone goes by the client's first phone channel: Viber (with SMS in the same call) or SMS
            wanted := CASE WHEN m.channel = 'sms' THEN (SELECT u FROM unnest(usable) WITH ORDINALITY AS z(u, n)
                                                         WHERE u IN ('sms', 'viber') ORDER BY n LIMIT 1)
                           ELSE m.channel END;
            IF m.channel IS NOT NULL AND cardinality(m.tried) = 0 AND wanted IS NULL THEN
                why := 'client has no ' || m.channel;
            ELSIF m.channel IS NOT NULL AND cardinality(m.tried) = 0 AND NOT wanted = ANY (usable) THEN
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
        channel := CASE WHEN m.channel IS NOT NULL AND cardinality(m.tried) = 0 THEN wanted ELSE usable[1] END;
        -- the next channel if this one fails for good; a phone channel after a phone channel is the same phone
        fallback := (SELECT u FROM unnest(usable) u
                      WHERE u <> channel AND NOT (u IN ('sms', 'viber') AND channel IN ('sms', 'viber')) LIMIT 1);
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
        online_slug := (SELECT o.slug FROM public.online_settings o WHERE o.tenant_id = m.tenant_id AND o.enabled);
        IF m.kind = 'thanks' THEN
            -- the booking is over: the salon's page, not a private link to it
            link_token := NULL;
            link_expires := NULL;
        ELSE
            secret := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
            link_token := m.tenant_id || '.' || secret;
            link_expires := slot_end(b.starts_at, b.duration_min);
            INSERT INTO public.message_tokens (tenant_id, token_hash, booking_id, message_id, expires_at)
            VALUES (m.tenant_id, pg_catalog.sha256(pg_catalog.convert_to(secret, 'UTF8')), b.id, m.id, link_expires);
        END IF;
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

CREATE OR REPLACE FUNCTION salondesk_messages_record(tenant bigint, message bigint, my_claim uuid, outcome text, used_channel text,
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
    IF outcome NOT IN ('sent', 'retry', 'fallback', 'failed') OR used_channel NOT IN ('email', 'sms', 'viber')
       OR char_length(coalesce(why, '')) > 500 OR (outcome = 'retry' AND (retry_ms IS NULL OR retry_ms NOT BETWEEN 1 AND 86400000)) THEN
        RAISE EXCEPTION 'an outcome is sent, retry, fallback or failed, on email, sms or viber' USING ERRCODE = '22023';
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
