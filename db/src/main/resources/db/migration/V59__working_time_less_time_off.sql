-- SalonDesk schema, part 59 (issue 35, item 6): a master's working time in the reports is her hours less her time off
-- (ADR 35, amended a third time).
--
-- Utilisation is busy time ÷ working time (README "Reports"). Until now working time was the rule book's hours alone
-- (masters_hours, migration 52: the week in force, or the day's own hours — a day off being a day of no hours), so a
-- master's holiday entered as time off (master_time_off, migration 1: the booking rules refuse bookings in it) counted as
-- time she could have worked, and a salon whose masters were away looked idle. Now the working time of each interval of
-- hours is what is left of it outside the union of the master's time off (overlapping time off is not subtracted
-- twice; time off outside the hours subtracts nothing): masters_working_time, one function read by report_days and
-- report_masters, which are migration 54's text with that one change (same signatures, grants and columns).
-- ReportFiguresRandomizedTest's brute force subtracts the time off minute by minute.
--
-- Rights: SECURITY INVOKER like masters_hours (row-level security answers); the chain manager now reads master_time_off's
-- times (not its reason) of its salons, under a chain_reads policy like migration 51's (ChainManagerAttackTest).

-- The working time of each interval of each master's hours on each salon day first_day..last_day, in seconds: the
-- interval less the union of the master's time off that overlaps it.
CREATE FUNCTION masters_working_time(tenant bigint, masters bigint[], first_day date, last_day date)
RETURNS TABLE (master_id bigint, day date, seconds numeric)
LANGUAGE sql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
AS $f$
    WITH h AS MATERIALIZED (
        SELECT x.master_id, x.day, x.starts_at, x.ends_at FROM public.masters_hours(tenant, masters, first_day, last_day) x),
    off AS (
        SELECT o.master_id, range_agg(tstzrange(o.starts_at, o.ends_at)) AS off
          FROM public.master_time_off o
         WHERE o.tenant_id = tenant AND o.master_id = ANY (masters)
           AND o.ends_at > (SELECT min(h.starts_at) FROM h) AND o.starts_at < (SELECT max(h.ends_at) FROM h)
         GROUP BY o.master_id)
    SELECT h.master_id, h.day,
           extract(epoch FROM h.ends_at - h.starts_at)
           - CASE WHEN off.off IS NULL THEN 0   -- most of a year's intervals: no time off to take out
                  ELSE coalesce((SELECT sum(extract(epoch FROM upper(r.r) - lower(r.r)))
                                   FROM unnest(tstzmultirange(tstzrange(h.starts_at, h.ends_at)) * off.off) r(r)), 0) END
      FROM h LEFT JOIN off ON off.master_id = h.master_id
$f$;
REVOKE ALL ON FUNCTION masters_working_time(bigint, bigint[], date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION masters_working_time(bigint, bigint[], date, date)
    TO salondesk_receptionist, salondesk_admin, salondesk_manager, salondesk_chain_manager;

CREATE POLICY chain_reads ON master_time_off FOR SELECT TO salondesk_chain_manager
    USING (tenant_id = ANY (CAST((SELECT salondesk_chain_salons()) AS bigint[])));
GRANT SELECT (tenant_id, master_id, starts_at, ends_at) ON master_time_off TO salondesk_chain_manager;

-- ---- per day (migration 54's report_days; working time less time off) ----
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
    -- what adds up over a master's day, from the counters kept by the bookings trigger (migration 53)
    c AS MATERIALIZED (
        SELECT x.master_id, x.day, x.bookings, x.cancelled, x.no_shows, x.solo_visits, x.online, x.waitlist, x.desk,
               x.busy, x.busy_min
          FROM public.booking_day_counts x
         WHERE x.tenant_id = tenant AND x.day BETWEEN first_day AND last_day),
    bd AS (
        SELECT c.day, sum(c.bookings) AS bookings, sum(c.cancelled) AS cancelled, sum(c.no_shows) AS no_shows,
               sum(c.solo_visits) AS solo_visits, sum(c.online) AS online, sum(c.waitlist) AS waitlist, sum(c.desk) AS desk,
               sum(c.busy_min) AS busy
          FROM c GROUP BY c.day),
    -- late cancellations: the period's cancelled bookings (their threshold is a setting), read by a partial index
    lc AS (
        SELECT CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day, count(*) AS late_cancelled
          FROM public.bookings x
          JOIN public.booking_cancellations k ON k.tenant_id = x.tenant_id AND k.booking_id = x.id
         WHERE x.tenant_id = tenant AND x.status = 'cancelled' AND x.starts_at >= p.from_at AND x.starts_at < p.to_at
           AND k.cancelled_at > x.starts_at - make_interval(hours => p.late_cancel_hours)
         GROUP BY 1),
    -- a visit: its bookings share visit_id (all of one client, migration 18); a booking of none is a visit of its own,
    -- counted by the counters (solo_visits); the bookings of a visit are made distinct here, read by a partial index
    vd AS (
        SELECT v.day, count(*) AS visits
          FROM (SELECT DISTINCT CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day, x.visit_id
                  FROM public.bookings x
                 WHERE x.tenant_id = tenant AND x.visit_id IS NOT NULL AND x.starts_at >= p.from_at AND x.starts_at < p.to_at
                   AND x.status IN ('arrived', 'completed')) v
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
        SELECT c.master_id, c.day FROM c WHERE c.busy > 0),
    masters_counted AS (
        SELECT m.id, m.active FROM public.masters m
         WHERE m.tenant_id = tenant AND (m.active OR m.id IN (SELECT busy_days.master_id FROM busy_days))),
    wd AS (
        SELECT h.day, CAST(sum(h.seconds) / 60 AS integer) AS working
          FROM public.masters_working_time(tenant, ARRAY(SELECT mc.id FROM masters_counted mc), first_day, last_day) h
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
           CAST(coalesce(lc.late_cancelled, 0) AS integer), CAST(coalesce(bd.no_shows, 0) AS integer),
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
      LEFT JOIN lc ON lc.day = d.day
      LEFT JOIN vd ON vd.day = d.day
      LEFT JOIN md ON md.day = d.day
      LEFT JOIN wd ON wd.day = d.day
      LEFT JOIN rd ON rd.day = d.day
     ORDER BY d.day;
END $f$;

-- ---- per master (migration 54's report_masters; working time less time off) ----
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
    WITH c AS MATERIALIZED (
        SELECT x.master_id, x.day, x.bookings, x.cancelled, x.no_shows, x.solo_visits, x.busy, x.busy_min
          FROM public.booking_day_counts x
         WHERE x.tenant_id = tenant AND x.day BETWEEN first_day AND last_day
           AND x.bookings + x.cancelled > 0),
    -- a master with a booking of the period, cancelled or not (a row of the counters whose bookings all went has none)
    bm AS (
        SELECT c.master_id, sum(c.bookings) AS bookings, sum(c.no_shows) AS no_shows, sum(c.busy_min) AS busy
          FROM c GROUP BY c.master_id),
    -- a booking of no visit is a visit of its own (the counters' solo_visits); only the bookings of a visit are made
    -- distinct, read by a partial index (migration 53)
    vm AS (
        SELECT c.master_id, sum(c.solo_visits) AS visits
          FROM c GROUP BY c.master_id
        UNION ALL
        SELECT v.master_id, count(*)
          FROM (SELECT DISTINCT x.master_id, CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day, x.visit_id
                  FROM public.bookings x
                 WHERE x.tenant_id = tenant AND x.visit_id IS NOT NULL AND x.starts_at >= p.from_at AND x.starts_at < p.to_at
                   AND x.status IN ('arrived', 'completed')) v
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
        SELECT c.master_id, c.day FROM c WHERE c.busy > 0),
    ms AS (
        SELECT m.id, m.name, m.active FROM public.masters m
         WHERE m.tenant_id = tenant
           AND (m.active OR m.id IN (SELECT bm.master_id FROM bm) OR m.id IN (SELECT mm.master_id FROM mm))),
    wm AS (
        SELECT ms.id, CAST(sum(h.seconds) / 60 AS integer) AS working
          FROM public.masters_working_time(tenant, ARRAY(SELECT ms.id FROM ms), first_day, last_day) h
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
