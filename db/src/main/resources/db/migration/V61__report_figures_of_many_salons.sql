-- SalonDesk schema, part 61 (issue 35, item 6): the chain's view reads each figure of all its salons in one set-based
-- query (ADR 35, amended a fourth time).
--
-- Until now the chain's view called each report function once a salon (unnest … CROSS JOIN LATERAL report_days(s.id, …),
-- migration 58's amendment): one statement a figure, but inside it a PL/pgSQL call a salon, each with its own
-- report_period, its own array of open days, its own masters' hours and time off, and each query planned and run a salon
-- at a time. 100 salons' month took 1.13 s, of which the salons' bookings are a small part. Here each figure has a
-- variant over an array of salons — report_days_of, report_clients_of, report_masters_of, report_services_of — whose
-- every part reads all the given salons at once: the periods (report_periods_of, one row a salon), the open days (a set
-- of (salon, day)), the masters' hours less time off (masters_working_time_of), the counters, bookings, sales and
-- messages (tenant_id = ANY (salons) on the same indexes, each row matched to its salon's own local period).
--
-- Same definitions, same columns as the one-salon functions (migrations 50, 54, 58, 59), with the salon's id first;
-- rows ordered by salon, then as the one-salon function orders them. The bench checked that the chain's view read
-- through them equals its salons' reports read one by one. Measured 1.15x SLOWER than the per-salon calls on a quiet
-- machine (ADR 35, amended a fourth time), so the application does not read them; kept correct and attack-tested.
--
-- Rights: SECURITY INVOKER like the one-salon functions: the salons are those of the array that the caller may read —
-- report_periods_of reads tenants under row-level security, and every other table is read under its own policy — so
-- a chain manager passing another chain's salon, or a salon's manager passing another salon, gets no row of it
-- (ChainManagerAttackTest). EXECUTE to those who read reports, revoked from PUBLIC, fixed search_path.

-- Each given salon this login may read, with its period as report_period (migration 50) gives it.
CREATE FUNCTION report_periods_of(salons bigint[], first_day date, last_day date)
RETURNS TABLE (tenant_id bigint, from_at timestamptz, to_at timestamptz, time_zone text, currency text,
               rebook_weeks integer, late_cancel_hours integer)
LANGUAGE sql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
ROWS 20
AS $$
    SELECT t.id, CAST(first_day AS timestamp) AT TIME ZONE t.time_zone, CAST(last_day + 1 AS timestamp) AT TIME ZONE t.time_zone,
           t.time_zone, t.currency, coalesce(s.rebook_weeks, 6), coalesce(s.late_cancel_hours, 24)
      FROM public.tenants t
      LEFT JOIN public.report_settings s ON s.tenant_id = t.id
     WHERE t.id = ANY (salons)
$$;

-- masters_working_time (migration 59) over many salons: the working time of each interval of each given master's hours
-- (masters_hours, migration 52: the day's own hours, else the week in force) on each salon day, less the union of her
-- time off, in seconds.
CREATE FUNCTION masters_working_time_of(salons bigint[], masters bigint[], first_day date, last_day date)
RETURNS TABLE (tenant_id bigint, master_id bigint, day date, seconds numeric)
LANGUAGE sql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
AS $f$
    WITH d AS (
        SELECT m.tenant_id, m.id AS master_id, CAST(g AS date) AS day
          FROM public.masters m,
               generate_series(CAST(first_day AS timestamp), CAST(last_day AS timestamp), interval '1 day') g
         WHERE m.tenant_id = ANY (salons) AND m.id = ANY (masters)),
    own AS (
        SELECT x.tenant_id, x.master_id, x.day, x.starts_at, x.ends_at
          FROM public.master_day_hours x
         WHERE x.tenant_id = ANY (salons) AND x.master_id = ANY (masters) AND x.day BETWEEN first_day AND last_day),
    own_days AS (
        SELECT md.tenant_id, md.master_id, md.day
          FROM public.master_days md
         WHERE md.tenant_id = ANY (salons) AND md.master_id = ANY (masters) AND md.day BETWEEN first_day AND last_day),
    weeks AS (
        SELECT v.tenant_id, v.master_id, v.valid_from,
               lead(v.valid_from) OVER (PARTITION BY v.tenant_id, v.master_id ORDER BY v.valid_from) AS valid_to
          FROM public.master_weeks v
         WHERE v.tenant_id = ANY (salons) AND v.master_id = ANY (masters)),
    weekly AS (
        SELECT d.tenant_id, d.master_id, d.day, w.starts_at, w.ends_at
          FROM d
          JOIN weeks ON weeks.tenant_id = d.tenant_id AND weeks.master_id = d.master_id AND weeks.valid_from <= d.day
                    AND (weeks.valid_to IS NULL OR d.day < weeks.valid_to)
          JOIN public.master_working_hours w ON w.tenant_id = d.tenant_id AND w.master_id = d.master_id
                                            AND w.valid_from = weeks.valid_from AND w.weekday = extract(isodow FROM d.day)
         WHERE NOT EXISTS (SELECT 1 FROM own_days o WHERE o.tenant_id = d.tenant_id AND o.master_id = d.master_id AND o.day = d.day)),
    h AS MATERIALIZED (
        SELECT u.tenant_id, u.master_id, u.day,
               (u.day + u.starts_at) AT TIME ZONE t.time_zone AS starts_at, (u.day + u.ends_at) AT TIME ZONE t.time_zone AS ends_at
          FROM (SELECT own.tenant_id, own.master_id, own.day, own.starts_at, own.ends_at FROM own
                UNION ALL
                SELECT weekly.tenant_id, weekly.master_id, weekly.day, weekly.starts_at, weekly.ends_at FROM weekly) u
          JOIN public.tenants t ON t.id = u.tenant_id),
    off AS (
        SELECT o.tenant_id, o.master_id, range_agg(tstzrange(o.starts_at, o.ends_at)) AS off
          FROM public.master_time_off o
         WHERE o.tenant_id = ANY (salons) AND o.master_id = ANY (masters)
           AND o.ends_at > (SELECT min(h.starts_at) FROM h) AND o.starts_at < (SELECT max(h.ends_at) FROM h)
         GROUP BY o.tenant_id, o.master_id)
    SELECT h.tenant_id, h.master_id, h.day,
           extract(epoch FROM h.ends_at - h.starts_at)
           - CASE WHEN off.off IS NULL THEN 0
                  ELSE coalesce((SELECT sum(extract(epoch FROM upper(r.r) - lower(r.r)))
                                   FROM unnest(tstzmultirange(tstzrange(h.starts_at, h.ends_at)) * off.off) r(r)), 0) END
      FROM h LEFT JOIN off ON off.tenant_id = h.tenant_id AND off.master_id = h.master_id
$f$;

-- ---- per day (migration 59's report_days over many salons) ----
CREATE FUNCTION report_days_of(salons bigint[], first_day date, last_day date)
RETURNS TABLE (salon_id bigint, day date, bookings integer, cancelled integer, late_cancelled integer, no_shows integer, visits integer,
               online integer, waitlist integer, desk integer,
               services_minor bigint, products_minor bigint, tips_minor bigint, other_minor bigint, sales integer, ticket_minor bigint,
               busy_min integer, working_min integer, reminders_sent integer, reminders_confirmed integer)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
SET work_mem = '64MB'
AS $f$
DECLARE
    readable bigint[];   -- the given salons this login may read
    lo timestamptz;      -- the earliest start and latest end of their periods: the bookings' index range
    hi timestamptz;
BEGIN
    SELECT array_agg(q.tenant_id), min(q.from_at), max(q.to_at) INTO readable, lo, hi
      FROM public.report_periods_of(salons, first_day, last_day) q;
    IF readable IS NULL THEN
        RETURN;
    END IF;
    RETURN QUERY
    WITH p AS MATERIALIZED (
        SELECT q.tenant_id, q.from_at, q.to_at, q.time_zone, q.late_cancel_hours FROM public.report_periods_of(readable, first_day, last_day) q),
    days AS (
        SELECT p.tenant_id, CAST(g AS date) AS day
          FROM p, generate_series(CAST(first_day AS timestamp), CAST(last_day AS timestamp), interval '1 day') g),
    -- the salons' days whose till is not closed: their money is read from the sales' rows
    open_days AS MATERIALIZED (
        SELECT days.tenant_id, days.day FROM days
         WHERE NOT EXISTS (SELECT 1 FROM public.takings_closed_days k WHERE k.tenant_id = days.tenant_id AND k.day = days.day)),
    c AS MATERIALIZED (
        SELECT x.tenant_id, x.master_id, x.day, x.bookings, x.cancelled, x.no_shows, x.solo_visits, x.online, x.waitlist, x.desk,
               x.busy, x.busy_min
          FROM public.booking_day_counts x
         WHERE x.tenant_id = ANY (readable) AND x.day BETWEEN first_day AND last_day),
    bd AS (
        SELECT c.tenant_id, c.day, sum(c.bookings) AS bookings, sum(c.cancelled) AS cancelled, sum(c.no_shows) AS no_shows,
               sum(c.solo_visits) AS solo_visits, sum(c.online) AS online, sum(c.waitlist) AS waitlist, sum(c.desk) AS desk,
               sum(c.busy_min) AS busy
          FROM c GROUP BY c.tenant_id, c.day),
    lc AS (
        SELECT x.tenant_id, CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day, count(*) AS late_cancelled
          FROM public.bookings x
          JOIN p ON p.tenant_id = x.tenant_id
          JOIN public.booking_cancellations k ON k.tenant_id = x.tenant_id AND k.booking_id = x.id
         WHERE x.tenant_id = ANY (readable) AND x.status = 'cancelled' AND x.starts_at >= lo AND x.starts_at < hi
           AND x.starts_at >= p.from_at AND x.starts_at < p.to_at
           AND k.cancelled_at > x.starts_at - make_interval(hours => p.late_cancel_hours)
         GROUP BY 1, 2),
    vd AS (
        SELECT v.tenant_id, v.day, count(*) AS visits
          FROM (SELECT DISTINCT x.tenant_id, CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day, x.visit_id
                  FROM public.bookings x
                  JOIN p ON p.tenant_id = x.tenant_id
                 WHERE x.tenant_id = ANY (readable) AND x.visit_id IS NOT NULL AND x.starts_at >= lo AND x.starts_at < hi
                   AND x.starts_at >= p.from_at AND x.starts_at < p.to_at
                   AND x.status IN ('arrived', 'completed')) v
         GROUP BY v.tenant_id, v.day),
    money AS (
        SELECT s.tenant_id, s.business_day AS day, l.kind, l.amount_minor AS amount
          FROM public.sales s
          JOIN public.sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
         WHERE s.tenant_id = ANY (readable) AND s.business_day BETWEEN first_day AND last_day
           AND (s.tenant_id, s.business_day) IN (SELECT open_days.tenant_id, open_days.day FROM open_days)
           AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
        UNION ALL
        SELECT r.tenant_id, r.business_day, l.kind, -rl.amount_minor
          FROM public.sale_refunds r
          JOIN public.sale_refund_lines rl ON rl.tenant_id = r.tenant_id AND rl.refund_id = r.id
          JOIN public.sale_lines l ON l.tenant_id = rl.tenant_id AND l.sale_id = rl.sale_id AND l.line_no = rl.line_no
         WHERE r.tenant_id = ANY (readable) AND r.business_day BETWEEN first_day AND last_day
           AND (r.tenant_id, r.business_day) IN (SELECT open_days.tenant_id, open_days.day FROM open_days)
        UNION ALL
        SELECT k.tenant_id, k.day, k.kind, k.sold_minor - k.given_minor
          FROM public.takings_closed_lines k
         WHERE k.tenant_id = ANY (readable) AND k.day BETWEEN first_day AND last_day),
    md AS (
        SELECT money.tenant_id, money.day,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'service'), 0) AS services,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'product'), 0) AS products,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'tip'), 0) AS tips,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'rounding'), 0) AS other
          FROM money GROUP BY money.tenant_id, money.day),
    tickets AS (
        SELECT s.tenant_id, s.business_day AS day, count(*) AS sales, sum(s.total_minor - coalesce(tip.amount, 0)) AS ticket
          FROM public.sales s
          LEFT JOIN LATERAL (SELECT sum(l.amount_minor) AS amount FROM public.sale_lines l
                              WHERE l.tenant_id = s.tenant_id AND l.sale_id = s.id AND l.kind = 'tip') tip ON true
         WHERE s.tenant_id = ANY (readable) AND s.business_day BETWEEN first_day AND last_day
           AND (s.tenant_id, s.business_day) IN (SELECT open_days.tenant_id, open_days.day FROM open_days)
           AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
         GROUP BY s.tenant_id, s.business_day
        UNION ALL
        SELECT k.tenant_id, k.day, k.sales,
               (SELECT coalesce(sum(kl.sold_minor), 0) FROM public.takings_closed_lines kl
                 WHERE kl.tenant_id = k.tenant_id AND kl.day = k.day AND kl.kind <> 'tip')
          FROM public.takings_closed_days k
         WHERE k.tenant_id = ANY (readable) AND k.day BETWEEN first_day AND last_day),
    td AS (
        SELECT tickets.tenant_id, tickets.day, sum(tickets.sales) AS sales, sum(tickets.ticket) AS ticket
          FROM tickets GROUP BY tickets.tenant_id, tickets.day),
    busy_days AS (
        SELECT c.tenant_id, c.master_id, c.day FROM c WHERE c.busy > 0),
    masters_counted AS (
        SELECT m.tenant_id, m.id, m.active FROM public.masters m
         WHERE m.tenant_id = ANY (readable)
           AND (m.active OR (m.tenant_id, m.id) IN (SELECT busy_days.tenant_id, busy_days.master_id FROM busy_days))),
    wd AS (
        SELECT h.tenant_id, h.day, CAST(sum(h.seconds) / 60 AS integer) AS working
          FROM public.masters_working_time_of(readable, ARRAY(SELECT mc.id FROM masters_counted mc), first_day, last_day) h
          JOIN masters_counted mc ON mc.tenant_id = h.tenant_id AND mc.id = h.master_id
         WHERE mc.active OR (h.tenant_id, h.master_id, h.day) IN (SELECT busy_days.tenant_id, busy_days.master_id, busy_days.day FROM busy_days)
         GROUP BY h.tenant_id, h.day),
    rd AS (
        SELECT msg.tenant_id, CAST(msg.sent_at AT TIME ZONE p.time_zone AS date) AS day, count(*) AS sent,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM public.bookings x
                                               WHERE x.tenant_id = msg.tenant_id AND x.id = msg.booking_id
                                                 AND x.client_confirmed_at IS NOT NULL)) AS confirmed
          FROM public.messages msg
          JOIN p ON p.tenant_id = msg.tenant_id
         WHERE msg.tenant_id = ANY (readable) AND msg.kind = 'reminder' AND msg.state = 'sent'
           AND msg.sent_at >= p.from_at AND msg.sent_at < p.to_at
         GROUP BY 1, 2)
    SELECT d.tenant_id, d.day,
           CAST(coalesce(bd.bookings, 0) AS integer), CAST(coalesce(bd.cancelled, 0) AS integer),
           CAST(coalesce(lc.late_cancelled, 0) AS integer), CAST(coalesce(bd.no_shows, 0) AS integer),
           CAST(coalesce(bd.solo_visits, 0) + coalesce(vd.visits, 0) AS integer), CAST(coalesce(bd.online, 0) AS integer),
           CAST(coalesce(bd.waitlist, 0) AS integer), CAST(coalesce(bd.desk, 0) AS integer),
           CAST(coalesce(md.services, 0) AS bigint), CAST(coalesce(md.products, 0) AS bigint),
           CAST(coalesce(md.tips, 0) AS bigint), CAST(coalesce(md.other, 0) AS bigint),
           CAST(coalesce(td.sales, 0) AS integer), CAST(coalesce(td.ticket, 0) AS bigint),
           CAST(coalesce(bd.busy, 0) AS integer), coalesce(wd.working, 0),
           CAST(coalesce(rd.sent, 0) AS integer), CAST(coalesce(rd.confirmed, 0) AS integer)
      FROM days d
      LEFT JOIN bd ON bd.tenant_id = d.tenant_id AND bd.day = d.day
      LEFT JOIN lc ON lc.tenant_id = d.tenant_id AND lc.day = d.day
      LEFT JOIN vd ON vd.tenant_id = d.tenant_id AND vd.day = d.day
      LEFT JOIN md ON md.tenant_id = d.tenant_id AND md.day = d.day
      LEFT JOIN td ON td.tenant_id = d.tenant_id AND td.day = d.day
      LEFT JOIN wd ON wd.tenant_id = d.tenant_id AND wd.day = d.day
      LEFT JOIN rd ON rd.tenant_id = d.tenant_id AND rd.day = d.day
     ORDER BY d.tenant_id, d.day;
END $f$;

-- ---- the clients (migration 58's report_clients over many salons) ----
CREATE FUNCTION report_clients_of(salons bigint[], first_day date, last_day date)
RETURNS TABLE (salon_id bigint, clients integer, new_clients integer, returning_clients integer, visits integer,
               rebooked_visits integer, rebook_weeks integer)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
SET work_mem = '64MB'
AS $f$
DECLARE
    readable bigint[];
    most_weeks integer;   -- the longest rebooking window of the salons: the client days' index range
BEGIN
    SELECT array_agg(q.tenant_id), max(q.rebook_weeks) INTO readable, most_weeks
      FROM public.report_periods_of(salons, first_day, last_day) q;
    IF readable IS NULL THEN
        RETURN;
    END IF;
    RETURN QUERY
    WITH p AS MATERIALIZED (
        SELECT q.tenant_id, q.rebook_weeks FROM public.report_periods_of(readable, first_day, last_day) q),
    cd AS (
        SELECT x.tenant_id, x.client_id, x.day, p.rebook_weeks AS weeks,
               CASE WHEN x.day <= last_day
                    THEN coalesce(sum(x.attended) FILTER (WHERE x.visit_id = 0), 0) + count(*) FILTER (WHERE x.visit_id <> 0 AND x.attended > 0)
                    ELSE 0 END AS visits
          FROM public.client_day_counts x
          JOIN p ON p.tenant_id = x.tenant_id
         WHERE x.tenant_id = ANY (readable) AND x.day BETWEEN first_day AND last_day + 7 * most_weeks
           AND x.day <= last_day + 7 * p.rebook_weeks AND x.booked > 0
         GROUP BY x.tenant_id, x.client_id, x.day, p.rebook_weeks),
    pc AS (
        SELECT r.tenant_id, r.client_id, sum(r.visits) AS visits, sum(r.visits) FILTER (WHERE r.rebooked) AS rebooked
          FROM (SELECT cd.tenant_id, cd.client_id, cd.visits,
                       coalesce(lead(cd.day) OVER (PARTITION BY cd.tenant_id, cd.client_id ORDER BY cd.day) <= cd.day + 7 * cd.weeks, false) AS rebooked
                  FROM cd) r
         GROUP BY r.tenant_id, r.client_id),
    cn AS (
        SELECT pc.tenant_id, pc.visits, pc.rebooked,
               pc.visits > 0 AND NOT EXISTS (SELECT 1 FROM public.client_day_counts x
                                              WHERE x.tenant_id = pc.tenant_id AND x.client_id = pc.client_id
                                                AND x.day < first_day AND x.attended > 0) AS is_new
          FROM pc)
    SELECT p.tenant_id,
           CAST(count(*) FILTER (WHERE cn.visits > 0) AS integer),
           CAST(count(*) FILTER (WHERE cn.is_new) AS integer),
           CAST(count(*) FILTER (WHERE cn.visits > 0 AND NOT cn.is_new) AS integer),
           CAST(coalesce(sum(cn.visits), 0) AS integer),
           CAST(coalesce(sum(cn.rebooked), 0) AS integer),
           p.rebook_weeks
      FROM p LEFT JOIN cn ON cn.tenant_id = p.tenant_id
     GROUP BY p.tenant_id, p.rebook_weeks
     ORDER BY p.tenant_id;
END $f$;

-- ---- per master (migration 59's report_masters over many salons) ----
CREATE FUNCTION report_masters_of(salons bigint[], first_day date, last_day date)
RETURNS TABLE (salon_id bigint, master_id bigint, name text, bookings integer, visits integer, no_shows integer, busy_min integer,
               working_min integer, services_minor bigint, tips_minor bigint)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
SET work_mem = '64MB'
AS $f$
DECLARE
    readable bigint[];
    lo timestamptz;
    hi timestamptz;
BEGIN
    SELECT array_agg(q.tenant_id), min(q.from_at), max(q.to_at) INTO readable, lo, hi
      FROM public.report_periods_of(salons, first_day, last_day) q;
    IF readable IS NULL THEN
        RETURN;
    END IF;
    RETURN QUERY
    WITH p AS MATERIALIZED (
        SELECT q.tenant_id, q.from_at, q.to_at, q.time_zone FROM public.report_periods_of(readable, first_day, last_day) q),
    open_days AS MATERIALIZED (
        SELECT p.tenant_id, CAST(g AS date) AS day
          FROM p, generate_series(CAST(first_day AS timestamp), CAST(last_day AS timestamp), interval '1 day') g
         WHERE NOT EXISTS (SELECT 1 FROM public.takings_closed_days k WHERE k.tenant_id = p.tenant_id AND k.day = CAST(g AS date))),
    c AS MATERIALIZED (
        SELECT x.tenant_id, x.master_id, x.day, x.bookings, x.cancelled, x.no_shows, x.solo_visits, x.busy, x.busy_min
          FROM public.booking_day_counts x
         WHERE x.tenant_id = ANY (readable) AND x.day BETWEEN first_day AND last_day
           AND x.bookings + x.cancelled > 0),
    bm AS (
        SELECT c.tenant_id, c.master_id, sum(c.bookings) AS bookings, sum(c.no_shows) AS no_shows, sum(c.busy_min) AS busy
          FROM c GROUP BY c.tenant_id, c.master_id),
    vm AS (
        SELECT c.tenant_id, c.master_id, sum(c.solo_visits) AS visits
          FROM c GROUP BY c.tenant_id, c.master_id
        UNION ALL
        SELECT v.tenant_id, v.master_id, count(*)
          FROM (SELECT DISTINCT x.tenant_id, x.master_id, CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day, x.visit_id
                  FROM public.bookings x
                  JOIN p ON p.tenant_id = x.tenant_id
                 WHERE x.tenant_id = ANY (readable) AND x.visit_id IS NOT NULL AND x.starts_at >= lo AND x.starts_at < hi
                   AND x.starts_at >= p.from_at AND x.starts_at < p.to_at
                   AND x.status IN ('arrived', 'completed')) v
         GROUP BY v.tenant_id, v.master_id),
    money AS (
        SELECT s.tenant_id, l.master_id, l.kind, l.amount_minor AS amount
          FROM public.sales s
          JOIN public.sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
         WHERE s.tenant_id = ANY (readable) AND s.business_day BETWEEN first_day AND last_day
           AND (s.tenant_id, s.business_day) IN (SELECT open_days.tenant_id, open_days.day FROM open_days)
           AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
        UNION ALL
        SELECT r.tenant_id, l.master_id, l.kind, -rl.amount_minor
          FROM public.sale_refunds r
          JOIN public.sale_refund_lines rl ON rl.tenant_id = r.tenant_id AND rl.refund_id = r.id
          JOIN public.sale_lines l ON l.tenant_id = rl.tenant_id AND l.sale_id = rl.sale_id AND l.line_no = rl.line_no
         WHERE r.tenant_id = ANY (readable) AND r.business_day BETWEEN first_day AND last_day
           AND (r.tenant_id, r.business_day) IN (SELECT open_days.tenant_id, open_days.day FROM open_days)
        UNION ALL
        SELECT k.tenant_id, nullif(k.master_id, 0), k.kind, k.sold_minor - k.given_minor
          FROM public.takings_closed_lines k
         WHERE k.tenant_id = ANY (readable) AND k.day BETWEEN first_day AND last_day),
    mm AS (
        SELECT money.tenant_id, money.master_id,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'service'), 0) AS services,
               coalesce(sum(money.amount) FILTER (WHERE money.kind = 'tip'), 0) AS tips
          FROM money WHERE money.master_id IS NOT NULL GROUP BY money.tenant_id, money.master_id),
    busy_days AS (
        SELECT c.tenant_id, c.master_id, c.day FROM c WHERE c.busy > 0),
    ms AS (
        SELECT m.tenant_id, m.id, m.name, m.active FROM public.masters m
         WHERE m.tenant_id = ANY (readable)
           AND (m.active OR (m.tenant_id, m.id) IN (SELECT bm.tenant_id, bm.master_id FROM bm)
                OR (m.tenant_id, m.id) IN (SELECT mm.tenant_id, mm.master_id FROM mm))),
    wm AS (
        SELECT ms.tenant_id, ms.id, CAST(sum(h.seconds) / 60 AS integer) AS working
          FROM public.masters_working_time_of(readable, ARRAY(SELECT ms.id FROM ms), first_day, last_day) h
          JOIN ms ON ms.tenant_id = h.tenant_id AND ms.id = h.master_id
         WHERE ms.active OR (h.tenant_id, h.master_id, h.day) IN (SELECT busy_days.tenant_id, busy_days.master_id, busy_days.day FROM busy_days)
         GROUP BY ms.tenant_id, ms.id),
    vs AS (
        SELECT vm.tenant_id, vm.master_id, sum(vm.visits) AS visits FROM vm GROUP BY vm.tenant_id, vm.master_id)
    SELECT ms.tenant_id, ms.id, ms.name,
           CAST(coalesce(bm.bookings, 0) AS integer), CAST(coalesce(vs.visits, 0) AS integer),
           CAST(coalesce(bm.no_shows, 0) AS integer), CAST(coalesce(bm.busy, 0) AS integer), coalesce(wm.working, 0),
           CAST(coalesce(mm.services, 0) AS bigint), CAST(coalesce(mm.tips, 0) AS bigint)
      FROM ms
      LEFT JOIN bm ON bm.tenant_id = ms.tenant_id AND bm.master_id = ms.id
      LEFT JOIN vs ON vs.tenant_id = ms.tenant_id AND vs.master_id = ms.id
      LEFT JOIN mm ON mm.tenant_id = ms.tenant_id AND mm.master_id = ms.id
      LEFT JOIN wm ON wm.tenant_id = ms.tenant_id AND wm.id = ms.id
     ORDER BY ms.tenant_id, coalesce(mm.services, 0) DESC, coalesce(bm.bookings, 0) DESC, ms.name, ms.id;
END $f$;

-- ---- per service (migration 50's report_services over many salons) ----
CREATE FUNCTION report_services_of(salons bigint[], first_day date, last_day date)
RETURNS TABLE (salon_id bigint, service_id bigint, name text, bookings integer, services_minor bigint)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
AS $f$
DECLARE
    readable bigint[];
    lo timestamptz;
    hi timestamptz;
BEGIN
    SELECT array_agg(q.tenant_id), min(q.from_at), max(q.to_at) INTO readable, lo, hi
      FROM public.report_periods_of(salons, first_day, last_day) q;
    IF readable IS NULL THEN
        RETURN;
    END IF;
    RETURN QUERY
    WITH p AS MATERIALIZED (
        SELECT q.tenant_id, q.from_at, q.to_at FROM public.report_periods_of(readable, first_day, last_day) q),
    open_days AS MATERIALIZED (
        SELECT p.tenant_id, CAST(g AS date) AS day
          FROM p, generate_series(CAST(first_day AS timestamp), CAST(last_day AS timestamp), interval '1 day') g
         WHERE NOT EXISTS (SELECT 1 FROM public.takings_closed_days k WHERE k.tenant_id = p.tenant_id AND k.day = CAST(g AS date))),
    bs AS (
        SELECT x.tenant_id, x.service_id, count(*) AS bookings
          FROM public.bookings x
          JOIN p ON p.tenant_id = x.tenant_id
         WHERE x.tenant_id = ANY (readable) AND x.starts_at >= lo AND x.starts_at < hi
           AND x.starts_at >= p.from_at AND x.starts_at < p.to_at AND x.status <> 'cancelled'
         GROUP BY x.tenant_id, x.service_id),
    lines AS (
        SELECT s.tenant_id, public.report_line_service(l.tenant_id, l.service_id, l.booking_id) AS service_id, l.amount_minor AS amount
          FROM public.sales s
          JOIN public.sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
         WHERE s.tenant_id = ANY (readable) AND s.business_day BETWEEN first_day AND last_day
           AND (s.tenant_id, s.business_day) IN (SELECT open_days.tenant_id, open_days.day FROM open_days) AND l.kind = 'service'
           AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
        UNION ALL
        SELECT r.tenant_id, public.report_line_service(l.tenant_id, l.service_id, l.booking_id), -rl.amount_minor
          FROM public.sale_refunds r
          JOIN public.sale_refund_lines rl ON rl.tenant_id = r.tenant_id AND rl.refund_id = r.id
          JOIN public.sale_lines l ON l.tenant_id = rl.tenant_id AND l.sale_id = rl.sale_id AND l.line_no = rl.line_no
         WHERE r.tenant_id = ANY (readable) AND r.business_day BETWEEN first_day AND last_day
           AND (r.tenant_id, r.business_day) IN (SELECT open_days.tenant_id, open_days.day FROM open_days) AND l.kind = 'service'
        UNION ALL
        SELECT k.tenant_id, k.service_id, k.sold_minor - k.given_minor
          FROM public.report_closed_services k
         WHERE k.tenant_id = ANY (readable) AND k.day BETWEEN first_day AND last_day),
    sm AS (
        SELECT lines.tenant_id, nullif(lines.service_id, 0) AS service_id, sum(lines.amount) AS amount
          FROM lines GROUP BY lines.tenant_id, nullif(lines.service_id, 0)),
    ks AS (
        SELECT bs.tenant_id, bs.service_id FROM bs UNION SELECT sm.tenant_id, sm.service_id FROM sm)
    SELECT ks.tenant_id, ks.service_id, coalesce(sv.name, ''), CAST(coalesce(bs.bookings, 0) AS integer),
           CAST(coalesce(sm.amount, 0) AS bigint)
      FROM ks
      LEFT JOIN public.services sv ON sv.tenant_id = ks.tenant_id AND sv.id = ks.service_id
      LEFT JOIN bs ON bs.tenant_id = ks.tenant_id AND bs.service_id IS NOT DISTINCT FROM ks.service_id
      LEFT JOIN sm ON sm.tenant_id = ks.tenant_id AND sm.service_id IS NOT DISTINCT FROM ks.service_id
     ORDER BY ks.tenant_id, coalesce(sm.amount, 0) DESC, coalesce(bs.bookings, 0) DESC, coalesce(sv.name, ''), ks.service_id;
END $f$;

REVOKE ALL ON FUNCTION report_periods_of(bigint[], date, date), masters_working_time_of(bigint[], bigint[], date, date),
    report_days_of(bigint[], date, date), report_clients_of(bigint[], date, date), report_masters_of(bigint[], date, date),
    report_services_of(bigint[], date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION report_periods_of(bigint[], date, date), masters_working_time_of(bigint[], bigint[], date, date),
    report_days_of(bigint[], date, date), report_clients_of(bigint[], date, date), report_masters_of(bigint[], date, date),
    report_services_of(bigint[], date, date)
    TO salondesk_admin, salondesk_manager, salondesk_chain_manager;
