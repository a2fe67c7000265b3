-- SalonDesk schema, part 50 (issue 35): a manager's figures, each defined once, here (ADR 35).
--
-- Every figure of the Reports window, the `report` command and the chain's view is a column of one of
-- the functions below; README "Reports" says each in a sentence, and ReportFiguresRandomizedTest computes
-- each again in plain Java over the raw rows. They are SECURITY INVOKER (PostgreSQL's default, written
-- out): a login sees the figures of the rows row-level security lets it read, and nothing else.
-- Plain indexed queries over the rows, not summary tables nor materialized views (ADR 35 has the
-- measurements): a figure is right to the booking written a second ago. Money comes from the sales as
-- checkout wrote them (migration 35), a closed day's from what its closing kept (migration 36), which
-- add up to the same.
--
-- A period is the salon's local days first_day..last_day: from first_day's midnight to the midnight
-- after last_day in the salon's time zone, so a day of a clock change is 23 or 25 hours long.
--
-- What the figures need and did not have:
--   * when a booking was cancelled (a late cancellation is one made less than late_cancel_hours before its
--     start): booking_cancellations, one row per cancelled booking, kept by a trigger whoever cancels;
--     the booking's own row and its history are not touched (earlier cancellations are read back from
--     the history, once, below);
--   * the salon's two report settings (rebook_weeks, late_cancel_hours): report_settings, defaults when
--     the salon has no row;
--   * an index of a salon's bookings by start (the calendar's is by master first).

-- ---- the settings ------------------------------------------------------------------------------------------
CREATE TABLE report_settings (
    tenant_id          bigint      NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    -- a visit counts as rebooked when its client has a booking on a later day within this many weeks
    rebook_weeks       integer     NOT NULL DEFAULT 6 CHECK (rebook_weeks BETWEEN 1 AND 52),
    -- a cancellation this close to the start (or later) is a late one
    late_cancel_hours  integer     NOT NULL DEFAULT 24 CHECK (late_cancel_hours BETWEEN 0 AND 336),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    updated_by         text        NOT NULL DEFAULT session_user,
    PRIMARY KEY (tenant_id)
);

CREATE FUNCTION report_settings_touch() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
    NEW.updated_at := now();
    NEW.updated_by := session_user;
    RETURN NEW;
END $$;
CREATE TRIGGER report_settings_touch BEFORE INSERT OR UPDATE ON report_settings
    FOR EACH ROW EXECUTE FUNCTION report_settings_touch();

ALTER TABLE report_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON report_settings USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
GRANT SELECT ON report_settings TO salondesk_receptionist, salondesk_admin, salondesk_manager;
GRANT INSERT (tenant_id, rebook_weeks, late_cancel_hours), UPDATE (rebook_weeks, late_cancel_hours)
    ON report_settings TO salondesk_admin;

-- ---- when a booking was cancelled ---------------------------------------------------------------------------
CREATE TABLE booking_cancellations (
    tenant_id     bigint      NOT NULL,
    booking_id    bigint      NOT NULL,
    cancelled_at  timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, booking_id),
    FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id) ON DELETE CASCADE
);

-- Kept by the database whoever cancels (the engine, a link, psql): the last time the booking became
-- cancelled; a booking reopened loses its row. A definer function: nobody else writes the table.
CREATE FUNCTION bookings_keep_cancellation() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NEW.status = 'cancelled' AND (TG_OP = 'INSERT' OR OLD.status <> 'cancelled') THEN
        INSERT INTO public.booking_cancellations (tenant_id, booking_id, cancelled_at)
        VALUES (NEW.tenant_id, NEW.id, now())
        ON CONFLICT (tenant_id, booking_id) DO UPDATE SET cancelled_at = EXCLUDED.cancelled_at;
    ELSIF TG_OP = 'UPDATE' AND OLD.status = 'cancelled' AND NEW.status <> 'cancelled' THEN
        DELETE FROM public.booking_cancellations c WHERE c.tenant_id = NEW.tenant_id AND c.booking_id = NEW.id;
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION bookings_keep_cancellation() FROM PUBLIC;
CREATE TRIGGER bookings_keep_cancellation AFTER INSERT OR UPDATE OF status ON bookings
    FOR EACH ROW EXECUTE FUNCTION bookings_keep_cancellation();

-- the cancellations made before this migration, from the history: the last change to 'cancelled'
INSERT INTO booking_cancellations (tenant_id, booking_id, cancelled_at)
SELECT b.tenant_id, b.id, coalesce(h.changed_at, b.updated_at)
  FROM bookings b
  LEFT JOIN LATERAL (SELECT x.changed_at FROM booking_history x
                      WHERE x.tenant_id = b.tenant_id AND x.booking_id = b.id
                        AND x.changes -> 'status' ->> 1 = 'cancelled'
                      ORDER BY x.changed_at DESC LIMIT 1) h ON true
 WHERE b.status = 'cancelled';

ALTER TABLE booking_cancellations ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON booking_cancellations USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
GRANT SELECT ON booking_cancellations TO salondesk_receptionist, salondesk_admin, salondesk_manager;

CREATE INDEX bookings_by_start ON bookings (tenant_id, starts_at);

-- ---- a closed day's services ----------------------------------------------------------------------------------
-- What a closed day's service lines took per service, kept by its closing as migration 36 keeps its takings per
-- master and kind (a closed day cannot change): report_services reads these for closed days and the sales' rows for
-- the days left open. service_id 0: lines of no service of their own nor of their booking's.
CREATE TABLE report_closed_services (
    tenant_id    bigint NOT NULL,
    day          date   NOT NULL,
    service_id   bigint NOT NULL,
    sold_minor   bigint NOT NULL,
    given_minor  bigint NOT NULL,   -- refunded on this day (positive)
    PRIMARY KEY (tenant_id, day, service_id),
    FOREIGN KEY (tenant_id, day) REFERENCES till_closings (tenant_id, day)
);

-- The service of a sale line: its own, else its booking's (0: none).
CREATE FUNCTION report_line_service(tenant bigint, line_service bigint, line_booking bigint) RETURNS bigint
LANGUAGE sql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
AS $$
    SELECT coalesce(line_service, (SELECT x.service_id FROM public.bookings x WHERE x.tenant_id = tenant AND x.id = line_booking), 0)
$$;

CREATE FUNCTION till_closings_keep_services() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    INSERT INTO public.report_closed_services (tenant_id, day, service_id, sold_minor, given_minor)
    SELECT NEW.tenant_id, NEW.day, m.service, sum(m.sold), sum(m.given)
      FROM (SELECT public.report_line_service(l.tenant_id, l.service_id, l.booking_id) AS service, l.amount_minor AS sold, 0::bigint AS given
              FROM public.sales s
              JOIN public.sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
             WHERE s.tenant_id = NEW.tenant_id AND s.business_day = NEW.day AND l.kind = 'service'
               AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
            UNION ALL
            SELECT public.report_line_service(l.tenant_id, l.service_id, l.booking_id), 0, rl.amount_minor
              FROM public.sale_refunds r
              JOIN public.sale_refund_lines rl ON rl.tenant_id = r.tenant_id AND rl.refund_id = r.id
              JOIN public.sale_lines l ON l.tenant_id = rl.tenant_id AND l.sale_id = rl.sale_id AND l.line_no = rl.line_no
             WHERE r.tenant_id = NEW.tenant_id AND r.business_day = NEW.day AND l.kind = 'service') m
     GROUP BY m.service;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION till_closings_keep_services() FROM PUBLIC;
CREATE TRIGGER till_closings_keep_services AFTER INSERT ON till_closings FOR EACH ROW EXECUTE FUNCTION till_closings_keep_services();

-- the days closed before this migration
INSERT INTO report_closed_services (tenant_id, day, service_id, sold_minor, given_minor)
SELECT c.tenant_id, c.day, m.service, sum(m.sold), sum(m.given)
  FROM till_closings c
  CROSS JOIN LATERAL (
        SELECT report_line_service(l.tenant_id, l.service_id, l.booking_id) AS service, l.amount_minor AS sold, 0::bigint AS given
          FROM sales s JOIN sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
         WHERE s.tenant_id = c.tenant_id AND s.business_day = c.day AND l.kind = 'service'
           AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
        UNION ALL
        SELECT report_line_service(l.tenant_id, l.service_id, l.booking_id), 0, rl.amount_minor
          FROM sale_refunds r
          JOIN sale_refund_lines rl ON rl.tenant_id = r.tenant_id AND rl.refund_id = r.id
          JOIN sale_lines l ON l.tenant_id = rl.tenant_id AND l.sale_id = rl.sale_id AND l.line_no = rl.line_no
         WHERE r.tenant_id = c.tenant_id AND r.business_day = c.day AND l.kind = 'service') m
 GROUP BY c.tenant_id, c.day, m.service;

ALTER TABLE report_closed_services ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_salon ON report_closed_services USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
CREATE TRIGGER report_closed_services_stay BEFORE UPDATE OR DELETE ON report_closed_services
    FOR EACH ROW EXECUTE FUNCTION salondesk_money_rows_stay();
CREATE TRIGGER report_closed_services_stay_whole BEFORE TRUNCATE ON report_closed_services
    FOR EACH STATEMENT EXECUTE FUNCTION salondesk_money_rows_stay();
GRANT SELECT ON report_closed_services TO salondesk_admin, salondesk_manager;

-- ---- the period ------------------------------------------------------------------------------------------------
-- The instants a period of salon days starts and ends at ([from_at, to_at)), and the salon's settings.
CREATE FUNCTION report_period(tenant bigint, first_day date, last_day date,
                              OUT from_at timestamptz, OUT to_at timestamptz, OUT time_zone text, OUT currency text,
                              OUT rebook_weeks integer, OUT late_cancel_hours integer)
LANGUAGE sql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
AS $$
    SELECT CAST(first_day AS timestamp) AT TIME ZONE t.time_zone, CAST(last_day + 1 AS timestamp) AT TIME ZONE t.time_zone,
           t.time_zone, t.currency, coalesce(s.rebook_weeks, 6), coalesce(s.late_cancel_hours, 24)
      FROM public.tenants t
      LEFT JOIN public.report_settings s ON s.tenant_id = t.id
     WHERE t.id = tenant
$$;

-- ---- per day -----------------------------------------------------------------------------------------------------
-- A row per salon day of the period (days with nothing included), every figure that adds up over days:
--   bookings          bookings starting that day that are not cancelled (any other status)
--   cancelled         bookings starting that day that are cancelled
--   late_cancelled    of those, the ones cancelled less than late_cancel_hours before their start (or after it)
--   no_shows          bookings starting that day marked no_show
--   visits            the client's visits that day: her bookings marked arrived or completed, those of one
--                     visit (visit_id) counted once
--   online, waitlist  bookings (as counted above) that came by the online page, by the waitlist
--   desk              the rest of them (the desk's form and drag, the command line, imports, SQL)
--   services_minor, products_minor, tips_minor, other_minor
--                     what the sales of that day that stand (not voided) took on service, product, tip and
--                     cash-rounding lines, after discounts, less what refunds given that day gave back of
--                     such lines (the till's takings, migration 35)
--   sales             sales of that day that stand
--   ticket_minor      what those sales took without tips (the average ticket is ticket_minor ÷ sales)
--   busy_min          booked minutes of bookings starting that day that are pending, confirmed, arrived or
--                     completed (the desk's utilisation chart's numerator)
--   working_min       the working minutes of the salon's active masters and of those with such bookings that
--                     day, by the hours the booking rules read (master_hours)
--   reminders_sent    reminders sent that day
--   reminders_confirmed  of those, the ones whose booking its client has confirmed by her link
CREATE FUNCTION report_days(tenant bigint, first_day date, last_day date)
RETURNS TABLE (day date, bookings integer, cancelled integer, late_cancelled integer, no_shows integer, visits integer,
               online integer, waitlist integer, desk integer,
               services_minor bigint, products_minor bigint, tips_minor bigint, other_minor bigint, sales integer, ticket_minor bigint,
               busy_min integer, working_min integer, reminders_sent integer, reminders_confirmed integer)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
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
    b AS NOT MATERIALIZED (
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
               count(*) FILTER (WHERE b.status <> 'cancelled' AND b.source = 'online') AS online,
               count(*) FILTER (WHERE b.status <> 'cancelled' AND b.source = 'waitlist') AS waitlist,
               count(*) FILTER (WHERE b.status <> 'cancelled' AND b.source NOT IN ('online', 'waitlist')) AS desk,
               coalesce(sum(b.duration_min) FILTER (WHERE b.status IN ('pending', 'confirmed', 'arrived', 'completed')), 0) AS busy
          FROM b GROUP BY b.day),
    -- a visit: its bookings share visit_id (all of one client, migration 18); a booking of none is a visit of its own
    -- (-id: booking ids and visit ids never meet as negative and positive)
    vd AS (
        SELECT v.day, count(*) AS visits
          FROM (SELECT DISTINCT b.day, coalesce(b.visit_id, -b.id) AS visit FROM b WHERE b.status IN ('arrived', 'completed')) v
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
          FROM masters_counted mc, LATERAL public.master_hours(tenant, mc.id, first_day, last_day) h
         WHERE mc.active OR (mc.id, h.day) IN (SELECT busy_days.master_id, busy_days.day FROM busy_days)
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
           CAST(coalesce(vd.visits, 0) AS integer), CAST(coalesce(bd.online, 0) AS integer),
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

-- ---- the clients -------------------------------------------------------------------------------------------------
-- Over the whole period (these do not add up over days):
--   clients            distinct clients with a visit in the period
--   new_clients        of those, the ones with no visit before the period (arrived or completed bookings)
--   returning_clients  the others
--   visits             the visits of the period, as report_days counts them (per day)
--   rebooked_visits    of those, the ones whose client has a booking that is not cancelled starting on a later
--                      salon day, at most rebook_weeks × 7 days after the visit's day
CREATE FUNCTION report_clients(tenant bigint, first_day date, last_day date)
RETURNS TABLE (clients integer, new_clients integer, returning_clients integer, visits integer, rebooked_visits integer,
               rebook_weeks integer)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
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
    WITH v AS (
        SELECT DISTINCT x.client_id, CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day,
               coalesce(x.visit_id, -x.id) AS visit
          FROM public.bookings x
         WHERE x.tenant_id = tenant AND x.starts_at >= p.from_at AND x.starts_at < p.to_at
           AND x.status IN ('arrived', 'completed')),
    c AS (SELECT DISTINCT v.client_id FROM v),
    cn AS (
        SELECT c.client_id, NOT EXISTS (SELECT 1 FROM public.bookings x
                                         WHERE x.tenant_id = tenant AND x.client_id = c.client_id
                                           AND x.starts_at < p.from_at AND x.status IN ('arrived', 'completed')) AS is_new
          FROM c),
    -- each client's days with a booking that is not cancelled, from the period's first day to rebook_weeks after its
    -- last, and the next such day after each: a visit is rebooked when its day's next is within rebook_weeks × 7 days
    booked AS (
        SELECT DISTINCT x.client_id, CAST(x.starts_at AT TIME ZONE p.time_zone AS date) AS day
          FROM public.bookings x
         WHERE x.tenant_id = tenant AND x.status <> 'cancelled' AND x.starts_at >= p.from_at
           AND x.starts_at < CAST(last_day + 1 + 7 * p.rebook_weeks AS timestamp) AT TIME ZONE p.time_zone),
    nxt AS (
        SELECT booked.client_id, booked.day, lead(booked.day) OVER (PARTITION BY booked.client_id ORDER BY booked.day) AS next_day
          FROM booked),
    r AS (
        SELECT v.*, coalesce(nxt.next_day <= v.day + 7 * p.rebook_weeks, false) AS rebooked
          FROM v JOIN nxt ON nxt.client_id = v.client_id AND nxt.day = v.day)
    SELECT CAST((SELECT count(*) FROM cn) AS integer),
           CAST((SELECT count(*) FROM cn WHERE cn.is_new) AS integer),
           CAST((SELECT count(*) FROM cn WHERE NOT cn.is_new) AS integer),
           CAST((SELECT count(*) FROM r) AS integer),
           CAST((SELECT count(*) FROM r WHERE r.rebooked) AS integer),
           p.rebook_weeks;
END $f$;

-- ---- per master --------------------------------------------------------------------------------------------------
-- A row per master who is active or had a booking in the period: report_days' bookings, visits, no_shows,
-- busy_min and working_min for this master alone (utilisation is busy_min ÷ working_min), and what her
-- service lines and her tips took (sold less given back, as report_days).
CREATE FUNCTION report_masters(tenant bigint, first_day date, last_day date)
RETURNS TABLE (master_id bigint, name text, bookings integer, visits integer, no_shows integer, busy_min integer, working_min integer,
               services_minor bigint, tips_minor bigint)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
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
    WITH b AS (
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
    vm AS (
        SELECT v.master_id, count(*) AS visits
          FROM (SELECT DISTINCT b.master_id, b.day, coalesce(b.visit_id, -b.id) AS visit FROM b WHERE b.status IN ('arrived', 'completed')) v
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
          FROM ms, LATERAL public.master_hours(tenant, ms.id, first_day, last_day) h
         WHERE ms.active OR (ms.id, h.day) IN (SELECT busy_days.master_id, busy_days.day FROM busy_days)
         GROUP BY ms.id)
    SELECT ms.id, ms.name,
           CAST(coalesce(bm.bookings, 0) AS integer), CAST(coalesce(vm.visits, 0) AS integer),
           CAST(coalesce(bm.no_shows, 0) AS integer), CAST(coalesce(bm.busy, 0) AS integer), coalesce(wm.working, 0),
           CAST(coalesce(mm.services, 0) AS bigint), CAST(coalesce(mm.tips, 0) AS bigint)
      FROM ms
      LEFT JOIN bm ON bm.master_id = ms.id
      LEFT JOIN vm ON vm.master_id = ms.id
      LEFT JOIN mm ON mm.master_id = ms.id
      LEFT JOIN wm ON wm.id = ms.id
     ORDER BY coalesce(mm.services, 0) DESC, coalesce(bm.bookings, 0) DESC, ms.name, ms.id;
END $f$;

-- ---- per service ---------------------------------------------------------------------------------------------------
-- A row per service with bookings or sold lines in the period (service_id NULL: custom bookings and service
-- lines of none): bookings as report_days counts them, and what service lines of it took (a line's service is
-- its own, else its booking's), sold less given back as report_days. The rows add up to report_days' bookings
-- and services_minor.
CREATE FUNCTION report_services(tenant bigint, first_day date, last_day date)
RETURNS TABLE (service_id bigint, name text, bookings integer, services_minor bigint)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
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
    WITH bs AS (
        SELECT x.service_id, count(*) AS bookings
          FROM public.bookings x
         WHERE x.tenant_id = tenant AND x.starts_at >= p.from_at AND x.starts_at < p.to_at AND x.status <> 'cancelled'
         GROUP BY x.service_id),
    lines AS (
        SELECT report_line_service(l.tenant_id, l.service_id, l.booking_id) AS service_id, l.amount_minor AS amount
          FROM public.sales s
          JOIN public.sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
         WHERE s.tenant_id = tenant AND s.business_day = ANY (open_days) AND l.kind = 'service'
           AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
        UNION ALL
        SELECT report_line_service(l.tenant_id, l.service_id, l.booking_id), -rl.amount_minor
          FROM public.sale_refunds r
          JOIN public.sale_refund_lines rl ON rl.tenant_id = r.tenant_id AND rl.refund_id = r.id
          JOIN public.sale_lines l ON l.tenant_id = rl.tenant_id AND l.sale_id = rl.sale_id AND l.line_no = rl.line_no
         WHERE r.tenant_id = tenant AND r.business_day = ANY (open_days) AND l.kind = 'service'
        UNION ALL
        SELECT k.service_id, k.sold_minor - k.given_minor
          FROM public.report_closed_services k
         WHERE k.tenant_id = tenant AND k.day BETWEEN first_day AND last_day),
    sm AS (SELECT nullif(lines.service_id, 0) AS service_id, sum(lines.amount) AS amount FROM lines GROUP BY 1),
    ids AS (SELECT bs.service_id FROM bs UNION SELECT sm.service_id FROM sm)
    SELECT ids.service_id, coalesce(sv.name, ''), CAST(coalesce(bs.bookings, 0) AS integer), CAST(coalesce(sm.amount, 0) AS bigint)
      FROM ids
      LEFT JOIN public.services sv ON sv.tenant_id = tenant AND sv.id = ids.service_id
      LEFT JOIN bs ON bs.service_id IS NOT DISTINCT FROM ids.service_id
      LEFT JOIN sm ON sm.service_id IS NOT DISTINCT FROM ids.service_id
     ORDER BY coalesce(sm.amount, 0) DESC, coalesce(bs.bookings, 0) DESC, coalesce(sv.name, ''), ids.service_id;
END $f$;

GRANT EXECUTE ON FUNCTION report_period(bigint, date, date), report_days(bigint, date, date), report_clients(bigint, date, date),
    report_masters(bigint, date, date), report_services(bigint, date, date)
    TO salondesk_admin, salondesk_manager;
REVOKE ALL ON FUNCTION report_period(bigint, date, date), report_days(bigint, date, date), report_clients(bigint, date, date),
    report_masters(bigint, date, date), report_services(bigint, date, date) FROM PUBLIC;

-- ---- the rows behind a figure -----------------------------------------------------------------------------------------
-- The period's bookings with what each counts as in report_days (a drill-down lists these; ReportFiguresRandomizedTest
-- checks that they count to the figures): counted (a booking: not cancelled), cancelled, late_cancelled, no_show,
-- attended (arrived or completed: part of a visit), road ('online', 'waitlist' or 'desk').
CREATE FUNCTION report_booking_rows(tenant bigint, first_day date, last_day date)
RETURNS TABLE (booking_id bigint, day date, counted boolean, cancelled boolean, late_cancelled boolean, no_show boolean,
               attended boolean, road text)
LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
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
    SELECT x.id, CAST(x.starts_at AT TIME ZONE p.time_zone AS date), x.status <> 'cancelled', x.status = 'cancelled',
           x.status = 'cancelled' AND EXISTS (
               SELECT 1 FROM public.booking_cancellations c
                WHERE c.tenant_id = tenant AND c.booking_id = x.id
                  AND c.cancelled_at > x.starts_at - make_interval(hours => p.late_cancel_hours)),
           x.status = 'no_show', x.status IN ('arrived', 'completed'),
           CASE WHEN x.source IN ('online', 'waitlist') THEN x.source ELSE 'desk' END
      FROM public.bookings x
     WHERE x.tenant_id = tenant AND x.starts_at >= p.from_at AND x.starts_at < p.to_at
     ORDER BY x.starts_at, x.id;
END $f$;

-- The period's sales that stand (by their salon day), behind the revenue figures; refunds are listed apart.
CREATE FUNCTION report_sale_rows(tenant bigint, first_day date, last_day date)
RETURNS TABLE (sale_id bigint, day date, sold_at timestamptz, total_minor bigint, tips_minor bigint)
LANGUAGE sql STABLE SECURITY INVOKER
SET search_path = public, pg_temp
AS $$
    SELECT s.id, s.business_day, s.sold_at, s.total_minor,
           coalesce((SELECT sum(l.amount_minor) FROM public.sale_lines l
                      WHERE l.tenant_id = s.tenant_id AND l.sale_id = s.id AND l.kind = 'tip'), 0)::bigint
      FROM public.sales s
     WHERE s.tenant_id = tenant AND s.business_day BETWEEN first_day AND last_day
       AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
     ORDER BY s.sold_at, s.id
$$;

REVOKE ALL ON FUNCTION report_booking_rows(bigint, date, date), report_sale_rows(bigint, date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION report_booking_rows(bigint, date, date), report_sale_rows(bigint, date, date)
    TO salondesk_admin, salondesk_manager;
