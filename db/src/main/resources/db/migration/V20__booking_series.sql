-- SalonDesk schema, part 20: recurring bookings (issue 17) — "every 3 weeks, 6 times".
--
-- A series is its occurrences: the bookings that carry the same series_id, the request id of the
-- form (or command) that asked for them. Each occurrence is an ordinary booking made through the
-- engine, under the master's named lock, with a request id of its own derived from the series id
-- and its place in the series — so a re-sent series books nothing twice, and an occurrence whose
-- time was taken writes nothing at all. The rule ("every 3 weeks") is how the occurrences were
-- made, not something the database must keep: changing or cancelling a series "from this one on"
-- is a change of each later occurrence, through the engine, each with its own version check.
-- So there is no table of its own (and no row written when every occurrence is taken).
--
-- Rights (the shared server's logins are not trusted):
--   * receptionists and admins may name the series of a booking they insert (column-level INSERT
--     of series_id); row-level security keeps that booking in their own salon, as any other.
--   * nobody changes a booking's series afterwards: staff have no UPDATE of the column, and the
--     trigger keeps it as it was made for every writer (the owner too), as it keeps request_id.
--   * managers and the online road may not set it (no grant).
--   * a series is always read within one salon (tenant_id in the index and in every query), so a
--     series id copied into another salon's booking joins nothing.
--
-- Every function has SET search_path = public, pg_temp (DESIGN.md, "Rules for every migration").

ALTER TABLE bookings ADD COLUMN series_id uuid;

-- a series' occurrences in time order, within its salon
CREATE INDEX bookings_by_series ON bookings (tenant_id, series_id, starts_at) WHERE series_id IS NOT NULL;

GRANT INSERT (series_id) ON bookings TO salondesk_receptionist, salondesk_admin;

-- Migration 7's trigger, keeping the series too.
CREATE OR REPLACE FUNCTION bookings_touch() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.version := 1;
        NEW.source := salondesk_declared_source();
        NEW.created_at := now();
        NEW.created_by := session_user;
        NEW.updated_at := NEW.created_at;
        NEW.updated_by := NEW.created_by;
        RETURN NEW;
    END IF;
    -- what was true at creation stays true
    NEW.created_at := OLD.created_at;
    NEW.created_by := OLD.created_by;
    NEW.source := OLD.source;
    NEW.request_id := OLD.request_id;
    NEW.series_id := OLD.series_id;
    NEW.updated_at := OLD.updated_at;
    NEW.updated_by := OLD.updated_by;
    -- the version counts real changes; what a client writes into it is ignored
    NEW.version := OLD.version;
    IF NEW IS DISTINCT FROM OLD THEN
        NEW.version := OLD.version + 1;
        NEW.updated_at := now();
        NEW.updated_by := session_user;
    END IF;
    RETURN NEW;
END $$;
