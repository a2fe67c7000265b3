-- SalonDesk schema, part 33 (issue 33, ADR 33): a sender records the outcomes of the messages its
-- conversations finished at the same moment in one call and one commit, instead of a call and a
-- commit each (issue 33's benchmark: 10 000 outcomes were 10 000 commits on the senders' path).
--
--   * salondesk_messages_record_many: the same as salondesk_messages_record (V30, V32), for several
--     messages: arrays of the same length (1 to 500), one element per message, answered in that
--     order — each whether it was written (false: the lease ran out and another sender holds it now).
--     Each message is recorded by salondesk_messages_record itself, so the rules stay in one place:
--     the sender check, the arguments' check, the claim that must still be the caller's, the tenant
--     the message must belong to. The messages are locked in the order of (tenant, id), so two
--     senders recording at once never wait on each other in a circle.
--
-- The sender's role gets EXECUTE on this function and nothing else; no grant on any table changes.
-- Every function has SET search_path = public, pg_temp; definer functions check the session's login
-- and are revoked from PUBLIC (DESIGN.md, "Rules for every migration").

CREATE FUNCTION salondesk_messages_record_many(tenants bigint[], messages bigint[], my_claims uuid[], outcomes text[],
                                               used_channels text[], whys text[], retry_ms integer[])
RETURNS boolean[]
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    n integer := cardinality(messages);
    done boolean[];
    r record;
BEGIN
    IF NOT salondesk_session_is_sender() THEN
        RAISE EXCEPTION 'only a message sender may record messages' USING ERRCODE = '42501';
    END IF;
    IF n IS NULL OR n < 1 OR n > 500 OR cardinality(tenants) IS DISTINCT FROM n OR cardinality(my_claims) IS DISTINCT FROM n
       OR cardinality(outcomes) IS DISTINCT FROM n OR cardinality(used_channels) IS DISTINCT FROM n
       OR cardinality(whys) IS DISTINCT FROM n OR cardinality(retry_ms) IS DISTINCT FROM n
       OR array_ndims(messages) <> 1 OR array_ndims(tenants) <> 1 OR array_ndims(my_claims) <> 1 OR array_ndims(outcomes) <> 1
       OR array_ndims(used_channels) <> 1 OR array_ndims(whys) <> 1 OR array_ndims(retry_ms) <> 1 THEN
        RAISE EXCEPTION 'one to 500 messages, every array as long as the others' USING ERRCODE = '22023';
    END IF;
    done := array_fill(false, ARRAY[n]);
    FOR r IN
        SELECT u.t, u.m, u.c, u.o, u.ch, u.w, u.ms, u.i
          FROM unnest(tenants, messages, my_claims, outcomes, used_channels, whys, retry_ms) WITH ORDINALITY AS u(t, m, c, o, ch, w, ms, i)
         ORDER BY u.t, u.m, u.i
    LOOP
        done[r.i] := salondesk_messages_record(r.t, r.m, r.c, r.o, r.ch, r.w, r.ms);
    END LOOP;
    RETURN done;
END $$;
REVOKE ALL ON FUNCTION salondesk_messages_record_many(bigint[], bigint[], uuid[], text[], text[], text[], integer[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_messages_record_many(bigint[], bigint[], uuid[], text[], text[], text[], integer[]) TO salondesk_sender;
