-- SalonDesk schema, part 29 (issue 30): the rule book asked about many candidates at once, so that
-- the desk's previews and its first free time ask the one definition of the rules (ADR 10) instead
-- of copies of them in Java: a drag's drop targets, Ctrl+N's first free start.
--
--   * booking_problems: booking_problem for many (master, start) pairs in one call, the i-th master
--     with the i-th start; the other arguments as booking_problem's, minutes NULL meaning the
--     service's length with that master (as the engine asks). It only calls booking_problem: no
--     rule is written here again.
--   * first_free_start: the first start of a salon day, among the given masters (earliest first,
--     then in the order given), that booking_problem accepts for a new booking of the service (or of
--     `minutes` without one) — so other bookings' processing and cleanup, the service's own shape,
--     cleanup and rooms, who does the service, hours, dated weeks, single days, time off and the
--     past count as they do when the booking is saved. The grid walks `step` real minutes from each
--     working interval's start (master_hours), as the free-slot search and the waitlist do; the rule
--     book is asked only until the first start it accepts (the ordered grid below an OFFSET 0 fence,
--     which keeps PostgreSQL from pushing the filter under the sort).
--
-- Both SECURITY INVOKER (they see what the caller may see, as booking_problem does), with
-- search_path set. Nothing changes in the tables, grants or existing functions.

CREATE FUNCTION booking_problems(tenant bigint, master_ids bigint[], client bigint, service bigint, start_times timestamptz[],
                                 minutes integer, exclude_booking bigint, past_allowed boolean, hours_waived boolean,
                                 service_check boolean, holds_time boolean)
RETURNS TABLE (master_id bigint, start timestamptz, problem text)
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT c.m, c.s,
           booking_problem(tenant, c.m, client, service, c.s, coalesce(minutes, service_minutes(tenant, c.m, service)),
                           exclude_booking, past_allowed, hours_waived, service_check, holds_time)
      FROM unnest(master_ids, start_times) AS c(m, s)
$$;

CREATE FUNCTION first_free_start(tenant bigint, master_ids bigint[], service bigint, minutes integer, salon_day date, step integer)
RETURNS TABLE (master_id bigint, start timestamptz)
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
BEGIN
    IF step IS NULL OR step < 1 THEN
        RAISE EXCEPTION 'step must be a positive number of minutes' USING ERRCODE = '22023';
    END IF;
    RETURN QUERY
    SELECT g.m, g.s
      FROM (SELECT c.m, h.starts_at + make_interval(mins => k.i * step) AS s,
                   coalesce(minutes, service_minutes(tenant, c.m, service)) AS len
              FROM unnest(master_ids) WITH ORDINALITY AS c(m, ord)
             CROSS JOIN LATERAL master_hours(tenant, c.m, salon_day, salon_day) h
             CROSS JOIN LATERAL generate_series(0, CAST(floor(extract(epoch FROM h.ends_at - h.starts_at) / 60 / step) AS integer)) AS k(i)
             WHERE h.starts_at + make_interval(mins => k.i * step) < h.ends_at
             ORDER BY 2, c.ord
            OFFSET 0) g
     WHERE booking_problem(tenant, g.m, NULL, service, g.s, g.len, NULL, false, false, true, true) IS NULL
     LIMIT 1;
END $$;
