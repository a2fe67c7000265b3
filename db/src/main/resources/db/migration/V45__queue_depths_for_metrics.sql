-- Issue 37: serve's /metrics tells how deep the waitlist and the messages' queue are.
--
-- serve signs in as the online login, which may read neither waitlist_entries nor messages
-- (ADR 11, ADR 33); it gets two numbers for the whole server and nothing else: no salon, no
-- client, no row. A definer function, as the shared server's rules ask: its search_path set,
-- revoked from PUBLIC, granted to the roads that run serve (the online login; the owner owns it).
CREATE FUNCTION salondesk_queue_depths(OUT waitlist_waiting bigint, OUT messages_due bigint)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT (SELECT count(*) FROM public.waitlist_entries w WHERE w.state = 'waiting'),
           (SELECT count(*) FROM public.messages m
             WHERE m.state IN ('planned', 'sending') AND m.due_at <= pg_catalog.clock_timestamp())
$$;
REVOKE ALL ON FUNCTION salondesk_queue_depths() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION salondesk_queue_depths() TO salondesk_online;
