-- SalonDesk schema, part 15: a client's data on request (issue 15, ADR 15) — everything stored
-- about one client in one answer, and "forget this client": their personal data replaced by an
-- anonymous marker while their bookings' times, masters, services and statuses stay for the
-- salon's statistics, the history scrubbed, and the forgetting itself recorded.
--
-- Who may: the salon's admins (and the owner, who runs the embedded desk), enforced here — both
-- functions are SECURITY DEFINER, revoked from PUBLIC, granted to salondesk_admin only, and check
-- the caller with session_user against the salon asked for (salondesk_require_admin, migration 8).
--
-- Where a client's personal data lives (every text and jsonb column of the schema was looked at;
-- the test ClientForgettingTest scans them all after a forgetting):
--   clients.name, clients.phone, clients.notes           -- the card
--   bookings.note                                        -- what the desk wrote on a booking
--   booking_history.changes/old_row/new_row ->> 'note'   -- the same notes, as they were (V3/V7)
--   waitlist_entries.note                                -- V14
--   online_bookings.email                                -- V13 (the page's contact field)
--   online_tokens                                        -- private links that show the booking
-- Bookings and history carry the client by id only: no name or phone is copied into them.
--
-- The protections the forgetting passes through, and how (nothing else can pass them):
--   * history rows are written only by bookings_audit (V7), and no staff login may update or
--     delete them; the forgetting runs as the owner, which may;
--   * clearing a booking's note would make bookings_audit write the old note into a new history
--     row, and clearing a closed waitlist entry's note is refused by waitlist_entries_guard (V14).
--     Both now let one change through: the clearing of the note, for a client whose forgetting
--     row (forgotten_clients) was written by THIS transaction (its txid). Only this migration's
--     definer function writes that table — no login has any right on it — so nobody can make a
--     transaction look like a forgetting.
--
-- Every function has SET search_path = public, pg_temp; definer functions check session_user and
-- are revoked from PUBLIC (DESIGN.md, "Rules for every migration").

-- ---- the record that a client was forgotten, by whom, when ------------------------------------------
CREATE TABLE forgotten_clients (
    tenant_id     bigint      NOT NULL,
    client_id     bigint      NOT NULL,
    forgotten_at  timestamptz NOT NULL DEFAULT now(),
    forgotten_by  text        NOT NULL DEFAULT session_user,
    -- how many bookings were kept (anonymous) for the statistics
    bookings_kept integer     NOT NULL DEFAULT 0,
    -- the transaction that forgot: the proof the triggers below accept, for that transaction only
    txid          bigint      NOT NULL DEFAULT pg_catalog.txid_current(),
    PRIMARY KEY (tenant_id, client_id),
    -- the demo salon's removal takes its clients, and their record, along
    FOREIGN KEY (tenant_id, client_id) REFERENCES clients (tenant_id, id) ON DELETE CASCADE
);
ALTER TABLE forgotten_clients ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON forgotten_clients FOR SELECT USING (tenant_id = salondesk_current_tenant());
-- staff see that a client was forgotten (the card says so); nobody but the function writes
GRANT SELECT ON forgotten_clients TO salondesk_receptionist, salondesk_admin, salondesk_manager;

-- Whether this transaction is the forgetting of that client.
CREATE FUNCTION salondesk_forgetting(tenant bigint, client bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT EXISTS (SELECT 1 FROM public.forgotten_clients f
                    WHERE f.tenant_id = tenant AND f.client_id = client AND f.txid = pg_catalog.txid_current())
$$;
REVOKE ALL ON FUNCTION salondesk_forgetting(bigint, bigint) FROM PUBLIC;

-- ---- the history knows a forgetting ---------------------------------------------------------------
DO $$
DECLARE
    c text;
BEGIN
    -- V3's inline CHECK on booking_history.operation, whatever PostgreSQL named it
    FOR c IN SELECT conname FROM pg_catalog.pg_constraint
              WHERE conrelid = 'public.booking_history'::regclass AND contype = 'c'
                AND pg_catalog.pg_get_constraintdef(oid) LIKE '%operation%' LOOP
        EXECUTE format('ALTER TABLE booking_history DROP CONSTRAINT %I', c);
    END LOOP;
END $$;
ALTER TABLE booking_history ADD CONSTRAINT booking_history_known_operation
    CHECK (operation IN ('INSERT', 'UPDATE', 'DELETE', 'FORGET')) NOT VALID;
ALTER TABLE booking_history VALIDATE CONSTRAINT booking_history_known_operation;

-- V7's audit, unchanged but for one case: the forgetting's own clearing of a note is not written
-- as an UPDATE (that row would carry the old note); the forgetting writes its FORGET row instead.
CREATE OR REPLACE FUNCTION bookings_audit() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    old_j   jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
    new_j   jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
    diff    jsonb;
    src     text  := CASE WHEN TG_OP = 'INSERT' THEN NEW.source ELSE salondesk_declared_source() END;
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.note = '' AND OLD.note <> ''
       AND (old_j - ARRAY['note', 'version', 'updated_at', 'updated_by']) = (new_j - ARRAY['note', 'version', 'updated_at', 'updated_by'])
       AND salondesk_forgetting(NEW.tenant_id, NEW.client_id) THEN
        RETURN NULL;
    END IF;
    SELECT coalesce(jsonb_object_agg(k, jsonb_build_array(old_j -> k, new_j -> k)), '{}'::jsonb)
      INTO diff
      FROM (SELECT jsonb_object_keys(coalesce(new_j, old_j)) AS k) keys
     WHERE k NOT IN ('updated_at', 'updated_by')
       AND (old_j -> k) IS DISTINCT FROM (new_j -> k);
    IF TG_OP = 'UPDATE' AND diff = '{}'::jsonb THEN
        RETURN NULL;   -- nothing really changed
    END IF;
    INSERT INTO public.booking_history (tenant_id, booking_id, operation, changed_at, changed_by, source, changes, old_row, new_row)
    VALUES (coalesce(NEW.tenant_id, OLD.tenant_id), coalesce(NEW.id, OLD.id), TG_OP, now(), session_user, src, diff, old_j, new_j);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION bookings_audit() FROM PUBLIC;

-- V14's guard, unchanged but for one case: during the forgetting of its client, an entry's note
-- may be cleared whatever its state (a closed entry otherwise stays as it was).
CREATE OR REPLACE FUNCTION waitlist_entries_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    r record;
    tz text;
    declared text := salondesk_declared_source();
BEGIN
    SELECT t.time_zone INTO tz FROM public.tenants t WHERE t.id = NEW.tenant_id;
    IF TG_OP = 'INSERT' THEN
        SELECT * INTO r FROM waitlist_rules(NEW.tenant_id);
        IF NOT r.enabled THEN
            RAISE EXCEPTION 'the waitlist of salon % is switched off', NEW.tenant_id USING ERRCODE = '55000';
        END IF;
        IF NEW.date_to < CAST(now() AT TIME ZONE tz AS date) THEN
            RAISE EXCEPTION 'the days of this waitlist entry are over' USING ERRCODE = '22023';
        END IF;
        NEW.state := 'waiting';
        NEW.booking_id := NULL;
        NEW.offered_master_id := NULL;
        NEW.offered_start := NULL;
        NEW.request_id := gen_random_uuid();
        NEW.source := CASE declared WHEN 'online' THEN 'online' WHEN 'cli' THEN 'cli' ELSE 'desk' END;
        NEW.created_at := now();
        NEW.created_by := session_user;
        NEW.updated_at := NEW.created_at;
        NEW.updated_by := NEW.created_by;
        NEW.expires_at := now() + make_interval(days => r.lifetime_days);
        -- the cap, one client at a time (a lock keyed with the salon's secret: nobody else can hold it)
        PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(
            'waitlist-client:' || NEW.tenant_id || ':' || NEW.client_id || ':'
            || (SELECT k.lock_key FROM public.salon_keys k WHERE k.tenant_id = NEW.tenant_id), 0));
        IF (SELECT count(*) FROM public.waitlist_entries w
             WHERE w.tenant_id = NEW.tenant_id AND w.client_id = NEW.client_id AND w.state IN ('waiting', 'offered'))
           >= r.max_per_client THEN
            RAISE EXCEPTION 'client % has % waitlist entries already', NEW.client_id, r.max_per_client USING ERRCODE = '54000';
        END IF;
        RETURN NEW;
    END IF;
    -- the forgetting of the entry's client clears its note, and changes nothing else
    IF NEW.note = '' AND OLD.note <> '' AND salondesk_forgetting(OLD.tenant_id, OLD.client_id) THEN
        NEW := OLD;
        NEW.note := '';
        RETURN NEW;
    END IF;
    -- what was true at creation stays true
    NEW.tenant_id := OLD.tenant_id;
    NEW.id := OLD.id;
    NEW.client_id := OLD.client_id;
    NEW.request_id := OLD.request_id;
    NEW.source := OLD.source;
    NEW.created_at := OLD.created_at;
    NEW.created_by := OLD.created_by;
    NEW.expires_at := OLD.expires_at;
    NEW.updated_at := OLD.updated_at;
    NEW.updated_by := OLD.updated_by;
    IF NEW IS NOT DISTINCT FROM OLD THEN
        RETURN NEW;
    END IF;
    IF OLD.state IN ('fulfilled', 'removed', 'expired') THEN
        RAISE EXCEPTION 'waitlist entry % is % and stays so', OLD.id, OLD.state USING ERRCODE = '55000';
    END IF;
    IF NEW.state = 'fulfilled' THEN
        IF NOT EXISTS (SELECT 1 FROM public.bookings b
                        WHERE b.tenant_id = NEW.tenant_id AND b.id = NEW.booking_id
                          AND b.request_id = OLD.request_id AND b.client_id = OLD.client_id) THEN
            RAISE EXCEPTION 'booking % was not made for waitlist entry %', NEW.booking_id, OLD.id USING ERRCODE = '42501';
        END IF;
    ELSE
        NEW.booking_id := NULL;
    END IF;
    IF NEW.state <> 'offered' THEN
        NEW.offered_master_id := NULL;
        NEW.offered_start := NULL;
    END IF;
    NEW.updated_at := now();
    NEW.updated_by := session_user;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION waitlist_entries_guard() FROM PUBLIC;

-- ---- forgetting a client ------------------------------------------------------------------------------
-- Replaces the client's personal data with 'Forgotten client #<id>' (no phone, no notes), clears the
-- notes of their bookings and waitlist entries and the e-mail of their online bookings, ends their
-- private links, scrubs those notes from every history row of their bookings, and writes one FORGET
-- row per booking into the history (the caller's login, the server's clock). Bookings keep their
-- times, masters, services, lengths, prices and statuses. True when forgotten now, false when the
-- client had been forgotten before (nothing to do). Answers 42501 to anyone but an admin of the
-- salon (or the owner), and 22023 for a client the salon does not have.
CREATE FUNCTION salondesk_forget_client(target_tenant bigint, target_client bigint) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    kept integer;
    booking_ids bigint[];
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    -- one forgetting at a time per client; a desk saving the card meanwhile waits, then finds the marker
    PERFORM 1 FROM public.clients c WHERE c.tenant_id = target_tenant AND c.id = target_client FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'salon % has no client %', target_tenant, target_client USING ERRCODE = '22023';
    END IF;
    IF EXISTS (SELECT 1 FROM public.forgotten_clients f WHERE f.tenant_id = target_tenant AND f.client_id = target_client) THEN
        RETURN false;
    END IF;
    SELECT coalesce(array_agg(b.id ORDER BY b.id), '{}') INTO booking_ids
      FROM public.bookings b WHERE b.tenant_id = target_tenant AND b.client_id = target_client;
    kept := cardinality(booking_ids);
    INSERT INTO public.forgotten_clients (tenant_id, client_id, forgotten_at, forgotten_by, bookings_kept, txid)
    VALUES (target_tenant, target_client, now(), session_user, kept, pg_catalog.txid_current());

    UPDATE public.clients c SET name = 'Forgotten client #' || c.id, phone = NULL, notes = ''
     WHERE c.tenant_id = target_tenant AND c.id = target_client;
    -- the trigger keeps the note out of the history (see bookings_audit); the version moves on, so
    -- a desk holding the old booking reloads it
    UPDATE public.bookings b SET note = ''
     WHERE b.tenant_id = target_tenant AND b.client_id = target_client AND b.note <> '';
    UPDATE public.waitlist_entries w SET note = ''
     WHERE w.tenant_id = target_tenant AND w.client_id = target_client AND w.note <> '';
    UPDATE public.online_bookings o SET email = ''
     WHERE o.tenant_id = target_tenant AND o.booking_id = ANY (booking_ids) AND o.email <> '';
    DELETE FROM public.online_tokens t WHERE t.tenant_id = target_tenant AND t.booking_id = ANY (booking_ids);

    -- the notes as they were, in every earlier history row of these bookings
    UPDATE public.booking_history h
       SET changes = h.changes - 'note',
           old_row = CASE WHEN h.old_row ? 'note' THEN jsonb_set(h.old_row, '{note}', '""') ELSE h.old_row END,
           new_row = CASE WHEN h.new_row ? 'note' THEN jsonb_set(h.new_row, '{note}', '""') ELSE h.new_row END
     WHERE h.tenant_id = target_tenant AND h.booking_id = ANY (booking_ids)
       AND (h.changes ? 'note' OR h.old_row ->> 'note' <> '' OR h.new_row ->> 'note' <> '');

    INSERT INTO public.booking_history (tenant_id, booking_id, operation, changed_at, changed_by, source, changes)
    SELECT target_tenant, b, 'FORGET', now(), session_user, salondesk_declared_source(), '{}'::jsonb
      FROM unnest(booking_ids) AS b;
    RETURN true;
END $$;
REVOKE ALL ON FUNCTION salondesk_forget_client(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_forget_client(bigint, bigint) TO salondesk_admin;

-- ---- everything stored about one client, in one answer -----------------------------------------------
-- One consistent snapshot (one statement): the card, every booking (with its master, service, price,
-- note, online e-mail), every history row of those bookings, every waitlist entry, and whether and
-- when the client was forgotten. Written next to salondesk_forget_client on purpose: a new column
-- that holds a client's data belongs in both. Admins only, like the forgetting: receptionists and
-- managers read these rows one table at a time for their work, but handing out a client's whole
-- file is the salon's (the data controller's) act.
CREATE FUNCTION salondesk_client_data(target_tenant bigint, target_client bigint) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    answer jsonb;
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    SELECT jsonb_build_object(
               'client', jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'notes', c.notes,
                                            'created_at', c.created_at),
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
                    WHERE w.tenant_id = c.tenant_id AND w.client_id = c.id), '[]'::jsonb))
      INTO answer
      FROM public.clients c
     WHERE c.tenant_id = target_tenant AND c.id = target_client;
    IF answer IS NULL THEN
        RAISE EXCEPTION 'salon % has no client %', target_tenant, target_client USING ERRCODE = '22023';
    END IF;
    RETURN answer;
END $$;
REVOKE ALL ON FUNCTION salondesk_client_data(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_client_data(bigint, bigint) TO salondesk_admin;
