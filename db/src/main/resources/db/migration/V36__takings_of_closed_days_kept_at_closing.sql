-- SalonDesk schema, part 36 (issue 34): a closed day's takings kept when it closes.
--
-- A year's takings read from the sales' own rows took seconds (BENCHMARKS.md, figure 9: 150 000 sales
-- of a 30-master salon), and the issue asks ≤ 100 ms. A closed day can no longer change — it takes no
-- sale, refund, void or cash movement (migration 35) — so what it took can be added up once, when it
-- closes, in the closing's own transaction (under the till day's lock that keeps its sales out):
--   * takings_closed_lines: per master (0: none) and kind of line, what the day's sales that stand
--     sold (after discounts), their discounts and commission, and what the day's refunds gave back of
--     such lines and of their commission;
--   * takings_closed_methods: per payment method, what the day's sales that stand were paid and what
--     the day's refunds gave back;
--   * takings_closed_days: how many sales of the day stand.
-- Written only by the closing's trigger; nobody writes or changes them (the money rows' trigger of
-- migration 35 refuses it, the demo salon's removal excepted). A period's takings read these for its
-- closed days and the sales' rows for the days left open, and add up to the same (TakingsTest).
-- Row-level security from the start; a line's commission is the pay report's (admins, managers).

CREATE TABLE takings_closed_days (
    tenant_id  bigint  NOT NULL,
    day        date    NOT NULL,
    sales      integer NOT NULL,
    PRIMARY KEY (tenant_id, day),
    FOREIGN KEY (tenant_id, day) REFERENCES till_closings (tenant_id, day)
);

CREATE TABLE takings_closed_lines (
    tenant_id              bigint NOT NULL,
    day                    date   NOT NULL,
    master_id              bigint NOT NULL,   -- 0: no master (a product nobody sold in particular, the cash rounding)
    kind                   text   NOT NULL,
    sold_minor             bigint NOT NULL,
    discount_minor         bigint NOT NULL,
    commission_minor       bigint NOT NULL,
    given_minor            bigint NOT NULL,   -- refunded on this day (positive)
    given_commission_minor bigint NOT NULL,   -- the commission those refunds gave back (negative or 0)
    PRIMARY KEY (tenant_id, day, master_id, kind),
    FOREIGN KEY (tenant_id, day) REFERENCES till_closings (tenant_id, day)
);

CREATE TABLE takings_closed_methods (
    tenant_id       bigint NOT NULL,
    day             date   NOT NULL,
    method          text   NOT NULL,
    paid_minor      bigint NOT NULL,
    refunded_minor  bigint NOT NULL,
    PRIMARY KEY (tenant_id, day, method),
    FOREIGN KEY (tenant_id, day) REFERENCES till_closings (tenant_id, day)
);

CREATE FUNCTION till_closings_keep_takings() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    INSERT INTO public.takings_closed_days (tenant_id, day, sales)
    SELECT NEW.tenant_id, NEW.day, count(*)
      FROM public.sales s
     WHERE s.tenant_id = NEW.tenant_id AND s.business_day = NEW.day
       AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id);

    INSERT INTO public.takings_closed_lines (tenant_id, day, master_id, kind, sold_minor, discount_minor, commission_minor, given_minor,
                                             given_commission_minor)
    SELECT NEW.tenant_id, NEW.day, m.master, m.kind, sum(m.sold), sum(m.discount), sum(m.commission), sum(m.given), sum(m.given_commission)
      FROM (SELECT coalesce(l.master_id, 0) AS master, l.kind, l.amount_minor AS sold, l.discount_minor + l.share_minor AS discount,
                   l.commission_minor AS commission, 0::bigint AS given, 0::bigint AS given_commission
              FROM public.sales s
              JOIN public.sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
             WHERE s.tenant_id = NEW.tenant_id AND s.business_day = NEW.day
               AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
            UNION ALL
            SELECT coalesce(l.master_id, 0), l.kind, 0, 0, 0, rl.amount_minor, rl.commission_minor
              FROM public.sale_refunds r
              JOIN public.sale_refund_lines rl ON rl.tenant_id = r.tenant_id AND rl.refund_id = r.id
              JOIN public.sale_lines l ON l.tenant_id = rl.tenant_id AND l.sale_id = rl.sale_id AND l.line_no = rl.line_no
             WHERE r.tenant_id = NEW.tenant_id AND r.business_day = NEW.day) m
     GROUP BY m.master, m.kind;

    INSERT INTO public.takings_closed_methods (tenant_id, day, method, paid_minor, refunded_minor)
    SELECT NEW.tenant_id, NEW.day, x.method, sum(x.paid), sum(x.refunded)
      FROM (SELECT p.method, p.amount_minor AS paid, 0::bigint AS refunded
              FROM public.sales s
              JOIN public.sale_payments p ON p.tenant_id = s.tenant_id AND p.sale_id = s.id
             WHERE s.tenant_id = NEW.tenant_id AND s.business_day = NEW.day
               AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)
            UNION ALL
            SELECT r.method, 0, r.amount_minor
              FROM public.sale_refunds r
             WHERE r.tenant_id = NEW.tenant_id AND r.business_day = NEW.day) x
     GROUP BY x.method;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION till_closings_keep_takings() FROM PUBLIC;
CREATE TRIGGER till_closings_keep_takings AFTER INSERT ON till_closings FOR EACH ROW EXECUTE FUNCTION till_closings_keep_takings();

DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['takings_closed_days', 'takings_closed_lines', 'takings_closed_methods'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY own_salon ON %I USING (tenant_id = (SELECT salondesk_current_tenant())) '
                       'WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()))', t);
        EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION salondesk_money_rows_stay()',
                       t || '_stay', t);
        EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION salondesk_money_rows_stay()',
                       t || '_stay_whole', t);
    END LOOP;
END $$;

GRANT SELECT ON takings_closed_days, takings_closed_methods, takings_closed_lines TO salondesk_admin, salondesk_manager;
GRANT SELECT ON takings_closed_days, takings_closed_methods TO salondesk_receptionist;
GRANT SELECT (tenant_id, day, master_id, kind, sold_minor, discount_minor, given_minor) ON takings_closed_lines TO salondesk_receptionist;
