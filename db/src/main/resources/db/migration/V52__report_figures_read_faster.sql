-- SalonDesk schema, part 52 (issue 35, item 6): a manager's figures read faster, defined as before (ADR 35, amended).
--
-- Same figures, same definitions as migration 50 (README "Reports"; ReportFiguresRandomizedTest compares them with
-- a brute force over the raw rows); what changes is how the rows are read, as EXPLAIN ANALYZE of a year of a
-- 30-master salon (150 000 bookings) showed the time went:
--   * working time: report_days and report_masters called the rule book's master_hours once per master, each
--     call probing the hours' tables once per day (≈ 10 ms a master-year, twice a report). masters_hours below
--     answers the same rows for a set of masters in one set-based query (hash joins over the week in force,
--     the single days and their hours); RuleBookRandomizedTest compares it with master_hours on its random
--     schedules (dated weeks, single days, several intervals), so the two stay one definition;
--   * report_days read the period's bookings three times (the per-day counts, the visits, the masters' busy
--     days): now once (a materialized CTE);
--   * report_clients read the bookings twice (the visits, then each client's booked days for rebooking) and
--     joined them back: now once, each client's booked day carrying its visits;
--   * visits: a visit is its bookings' visit_id, or the booking itself when it has none (-id); the three functions made
--     every attended booking of the period distinct (a hash of ≈ 140 000 keys a year, spilling to disk), when only the
--     bookings of a visit can share one: those of no visit are now counted as they are, and only visit_id is made
--     distinct (the same number: -id never meets another booking's key nor a visit's);
--   * each report function runs with work_mem 64MB (its own SET): a year's hash aggregates and sorts spilled
--     to disk at the default 4MB.
-- No new table. One new function, and no right beyond what its callers read already: masters_hours is SECURITY
-- INVOKER (row-level security answers, as for master_hours, which every login may call), revoked from PUBLIC and
-- granted to the staff's groups and the chain manager; ChainManagerAttackTest asks it for another salon's masters.

-- The working intervals of each of these masters on each salon day first_day..last_day: master_hours' rows
-- (migration 12), for many masters at once. A day's own hours (master_day_hours) when the day is the master's
-- own (master_days), else the week in force that day (the latest master_weeks.valid_from on or before it).
CREATE FUNCTION masters_hours(tenant bigint, masters bigint[], first_day date, last_day date)
RETURNS TABLE (master_id bigint, day date, starts_at timestamptz, ends_at timestamptz, local_start time, local_end time)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
AS $f$
BEGIN
    RETURN QUERY
    WITH d AS (
        SELECT m.id AS master_id, CAST(g AS date) AS day
          FROM (SELECT DISTINCT u.id FROM unnest(masters) u(id)) m,
               generate_series(CAST(first_day AS timestamp), CAST(last_day AS timestamp), interval '1 day') g),
    own AS (
        SELECT x.master_id, x.day, x.starts_at, x.ends_at
          FROM public.master_day_hours x
         WHERE x.tenant_id = tenant AND x.master_id = ANY (masters) AND x.day BETWEEN first_day AND last_day),
    own_days AS (
        SELECT md.master_id, md.day
          FROM public.master_days md
         WHERE md.tenant_id = tenant AND md.master_id = ANY (masters) AND md.day BETWEEN first_day AND last_day),
    weeks AS (
        SELECT v.master_id, v.valid_from, lead(v.valid_from) OVER (PARTITION BY v.master_id ORDER BY v.valid_from) AS valid_to
          FROM public.master_weeks v
         WHERE v.tenant_id = tenant AND v.master_id = ANY (masters)),
    weekly AS (
        SELECT d.master_id, d.day, w.starts_at, w.ends_at
          FROM d
          JOIN weeks ON weeks.master_id = d.master_id AND weeks.valid_from <= d.day AND (weeks.valid_to IS NULL OR d.day < weeks.valid_to)
          JOIN public.master_working_hours w ON w.tenant_id = tenant AND w.master_id = d.master_id AND w.valid_from = weeks.valid_from
                                            AND w.weekday = extract(isodow FROM d.day)
         WHERE NOT EXISTS (SELECT 1 FROM own_days o WHERE o.master_id = d.master_id AND o.day = d.day)),
    h AS (
        SELECT own.master_id, own.day, own.starts_at, own.ends_at FROM own
        UNION ALL
        SELECT weekly.master_id, weekly.day, weekly.starts_at, weekly.ends_at FROM weekly)
    SELECT h.master_id, h.day, (h.day + h.starts_at) AT TIME ZONE t.time_zone, (h.day + h.ends_at) AT TIME ZONE t.time_zone,
           h.starts_at, h.ends_at
      FROM public.tenants t, h
     WHERE t.id = tenant;
END $f$;
REVOKE ALL ON FUNCTION masters_hours(bigint, bigint[], date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION masters_hours(bigint, bigint[], date, date)
    TO salondesk_receptionist, salondesk_admin, salondesk_manager, salondesk_chain_manager;

-- ---- per day (migration 50's report_days: the same columns, the same definitions) ----
CREATE OR REPLACE FUNCTION report_days(tenant bigint, first_day date, last_day date)
RETURNS TABLE (day date, bookings integer, cancelled integer, late_cancelled integer, no_shows integer, visits integer,
               online integer, waitlist integer, desk integer,
               services_minor bigint, products_minor bigint, tips_minor bigint, other_minor bigint, sales integer, ticket_minor bigint,
               busy_min integer, working_min integer, reminders_sent integer, reminders_confirmed integer)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
SET work_mem = '64MB'
AS $f$
DECLARE
    p record;
    -- the period's days whose till is not closed: their money is read from the sales' rows (an array, so that the
    -- planner estimates the rows by the day index as it does for one day)
    open_days date[];
BEGIN
    SELECT * INTO p FROM report_period(tenant, first_day, last_day);
    IF p.from_at IS NULL THEN
        RETURN;
    END IF;
    SELECT coalesce(array_agg(CAST(g AS date)), '{}') INTO open_days
      FROM generate_series(CAST(first_day AS timestamp), CAST(last_day AS timestamp), interval '1 day') g
     WHERE NOT EXISTS (SELECT 1 FROM public.takings_closed_days k WHERE k.tenant_id = tenant AND k.day = CAST(g AS date));
    RETURN QUERY
    WITH days AS (
        SELECT CAST(g AS date) AS day
          FROM generate_series(CAST(first_day AS timestamp), CAST(last_day AS timestamp), interval '1 day') g),
    -- the period's bookings read once (bd, vd and busy_days each read them again before migration 52)
    b AS MATERIALIZED (
        SELECT CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day, x.id, x.master_id, x.client_id, x.visit_id,
               x.status, x.source, x.starts_at, x.duration_min
          FROM public.bookings x
         WHERE x.tenant_id = tenant AND x.starts_at >= p.from_at AND x.starts_at < p.to_at),
    bd AS (
        SELECT b.day,
               count(*) FILTER (WHERE b.status <> 'cancelled') AS bookings,
               count(*) FILTER (WHERE b.status = 'cancelled') AS cancelled,
               count(*) FILTER (WHERE b.status = 'cancelled' AND EXISTS (
                   SELECT 1 FROM public.booking_cancellations c
                    WHERE c.tenant_id = tenant AND c.booking_id = b.id
                      AND c.cancelled_at > b.starts_at - make_interval(hours => p.late_cancel_hours))) AS late_cancelled,
               count(*) FILTER (WHERE b.status = 'no_show') AS no_shows,
               count(*) FILTER (WHERE b.status IN ('arrived', 'completed') AND b.visit_id IS NULL) AS solo_visits,
               count(*) FILTER (WHERE b.status <> 'cancelled' AND b.source = 'online') AS online,
               count(*) FILTER (WHERE b.status <> 'cancelled' AND b.source = 'waitlist') AS waitlist,
               count(*) FILTER (WHERE b.status <> 'cancelled' AND b.source NOT IN ('online', 'waitlist')) AS desk,
               coalesce(sum(b.duration_min) FILTER (WHERE b.status IN ('pending', 'confirmed', 'arrived', 'completed')), 0) AS busy
          FROM b GROUP BY b.day),
    -- a visit: its bookings share visit_id (all of one client, migration 18); a booking of none is a visit of its own
    -- (-id: booking ids and visit ids never meet as negative and positive)
    -- (migration 52: a booking of no visit is a visit of its own, counted in bd; only the bookings of a visit are made
    -- distinct here, instead of every attended booking of the year)
    vd AS (
        SELECT v.day, count(*) AS visits
          FROM (SELECT DISTINCT b.day, b.visit_id FROM b WHERE b.status IN ('arrived', 'completed') AND b.visit_id IS NOT NULL) v
         GROUP BY v.day),
    money AS (
        SELECT s.business_day AS day, l.kind, l.amount_minor AS amount
          FROM public.sales s
          JOIN public.sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
         WHERE s.tenant_id = tenant AND s.business_day = ANY (open_days)
           AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
        UNION ALL
        SELECT r.business_day, l.kind, -rl.amount_minor
          FROM public.sale_refunds r
          JOIN public.sale_refund_lines rl ON rl.tenant_id = r.tenant_id AND rl.refund_id = r.id
          JOIN public.sale_lines l ON l.tenant_id = rl.tenant_id AND l.sale_id = rl.sale_id AND l.line_no = rl.line_no
         WHERE r.tenant_id = tenant AND r.business_day = ANY (open_days)
        UNION ALL
        SELECT k.day, k.kind, k.sold_minor - k.given_minor
          FROM public.takings_closed_lines k
         WHERE k.tenant_id = tenant AND k.day BETWEEN first_day AND last_day),
    md AS (
        SELECT money.day,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'service'), 0) AS services,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'product'), 0) AS products,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'tip'), 0) AS tips,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'rounding'), 0) AS other
          FROM money GROUP BY money.day),
    -- the average ticket's parts: sales that stand and what they took without tips (refunds aside)
    tickets AS (
        SELECT s.business_day AS day, count(*) AS sales, sum(s.total_minor - coalesce(tip.amount, 0)) AS ticket
          FROM public.sales s
          LEFT JOIN LATERAL (SELECT sum(l.amount_minor) AS amount FROM public.sale_lines l
                              WHERE l.tenant_id = s.tenant_id AND l.sale_id = s.id AND l.kind = 'tip') tip ON true
         WHERE s.tenant_id = tenant AND s.business_day = ANY (open_days)
           AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
         GROUP BY s.business_day
        UNION ALL
        SELECT k.day, k.sales,
               (SELECT coalesce(sum(kl.sold_minor), 0) FROM public.takings_closed_lines kl
                 WHERE kl.tenant_id = tenant AND kl.day = k.day AND kl.kind <> 'tip')
          FROM public.takings_closed_days k
         WHERE k.tenant_id = tenant AND k.day BETWEEN first_day AND last_day),
    busy_days AS (
        SELECT DISTINCT b.master_id, b.day FROM b WHERE b.status IN ('pending', 'confirmed', 'arrived', 'completed')),
    masters_counted AS (
        SELECT m.id, m.active FROM public.masters m
         WHERE m.tenant_id = tenant AND (m.active OR m.id IN (SELECT busy_days.master_id FROM busy_days))),
    wd AS (
        SELECT h.day, CAST(sum(extract(epoch FROM h.ends_at - h.starts_at)) / 60 AS integer) AS working
          FROM public.masters_hours(tenant, ARRAY(SELECT mc.id FROM masters_counted mc), first_day, last_day) h
          JOIN masters_counted mc ON mc.id = h.master_id
         WHERE mc.active OR (h.master_id, h.day) IN (SELECT busy_days.master_id, busy_days.day FROM busy_days)
         GROUP BY h.day),
    rd AS (
        SELECT CAST(msg.sent_at AT TIME ZONE p.time_zone AS date) AS day, count(*) AS sent,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM public.bookings x
                                               WHERE x.tenant_id = tenant AND x.id = msg.booking_id
                                                 AND x.client_confirmed_at IS NOT NULL)) AS confirmed
          FROM public.messages msg
         WHERE msg.tenant_id = tenant AND msg.kind = 'reminder' AND msg.state = 'sent'
           AND msg.sent_at >= p.from_at AND msg.sent_at < p.to_at
         GROUP BY 1)
    SELECT d.day,
           CAST(coalesce(bd.bookings, 0) AS integer), CAST(coalesce(bd.cancelled, 0) AS integer),
           CAST(coalesce(bd.late_cancelled, 0) AS integer), CAST(coalesce(bd.no_shows, 0) AS integer),
           CAST(coalesce(bd.solo_visits, 0) + coalesce(vd.visits, 0) AS integer), CAST(coalesce(bd.online, 0) AS integer),
           CAST(coalesce(bd.waitlist, 0) AS integer), CAST(coalesce(bd.desk, 0) AS integer),
           CAST(coalesce(md.services, 0) AS bigint), CAST(coalesce(md.products, 0) AS bigint),
           CAST(coalesce(md.tips, 0) AS bigint), CAST(coalesce(md.other, 0) AS bigint),
           CAST(coalesce((SELECT sum(t.sales) FROM tickets t WHERE t.day = d.day), 0) AS integer),
           CAST(coalesce((SELECT sum(t.ticket) FROM tickets t WHERE t.day = d.day), 0) AS bigint),
           CAST(coalesce(bd.busy, 0) AS integer), coalesce(wd.working, 0),
           CAST(coalesce(rd.sent, 0) AS integer), CAST(coalesce(rd.confirmed, 0) AS integer)
      FROM days d
      LEFT JOIN bd ON bd.day = d.day
      LEFT JOIN vd ON vd.day = d.day
      LEFT JOIN md ON md.day = d.day
      LEFT JOIN wd ON wd.day = d.day
      LEFT JOIN rd ON rd.day = d.day
     ORDER BY d.day;
END $f$;

-- ---- the clients (migration 50's report_clients) ----
CREATE OR REPLACE FUNCTION report_clients(tenant bigint, first_day date, last_day date)
RETURNS TABLE (clients integer, new_clients integer, returning_clients integer, visits integer, rebooked_visits integer,
               rebook_weeks integer)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
SET work_mem = '64MB'
AS $f$
DECLARE
    p record;
    -- the period's days whose till is not closed: their money is read from the sales' rows (an array, so that the
    -- planner estimates the rows by the day index as it does for one day)
    open_days date[];
BEGIN
    SELECT * INTO p FROM report_period(tenant, first_day, last_day);
    IF p.from_at IS NULL THEN
        RETURN;
    END IF;
    SELECT coalesce(array_agg(CAST(g AS date)), '{}') INTO open_days
      FROM generate_series(CAST(first_day AS timestamp), CAST(last_day AS timestamp), interval '1 day') g
     WHERE NOT EXISTS (SELECT 1 FROM public.takings_closed_days k WHERE k.tenant_id = tenant AND k.day = CAST(g AS date));
    RETURN QUERY
    -- One read of the bookings that are not cancelled, from the period's first day to rebook_weeks after its last
    -- (before migration 52: that read, and another of the period's visits joined back to it). For each client's
    -- booked day: the visits of that day when it lies in the period (arrived or completed bookings, those of one
    -- visit counted once), and whether the client's next booked day is within rebook_weeks × 7 days; a visit is
    -- rebooked when its day is. The figures are the same as migration 50's, as ReportFiguresRandomizedTest checks.
    WITH bk AS (
        SELECT x.client_id, CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day,
               x.starts_at < p.to_at AND x.status IN ('arrived', 'completed') AS attended, x.visit_id
          FROM public.bookings x
         WHERE x.tenant_id = tenant AND x.status <> 'cancelled' AND x.starts_at >= p.from_at
           AND x.starts_at < CAST(last_day + 1 + 7 * p.rebook_weeks AS timestamp) AT TIME ZONE p.time_zone),
    -- a booking of no visit is a visit of its own; the bookings of one visit count once
    vv AS (
        SELECT v.client_id, v.day, count(*) AS visits
          FROM (SELECT DISTINCT bk.client_id, bk.day, bk.visit_id FROM bk WHERE bk.attended AND bk.visit_id IS NOT NULL) v
         GROUP BY v.client_id, v.day),
    cd AS (
        SELECT s.client_id, s.day, s.solo + coalesce(vv.visits, 0) AS visits
          FROM (SELECT bk.client_id, bk.day, count(*) FILTER (WHERE bk.attended AND bk.visit_id IS NULL) AS solo
                  FROM bk GROUP BY bk.client_id, bk.day) s
          LEFT JOIN vv ON vv.client_id = s.client_id AND vv.day = s.day),
    r AS (
        SELECT cd.client_id, cd.visits,
               coalesce(lead(cd.day) OVER (PARTITION BY cd.client_id ORDER BY cd.day) <= cd.day + 7 * p.rebook_weeks, false) AS rebooked
          FROM cd),
    c AS (SELECT r.client_id FROM r WHERE r.visits > 0 GROUP BY r.client_id),
    cn AS (
        SELECT c.client_id, NOT EXISTS (SELECT 1 FROM public.bookings x
                                         WHERE x.tenant_id = tenant AND x.client_id = c.client_id
                                           AND x.starts_at < p.from_at AND x.status IN ('arrived', 'completed')) AS is_new
          FROM c)
    SELECT CAST((SELECT count(*) FROM cn) AS integer),
           CAST((SELECT count(*) FROM cn WHERE cn.is_new) AS integer),
           CAST((SELECT count(*) FROM cn WHERE NOT cn.is_new) AS integer),
           CAST((SELECT coalesce(sum(r.visits), 0) FROM r) AS integer),
           CAST((SELECT coalesce(sum(r.visits), 0) FROM r WHERE r.rebooked) AS integer),
           p.rebook_weeks;
END $f$;

-- ---- per master (migration 50's report_masters) ----
CREATE OR REPLACE FUNCTION report_masters(tenant bigint, first_day date, last_day date)
RETURNS TABLE (master_id bigint, name text, bookings integer, visits integer, no_shows integer, busy_min integer, working_min integer,
               services_minor bigint, tips_minor bigint)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
SET work_mem = '64MB'
AS $f$
DECLARE
    p record;
    -- the period's days whose till is not closed: their money is read from the sales' rows (an array, so that the
    -- planner estimates the rows by the day index as it does for one day)
    open_days date[];
BEGIN
    SELECT * INTO p FROM report_period(tenant, first_day, last_day);
    IF p.from_at IS NULL THEN
        RETURN;
    END IF;
    SELECT coalesce(array_agg(CAST(g AS date)), '{}') INTO open_days
      FROM generate_series(CAST(first_day AS timestamp), CAST(last_day AS timestamp), interval '1 day') g
     WHERE NOT EXISTS (SELECT 1 FROM public.takings_closed_days k WHERE k.tenant_id = tenant AND k.day = CAST(g AS date));
    RETURN QUERY
    WITH b AS MATERIALIZED (
        SELECT CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day, x.id, x.master_id, x.client_id, x.visit_id,
               x.status, x.duration_min
          FROM public.bookings x
         WHERE x.tenant_id = tenant AND x.starts_at >= p.from_at AND x.starts_at < p.to_at),
    bm AS (
        SELECT b.master_id,
               count(*) FILTER (WHERE b.status <> 'cancelled') AS bookings,
               count(*) FILTER (WHERE b.status = 'no_show') AS no_shows,
               coalesce(sum(b.duration_min) FILTER (WHERE b.status IN ('pending', 'confirmed', 'arrived', 'completed')), 0) AS busy
          FROM b GROUP BY b.master_id),
    -- a booking of no visit is a visit of its own; only the bookings of a visit are made distinct (migration 52)
    vm AS (
        SELECT b.master_id, count(*) AS visits
          FROM b WHERE b.status IN ('arrived', 'completed') AND b.visit_id IS NULL
         GROUP BY b.master_id
        UNION ALL
        SELECT v.master_id, count(*)
          FROM (SELECT DISTINCT b.master_id, b.day, b.visit_id FROM b WHERE b.status IN ('arrived', 'completed') AND b.visit_id IS NOT NULL) v
         GROUP BY v.master_id),
    money AS (
        SELECT l.master_id, l.kind, l.amount_minor AS amount
          FROM public.sales s
          JOIN public.sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
         WHERE s.tenant_id = tenant AND s.business_day = ANY (open_days)
           AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
        UNION ALL
        SELECT l.master_id, l.kind, -rl.amount_minor
          FROM public.sale_refunds r
          JOIN public.sale_refund_lines rl ON rl.tenant_id = r.tenant_id AND rl.refund_id = r.id
          JOIN public.sale_lines l ON l.tenant_id = rl.tenant_id AND l.sale_id = rl.sale_id AND l.line_no = rl.line_no
         WHERE r.tenant_id = tenant AND r.business_day = ANY (open_days)
        UNION ALL
        SELECT nullif(k.master_id, 0), k.kind, k.sold_minor - k.given_minor
          FROM public.takings_closed_lines k
         WHERE k.tenant_id = tenant AND k.day BETWEEN first_day AND last_day),
    mm AS (
        SELECT money.master_id,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'service'), 0) AS services,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'tip'), 0) AS tips
          FROM money WHERE money.master_id IS NOT NULL GROUP BY money.master_id),
    busy_days AS (
        SELECT DISTINCT b.master_id, b.day FROM b WHERE b.status IN ('pending', 'confirmed', 'arrived', 'completed')),
    ms AS (
        SELECT m.id, m.name, m.active FROM public.masters m
         WHERE m.tenant_id = tenant
           AND (m.active OR m.id IN (SELECT bm.master_id FROM bm) OR m.id IN (SELECT mm.master_id FROM mm))),
    wm AS (
        SELECT ms.id, CAST(sum(extract(epoch FROM h.ends_at - h.starts_at)) / 60 AS integer) AS working
          FROM public.masters_hours(tenant, ARRAY(SELECT ms.id FROM ms), first_day, last_day) h
          JOIN ms ON ms.id = h.master_id
         WHERE ms.active OR (h.master_id, h.day) IN (SELECT busy_days.master_id, busy_days.day FROM busy_days)
         GROUP BY ms.id)
    SELECT ms.id, ms.name,
           CAST(coalesce(bm.bookings, 0) AS integer), CAST(coalesce(vm.visits, 0) AS integer),
           CAST(coalesce(bm.no_shows, 0) AS integer), CAST(coalesce(bm.busy, 0) AS integer), coalesce(wm.working, 0),
           CAST(coalesce(mm.services, 0) AS bigint), CAST(coalesce(mm.tips, 0) AS bigint)
      FROM ms
      LEFT JOIN bm ON bm.master_id = ms.id
      LEFT JOIN (SELECT vm.master_id, sum(vm.visits) AS visits FROM vm GROUP BY vm.master_id) vm ON vm.master_id = ms.id
      LEFT JOIN mm ON mm.master_id = ms.id
      LEFT JOIN wm ON wm.id = ms.id
     ORDER BY coalesce(mm.services, 0) DESC, coalesce(bm.bookings, 0) DESC, ms.name, ms.id;
END $f$;
