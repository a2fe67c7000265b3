-- SalonDesk schema, part 43 (issue 36, ADR 36): the client's record meets messages (issue 33, migrations
-- 30-32) and checkout (issue 34, migration 35), which were built beside migrations 40-42 and did not know
-- each other.
--
--   * salondesk_merge_clients also moves the duplicate's sales (sales.client_id) and counts her messages,
--     which are keyed by their booking (as are their private links, message_tokens) and so follow the
--     bookings the merge moves; both are in the merge's counts ("messages", "sales").
--   * A sale stays as it was written (migration 35's salondesk_money_rows_stay) but for exactly two
--     changes, each of one column, each only in the transaction that proves it (a row of a table no
--     login may write, with this transaction's id): a merge moving the sale from the duplicate to the
--     survivor (client_merges), and the forgetting of the sale's client clearing its free-text note
--     (forgotten_clients). Amounts, lines, payments, days and authors never change.
--   * Forgetting: messages were covered by migration 30 (no address, no reason, no links); a sale keeps
--     its client as an id only, and its note, the one free text typed about the sale, is cleared.
--   * The client's file (salondesk_client_data) holds her sales with their lines, payments, voids and
--     refunds (her messages are migration 30's), by wrapping migration 42's function as it wrapped 30's.
-- Every function has SET search_path = public, pg_temp; definer functions check session_user (the merge
-- and the file through salondesk_require_admin) and are revoked from PUBLIC.

-- ---- a sale stays, but for a merge's client and a forgetting's note ---------------------------------------
CREATE OR REPLACE FUNCTION salondesk_money_rows_stay() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        -- the demo salon's removal takes its sales along (the owner's, as the rest of it)
        IF salondesk_session_is_owner() AND EXISTS (SELECT 1 FROM public.tenants t WHERE t.id = OLD.tenant_id AND t.is_demo) THEN
            RETURN OLD;
        END IF;
        -- a void lets go of its sale's bookings, in the void's own transaction
        IF TG_TABLE_NAME = 'sale_bookings' THEN
            IF EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = OLD.tenant_id AND v.sale_id = OLD.sale_id
                                                           AND v.written_in = pg_catalog.txid_current()) THEN
                RETURN OLD;
            END IF;
        END IF;
    END IF;
    IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'sales' THEN
        -- a merge (migration 42) moves the duplicate's sale to the survivor: the client_id alone, from and to
        -- exactly the pair this transaction's merge names
        IF (to_jsonb(NEW) - 'client_id') = (to_jsonb(OLD) - 'client_id')
           AND EXISTS (SELECT 1 FROM public.client_merges m
                        WHERE m.txid = pg_catalog.txid_current() AND m.tenant_id = OLD.tenant_id
                          AND m.from_client = OLD.client_id AND m.into_client = NEW.client_id) THEN
            RETURN NEW;
        END IF;
        -- the forgetting of the sale's client (ADR 15) clears the note, and nothing else
        IF NEW.note = '' AND (to_jsonb(NEW) - 'note') = (to_jsonb(OLD) - 'note')
           AND OLD.client_id IS NOT NULL AND salondesk_forgetting(OLD.tenant_id, OLD.client_id) THEN
            RETURN NEW;
        END IF;
    END IF;
    RAISE EXCEPTION 'a row of % stays as it was written: a sale is corrected by a refund or a void of its own, '
                    'the till by a movement of its own', TG_TABLE_NAME
        USING ERRCODE = '55000', CONSTRAINT = 'money_rows_stay';
END $$;
REVOKE ALL ON FUNCTION salondesk_money_rows_stay() FROM PUBLIC;

-- ---- the merge: migration 42's, plus messages counted and sales moved ----------------------------------------
-- Answers what moved, {"bookings": n, "messages": n, "visits": n, …, "sales": n}. 42501 to anyone but an admin
-- of the salon (or the owner); 22023 for a client the salon does not have, the same client twice, a client
-- merged or forgotten.
CREATE OR REPLACE FUNCTION salondesk_merge_clients(target_tenant bigint, from_client bigint, into_client bigint) RETURNS jsonb
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
    -- messages (migrations 30-32) are keyed by their booking, and so are their private links: they follow
    -- the bookings below, counted here
    SELECT count(*) INTO n FROM public.messages m
     WHERE m.tenant_id = target_tenant
       AND m.booking_id IN (SELECT b.id FROM public.bookings b WHERE b.tenant_id = target_tenant AND b.client_id = from_client);
    counts := counts || jsonb_build_object('messages', n);
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
    -- sales (migration 35): the one change of a money row salondesk_money_rows_stay lets through
    UPDATE public.sales x SET client_id = into_client WHERE x.tenant_id = target_tenant AND x.client_id = from_client;
    GET DIAGNOSTICS n = ROW_COUNT;
    counts := counts || jsonb_build_object('sales', n);
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

-- ---- forgetting: a sale keeps its client as an id, not a word about her ------------------------------------
CREATE FUNCTION forgotten_clients_forget_sales() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    UPDATE public.sales s SET note = ''
     WHERE s.tenant_id = NEW.tenant_id AND s.client_id = NEW.client_id AND s.note <> '';
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION forgotten_clients_forget_sales() FROM PUBLIC;
CREATE TRIGGER forgotten_clients_forget_sales
    AFTER INSERT ON forgotten_clients
    FOR EACH ROW EXECUTE FUNCTION forgotten_clients_forget_sales();

-- ---- the client's file holds her sales ---------------------------------------------------------------------
ALTER FUNCTION salondesk_client_data(bigint, bigint) RENAME TO salondesk_client_data_before_sales;
REVOKE ALL ON FUNCTION salondesk_client_data_before_sales(bigint, bigint) FROM PUBLIC, salondesk_admin;

CREATE FUNCTION salondesk_client_data(target_tenant bigint, target_client bigint) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    whole jsonb;
    sold jsonb;
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    -- 22023 for a client the salon does not have
    whole := salondesk_client_data_before_sales(target_tenant, target_client);
    SELECT coalesce(jsonb_agg(jsonb_build_object(
               'id', s.id, 'sold_at', s.sold_at, 'business_day', s.business_day, 'currency', s.currency,
               'total_minor', s.total_minor, 'discount_minor', s.discount_minor, 'discount_reason', s.discount_reason,
               'note', s.note, 'source', s.source, 'created_by', s.created_by,
               'lines', coalesce((SELECT jsonb_agg(jsonb_build_object('line_no', l.line_no, 'kind', l.kind, 'booking_id', l.booking_id,
                                                                      'service_id', l.service_id, 'product_id', l.product_id,
                                                                      'master_id', l.master_id, 'description', l.description,
                                                                      'quantity', l.quantity, 'unit_price_minor', l.unit_price_minor,
                                                                      'discount_minor', l.discount_minor, 'amount_minor', l.amount_minor)
                                                   ORDER BY l.line_no)
                                    FROM public.sale_lines l WHERE l.tenant_id = s.tenant_id AND l.sale_id = s.id), '[]'::jsonb),
               'payments', coalesce((SELECT jsonb_agg(jsonb_build_object('payment_no', p.payment_no, 'method', p.method,
                                                                         'method_note', p.method_note, 'amount_minor', p.amount_minor)
                                                      ORDER BY p.payment_no)
                                       FROM public.sale_payments p WHERE p.tenant_id = s.tenant_id AND p.sale_id = s.id), '[]'::jsonb),
               'void', (SELECT jsonb_build_object('reason', v.reason, 'at', v.voided_at, 'by', v.voided_by)
                          FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id),
               'refunds', coalesce((SELECT jsonb_agg(jsonb_build_object('id', r.id, 'amount_minor', r.amount_minor, 'method', r.method,
                                                                        'reason', r.reason, 'at', r.refunded_at, 'by', r.refunded_by)
                                                     ORDER BY r.id)
                                      FROM public.sale_refunds r WHERE r.tenant_id = s.tenant_id AND r.sale_id = s.id), '[]'::jsonb))
           ORDER BY s.id), '[]'::jsonb)
      INTO sold
      FROM public.sales s
     WHERE s.tenant_id = target_tenant AND s.client_id = target_client;
    RETURN whole || jsonb_build_object('sales', sold);
END $$;
REVOKE ALL ON FUNCTION salondesk_client_data(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_client_data(bigint, bigint) TO salondesk_admin;
