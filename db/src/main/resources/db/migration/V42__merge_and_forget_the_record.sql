-- SalonDesk schema, part 42 (issue 36, ADR 36): one client never twice — merging a duplicate into the
-- client she is — and forgetting (ADR 15) and the client's file covering the record of migration 40.
--
--   * salondesk_merge_clients(salon, from, into): an admin's (or the owner's), in one transaction: both
--     rows locked, lower id first; the duplicate's bookings (their history follows their ids), visits,
--     waitlist entries, notes, formulas, patch tests, photos, signatures and history move to the survivor
--     (messages follow their bookings); the survivor keeps its card and takes what it lacks; the duplicate
--     stays as a row without personal data, merged_into the survivor; a MERGE row in both histories.
--   * A new booking follows merged_into under the client's FOR KEY SHARE lock: a booking that waited for
--     a merge lands on the survivor, one that came first is moved by it.
--   * visits' client follows a merge to their bookings (the foreign key cascades on update); a waitlist
--     entry's client, which migration 14's guard keeps, is moved by a trigger that runs after the guard,
--     in a merge's transaction only.
--   * Forgetting: a trigger on migration 15's marker deletes the record, clears the card fields and blanks
--     the history of the client and of those merged into her; salondesk_client_data gains the record.
-- Every function has SET search_path = public, pg_temp; definer functions check session_user and are
-- revoked from PUBLIC.

-- ---- visits follow their client ---------------------------------------------------------------------------
ALTER TABLE bookings DROP CONSTRAINT bookings_visit_of_the_client;
ALTER TABLE bookings ADD CONSTRAINT bookings_visit_of_the_client
    FOREIGN KEY (tenant_id, visit_id, client_id) REFERENCES visits (tenant_id, id, client_id) ON UPDATE CASCADE NOT VALID;
ALTER TABLE bookings VALIDATE CONSTRAINT bookings_visit_of_the_client;

-- ---- a new booking follows a merge ------------------------------------------------------------------------
-- Named to run before the other BEFORE triggers (bookings_hours…, bookings_patch_test, bookings_shape, …):
-- they see the client the booking is for.
CREATE FUNCTION bookings_client_follows_merge() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    next_one bigint;
BEGIN
    FOR i IN 1..10 LOOP
        -- waits for a merge holding the row (FOR UPDATE), then reads what it left
        SELECT c.merged_into INTO next_one FROM public.clients c
         WHERE c.tenant_id = NEW.tenant_id AND c.id = NEW.client_id FOR KEY SHARE;
        EXIT WHEN next_one IS NULL;
        NEW.client_id := next_one;
    END LOOP;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION bookings_client_follows_merge() FROM PUBLIC;
CREATE TRIGGER bookings_client_follows_merge BEFORE INSERT ON bookings
    FOR EACH ROW EXECUTE FUNCTION bookings_client_follows_merge();

-- ---- a waitlist entry follows a merge (after migration 14's guard, which keeps the client) -----------------
CREATE FUNCTION waitlist_entries_follow_merge() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    survivor bigint;
BEGIN
    SELECT m.into_client INTO survivor FROM public.client_merges m
     WHERE m.txid = pg_catalog.txid_current() AND m.tenant_id = OLD.tenant_id AND m.from_client = OLD.client_id;
    IF survivor IS NOT NULL THEN
        NEW.client_id := survivor;
    END IF;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION waitlist_entries_follow_merge() FROM PUBLIC;
-- "waitlist_entries_guard" < "waitlist_entries_guard_merge": BEFORE triggers run in name order
CREATE TRIGGER waitlist_entries_guard_merge BEFORE UPDATE OF client_id ON waitlist_entries
    FOR EACH ROW EXECUTE FUNCTION waitlist_entries_follow_merge();

-- ---- the merge ----------------------------------------------------------------------------------------------
-- Answers what moved, {"bookings": n, "visits": n, …}. 42501 to anyone but an admin of the salon (or the
-- owner); 22023 for a client the salon does not have, the same client twice, a client merged or forgotten.
CREATE FUNCTION salondesk_merge_clients(target_tenant bigint, from_client bigint, into_client bigint) RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    dup public.clients;
    keep public.clients;
    merge_id bigint;
    counts jsonb := '{}';
    n integer;
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    IF from_client IS NULL OR into_client IS NULL OR from_client = into_client THEN
        RAISE EXCEPTION 'a client is merged into another client' USING ERRCODE = '22023';
    END IF;
    -- both rows, lower id first: two merges of one pair, or of crossing pairs, wait for each other, never deadlock;
    -- a booking of either waits (its client's FOR KEY SHARE) and then follows merged_into
    PERFORM 1 FROM public.clients c
      WHERE c.tenant_id = target_tenant AND c.id IN (from_client, into_client) ORDER BY c.id FOR UPDATE;
    SELECT * INTO dup FROM public.clients c WHERE c.tenant_id = target_tenant AND c.id = from_client;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'salon % has no client %', target_tenant, from_client USING ERRCODE = '22023';
    END IF;
    SELECT * INTO keep FROM public.clients c WHERE c.tenant_id = target_tenant AND c.id = into_client;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'salon % has no client %', target_tenant, into_client USING ERRCODE = '22023';
    END IF;
    IF dup.merged_into IS NOT NULL OR keep.merged_into IS NOT NULL THEN
        RAISE EXCEPTION 'client % was merged into another client already', CASE WHEN dup.merged_into IS NOT NULL THEN from_client ELSE into_client END
            USING ERRCODE = '22023';
    END IF;
    IF EXISTS (SELECT 1 FROM public.forgotten_clients f WHERE f.tenant_id = target_tenant AND f.client_id IN (from_client, into_client)) THEN
        RAISE EXCEPTION 'a forgotten client is not merged' USING ERRCODE = '22023';
    END IF;
    -- the proof this transaction is the merge (the record's and the bookings' triggers ask it)
    INSERT INTO public.client_merges (tenant_id, from_client, into_client, merged_at, merged_by, txid)
    VALUES (target_tenant, from_client, into_client, now(), session_user, pg_catalog.txid_current())
    RETURNING id INTO merge_id;

    SELECT count(*) INTO n FROM public.bookings b WHERE b.tenant_id = target_tenant AND b.client_id = from_client;
    counts := counts || jsonb_build_object('bookings', n);
    -- visits first: their bookings follow them (ON UPDATE CASCADE); then the bookings of no visit.
    -- Each booking's history gets an UPDATE row (client_id), in the admin's name.
    UPDATE public.visits v SET client_id = into_client WHERE v.tenant_id = target_tenant AND v.client_id = from_client;
    GET DIAGNOSTICS n = ROW_COUNT;
    counts := counts || jsonb_build_object('visits', n);
    UPDATE public.bookings b SET client_id = into_client WHERE b.tenant_id = target_tenant AND b.client_id = from_client;
    UPDATE public.waitlist_entries w SET client_id = into_client WHERE w.tenant_id = target_tenant AND w.client_id = from_client;
    GET DIAGNOSTICS n = ROW_COUNT;
    counts := counts || jsonb_build_object('waitlist', n);
    UPDATE public.client_notes x SET client_id = into_client WHERE x.tenant_id = target_tenant AND x.client_id = from_client;
    GET DIAGNOSTICS n = ROW_COUNT;
    counts := counts || jsonb_build_object('notes', n);
    UPDATE public.client_formulas x SET client_id = into_client WHERE x.tenant_id = target_tenant AND x.client_id = from_client;
    GET DIAGNOSTICS n = ROW_COUNT;
    counts := counts || jsonb_build_object('formulas', n);
    UPDATE public.patch_tests x SET client_id = into_client WHERE x.tenant_id = target_tenant AND x.client_id = from_client;
    GET DIAGNOSTICS n = ROW_COUNT;
    counts := counts || jsonb_build_object('patch_tests', n);
    UPDATE public.client_photos x SET client_id = into_client WHERE x.tenant_id = target_tenant AND x.client_id = from_client;
    GET DIAGNOSTICS n = ROW_COUNT;
    counts := counts || jsonb_build_object('photos', n);
    UPDATE public.consent_signatures x SET client_id = into_client WHERE x.tenant_id = target_tenant AND x.client_id = from_client;
    GET DIAGNOSTICS n = ROW_COUNT;
    counts := counts || jsonb_build_object('consents', n);
    UPDATE public.client_history x SET client_id = into_client WHERE x.tenant_id = target_tenant AND x.client_id = from_client;
    GET DIAGNOSTICS n = ROW_COUNT;
    counts := counts || jsonb_build_object('history', n);

    -- the duplicate keeps no personal data (its phone must be free before the survivor may take it)
    PERFORM pg_catalog.set_config('salondesk.consent_how', 'merge', true);
    UPDATE public.clients c
       SET name = 'Merged client #' || c.id, phone = NULL, notes = '', email = '', channels = '{}', language = NULL,
           message_consent = false, birthday = NULL, tags = '{}', source = '', marketing_channels = '{}', merged_into = into_client
     WHERE c.tenant_id = target_tenant AND c.id = from_client;
    -- the survivor keeps what it has and takes what it lacks
    UPDATE public.clients c
       SET phone = coalesce(keep.phone, dup.phone),
           email = CASE WHEN keep.email = '' THEN dup.email ELSE keep.email END,
           channels = CASE WHEN cardinality(keep.channels) = 0 THEN dup.channels ELSE keep.channels END,
           language = coalesce(keep.language, dup.language),
           message_consent = keep.message_consent OR dup.message_consent,
           birthday = coalesce(keep.birthday, dup.birthday),
           source = CASE WHEN keep.source = '' THEN dup.source ELSE keep.source END,
           notes = left(concat_ws(E'\n', nullif(keep.notes, ''), nullif(dup.notes, '')), 4000),
           tags = (SELECT coalesce(array_agg(u.t ORDER BY u.o), '{}')
                     FROM (SELECT d.t, d.o FROM (SELECT DISTINCT ON (lower(x.t)) x.t, x.o
                                                   FROM unnest(keep.tags || dup.tags) WITH ORDINALITY AS x(t, o)
                                                  ORDER BY lower(x.t), x.o) d
                            ORDER BY d.o LIMIT 20) u),
           marketing_channels = (SELECT coalesce(array_agg(DISTINCT m.ch ORDER BY m.ch), '{}')
                                   FROM unnest(keep.marketing_channels || dup.marketing_channels) AS m(ch))
     WHERE c.tenant_id = target_tenant AND c.id = into_client;

    UPDATE public.client_merges m SET moved = counts WHERE m.tenant_id = target_tenant AND m.id = merge_id;
    -- both histories: the survivor's names who came in (her old name and phone), the duplicate's where she went
    INSERT INTO public.client_history (tenant_id, client_id, kind, operation, record_id, changed_at, changed_by, source, changes)
    VALUES (target_tenant, into_client, 'merge', 'MERGE', merge_id, now(), session_user, salondesk_declared_source(),
            jsonb_build_object('from', from_client, 'name', dup.name, 'phone', dup.phone, 'email', dup.email, 'moved', counts)),
           (target_tenant, from_client, 'merge', 'MERGE', merge_id, now(), session_user, salondesk_declared_source(),
            jsonb_build_object('into', into_client, 'moved', counts));
    RETURN counts;
END $$;
REVOKE ALL ON FUNCTION salondesk_merge_clients(bigint, bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_merge_clients(bigint, bigint, bigint) TO salondesk_admin;

-- ---- forgetting covers the record ---------------------------------------------------------------------------
-- On migration 15's marker (the record's own history triggers are silent meanwhile: salondesk_forgetting).
CREATE FUNCTION forgotten_clients_forget_record() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    everyone bigint[];
BEGIN
    -- the client, and every client merged into her: their history rows hold what she was
    WITH RECURSIVE m(id) AS (
        SELECT NEW.client_id
        UNION
        SELECT c.id FROM public.clients c JOIN m ON c.merged_into = m.id WHERE c.tenant_id = NEW.tenant_id
    )
    SELECT array_agg(m.id) INTO everyone FROM m;
    DELETE FROM public.client_notes x WHERE x.tenant_id = NEW.tenant_id AND x.client_id = NEW.client_id;
    DELETE FROM public.client_formulas x WHERE x.tenant_id = NEW.tenant_id AND x.client_id = NEW.client_id;
    DELETE FROM public.patch_tests x WHERE x.tenant_id = NEW.tenant_id AND x.client_id = NEW.client_id;
    DELETE FROM public.client_photos x WHERE x.tenant_id = NEW.tenant_id AND x.client_id = NEW.client_id;
    DELETE FROM public.consent_signatures x WHERE x.tenant_id = NEW.tenant_id AND x.client_id = NEW.client_id;
    UPDATE public.clients c SET birthday = NULL, tags = '{}', source = '', marketing_channels = '{}'
     WHERE c.tenant_id = NEW.tenant_id AND c.id = NEW.client_id;
    UPDATE public.client_history h SET changes = '{}'
     WHERE h.tenant_id = NEW.tenant_id AND h.client_id = ANY (everyone) AND h.changes <> '{}'::jsonb;
    INSERT INTO public.client_history (tenant_id, client_id, kind, operation, changed_at, changed_by, source, changes)
    VALUES (NEW.tenant_id, NEW.client_id, 'forget', 'FORGET', now(), session_user, salondesk_declared_source(), '{}');
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION forgotten_clients_forget_record() FROM PUBLIC;
CREATE TRIGGER forgotten_clients_forget_record
    AFTER INSERT ON forgotten_clients
    FOR EACH ROW EXECUTE FUNCTION forgotten_clients_forget_record();

-- ---- the client's file holds the record ---------------------------------------------------------------------
-- Migration 30's file, wrapped rather than copied (a later migration that redefines the file under its old
-- name keeps this part): its answer plus "record".
ALTER FUNCTION salondesk_client_data(bigint, bigint) RENAME TO salondesk_client_data_before_record;
REVOKE ALL ON FUNCTION salondesk_client_data_before_record(bigint, bigint) FROM PUBLIC, salondesk_admin;

CREATE FUNCTION salondesk_client_data(target_tenant bigint, target_client bigint) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    whole jsonb;
    record jsonb;
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    -- 22023 for a client the salon does not have
    whole := salondesk_client_data_before_record(target_tenant, target_client);
    SELECT jsonb_build_object(
               'birthday', c.birthday, 'tags', to_jsonb(c.tags), 'source', c.source,
               'marketing_channels', to_jsonb(c.marketing_channels), 'marketing_at', c.marketing_at,
               'marketing_by', c.marketing_by, 'marketing_how', c.marketing_how,
               'merged_from', coalesce((SELECT jsonb_agg(jsonb_build_object('client', m.from_client, 'at', m.merged_at, 'by', m.merged_by)
                                                         ORDER BY m.id)
                                          FROM public.client_merges m WHERE m.tenant_id = c.tenant_id AND m.into_client = c.id), '[]'::jsonb),
               'notes', coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'booking_id', x.booking_id, 'body', x.body,
                                                                      'alert', x.alert, 'created_at', x.created_at, 'created_by', x.created_by,
                                                                      'updated_at', x.updated_at, 'updated_by', x.updated_by) ORDER BY x.id)
                                    FROM public.client_notes x WHERE x.tenant_id = c.tenant_id AND x.client_id = c.id), '[]'::jsonb),
               'formulas', coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'booking_id', x.booking_id, 'product', x.product,
                                                                         'shade', x.shade, 'developer', x.developer, 'ratio', x.ratio,
                                                                         'minutes', x.minutes, 'zone', x.zone, 'note', x.note,
                                                                         'created_at', x.created_at, 'created_by', x.created_by) ORDER BY x.id)
                                       FROM public.client_formulas x WHERE x.tenant_id = c.tenant_id AND x.client_id = c.id), '[]'::jsonb),
               'patch_tests', coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'tested_on', x.tested_on, 'result', x.result,
                                                                            'products', x.products, 'note', x.note,
                                                                            'created_at', x.created_at, 'created_by', x.created_by) ORDER BY x.id)
                                          FROM public.patch_tests x WHERE x.tenant_id = c.tenant_id AND x.client_id = c.id), '[]'::jsonb),
               'photos', coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'booking_id', x.booking_id, 'kind', x.kind,
                                                                       'caption', x.caption, 'width', x.width, 'height', x.height,
                                                                       'jpeg_base64', pg_catalog.encode(x.image, 'base64'),
                                                                       'created_at', x.created_at, 'created_by', x.created_by) ORDER BY x.id)
                                     FROM public.client_photos x WHERE x.tenant_id = c.tenant_id AND x.client_id = c.id), '[]'::jsonb),
               'consents', coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'template_id', x.template_id, 'booking_id', x.booking_id,
                                                                         'language', x.language, 'title', x.title, 'signed_text', x.signed_text,
                                                                         'typed_name', x.typed_name, 'agreed', x.agreed,
                                                                         'signed_at', x.created_at, 'recorded_by', x.created_by,
                                                                         'source', x.source) ORDER BY x.id)
                                       FROM public.consent_signatures x WHERE x.tenant_id = c.tenant_id AND x.client_id = c.id), '[]'::jsonb),
               'history', coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'kind', x.kind, 'operation', x.operation,
                                                                        'record_id', x.record_id, 'changed_at', x.changed_at,
                                                                        'changed_by', x.changed_by, 'source', x.source,
                                                                        'changes', x.changes) ORDER BY x.id)
                                      FROM public.client_history x WHERE x.tenant_id = c.tenant_id AND x.client_id = c.id), '[]'::jsonb))
      INTO record
      FROM public.clients c
     WHERE c.tenant_id = target_tenant AND c.id = target_client;
    RETURN whole || jsonb_build_object('record', record);
END $$;
REVOKE ALL ON FUNCTION salondesk_client_data(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_client_data(bigint, bigint) TO salondesk_admin;
