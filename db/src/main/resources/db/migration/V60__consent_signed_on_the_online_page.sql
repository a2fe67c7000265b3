-- SalonDesk schema, part 60: a consent form signed on the online page before a service that has one is
-- booked (issue 36, item 5; ADR 36).
--
-- The online login (salondesk_online) may now:
--   * read the active consent forms of a service it sells, in the languages they are written in, with a
--     digest of each language's title and text (salondesk_online_consent_forms) — nothing else of
--     consent_templates, and nothing of consent_signatures;
--   * sign a form for the booking its own transaction has just made, for that booking's client and
--     service, in its own salon (salondesk_online_sign_consent): the booking is named by the road's
--     request id and the client's phone (as salondesk_online_request does), and a new signature needs
--     the proof that this transaction inserted that booking — a value made by a trigger on bookings
--     from the salon's secret key and the transaction's id, which no login can forge or carry into
--     another transaction (migration 13's client proof, for a booking). A signature already made for
--     that booking and form (a repeated request) is answered, never made twice.
-- The text signed is the one shown: the page sends the digest of what it showed, and the function
-- refuses a form whose text has changed since (the row is locked while it is compared and signed;
-- consent_signatures_sign copies the same text into the signature).
-- No online booking of a service with an active form is left without its signatures: a deferred
-- constraint trigger checks it at commit, whoever wrote the booking with source 'online'.

-- What the page showed: title and text of one language, as one digest (hex SHA-256).
CREATE FUNCTION salondesk_consent_digest(title text, body text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT
SET search_path = public, pg_temp
AS $$
    SELECT pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(title || E'\n' || body, 'UTF8')), 'hex')
$$;
REVOKE ALL ON FUNCTION salondesk_consent_digest(text, text) FROM PUBLIC;

-- ---- the proof that this transaction made the booking --------------------------------------------------
CREATE FUNCTION salondesk_online_booking_proof(tenant bigint, booking bigint) RETURNS text
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT tenant || ':' || booking || ':'
           || pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
                  'online-booking:' || k.lock_key || ':' || tenant || ':' || booking || ':' || pg_catalog.txid_current(), 'UTF8')), 'hex')
      FROM public.salon_keys k WHERE k.tenant_id = tenant
$$;
REVOKE ALL ON FUNCTION salondesk_online_booking_proof(bigint, bigint) FROM PUBLIC;

-- Set when the online road inserts a booking; a savepoint rolled back takes the setting with it.
CREATE FUNCTION bookings_online_made() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM pg_catalog.set_config('salondesk.online_booking', salondesk_online_booking_proof(NEW.tenant_id, NEW.id), true);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION bookings_online_made() FROM PUBLIC;
CREATE TRIGGER bookings_online_made AFTER INSERT ON bookings
    FOR EACH ROW WHEN (NEW.source = 'online') EXECUTE FUNCTION bookings_online_made();

-- ---- what the page shows -------------------------------------------------------------------------------
-- The active forms of a service the salon sells online: one row per form and language written whole.
CREATE FUNCTION salondesk_online_consent_forms(tenant bigint, service bigint)
RETURNS TABLE (id bigint, language text, title text, body text, digest text)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_online();
    IF NOT salondesk_online_service(tenant, service) THEN
        RETURN;
    END IF;
    RETURN QUERY
    SELECT t.id, l.language, l.title, l.body, salondesk_consent_digest(l.title, l.body)
      FROM public.consent_templates t
     CROSS JOIN LATERAL (VALUES (1, 'uk', t.title_uk, t.body_uk), (2, 'ru', t.title_ru, t.body_ru), (3, 'en', t.title_en, t.body_en))
           AS l (n, language, title, body)
     WHERE t.tenant_id = tenant AND t.service_id = service AND t.active
       AND btrim(l.title) <> '' AND btrim(l.body) <> ''
     ORDER BY t.id, l.n;
END $$;
REVOKE ALL ON FUNCTION salondesk_online_consent_forms(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_consent_forms(bigint, bigint) TO salondesk_online;

-- ---- signing ---------------------------------------------------------------------------------------------
-- The signature of form `template` in `lang` for the online booking that `request` made for the client
-- with `client_phone`, typed `typed` after reading the text whose digest is `shown`. Returns its id.
CREATE FUNCTION salondesk_online_sign_consent(tenant bigint, request uuid, client_phone text, template bigint, lang text,
                                              typed text, shown text)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    b record;
    t public.consent_templates;
    done bigint;
    signed bigint;
BEGIN
    PERFORM salondesk_require_online();
    SELECT x.id, x.client_id, x.service_id INTO b
      FROM public.bookings x JOIN public.clients c ON c.tenant_id = x.tenant_id AND c.id = x.client_id
     WHERE x.tenant_id = tenant AND x.request_id = request AND x.source = 'online' AND c.phone = client_phone;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no online booking of this request for this phone' USING ERRCODE = '42501';
    END IF;
    SELECT s.id INTO done FROM public.consent_signatures s
     WHERE s.tenant_id = tenant AND s.booking_id = b.id AND s.template_id = template;
    IF FOUND THEN
        RETURN done;     -- the same request again: signed in the transaction that made the booking
    END IF;
    IF pg_catalog.current_setting('salondesk.online_booking', true) IS DISTINCT FROM salondesk_online_booking_proof(tenant, b.id) THEN
        RAISE EXCEPTION 'the online road signs only for the booking its own transaction made' USING ERRCODE = '42501';
    END IF;
    IF lang IS NULL OR lang NOT IN ('uk', 'ru', 'en') THEN
        RAISE EXCEPTION 'a consent is signed in uk, ru or en' USING ERRCODE = '22023';
    END IF;
    -- locked while compared and signed: an admin's rewrite waits, so what is copied is what was compared
    SELECT * INTO t FROM public.consent_templates x
     WHERE x.tenant_id = tenant AND x.id = template AND x.active AND x.service_id = b.service_id FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'consent form % is not offered for this booking''s service', template USING ERRCODE = '22023';
    END IF;
    IF salondesk_consent_digest(CASE lang WHEN 'uk' THEN t.title_uk WHEN 'ru' THEN t.title_ru ELSE t.title_en END,
                                CASE lang WHEN 'uk' THEN t.body_uk WHEN 'ru' THEN t.body_ru ELSE t.body_en END)
       IS DISTINCT FROM shown THEN
        RAISE EXCEPTION 'consent form % has changed since it was shown', template USING ERRCODE = '22023';
    END IF;
    INSERT INTO public.consent_signatures (tenant_id, client_id, template_id, booking_id, language, typed_name, agreed)
    VALUES (tenant, b.client_id, template, b.id, lang, typed, true)
    RETURNING id INTO signed;
    RETURN signed;
END $$;
REVOKE ALL ON FUNCTION salondesk_online_sign_consent(bigint, uuid, text, bigint, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_online_sign_consent(bigint, uuid, text, bigint, text, text, text) TO salondesk_online;

-- ---- no online booking without its signatures ------------------------------------------------------------
CREATE FUNCTION bookings_online_consent_signed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    missing bigint;
BEGIN
    IF NEW.service_id IS NULL OR NOT EXISTS (SELECT 1 FROM public.bookings x WHERE x.tenant_id = NEW.tenant_id AND x.id = NEW.id) THEN
        RETURN NULL;
    END IF;
    SELECT t.id INTO missing FROM public.consent_templates t
     WHERE t.tenant_id = NEW.tenant_id AND t.service_id = NEW.service_id AND t.active
       AND NOT EXISTS (SELECT 1 FROM public.consent_signatures s
                        WHERE s.tenant_id = NEW.tenant_id AND s.booking_id = NEW.id AND s.template_id = t.id)
     LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'online booking % needs consent form % signed', NEW.id, missing
            USING ERRCODE = '23514', CONSTRAINT = 'bookings_online_consent_unsigned';
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION bookings_online_consent_signed() FROM PUBLIC;
CREATE CONSTRAINT TRIGGER bookings_online_consent_signed AFTER INSERT ON bookings
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (NEW.source = 'online') EXECUTE FUNCTION bookings_online_consent_signed();
