-- SalonDesk schema, part 35 (issue 34): checkout and the day's takings — what a client pays, how,
-- the master's share, and a day that closes to the last hryvnia (ADR 34).
--
-- Money is an integer of the currency's minor unit (kopiyky, cents; yen have none, dinars three),
-- with the salon's currency beside it, never a float. What PostgreSQL guarantees, whoever writes
-- (a desk, the command line, psql as any login, the owner):
--   * a sale is written whole in one transaction — the sale, its lines, its payments — and is
--     closed when that transaction commits: no line or payment can be added to it later, and no
--     row of it can ever be updated or deleted (a trigger refuses, the owner too). A correction
--     is a row of its own: a refund (an amount back, split over the sale's lines, with a reason)
--     or a void (the sale as if it had not been, the same day only), both an admin's;
--   * at COMMIT (deferred constraint triggers, which SET CONSTRAINTS can only make earlier): the
--     lines add up to the sale's total, the payments add up to it too, a discount on the whole is
--     split over the lines in proportion to them (each line's share within one minor unit of its
--     exact part), a percentage is the amount it says rounded half up, cash is paid in coins that
--     exist (the currency's cash step) and the difference is one rounding line, rounded half up;
--   * one sale per booking: a sale line naming a booking claims it (sale_bookings, whose primary
--     key is the booking) and completes it; a second desk's sale of the same booking is refused
--     (23505), a cancelled booking cannot be paid for, and a paid booking cannot be cancelled,
--     moved or reopened (55000, booking_paid) until its sale is voided;
--   * the list price of a line is the database's (the master's own price for the service, else the
--     service's; the product's), a price that differs needs a reason, and a price below the list is
--     an admin's right (42501); a line's commission is the database's too, from the master's rate
--     in force when it was sold (a snapshot: changing a rate never changes a past pay report);
--   * the till: a day is the salon's local day (its time zone, daylight saving included); it opens
--     with a float, cash goes in and out with a reason, and closing it counts the cash: the database
--     computes what was expected, records the difference, and lets only an admin close with one.
--     A closed day takes no sale, refund, void or cash movement any more; closing waits for the
--     sales in flight of that day, and a sale waits for a closing in flight (a row lock);
--   * products and stock: stock changes only by rows of a ledger (deliveries, adjustments with a
--     reason — an admin's —, sales, voids) and never goes below zero, so the last item sold twice at
--     once is sold once; the other sale is refused whole (23514, products_stock_not_negative).
-- Who may (grants, column by column, no DELETE for anyone): receptionists and admins check out and
-- take payments, move cash and close a day that balances; admins also refund, void, close with a
-- difference, price below the list, set products and commission rates; managers read everything
-- but commission rates' setting; receptionists read no commission. The online login, the relay and
-- any other road have no right on any of it. Row-level security on every table from the start.
-- Every function has SET search_path = public, pg_temp or a body bound when it was made; definer
-- functions check the caller with session_user and are revoked from PUBLIC.

-- ---- money: minor units, percentages, cash steps ------------------------------------------------------
-- The digits of a currency's minor unit (ISO 4217's exponent, as java.util.Currency has it):
-- CurrencyDigitsTest compares every currency Java knows.
CREATE FUNCTION money_minor_digits(currency text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN currency IN ('BIF', 'BYR', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND',
                      'VUV', 'XAF', 'XOF', 'XPF', 'ADP', 'ESP', 'GRD', 'ITL', 'LUF', 'MGF', 'PTE', 'TPE', 'TRL', 'BEF',
                      'XEU', 'ROL', 'BYB') THEN 0
    WHEN currency IN ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 3
    WHEN currency IN ('CLF', 'UYW') THEN 4
    ELSE 2
END;

-- The smallest amount cash can be paid in, in minor units: the smallest coin in circulation where
-- the law or the banks round cash payments (ADR 34). 1 everywhere else.
CREATE FUNCTION money_cash_step(currency text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE currency
    WHEN 'UAH' THEN 10      -- since 2019 no 1, 2 and 5 kopiyky coins: cash totals to 10 kopiyky
    WHEN 'CHF' THEN 5       -- 5 Rappen
    WHEN 'CAD' THEN 5       -- no cent since 2013
    WHEN 'AUD' THEN 5
    WHEN 'NZD' THEN 10
    WHEN 'DKK' THEN 50
    WHEN 'SEK' THEN 100
    WHEN 'NOK' THEN 100
    WHEN 'CZK' THEN 100
    WHEN 'HUF' THEN 500     -- 5 forint
    ELSE 1
END;

-- A price written as numeric(10,2) (services, a master's own price) in minor units: half up.
CREATE FUNCTION money_to_minor(amount numeric, currency text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CAST(round(amount * (10::numeric ^ money_minor_digits(currency))) AS bigint);

-- `pct` percent of `base` minor units, half up (base is never negative).
CREATE FUNCTION money_percent(base bigint, pct numeric) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CAST(round(base * pct / 100) AS bigint);

-- `amount` rounded half up to a multiple of `step` (cash).
CREATE FUNCTION money_round_to(amount bigint, step integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CAST(round(amount::numeric / step) * step AS bigint);

-- The salon's local day of an instant.
CREATE FUNCTION salon_day(tenant bigint, instant timestamptz) RETURNS date
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT CAST(instant AT TIME ZONE t.time_zone AS date) FROM public.tenants t WHERE t.id = tenant
$$;

-- A definer trigger refuses a row of another salon before it reads or locks anything of that salon
-- (row-level security would refuse the row too, but only after the trigger ran).
CREATE FUNCTION salondesk_require_own_salon(tenant bigint) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF tenant IS NULL OR (tenant IS DISTINCT FROM salondesk_current_tenant() AND NOT salondesk_session_is_owner()) THEN
        RAISE EXCEPTION 'salon % is not the salon of this login', tenant USING ERRCODE = '42501';
    END IF;
END $$;
REVOKE ALL ON FUNCTION salondesk_require_own_salon(bigint) FROM PUBLIC;

-- ---- the road's name in the history ---------------------------------------------------------------------
-- A booking completed by a checkout is recorded as coming by 'checkout'. Wrapped rather than written
-- out again, so that the roads earlier migrations added (other branches' included) stay known.
ALTER FUNCTION salondesk_declared_source() RENAME TO salondesk_declared_source_before_checkout;
CREATE FUNCTION salondesk_declared_source() RETURNS text
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
AS $$
BEGIN
    IF current_setting('salondesk.source', true) = 'checkout' THEN
        RETURN 'checkout';
    END IF;
    RETURN salondesk_declared_source_before_checkout();
END $$;
DO $$
DECLARE
    t   text;
    def text;
BEGIN
    FOREACH t IN ARRAY ARRAY['bookings', 'booking_history'] LOOP
        SELECT pg_catalog.pg_get_constraintdef(c.oid) INTO def FROM pg_catalog.pg_constraint c
         WHERE c.conrelid = ('public.' || t)::regclass AND c.conname = t || '_known_source';
        EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, t || '_known_source');
        -- def is 'CHECK (<the earlier list>)'
        EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (source = %L OR %s) NOT VALID',
                       t, t || '_known_source', 'checkout', substring(def FROM 7));
        EXECUTE format('ALTER TABLE %I VALIDATE CONSTRAINT %I', t, t || '_known_source');
    END LOOP;
END $$;

-- ---- products and their stock ---------------------------------------------------------------------------
CREATE TABLE products (
    tenant_id    bigint      NOT NULL REFERENCES tenants (id),
    id           bigint      GENERATED BY DEFAULT AS IDENTITY,
    name         text        NOT NULL CHECK (btrim(name) <> '' AND char_length(name) <= 200),
    category     text        NOT NULL DEFAULT '' CHECK (char_length(category) <= 100),
    price_minor  bigint      NOT NULL DEFAULT 0 CHECK (price_minor BETWEEN 0 AND 99999999999),
    -- the sum of the product's stock_moves, kept by their trigger; nobody writes it
    stock        integer     NOT NULL DEFAULT 0,
    low_stock    integer     NOT NULL DEFAULT 0 CHECK (low_stock BETWEEN 0 AND 1000000),
    active       boolean     NOT NULL DEFAULT true,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, name),
    CONSTRAINT products_stock_not_negative CHECK (stock >= 0)
);
CREATE INDEX products_low ON products (tenant_id) WHERE active AND stock <= low_stock;

CREATE FUNCTION products_touch() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        -- stock arrives by deliveries, like every later change of it
        NEW.stock := 0;
        NEW.created_at := now();
    ELSE
        NEW.created_at := OLD.created_at;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER products_touch BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_touch();

-- ---- the till's days --------------------------------------------------------------------------------------
-- A row per salon day with money on it: made by the first sale, cash movement or closing of that day,
-- and the row every one of them locks (sales sharing it, a closing alone).
CREATE TABLE till_days (
    tenant_id  bigint      NOT NULL REFERENCES tenants (id),
    day        date        NOT NULL,
    currency   text        NOT NULL,
    opened_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, day)
);

-- ---- sales --------------------------------------------------------------------------------------------------
CREATE TABLE sales (
    tenant_id        bigint        NOT NULL REFERENCES tenants (id),
    id               bigint        GENERATED BY DEFAULT AS IDENTITY,
    -- made when the checkout opened: a repeated request finds the sale it made
    request_id       uuid          NOT NULL DEFAULT gen_random_uuid(),
    client_id        bigint,
    -- the salon's currency when sold (the database's)
    currency         text          NOT NULL DEFAULT '',
    total_minor      bigint        NOT NULL CHECK (total_minor BETWEEN 0 AND 999999999999),
    -- a discount on the whole sale, split over its service and product lines (their share_minor)
    discount_minor   bigint        NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
    discount_percent numeric(5,2)  CHECK (discount_percent > 0 AND discount_percent <= 100),
    discount_reason  text          NOT NULL DEFAULT '' CHECK (char_length(discount_reason) <= 200),
    note             text          NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
    -- the database's: the road, when, the salon's day of it, who, and the transaction that wrote it
    source           text          NOT NULL DEFAULT 'sql' CHECK (char_length(source) <= 20),
    sold_at          timestamptz   NOT NULL DEFAULT now(),
    business_day     date          NOT NULL DEFAULT '1900-01-01',
    created_by       text          NOT NULL DEFAULT session_user,
    written_in       bigint        NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, request_id),
    FOREIGN KEY (tenant_id, client_id) REFERENCES clients (tenant_id, id),
    FOREIGN KEY (tenant_id, business_day) REFERENCES till_days (tenant_id, day),
    CHECK (discount_minor = 0 OR btrim(discount_reason) <> ''),
    CHECK (discount_percent IS NULL OR discount_minor > 0)
);
CREATE INDEX sales_by_day ON sales (tenant_id, business_day);
CREATE INDEX sales_by_client ON sales (tenant_id, client_id, sold_at) WHERE client_id IS NOT NULL;

CREATE TABLE sale_lines (
    tenant_id        bigint        NOT NULL,
    sale_id          bigint        NOT NULL,
    line_no          smallint      NOT NULL CHECK (line_no BETWEEN 1 AND 200),
    kind             text          NOT NULL CHECK (kind IN ('service', 'product', 'tip', 'rounding')),
    booking_id       bigint,
    service_id       bigint,
    product_id       bigint,
    -- who did it (a service), who sold it (a product, optional), whose tip
    master_id        bigint,
    description      text          NOT NULL DEFAULT '' CHECK (char_length(description) <= 200),
    quantity         integer       NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 999),
    -- the database's: the price the catalogue asked when sold (NULL where there is none)
    list_price_minor bigint,
    unit_price_minor bigint        NOT NULL CHECK (unit_price_minor BETWEEN -99999999999 AND 99999999999),
    price_reason     text          NOT NULL DEFAULT '' CHECK (char_length(price_reason) <= 200),
    -- the line's own discount
    discount_minor   bigint        NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
    discount_percent numeric(5,2)  CHECK (discount_percent > 0 AND discount_percent <= 100),
    discount_reason  text          NOT NULL DEFAULT '' CHECK (char_length(discount_reason) <= 200),
    -- the line's part of the sale's discount on the whole
    share_minor      bigint        NOT NULL DEFAULT 0 CHECK (share_minor >= 0),
    amount_minor     bigint        NOT NULL,
    -- the database's: the master's commission on this line, by the rate in force when sold
    commission_minor bigint        NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, sale_id, line_no),
    FOREIGN KEY (tenant_id, sale_id) REFERENCES sales (tenant_id, id),
    FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id),
    FOREIGN KEY (tenant_id, service_id) REFERENCES services (tenant_id, id),
    FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id),
    FOREIGN KEY (tenant_id, master_id) REFERENCES masters (tenant_id, id),
    -- what each kind of line carries
    CONSTRAINT sale_lines_service_shape CHECK (kind <> 'service'
        OR (master_id IS NOT NULL AND product_id IS NULL AND (service_id IS NOT NULL OR booking_id IS NOT NULL))),
    CONSTRAINT sale_lines_product_shape CHECK (kind <> 'product'
        OR (product_id IS NOT NULL AND service_id IS NULL AND booking_id IS NULL)),
    CONSTRAINT sale_lines_tip_shape CHECK (kind <> 'tip'
        OR (master_id IS NOT NULL AND service_id IS NULL AND product_id IS NULL AND booking_id IS NULL AND quantity = 1
            AND unit_price_minor > 0 AND discount_minor = 0 AND discount_percent IS NULL AND share_minor = 0)),
    CONSTRAINT sale_lines_rounding_shape CHECK (kind <> 'rounding'
        OR (master_id IS NULL AND service_id IS NULL AND product_id IS NULL AND booking_id IS NULL AND quantity = 1
            AND unit_price_minor <> 0 AND discount_minor = 0 AND discount_percent IS NULL AND share_minor = 0)),
    CHECK (kind = 'rounding' OR unit_price_minor >= 0),
    -- the arithmetic of a line
    CHECK (kind = 'rounding' OR discount_minor <= quantity * unit_price_minor),
    CONSTRAINT sale_lines_percent_rounded CHECK (discount_percent IS NULL
        OR discount_minor = money_percent(quantity * unit_price_minor, discount_percent)),
    CHECK (discount_minor = 0 OR btrim(discount_reason) <> ''),
    CONSTRAINT sale_lines_amount CHECK (amount_minor = quantity * unit_price_minor - discount_minor - share_minor),
    CHECK (kind = 'rounding' OR amount_minor >= 0)
);
CREATE UNIQUE INDEX sale_lines_one_rounding ON sale_lines (tenant_id, sale_id) WHERE kind = 'rounding';
CREATE INDEX sale_lines_by_booking ON sale_lines (tenant_id, booking_id) WHERE booking_id IS NOT NULL;

CREATE TABLE sale_payments (
    tenant_id      bigint   NOT NULL,
    sale_id        bigint   NOT NULL,
    payment_no     smallint NOT NULL CHECK (payment_no BETWEEN 1 AND 20),
    method         text     NOT NULL CHECK (method IN ('cash', 'card', 'transfer', 'other')),
    -- what "other" was (a voucher, a certificate)
    method_note    text     NOT NULL DEFAULT '' CHECK (char_length(method_note) <= 100),
    -- what stays in the salon
    amount_minor   bigint   NOT NULL CHECK (amount_minor BETWEEN 1 AND 999999999999),
    -- cash given; the change is tendered - amount
    tendered_minor bigint   CHECK (tendered_minor <= 999999999999),
    PRIMARY KEY (tenant_id, sale_id, payment_no),
    FOREIGN KEY (tenant_id, sale_id) REFERENCES sales (tenant_id, id),
    CHECK (tendered_minor IS NULL OR (method = 'cash' AND tendered_minor >= amount_minor))
);

-- Which sale paid for a booking: one at most (the primary key), made and let go only by triggers.
CREATE TABLE sale_bookings (
    tenant_id   bigint NOT NULL,
    booking_id  bigint NOT NULL,
    sale_id     bigint NOT NULL,
    PRIMARY KEY (tenant_id, booking_id),
    FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id),
    FOREIGN KEY (tenant_id, sale_id) REFERENCES sales (tenant_id, id)
);
CREATE INDEX sale_bookings_by_sale ON sale_bookings (tenant_id, sale_id);

CREATE TABLE sale_voids (
    tenant_id   bigint      NOT NULL,
    sale_id     bigint      NOT NULL,
    reason      text        NOT NULL CHECK (btrim(reason) <> '' AND char_length(reason) <= 200),
    voided_at   timestamptz NOT NULL DEFAULT now(),
    voided_by   text        NOT NULL DEFAULT session_user,
    written_in  bigint      NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, sale_id),
    FOREIGN KEY (tenant_id, sale_id) REFERENCES sales (tenant_id, id)
);

CREATE TABLE sale_refunds (
    tenant_id     bigint      NOT NULL,
    id            bigint      GENERATED BY DEFAULT AS IDENTITY,
    sale_id       bigint      NOT NULL,
    request_id    uuid        NOT NULL DEFAULT gen_random_uuid(),
    amount_minor  bigint      NOT NULL CHECK (amount_minor BETWEEN 1 AND 999999999999),
    method        text        NOT NULL CHECK (method IN ('cash', 'card', 'transfer', 'other')),
    reason        text        NOT NULL CHECK (btrim(reason) <> '' AND char_length(reason) <= 200),
    refunded_at   timestamptz NOT NULL DEFAULT now(),
    refunded_by   text        NOT NULL DEFAULT session_user,
    business_day  date        NOT NULL DEFAULT '1900-01-01',
    written_in    bigint      NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, request_id),
    UNIQUE (tenant_id, id, sale_id),
    FOREIGN KEY (tenant_id, sale_id) REFERENCES sales (tenant_id, id),
    FOREIGN KEY (tenant_id, business_day) REFERENCES till_days (tenant_id, day)
);
CREATE INDEX sale_refunds_by_sale ON sale_refunds (tenant_id, sale_id);
CREATE INDEX sale_refunds_by_day ON sale_refunds (tenant_id, business_day);

-- A refund split over the sale's lines (what each line gives back), so that takings per master stay exact.
CREATE TABLE sale_refund_lines (
    tenant_id        bigint   NOT NULL,
    refund_id        bigint   NOT NULL,
    sale_id          bigint   NOT NULL,
    line_no          smallint NOT NULL,
    amount_minor     bigint   NOT NULL CHECK (amount_minor >= 1),
    -- the database's: the line's commission given back in proportion
    commission_minor bigint   NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, refund_id, line_no),
    FOREIGN KEY (tenant_id, refund_id, sale_id) REFERENCES sale_refunds (tenant_id, id, sale_id),
    FOREIGN KEY (tenant_id, sale_id, line_no) REFERENCES sale_lines (tenant_id, sale_id, line_no)
);
CREATE INDEX sale_refund_lines_by_line ON sale_refund_lines (tenant_id, sale_id, line_no);

-- ---- the till ----------------------------------------------------------------------------------------------
CREATE TABLE till_moves (
    tenant_id    bigint      NOT NULL,
    id           bigint      GENERATED BY DEFAULT AS IDENTITY,
    day          date        NOT NULL DEFAULT '1900-01-01',
    -- the float the day opens with, cash put in, cash taken out
    kind         text        NOT NULL CHECK (kind IN ('float', 'in', 'out')),
    amount_minor bigint      NOT NULL CHECK (amount_minor BETWEEN 0 AND 999999999999),
    reason       text        NOT NULL DEFAULT '' CHECK (char_length(reason) <= 200),
    moved_at     timestamptz NOT NULL DEFAULT now(),
    moved_by     text        NOT NULL DEFAULT session_user,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, day) REFERENCES till_days (tenant_id, day),
    CHECK (kind = 'float' OR (amount_minor > 0 AND btrim(reason) <> ''))
);
CREATE UNIQUE INDEX till_moves_one_float ON till_moves (tenant_id, day) WHERE kind = 'float';
CREATE INDEX till_moves_by_day ON till_moves (tenant_id, day);

CREATE TABLE till_closings (
    tenant_id        bigint      NOT NULL,
    day              date        NOT NULL,
    counted_minor    bigint      NOT NULL CHECK (counted_minor BETWEEN 0 AND 999999999999),
    -- the database's: the cash the day's rows say should be there, and counted minus that
    expected_minor   bigint      NOT NULL DEFAULT 0,
    difference_minor bigint      NOT NULL DEFAULT 0,
    reason           text        NOT NULL DEFAULT '' CHECK (char_length(reason) <= 200),
    closed_at        timestamptz NOT NULL DEFAULT now(),
    closed_by        text        NOT NULL DEFAULT session_user,
    PRIMARY KEY (tenant_id, day),
    FOREIGN KEY (tenant_id, day) REFERENCES till_days (tenant_id, day),
    CHECK (difference_minor = counted_minor - expected_minor),
    CHECK (difference_minor = 0 OR btrim(reason) <> '')
);

-- ---- stock ledger --------------------------------------------------------------------------------------------
CREATE TABLE stock_moves (
    tenant_id   bigint      NOT NULL,
    id          bigint      GENERATED BY DEFAULT AS IDENTITY,
    product_id  bigint      NOT NULL,
    delta       integer     NOT NULL CHECK (delta <> 0 AND delta BETWEEN -100000 AND 100000),
    kind        text        NOT NULL CHECK (kind IN ('delivery', 'adjustment', 'sale', 'void')),
    reason      text        NOT NULL DEFAULT '' CHECK (char_length(reason) <= 200),
    -- a sale's and a void's moves are written by the sale's triggers; nobody may name a sale
    sale_id     bigint,
    moved_at    timestamptz NOT NULL DEFAULT now(),
    moved_by    text        NOT NULL DEFAULT session_user,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id),
    FOREIGN KEY (tenant_id, sale_id) REFERENCES sales (tenant_id, id),
    CHECK ((kind IN ('sale', 'void')) = (sale_id IS NOT NULL)),
    CHECK (kind <> 'delivery' OR delta > 0),
    CHECK (kind <> 'adjustment' OR btrim(reason) <> '')
);
CREATE INDEX stock_moves_by_product ON stock_moves (tenant_id, product_id, moved_at);

-- ---- commissions ------------------------------------------------------------------------------------------------
-- A master's rate for one service, a service category, every other service, one product, or every
-- other product: a percentage of the line's amount (after discounts) or a fixed amount per unit.
CREATE TABLE commission_rates (
    tenant_id    bigint       NOT NULL,
    id           bigint       GENERATED BY DEFAULT AS IDENTITY,
    master_id    bigint       NOT NULL,
    scope        text         NOT NULL CHECK (scope IN ('service', 'category', 'services', 'product', 'products')),
    service_id   bigint,
    category     text         CHECK (char_length(category) <= 100),
    product_id   bigint,
    percent      numeric(5,2) CHECK (percent BETWEEN 0 AND 100),
    fixed_minor  bigint       CHECK (fixed_minor BETWEEN 0 AND 99999999999),
    updated_at   timestamptz  NOT NULL DEFAULT now(),
    updated_by   text         NOT NULL DEFAULT session_user,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, master_id) REFERENCES masters (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, service_id) REFERENCES services (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id) ON DELETE CASCADE,
    CHECK ((percent IS NULL) <> (fixed_minor IS NULL)),
    CHECK ((scope = 'service') = (service_id IS NOT NULL)),
    CHECK ((scope = 'category') = (category IS NOT NULL AND btrim(category) <> '')),
    CHECK ((scope = 'product') = (product_id IS NOT NULL))
);
CREATE UNIQUE INDEX commission_rates_one_per_target ON commission_rates
    (tenant_id, master_id, scope, coalesce(service_id, 0), coalesce(category, ''), coalesce(product_id, 0));

CREATE FUNCTION commission_rates_touch() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
    NEW.updated_at := now();
    NEW.updated_by := session_user;
    RETURN NEW;
END $$;
CREATE TRIGGER commission_rates_touch BEFORE INSERT OR UPDATE ON commission_rates
    FOR EACH ROW EXECUTE FUNCTION commission_rates_touch();

-- The commission on a line of `amount` (quantity `quantity`) by `master`: the most particular rate
-- that applies (a service's or product's own, then the service's category, then the master's rate
-- for every service or every product), nothing when none does.
CREATE FUNCTION sale_line_commission(tenant bigint, master bigint, line_kind text, service bigint, product bigint,
                                     quantity integer, amount bigint) RETURNS bigint
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT coalesce((
        SELECT CASE WHEN r.percent IS NOT NULL THEN money_percent(amount, r.percent) ELSE r.fixed_minor * quantity END
          FROM public.commission_rates r
         WHERE r.tenant_id = tenant AND r.master_id = master
           AND ((line_kind = 'service' AND (r.scope = 'service' AND r.service_id = service
                                            OR r.scope = 'category' AND r.category = (SELECT s.category FROM public.services s
                                                                                        WHERE s.tenant_id = tenant AND s.id = service)
                                            OR r.scope = 'services'))
             OR (line_kind = 'product' AND (r.scope = 'product' AND r.product_id = product OR r.scope = 'products')))
         ORDER BY CASE r.scope WHEN 'service' THEN 1 WHEN 'product' THEN 1 WHEN 'category' THEN 2 ELSE 3 END
         LIMIT 1), 0)
$$;
REVOKE ALL ON FUNCTION sale_line_commission(bigint, bigint, text, bigint, bigint, integer, bigint) FROM PUBLIC;

-- An admin removes a rate (no login may DELETE rows).
CREATE FUNCTION salondesk_remove_commission_rate(target_tenant bigint, rate bigint) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_admin(target_tenant);
    DELETE FROM public.commission_rates r WHERE r.tenant_id = target_tenant AND r.id = rate;
    RETURN FOUND;
END $$;
REVOKE ALL ON FUNCTION salondesk_remove_commission_rate(bigint, bigint) FROM PUBLIC;

-- ---- the day: made, locked, refused when closed ----------------------------------------------------------------
-- Makes the till's row of `target` if it is missing and locks it: shared for what adds money to the
-- day (refused when the day is closed), alone for its closing.
CREATE FUNCTION salondesk_till_day(tenant bigint, target date, closing boolean) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    INSERT INTO public.till_days (tenant_id, day, currency)
    SELECT t.id, target, t.currency FROM public.tenants t WHERE t.id = tenant
    ON CONFLICT (tenant_id, day) DO NOTHING;
    IF closing THEN
        PERFORM 1 FROM public.till_days d WHERE d.tenant_id = tenant AND d.day = target FOR UPDATE;
        RETURN;
    END IF;
    PERFORM 1 FROM public.till_days d WHERE d.tenant_id = tenant AND d.day = target FOR SHARE;
    -- a new statement: in READ COMMITTED it sees a closing that committed while this waited
    IF EXISTS (SELECT 1 FROM public.till_closings c WHERE c.tenant_id = tenant AND c.day = target) THEN
        RAISE EXCEPTION 'the day % of salon % is closed: its till and takings stay as they were counted', target, tenant
            USING ERRCODE = '55000', CONSTRAINT = 'till_day_closed';
    END IF;
END $$;
REVOKE ALL ON FUNCTION salondesk_till_day(bigint, date, boolean) FROM PUBLIC;

-- The cash a day's rows say is in the till: its float, cash put in and taken out, cash paid for its
-- sales that stand (not voided), cash refunded on it. Staff read it before they count.
CREATE FUNCTION till_expected_cash(tenant bigint, target date) RETURNS bigint
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
    SELECT CAST(coalesce((SELECT sum(CASE m.kind WHEN 'out' THEN -m.amount_minor ELSE m.amount_minor END)
                            FROM public.till_moves m WHERE m.tenant_id = tenant AND m.day = target), 0)
              + coalesce((SELECT sum(p.amount_minor)
                            FROM public.sales s
                            JOIN public.sale_payments p ON p.tenant_id = s.tenant_id AND p.sale_id = s.id AND p.method = 'cash'
                           WHERE s.tenant_id = tenant AND s.business_day = target
                             AND NOT EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = s.tenant_id AND v.sale_id = s.id)), 0)
              - coalesce((SELECT sum(r.amount_minor) FROM public.sale_refunds r
                           WHERE r.tenant_id = tenant AND r.business_day = target AND r.method = 'cash'), 0) AS bigint)
$$;

-- Whether sale `sale` was written by this transaction (it can be added to only there).
CREATE FUNCTION salondesk_sale_is_open(tenant bigint, sale bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
    SELECT EXISTS (SELECT 1 FROM public.sales s
                    WHERE s.tenant_id = tenant AND s.id = sale AND s.written_in = pg_catalog.txid_current())
$$;
REVOKE ALL ON FUNCTION salondesk_sale_is_open(bigint, bigint) FROM PUBLIC;

-- ---- what nobody changes ---------------------------------------------------------------------------------------
CREATE FUNCTION salondesk_money_rows_stay() RETURNS trigger
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
    RAISE EXCEPTION 'a row of % stays as it was written: a sale is corrected by a refund or a void of its own, '
                    'the till by a movement of its own', TG_TABLE_NAME
        USING ERRCODE = '55000', CONSTRAINT = 'money_rows_stay';
END $$;
REVOKE ALL ON FUNCTION salondesk_money_rows_stay() FROM PUBLIC;

DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['sales', 'sale_lines', 'sale_payments', 'sale_bookings', 'sale_voids', 'sale_refunds',
                             'sale_refund_lines', 'till_days', 'till_moves', 'till_closings', 'stock_moves'] LOOP
        EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION salondesk_money_rows_stay()',
                       t || '_stay', t);
        EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION salondesk_money_rows_stay()',
                       t || '_stay_whole', t);
    END LOOP;
END $$;

-- ---- a sale: written ------------------------------------------------------------------------------------------
CREATE FUNCTION sales_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_own_salon(NEW.tenant_id);
    NEW.currency := (SELECT t.currency FROM public.tenants t WHERE t.id = NEW.tenant_id);
    -- the owner may record a sale made before (the demo salon, a benchmark, an import of another
    -- program's history); everyone else sells now
    IF NOT salondesk_session_is_owner() OR NEW.sold_at IS NULL THEN
        NEW.sold_at := now();
    END IF;
    NEW.business_day := salon_day(NEW.tenant_id, NEW.sold_at);
    NEW.source := salondesk_declared_source();
    NEW.created_by := session_user;
    NEW.written_in := pg_catalog.txid_current();
    PERFORM salondesk_till_day(NEW.tenant_id, NEW.business_day, false);
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION sales_written() FROM PUBLIC;
CREATE TRIGGER sales_written BEFORE INSERT ON sales FOR EACH ROW EXECUTE FUNCTION sales_written();

-- A line: added only to a sale of this transaction; its list price and commission the database's;
-- a price other than the list needs a reason, below it an admin.
CREATE FUNCTION sale_lines_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    s        public.sales;
    b        public.bookings;
    listed   numeric;
    listed_name text;
BEGIN
    SELECT * INTO s FROM public.sales x WHERE x.tenant_id = NEW.tenant_id AND x.id = NEW.sale_id;
    IF NOT FOUND OR s.written_in <> pg_catalog.txid_current() THEN
        RAISE EXCEPTION 'sale % is closed: nothing is added to it (a correction is a refund or a void)', NEW.sale_id
            USING ERRCODE = '55000', CONSTRAINT = 'sale_closed';
    END IF;
    NEW.list_price_minor := NULL;
    IF NEW.kind = 'service' THEN
        IF NEW.booking_id IS NOT NULL THEN
            SELECT * INTO b FROM public.bookings x WHERE x.tenant_id = NEW.tenant_id AND x.id = NEW.booking_id;
            IF FOUND AND b.client_id IS DISTINCT FROM s.client_id THEN
                RAISE EXCEPTION 'booking % is not of the client of sale %', NEW.booking_id, NEW.sale_id
                    USING ERRCODE = '23514', CONSTRAINT = 'sale_lines_booking_of_the_client';
            END IF;
            -- the service as booked, unless the line says what was done instead
            IF FOUND AND NEW.service_id IS NULL THEN
                NEW.service_id := b.service_id;
            END IF;
        END IF;
        IF NEW.service_id IS NOT NULL THEN
            SELECT coalesce(ms.price, sv.price), sv.name INTO listed, listed_name
              FROM public.services sv
              LEFT JOIN public.master_services ms ON ms.tenant_id = sv.tenant_id AND ms.service_id = sv.id AND ms.master_id = NEW.master_id
             WHERE sv.tenant_id = NEW.tenant_id AND sv.id = NEW.service_id;
            NEW.list_price_minor := money_to_minor(listed, s.currency);
        END IF;
    ELSIF NEW.kind = 'product' THEN
        SELECT p.price_minor, p.name INTO NEW.list_price_minor, listed_name
          FROM public.products p WHERE p.tenant_id = NEW.tenant_id AND p.id = NEW.product_id;
    END IF;
    IF btrim(NEW.description) = '' THEN
        NEW.description := coalesce(listed_name, '');
    END IF;
    IF NEW.kind IN ('service', 'product') AND btrim(NEW.description) = '' THEN
        RAISE EXCEPTION 'a line of a booking without a service says what was done' USING ERRCODE = '23514',
            CONSTRAINT = 'sale_lines_description';
    END IF;
    IF NEW.list_price_minor IS NOT NULL AND NEW.unit_price_minor <> NEW.list_price_minor THEN
        IF btrim(NEW.price_reason) = '' THEN
            RAISE EXCEPTION 'a price other than the list price (%) needs a reason', NEW.list_price_minor
                USING ERRCODE = '23514', CONSTRAINT = 'sale_lines_price_reason';
        END IF;
        IF NEW.unit_price_minor < NEW.list_price_minor AND NOT salondesk_caller_may_manage(NEW.tenant_id) THEN
            RAISE EXCEPTION 'only an admin of salon % may sell below the list price', NEW.tenant_id
                USING ERRCODE = '42501';
        END IF;
    END IF;
    NEW.commission_minor := CASE WHEN NEW.kind IN ('service', 'product') AND NEW.master_id IS NOT NULL
                                 THEN sale_line_commission(NEW.tenant_id, NEW.master_id, NEW.kind, NEW.service_id, NEW.product_id,
                                                           NEW.quantity, NEW.amount_minor)
                                 ELSE 0 END;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION sale_lines_written() FROM PUBLIC;
CREATE TRIGGER sale_lines_written BEFORE INSERT ON sale_lines FOR EACH ROW EXECUTE FUNCTION sale_lines_written();

-- What a line does once written: a booking's line claims the booking and completes it; a product's
-- takes it from stock.
CREATE FUNCTION sale_lines_take() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    st      text;
    paid_by bigint;
BEGIN
    IF NEW.booking_id IS NOT NULL THEN
        -- the row lock orders this with a cancel or move of the booking in flight, whoever writes it
        SELECT b.status INTO st FROM public.bookings b WHERE b.tenant_id = NEW.tenant_id AND b.id = NEW.booking_id FOR UPDATE;
        IF st NOT IN ('pending', 'confirmed', 'arrived', 'completed') THEN
            RAISE EXCEPTION 'booking % is %: it is not paid for', NEW.booking_id, st
                USING ERRCODE = '55000', CONSTRAINT = 'booking_not_payable';
        END IF;
        INSERT INTO public.sale_bookings (tenant_id, booking_id, sale_id) VALUES (NEW.tenant_id, NEW.booking_id, NEW.sale_id)
        ON CONFLICT (tenant_id, booking_id) DO NOTHING;
        IF NOT FOUND THEN
            SELECT sb.sale_id INTO paid_by FROM public.sale_bookings sb WHERE sb.tenant_id = NEW.tenant_id AND sb.booking_id = NEW.booking_id;
            IF paid_by <> NEW.sale_id THEN
                RAISE EXCEPTION 'booking % is paid already, by sale %', NEW.booking_id, paid_by
                    USING ERRCODE = '23505', CONSTRAINT = 'sale_bookings_pkey';
            END IF;
        END IF;
        IF st <> 'completed' THEN
            UPDATE public.bookings SET status = 'completed' WHERE tenant_id = NEW.tenant_id AND id = NEW.booking_id;
        END IF;
    END IF;
    IF NEW.kind = 'product' THEN
        INSERT INTO public.stock_moves (tenant_id, product_id, delta, kind, sale_id)
        VALUES (NEW.tenant_id, NEW.product_id, -NEW.quantity, 'sale', NEW.sale_id);
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION sale_lines_take() FROM PUBLIC;
CREATE TRIGGER sale_lines_take AFTER INSERT ON sale_lines FOR EACH ROW EXECUTE FUNCTION sale_lines_take();

CREATE FUNCTION sale_payments_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_sale_is_open(NEW.tenant_id, NEW.sale_id) THEN
        RAISE EXCEPTION 'sale % is closed: nothing is added to it (a correction is a refund or a void)', NEW.sale_id
            USING ERRCODE = '55000', CONSTRAINT = 'sale_closed';
    END IF;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION sale_payments_written() FROM PUBLIC;
CREATE TRIGGER sale_payments_written BEFORE INSERT ON sale_payments FOR EACH ROW EXECUTE FUNCTION sale_payments_written();

-- At COMMIT (or at SET CONSTRAINTS … IMMEDIATE): the sale adds up.
CREATE FUNCTION salondesk_check_sale(tenant bigint, sale bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    s           public.sales;
    lines_n     integer;
    lines_sum   bigint;
    shares      bigint;
    base        bigint;
    rounding    bigint;
    paid        bigint;
    cash        bigint;
    step        integer;
BEGIN
    SELECT * INTO s FROM public.sales x WHERE x.tenant_id = tenant AND x.id = sale;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    SELECT count(*), coalesce(sum(l.amount_minor), 0), coalesce(sum(l.share_minor), 0),
           coalesce(sum(l.quantity * l.unit_price_minor - l.discount_minor) FILTER (WHERE l.kind IN ('service', 'product')), 0),
           coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'rounding'), 0)
      INTO lines_n, lines_sum, shares, base, rounding
      FROM public.sale_lines l WHERE l.tenant_id = tenant AND l.sale_id = sale;
    SELECT coalesce(sum(p.amount_minor), 0), coalesce(sum(p.amount_minor) FILTER (WHERE p.method = 'cash'), 0)
      INTO paid, cash
      FROM public.sale_payments p WHERE p.tenant_id = tenant AND p.sale_id = sale;
    step := money_cash_step(s.currency);
    IF lines_n = 0 THEN
        RAISE EXCEPTION 'sale % has no lines', sale USING ERRCODE = '23514', CONSTRAINT = 'sales_have_lines';
    END IF;
    IF lines_sum <> s.total_minor THEN
        RAISE EXCEPTION 'the lines of sale % add up to %, not to its total %', sale, lines_sum, s.total_minor
            USING ERRCODE = '23514', CONSTRAINT = 'sales_lines_add_up';
    END IF;
    IF paid <> s.total_minor THEN
        RAISE EXCEPTION 'the payments of sale % add up to %, not to its total %', sale, paid, s.total_minor
            USING ERRCODE = '23514', CONSTRAINT = 'sales_payments_add_up';
    END IF;
    IF shares <> s.discount_minor THEN
        RAISE EXCEPTION 'the lines of sale % carry % of its discount of %', sale, shares, s.discount_minor
            USING ERRCODE = '23514', CONSTRAINT = 'sales_discount_split';
    END IF;
    IF s.discount_percent IS NOT NULL AND s.discount_minor <> money_percent(base, s.discount_percent) THEN
        RAISE EXCEPTION 'a discount of % percent on % is %, not %', s.discount_percent, base, money_percent(base, s.discount_percent),
            s.discount_minor USING ERRCODE = '23514', CONSTRAINT = 'sales_percent_rounded';
    END IF;
    IF s.discount_minor > base THEN
        RAISE EXCEPTION 'a discount of % is more than the % it is taken from', s.discount_minor, base
            USING ERRCODE = '23514', CONSTRAINT = 'sales_discount_split';
    END IF;
    -- each line's share is its part of the discount, to within one minor unit: |share·B − D·b| < B
    IF s.discount_minor > 0 AND EXISTS (
            SELECT 1 FROM public.sale_lines l
             WHERE l.tenant_id = tenant AND l.sale_id = sale
               AND abs(l.share_minor::numeric * base
                       - s.discount_minor::numeric * CASE WHEN l.kind IN ('service', 'product')
                                                          THEN l.quantity * l.unit_price_minor - l.discount_minor ELSE 0 END) >= base) THEN
        RAISE EXCEPTION 'the discount of sale % is not split in proportion to its lines', sale
            USING ERRCODE = '23514', CONSTRAINT = 'sales_discount_split';
    END IF;
    -- cash in coins that exist; the one rounding line is the cash due rounded half up to them
    IF EXISTS (SELECT 1 FROM public.sale_payments p
                WHERE p.tenant_id = tenant AND p.sale_id = sale AND p.method = 'cash' AND p.amount_minor % step <> 0) THEN
        RAISE EXCEPTION 'cash in % is paid in steps of % minor units', s.currency, step
            USING ERRCODE = '23514', CONSTRAINT = 'sales_cash_step';
    END IF;
    IF rounding <> 0 AND cash = 0 THEN
        RAISE EXCEPTION 'sale % rounds without cash', sale USING ERRCODE = '23514', CONSTRAINT = 'sales_cash_rounding';
    END IF;
    IF cash > 0 AND cash <> money_round_to(cash - rounding, step) THEN
        RAISE EXCEPTION 'cash due of % rounds to %, not %', cash - rounding, money_round_to(cash - rounding, step), cash
            USING ERRCODE = '23514', CONSTRAINT = 'sales_cash_rounding';
    END IF;
END $$;
REVOKE ALL ON FUNCTION salondesk_check_sale(bigint, bigint) FROM PUBLIC;

CREATE FUNCTION sales_add_up() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    -- (a field NEW lacks must not be named where this table's row is compiled: one branch per table)
    IF TG_TABLE_NAME = 'sales' THEN
        PERFORM salondesk_check_sale(NEW.tenant_id, NEW.id);
    ELSE
        PERFORM salondesk_check_sale(NEW.tenant_id, NEW.sale_id);
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION sales_add_up() FROM PUBLIC;
CREATE CONSTRAINT TRIGGER sales_add_up AFTER INSERT ON sales DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION sales_add_up();
CREATE CONSTRAINT TRIGGER sale_lines_add_up AFTER INSERT ON sale_lines DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION sales_add_up();
CREATE CONSTRAINT TRIGGER sale_payments_add_up AFTER INSERT ON sale_payments DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION sales_add_up();

-- ---- a paid booking stays paid ----------------------------------------------------------------------------
CREATE FUNCTION bookings_paid_stay() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF (NEW.status <> 'completed' OR NEW.master_id IS DISTINCT FROM OLD.master_id OR NEW.starts_at IS DISTINCT FROM OLD.starts_at
        OR NEW.duration_min IS DISTINCT FROM OLD.duration_min)
       AND EXISTS (SELECT 1 FROM public.sale_bookings sb WHERE sb.tenant_id = OLD.tenant_id AND sb.booking_id = OLD.id) THEN
        RAISE EXCEPTION 'booking % is paid: it stays completed where it was (void its sale first)', OLD.id
            USING ERRCODE = '55000', CONSTRAINT = 'booking_paid';
    END IF;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION bookings_paid_stay() FROM PUBLIC;
CREATE TRIGGER bookings_paid_stay BEFORE UPDATE OF status, master_id, starts_at, duration_min ON bookings
    FOR EACH ROW EXECUTE FUNCTION bookings_paid_stay();

-- ---- voids and refunds: an admin's, with a reason ------------------------------------------------------------
CREATE FUNCTION sale_voids_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    s public.sales;
BEGIN
    IF NOT salondesk_caller_may_manage(NEW.tenant_id) THEN
        RAISE EXCEPTION 'only an admin of salon % may void a sale', NEW.tenant_id USING ERRCODE = '42501';
    END IF;
    -- the sale's row lock orders a void with a refund of the same sale
    SELECT * INTO s FROM public.sales x WHERE x.tenant_id = NEW.tenant_id AND x.id = NEW.sale_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'salon % has no sale %', NEW.tenant_id, NEW.sale_id USING ERRCODE = '23503';
    END IF;
    IF s.business_day <> salon_day(NEW.tenant_id, now()) THEN
        RAISE EXCEPTION 'sale % was made on %: after its day it is corrected by a refund', NEW.sale_id, s.business_day
            USING ERRCODE = '55000', CONSTRAINT = 'sale_void_same_day';
    END IF;
    IF EXISTS (SELECT 1 FROM public.sale_refunds r WHERE r.tenant_id = NEW.tenant_id AND r.sale_id = NEW.sale_id) THEN
        RAISE EXCEPTION 'sale % has refunds: it is not voided', NEW.sale_id USING ERRCODE = '55000', CONSTRAINT = 'sale_void_refunded';
    END IF;
    PERFORM salondesk_till_day(NEW.tenant_id, s.business_day, false);
    NEW.voided_at := now();
    NEW.voided_by := session_user;
    NEW.written_in := pg_catalog.txid_current();
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION sale_voids_written() FROM PUBLIC;
CREATE TRIGGER sale_voids_written BEFORE INSERT ON sale_voids FOR EACH ROW EXECUTE FUNCTION sale_voids_written();

-- A void puts its products back on the shelf and lets go of its bookings (they stay completed, and
-- may be checked out again).
CREATE FUNCTION sale_voids_undo() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    INSERT INTO public.stock_moves (tenant_id, product_id, delta, kind, sale_id)
    SELECT l.tenant_id, l.product_id, sum(l.quantity), 'void', l.sale_id
      FROM public.sale_lines l
     WHERE l.tenant_id = NEW.tenant_id AND l.sale_id = NEW.sale_id AND l.kind = 'product'
     GROUP BY l.tenant_id, l.product_id, l.sale_id
     ORDER BY l.product_id;
    DELETE FROM public.sale_bookings sb WHERE sb.tenant_id = NEW.tenant_id AND sb.sale_id = NEW.sale_id;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION sale_voids_undo() FROM PUBLIC;
CREATE TRIGGER sale_voids_undo AFTER INSERT ON sale_voids FOR EACH ROW EXECUTE FUNCTION sale_voids_undo();

CREATE FUNCTION sale_refunds_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF NOT salondesk_caller_may_manage(NEW.tenant_id) THEN
        RAISE EXCEPTION 'only an admin of salon % may refund', NEW.tenant_id USING ERRCODE = '42501';
    END IF;
    -- one refund of a sale at a time: the next one's check at COMMIT sees this one
    PERFORM 1 FROM public.sales x WHERE x.tenant_id = NEW.tenant_id AND x.id = NEW.sale_id FOR UPDATE;
    IF EXISTS (SELECT 1 FROM public.sale_voids v WHERE v.tenant_id = NEW.tenant_id AND v.sale_id = NEW.sale_id) THEN
        RAISE EXCEPTION 'sale % is void: there is nothing to refund', NEW.sale_id USING ERRCODE = '55000', CONSTRAINT = 'sale_refund_void';
    END IF;
    NEW.refunded_at := now();
    NEW.refunded_by := session_user;
    NEW.business_day := salon_day(NEW.tenant_id, NEW.refunded_at);
    NEW.written_in := pg_catalog.txid_current();
    PERFORM salondesk_till_day(NEW.tenant_id, NEW.business_day, false);
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION sale_refunds_written() FROM PUBLIC;
CREATE TRIGGER sale_refunds_written BEFORE INSERT ON sale_refunds FOR EACH ROW EXECUTE FUNCTION sale_refunds_written();

CREATE FUNCTION sale_refund_lines_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    l public.sale_lines;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM public.sale_refunds r WHERE r.tenant_id = NEW.tenant_id AND r.id = NEW.refund_id
                                                      AND r.written_in = pg_catalog.txid_current()) THEN
        RAISE EXCEPTION 'refund % is closed: nothing is added to it', NEW.refund_id USING ERRCODE = '55000', CONSTRAINT = 'sale_closed';
    END IF;
    SELECT * INTO l FROM public.sale_lines x WHERE x.tenant_id = NEW.tenant_id AND x.sale_id = NEW.sale_id AND x.line_no = NEW.line_no;
    NEW.commission_minor := CASE WHEN l.amount_minor > 0
                                 THEN -CAST(round(l.commission_minor::numeric * NEW.amount_minor / l.amount_minor) AS bigint) ELSE 0 END;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION sale_refund_lines_written() FROM PUBLIC;
CREATE TRIGGER sale_refund_lines_written BEFORE INSERT ON sale_refund_lines FOR EACH ROW EXECUTE FUNCTION sale_refund_lines_written();

-- At COMMIT: a refund's lines add up to it, no line gives back more than it took, the sale's refunds
-- stay within its total, cash goes back in coins that exist.
CREATE FUNCTION salondesk_check_refund(tenant bigint, refund bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    r       public.sale_refunds;
    s       public.sales;
    spread  bigint;
BEGIN
    SELECT * INTO r FROM public.sale_refunds x WHERE x.tenant_id = tenant AND x.id = refund;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    SELECT * INTO s FROM public.sales x WHERE x.tenant_id = tenant AND x.id = r.sale_id;
    SELECT coalesce(sum(rl.amount_minor), 0) INTO spread FROM public.sale_refund_lines rl WHERE rl.tenant_id = tenant AND rl.refund_id = refund;
    IF spread <> r.amount_minor THEN
        RAISE EXCEPTION 'the lines of refund % add up to %, not to its %', refund, spread, r.amount_minor
            USING ERRCODE = '23514', CONSTRAINT = 'sale_refunds_add_up';
    END IF;
    IF (SELECT sum(x.amount_minor) FROM public.sale_refunds x WHERE x.tenant_id = tenant AND x.sale_id = r.sale_id) > s.total_minor THEN
        RAISE EXCEPTION 'sale % is refunded beyond its total %', r.sale_id, s.total_minor
            USING ERRCODE = '23514', CONSTRAINT = 'sale_refunds_within_total';
    END IF;
    IF EXISTS (SELECT 1 FROM public.sale_lines l
                WHERE l.tenant_id = tenant AND l.sale_id = r.sale_id
                  AND (SELECT coalesce(sum(rl.amount_minor), 0) FROM public.sale_refund_lines rl
                        WHERE rl.tenant_id = tenant AND rl.sale_id = l.sale_id AND rl.line_no = l.line_no) > greatest(l.amount_minor, 0)) THEN
        RAISE EXCEPTION 'a line of sale % is refunded beyond its amount', r.sale_id
            USING ERRCODE = '23514', CONSTRAINT = 'sale_refunds_within_lines';
    END IF;
    IF r.method = 'cash' AND r.amount_minor % money_cash_step(s.currency) <> 0 THEN
        RAISE EXCEPTION 'cash in % is paid in steps of % minor units', s.currency, money_cash_step(s.currency)
            USING ERRCODE = '23514', CONSTRAINT = 'sales_cash_step';
    END IF;
END $$;
REVOKE ALL ON FUNCTION salondesk_check_refund(bigint, bigint) FROM PUBLIC;

CREATE FUNCTION sale_refunds_add_up() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    IF TG_TABLE_NAME = 'sale_refunds' THEN
        PERFORM salondesk_check_refund(NEW.tenant_id, NEW.id);
    ELSE
        PERFORM salondesk_check_refund(NEW.tenant_id, NEW.refund_id);
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION sale_refunds_add_up() FROM PUBLIC;
CREATE CONSTRAINT TRIGGER sale_refunds_add_up AFTER INSERT ON sale_refunds DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION sale_refunds_add_up();
CREATE CONSTRAINT TRIGGER sale_refund_lines_add_up AFTER INSERT ON sale_refund_lines DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION sale_refunds_add_up();

-- ---- the till: moves and the closing ------------------------------------------------------------------------
CREATE FUNCTION till_moves_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_own_salon(NEW.tenant_id);
    NEW.moved_at := now();
    NEW.moved_by := session_user;
    NEW.day := salon_day(NEW.tenant_id, NEW.moved_at);
    PERFORM salondesk_till_day(NEW.tenant_id, NEW.day, false);
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION till_moves_written() FROM PUBLIC;
CREATE TRIGGER till_moves_written BEFORE INSERT ON till_moves FOR EACH ROW EXECUTE FUNCTION till_moves_written();

CREATE FUNCTION till_closings_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_own_salon(NEW.tenant_id);
    IF NEW.day IS NULL OR NEW.day > salon_day(NEW.tenant_id, now()) THEN
        RAISE EXCEPTION 'a day is closed on it or after it, not before (%)', NEW.day USING ERRCODE = '22023';
    END IF;
    -- waits for the day's sales in flight; a sale that comes later waits for this, then is refused
    PERFORM salondesk_till_day(NEW.tenant_id, NEW.day, true);
    IF EXISTS (SELECT 1 FROM public.till_closings c WHERE c.tenant_id = NEW.tenant_id AND c.day = NEW.day) THEN
        RAISE EXCEPTION 'the day % of salon % is closed already', NEW.day, NEW.tenant_id
            USING ERRCODE = '55000', CONSTRAINT = 'till_day_closed';
    END IF;
    NEW.expected_minor := till_expected_cash(NEW.tenant_id, NEW.day);
    NEW.difference_minor := NEW.counted_minor - NEW.expected_minor;
    IF NEW.difference_minor <> 0 AND NOT salondesk_caller_may_manage(NEW.tenant_id) THEN
        RAISE EXCEPTION 'the cash counted differs from the expected by %: only an admin of salon % closes such a day',
            NEW.difference_minor, NEW.tenant_id USING ERRCODE = '42501';
    END IF;
    IF NEW.difference_minor <> 0 AND btrim(NEW.reason) = '' THEN
        RAISE EXCEPTION 'a difference of % needs a reason', NEW.difference_minor
            USING ERRCODE = '23514', CONSTRAINT = 'till_closings_reason';
    END IF;
    NEW.closed_at := now();
    NEW.closed_by := session_user;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION till_closings_written() FROM PUBLIC;
CREATE TRIGGER till_closings_written BEFORE INSERT ON till_closings FOR EACH ROW EXECUTE FUNCTION till_closings_written();

-- ---- stock: moved by the ledger ------------------------------------------------------------------------------
CREATE FUNCTION stock_moves_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
    PERFORM salondesk_require_own_salon(NEW.tenant_id);
    IF NEW.kind = 'adjustment' AND NOT salondesk_caller_may_manage(NEW.tenant_id) THEN
        RAISE EXCEPTION 'only an admin of salon % adjusts stock', NEW.tenant_id USING ERRCODE = '42501';
    END IF;
    NEW.moved_at := now();
    NEW.moved_by := session_user;
    -- the row lock of the product orders two sales of its last item: the second finds none left
    UPDATE public.products SET stock = stock + NEW.delta WHERE tenant_id = NEW.tenant_id AND id = NEW.product_id;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION stock_moves_written() FROM PUBLIC;
CREATE TRIGGER stock_moves_written BEFORE INSERT ON stock_moves FOR EACH ROW EXECUTE FUNCTION stock_moves_written();

-- ---- row-level security, from the start ----------------------------------------------------------------------
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['products', 'stock_moves', 'commission_rates', 'till_days', 'till_moves', 'till_closings',
                             'sales', 'sale_lines', 'sale_payments', 'sale_bookings', 'sale_voids', 'sale_refunds',
                             'sale_refund_lines'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY own_salon ON %I USING (tenant_id = (SELECT salondesk_current_tenant())) '
                       'WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()))', t);
    END LOOP;
END $$;

-- ---- who may: reading -----------------------------------------------------------------------------------------
GRANT SELECT ON products, stock_moves, till_days, till_moves, till_closings, sales, sale_payments, sale_bookings,
                sale_voids, sale_refunds
    TO salondesk_receptionist, salondesk_admin, salondesk_manager;
-- a line's commission is the pay report's, an admin's and a manager's
GRANT SELECT ON sale_lines, sale_refund_lines, commission_rates TO salondesk_admin, salondesk_manager;
GRANT SELECT (tenant_id, sale_id, line_no, kind, booking_id, service_id, product_id, master_id, description, quantity,
              list_price_minor, unit_price_minor, price_reason, discount_minor, discount_percent, discount_reason,
              share_minor, amount_minor)
    ON sale_lines TO salondesk_receptionist;
GRANT SELECT (tenant_id, refund_id, sale_id, line_no, amount_minor) ON sale_refund_lines TO salondesk_receptionist;

-- ---- who may: writing (columns the database keeps are nobody's) ----------------------------------------------------
GRANT INSERT (tenant_id, request_id, client_id, total_minor, discount_minor, discount_percent, discount_reason, note)
    ON sales TO salondesk_receptionist, salondesk_admin;
GRANT INSERT (tenant_id, sale_id, line_no, kind, booking_id, service_id, product_id, master_id, description, quantity,
              unit_price_minor, price_reason, discount_minor, discount_percent, discount_reason, share_minor, amount_minor)
    ON sale_lines TO salondesk_receptionist, salondesk_admin;
GRANT INSERT (tenant_id, sale_id, payment_no, method, method_note, amount_minor, tendered_minor)
    ON sale_payments TO salondesk_receptionist, salondesk_admin;
GRANT INSERT (tenant_id, kind, amount_minor, reason) ON till_moves TO salondesk_receptionist, salondesk_admin;
GRANT INSERT (tenant_id, day, counted_minor, reason) ON till_closings TO salondesk_receptionist, salondesk_admin;
GRANT INSERT (tenant_id, product_id, delta, kind, reason) ON stock_moves TO salondesk_receptionist, salondesk_admin;
-- admins: corrections, the catalogue of products, commission rates
GRANT INSERT (tenant_id, sale_id, request_id, amount_minor, method, reason) ON sale_refunds TO salondesk_admin;
GRANT INSERT (tenant_id, refund_id, sale_id, line_no, amount_minor) ON sale_refund_lines TO salondesk_admin;
GRANT INSERT (tenant_id, sale_id, reason) ON sale_voids TO salondesk_admin;
GRANT INSERT (tenant_id, name, category, price_minor, low_stock, active), UPDATE (name, category, price_minor, low_stock, active)
    ON products TO salondesk_admin;
GRANT INSERT (tenant_id, master_id, scope, service_id, category, product_id, percent, fixed_minor),
      UPDATE (percent, fixed_minor)
    ON commission_rates TO salondesk_admin;
GRANT EXECUTE ON FUNCTION salondesk_remove_commission_rate(bigint, bigint) TO salondesk_admin;
